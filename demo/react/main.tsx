import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

const meta = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App
      apiBase={meta('docs-assistant-api')}
      domain={meta('docs-assistant-domain')}
      apiKey={meta('docs-assistant-key')}
    />
  </StrictMode>,
);

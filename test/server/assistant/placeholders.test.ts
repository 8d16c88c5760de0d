import { describe, expect, it } from 'vitest';
import {
  hasPlaceholders,
  readablePlaceholders,
} from '../../../src/server/assistant/placeholders.ts';

describe('readablePlaceholders', () => {
  it('drops a line that is only a placeholder and names the others readably', () => {
    const code = [
      "import { streamText } from 'ai';",
      '__PROVIDER_IMPORT__;',
      '',
      'const result = streamText({',
      '  model: __MODEL__,',
      "  prompt: 'Hello',",
      '});',
      "const image = generateImage({ model: __IMAGE_MODEL__, prompt: 'a cat' });",
      'const pick = urgent ? __MODEL__ : settings.model;',
    ].join('\n');
    expect(hasPlaceholders(code)).toBe(true);
    expect(readablePlaceholders(code)).toBe(
      [
        "import { streamText } from 'ai';",
        '',
        'const result = streamText({',
        '  model: yourModel,',
        "  prompt: 'Hello',",
        '});',
        "const image = generateImage({ model: yourImageModel, prompt: 'a cat' });",
        'const pick = urgent ? yourModel : settings.model;',
      ].join('\n'),
    );
  });

  it('leaves code that defines such a constant as it is', () => {
    const code = [
      'export default defineConfig({',
      '  define: {',
      "    __APP_VERSION__: JSON.stringify('v1.0.0'),",
      "    __API_URL__: 'window.__backend_api_url',",
      '  },',
      '})',
      'declare const __APP_VERSION__: string',
    ].join('\n');
    expect(hasPlaceholders(code)).toBe(false);
    expect(readablePlaceholders(code)).toBe(code);
  });

  it('leaves a token that is written into other text alone', () => {
    const code = 'background: url(__VITE_ASSET__<referenceId>__#frag);';
    expect(readablePlaceholders(code)).toBe(code);
  });
});

/**
 * A team's own chat UI on the docs-assistant API: `useChat` with `DefaultChatTransport`
 * against the v2 endpoint, the key as a bearer header, the API's body fields, and the
 * thread continued with the id and key the server returns.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { type FormEvent, useMemo, useRef, useState } from 'react';

interface AppProps {
  apiBase: string;
  domain: string;
  apiKey: string;
}

interface Thread {
  threadId?: string;
  threadKey?: string;
}

export function App({ apiBase, domain, apiKey }: AppProps) {
  const thread = useRef<Thread>({});
  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: `${apiBase}/v2/assistant/${domain}/message`,
        headers: { Authorization: `Bearer ${apiKey}` },
        // The thread key comes only in a response header of the thread's first answer.
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const threadId = response.headers.get('X-Thread-Id');
          const threadKey = response.headers.get('X-Thread-Key');
          if (threadId) thread.current.threadId = threadId;
          if (threadKey) thread.current.threadKey = threadKey;
          return response;
        },
        prepareSendMessagesRequest: ({ messages, body }) => ({
          body: {
            ...body,
            messages,
            fp: 'anonymous',
            currentPath: 'react',
            threadId: thread.current.threadId ?? null,
            threadKey: thread.current.threadKey ?? null,
          },
        }),
      }),
    [apiBase, domain, apiKey],
  );
  const { messages, sendMessage, status, stop, error } = useChat({ transport });
  const [input, setInput] = useState('');
  const busy = status === 'submitted' || status === 'streaming';

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = input.trim();
    if (!text || busy) return;
    void sendMessage({ text });
    setInput('');
  }

  return (
    <main className="app">
      <h1>Ask the docs (React + useChat)</h1>
      <p>
        This page talks to the same companion server as the widget, with <code>@ai-sdk/react</code>
        's <code>useChat</code>. <a href="/">Back to the docs</a>
      </p>
      <section aria-label="Conversation" aria-live="polite">
        {messages.map((message) => (
          <ChatMessage key={message.id} message={message} />
        ))}
      </section>
      {error ? (
        <p className="error" role="alert">
          {error.message}
        </p>
      ) : null}
      <form onSubmit={submit}>
        <input
          aria-label="Question"
          placeholder="Ask a question about docs-assistant"
          value={input}
          onChange={(event) => setInput(event.target.value)}
        />
        {busy ? (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="submit">Send</button>
        )}
      </form>
      <p data-testid="status">Status: {status}</p>
    </main>
  );
}

function ChatMessage({ message }: { message: UIMessage }) {
  const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const sources = message.parts.filter((part) => part.type === 'source-url');
  return (
    <article className="message" data-role={message.role}>
      <strong>{message.role === 'user' ? 'You' : 'Assistant'}</strong>
      {message.role === 'assistant' ? (
        <div
          className="markdown"
          data-testid="answer"
          // The answer is Markdown; sanitized before it reaches the DOM, as in the widget.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify
          dangerouslySetInnerHTML={{
            __html: DOMPurify.sanitize(marked.parse(text, { async: false })),
          }}
        />
      ) : (
        <div>{text}</div>
      )}
      {sources.length > 0 ? (
        <ol className="sources" aria-label="Sources">
          {sources.map((source) => (
            <li key={source.sourceId}>
              <a href={source.url}>{source.title ?? source.url}</a>
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}

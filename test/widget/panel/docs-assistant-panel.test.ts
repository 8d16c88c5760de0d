/**
 * The chat panel, driven through `<docs-assistant>` as a reader would, against recorded
 * companion-server stream bodies (test/fixtures/streams) or SDK-encoded ones.
 */
import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../src/widget/docs-assistant/docs-assistant.ts';
import type { DocsAssistant } from '../../../src/widget/docs-assistant/docs-assistant.ts';
import { clearPageCache } from '../../../src/widget/page/page-client.ts';
import { PANEL_PARTS } from '../../../src/widget/panel/parts.ts';
import answerMeta from '../../fixtures/streams/v2-answer.json' with { type: 'json' };
import answerSse from '../../fixtures/streams/v2-answer.sse?raw';
import continuedMeta from '../../fixtures/streams/v2-continued.json' with { type: 'json' };
import continuedSse from '../../fixtures/streams/v2-continued.sse?raw';
import errorMeta from '../../fixtures/streams/v2-error.json' with { type: 'json' };
import errorSse from '../../fixtures/streams/v2-error.sse?raw';
import { axeViolations } from '../../support/widget/a11y.ts';
import { FakeApi } from '../../support/widget/fake-api.ts';
import { animationsDone, WAIT } from '../../support/widget/wait.ts';

const KEY = 'da_dsc_0123456789abcdefXYZ';
const THREAD_ID = answerMeta.headers['x-thread-id'];
const THREAD_KEY = answerMeta.headers['x-thread-key'];

let api: FakeApi;

const panelRoot = (el: DocsAssistant) =>
  el.shadowRoot!.querySelector('docs-assistant-panel')!.shadowRoot!;
const $ = <T extends Element = HTMLElement>(el: DocsAssistant, selector: string) =>
  panelRoot(el).querySelector<T>(selector);
const $$ = <T extends Element = HTMLElement>(el: DocsAssistant, selector: string) => [
  ...panelRoot(el).querySelectorAll<T>(selector),
];
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
/** Every part the panel shows now is one `<docs-assistant>` exports to the page. */
function expectExported(el: DocsAssistant) {
  const shown = new Set(
    $$(el, '[part]').flatMap((node) => node.getAttribute('part')!.split(/\s+/)),
  );
  expect([...shown].filter((name) => !(PANEL_PARTS as readonly string[]).includes(name))).toEqual(
    [],
  );
  expect(panelRoot(el).host.getAttribute('exportparts')?.split(',')).toEqual([...PANEL_PARTS]);
  return shown;
}
const headersOf = (meta: { headers: Record<string, string> }) =>
  Object.fromEntries(Object.entries(meta.headers).filter(([k]) => k.startsWith('x-thread')));

async function make(): Promise<DocsAssistant> {
  const el = await fixture<DocsAssistant>(
    html`<docs-assistant
      domain="docs"
      api-key=${KEY}
      .fetch=${api.fetch}
      suggestions='["How do I stream text?","What is a tool call?"]'
    ></docs-assistant>`,
  );
  await el.show();
  // Let the opening transition finish: axe measures contrast on what is painted.
  const dialog = panelRoot(el).querySelector('dialog')!;
  await animationsDone(() => dialog.getAnimations());
  return el;
}

/** Types a question and presses Enter, as a reader does. */
async function ask(el: DocsAssistant, text: string) {
  const input = $<HTMLTextAreaElement>(el, 'textarea')!;
  await userEvent.fill(input, text);
  await userEvent.type(input, '{Enter}');
}
const answers = (el: DocsAssistant) => $$(el, '[part~=assistant-message]');
const lastAnswer = (el: DocsAssistant) => answers(el).at(-1);
const idle = (el: DocsAssistant) => !!$(el, '[part~=send]') && !$(el, '[part~=stop]');

/** Asks, lets `partial` stream in, then presses Stop; returns the stopped stream. */
async function stopAfter(el: DocsAssistant, partial: string) {
  const stream = api.live();
  await ask(el, 'Stream me');
  await stream.push(
    { type: 'start', messageId: 'm1' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: partial },
  );
  await waitUntil(() => lastAnswer(el)?.textContent?.includes(partial), 'partial', WAIT);
  await userEvent.click($(el, '[part~=stop]')!);
  return stream;
}

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
  clearPageCache();
  api = new FakeApi();
});
afterEach(() => fixtureCleanup());

describe('panel: asking and streaming', () => {
  it('shows the empty state with suggestions, and a suggestion asks it', async () => {
    const el = await make();
    expect($(el, '.empty-title')!.textContent).toBe('How can I help?');
    const suggestions = $$(el, '[part~=suggestion]');
    expect(suggestions.map((s) => s.textContent!.trim())).toEqual([
      'How do I stream text?',
      'What is a tool call?',
    ]);
    // The site's own questions, in whatever language: each reads in its own direction.
    expect(suggestions.map((s) => s.getAttribute('dir'))).toEqual(['auto', 'auto']);
    api.recorded(answerSse, headersOf(answerMeta));
    await userEvent.click(suggestions[0]!);
    await waitUntil(() => api.requests.length === 1, undefined, WAIT);
    expect(
      (api.requests[0]!.body.messages as { parts: { text: string }[] }[])[0]!.parts[0]!.text,
    ).toBe('How do I stream text?');
    expect(await axeViolations(el)).toEqual([]);
  });

  it('sends with Enter, keeps Shift+Enter as a new line', async () => {
    const el = await make();
    const input = $<HTMLTextAreaElement>(el, 'textarea')!;
    await userEvent.click(input);
    await userEvent.keyboard('line one{Shift>}{Enter}{/Shift}line two');
    expect(input.value).toBe('line one\nline two');
    expect(api.requests).toHaveLength(0);
    api.recorded(answerSse, headersOf(answerMeta));
    await userEvent.keyboard('{Enter}');
    await waitUntil(() => api.requests.length === 1, undefined, WAIT);
    expect(input.value).toBe('');
    await waitUntil(() => $(el, '[part~=user-message]'), undefined, WAIT);
    expect($(el, '[part~=user-message] .bubble')!.textContent).toBe('line one\nline two');
  });

  it('renders a recorded answer: markdown, code with a copy button, numbered citations', async () => {
    const el = await make();
    const responses: CustomEvent[] = [];
    el.addEventListener('docs-assistant-response', (e) => responses.push(e));
    api.recorded(answerSse, headersOf(answerMeta));
    await ask(el, 'How do I stream text with streamText?');
    await waitUntil(() => responses.length === 1, 'response event', WAIT);
    await el.updateComplete;
    const answer = lastAnswer(el)!;
    expect(answer.querySelector('strong')?.textContent).toContain('streamText');
    const code = answer.querySelector('[data-code-block] pre code')!;
    expect(code.textContent).toContain('streamText');
    expect(answer.querySelector('[data-copy-code]')!.getAttribute('aria-label')).toBe('Copy code');
    // The highlighter arrives lazily and re-renders the block.
    await waitUntil(
      () => answer.querySelector('[data-code-block] code span[class^=hljs-]'),
      'highlight',
      WAIT,
    );
    const chips = [...answer.querySelectorAll('[part=citation]')];
    // Sources carry their section ("Page › Section"), as the server titles them.
    expect(chips.map((c) => c.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
      '1 Generating Text › streamText',
      '2 streamText',
      '3 streamText Multi-Step Cookbook',
      '4 streamText fails silently',
      '5 Stream Text',
    ]);
    const { detail } = responses[0]!;
    expect(detail.threadId).toBe(THREAD_ID);
    expect(detail.sources.map((s: { path: string }) => s.path)).toEqual([
      'docs/ai-sdk-core/generating-text',
      'docs/reference/ai-sdk-core/stream-text',
      'cookbook/next/stream-text-multistep',
      'docs/troubleshooting/stream-text-not-working',
      'cookbook/next/stream-text',
    ]);
    expect(detail.message.role).toBe('assistant');
    expect(responses[0]!.composed && responses[0]!.bubbles).toBe(true);
    expect(responses).toHaveLength(1);
    expect(expectExported(el).has('citation')).toBe(true);
    expect(await axeViolations(el)).toEqual([]);
    el.theme = 'dark';
    await el.updateComplete;
    expect(await axeViolations(el)).toEqual([]);
  });

  it('names each citation marker in the text after what it cites; it still shows its number', async () => {
    const el = await make();
    api.recorded(answerSse, headersOf(answerMeta));
    await ask(el, 'How do I stream text with streamText?');
    await waitUntil(() => idle(el) && $$(el, '[part=citation]').length === 5, 'answer', WAIT);
    await waitUntil(() => $(el, '.answer a.cite[aria-label]'), 'named markers', WAIT);
    const markers = $$(el, '.answer a.cite');
    expect(markers.length).toBeGreaterThanOrEqual(3);
    const named = new Map(markers.map((m) => [m.textContent, m.getAttribute('aria-label')]));
    expect(Object.fromEntries(named)).toMatchObject({
      '1': 'Source 1: Generating Text › streamText',
      '2': 'Source 2: streamText',
      '3': 'Source 3: streamText Multi-Step Cookbook',
    });
    expect(markers.every((m) => /^\d+$/.test(m.textContent!))).toBe(true);
  });

  it('names a marker after the page when it points at a section no chip names', async () => {
    const el = await make();
    await api.answer({
      text: 'Install it [1](/guides/setup#install). Then configure it [2](/guides/setup#configure).',
      sources: [['/guides/setup#install', 'Setup › Install']],
    });
    await ask(el, 'Setup?');
    await waitUntil(() => idle(el) && $(el, '[part=citation]'), 'answer', WAIT);
    await el.updateComplete;
    await waitUntil(() => $(el, '.answer a.cite[aria-label]'), 'named markers', WAIT);
    expect($$(el, '.answer a.cite').map((m) => m.getAttribute('aria-label'))).toEqual([
      'Source 1: Setup › Install',
      'Source 2: Setup',
    ]);
  });

  it('works with the keyboard alone: ask, reach a citation, read the page, come back', async () => {
    const el = await make();
    api.pages.set('cookbook/next/stream-text', '# Stream Text\n\nSteps.');
    api.recorded(answerSse, headersOf(answerMeta));
    expect(deepActive()?.getAttribute('part')).toBe('input');
    await userEvent.keyboard('How do I stream text with streamText?{Enter}');
    await waitUntil(() => idle(el) && $$(el, '[part=citation]').length === 5, 'answer', WAIT);
    // Shift+Tab from the input walks back through the answer to its last citation chip.
    $<HTMLTextAreaElement>(el, 'textarea')!.focus();
    for (let i = 0; i < 30 && deepActive()?.getAttribute('part') !== 'citation'; i++) {
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    }
    expect(deepActive()?.textContent).toContain('Stream Text');
    await userEvent.keyboard('{Enter}');
    await waitUntil(() => $(el, '[part=page] .prose h1'), 'page view', WAIT);
    await waitUntil(() => deepActive()?.hasAttribute('data-back'), 'focus on Back', WAIT);
    await userEvent.keyboard('{Enter}');
    // Back where the reader was: on the citation that opened the page.
    await waitUntil(
      () => deepActive()?.getAttribute('part') === 'citation',
      'back on the citation',
      WAIT,
    );
    // Escape in the page view goes back to the chat; the second Escape closes the panel.
    await userEvent.keyboard('{Enter}');
    await waitUntil(() => $(el, '[part=page] .prose h1'), 'page view again', WAIT);
    await userEvent.keyboard('{Escape}');
    await waitUntil(() => !$(el, '[part=page] .prose h1'), 'back to the chat', WAIT);
    expect(el.open).toBe(true);
    await waitUntil(() => deepActive()?.getAttribute('part') === 'citation', 'citation', WAIT);
    await userEvent.keyboard('{Escape}');
    await waitUntil(() => !el.open, 'closed', WAIT);
  });

  it('streams: searching status, blocks appear as they finish, finished blocks keep their DOM', async () => {
    const el = await make();
    const stream = api.live();
    await ask(el, 'Explain streaming');
    await waitUntil(() => $(el, '.pending'), 'pending', WAIT);
    expect($(el, '[part=messages]')!.getAttribute('aria-busy')).toBe('true');
    await stream.push(
      { type: 'start', messageId: 'm1' },
      { type: 'start-step' },
      {
        type: 'tool-input-available',
        toolCallId: 'c1',
        toolName: 'search',
        input: { query: 'streaming' },
      },
    );
    await waitUntil(() => $(el, '.pending q')?.textContent === 'streaming', 'search query', WAIT);
    await stream.push(
      { type: 'tool-output-available', toolCallId: 'c1', output: [] },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: '## Streaming\n\nFirst **para' },
    );
    await waitUntil(() => lastAnswer(el)?.querySelector('h2'), 'heading', WAIT);
    const heading = lastAnswer(el)!.querySelector('h2')!;
    // The unfinished emphasis at the tail is repaired, not shown as raw asterisks.
    expect(lastAnswer(el)!.querySelector('p strong')?.textContent).toBe('para');
    await stream.push({ type: 'text-delta', id: 't', delta: 'graph**.\n\nSecond paragraph.' });
    await waitUntil(
      () => lastAnswer(el)!.querySelectorAll('p').length === 2,
      'second paragraph',
      WAIT,
    );
    expect(lastAnswer(el)!.querySelector('h2')).toBe(heading);
    expect($(el, '[part~=stop]')).not.toBeNull();
    await stream.push(
      { type: 'text-end', id: 't' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    );
    await stream.end();
    await waitUntil(() => idle(el), 'idle', WAIT);
    expect($(el, '[part=messages]')!.getAttribute('aria-busy')).toBe('false');
    expect($(el, '[part=messages]')!.getAttribute('aria-live')).toBe('polite');
    expect(lastAnswer(el)!.querySelector('h2')).toBe(heading);
    expect(lastAnswer(el)!.querySelector('[part~=copy]')).not.toBeNull();
  });

  it('renders a stream cut off in the middle of a code block, with Retry', async () => {
    const el = await make();
    await api.answer(
      {
        text: 'Use this:\n\n```ts\nconst result = streamText({ model });\nfor await (const part of result) {}\n```\n\nDone.',
      },
      { cutAfter: 'const result = streamText({ model });\nfor' },
    );
    await ask(el, 'Show me code');
    await waitUntil(() => $(el, '[part=error]'), 'error', WAIT);
    const answer = lastAnswer(el)!;
    const code = answer.querySelector('pre code')!;
    expect(code.textContent).toContain('const result = streamText');
    expect(answer.textContent).not.toContain('```');
    expect($(el, '[part=error]')!.getAttribute('role')).toBe('alert');
    expect($(el, '[part=error]')!.textContent).toMatch(/connection|interrupted/i);
    await api.answer({ text: 'Complete answer.' });
    await userEvent.click($(el, '[part~=retry]')!);
    await waitUntil(
      () => lastAnswer(el)?.textContent?.includes('Complete answer.'),
      'retried answer',
      WAIT,
    );
    expect($(el, '[part=error]')).toBeNull();
    expect(api.requests).toHaveLength(2);
  });

  it('follows the stream only while the reader is at the bottom', async () => {
    const el = await make();
    const stream = api.live();
    await ask(el, 'Long answer please');
    await stream.push(
      { type: 'start', messageId: 'm1' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Paragraph.\n\n'.repeat(80) },
    );
    const messages = $(el, '[part=messages]')!;
    await waitUntil(() => messages.scrollHeight > messages.clientHeight * 2, 'overflow', WAIT);
    await waitUntil(
      () => messages.scrollHeight - messages.scrollTop - messages.clientHeight < 40,
      'pinned',
      WAIT,
    );
    messages.scrollTop = 0;
    messages.dispatchEvent(new Event('scroll'));
    await stream.push({ type: 'text-delta', id: 't', delta: 'More.\n\n'.repeat(40) });
    await new Promise((r) => setTimeout(r, 100));
    expect(messages.scrollTop).toBe(0);
    // A button takes the reader back down, and the view follows again.
    await waitUntil(() => $(el, '[part~=jump]'), 'jump button', WAIT);
    expect($(el, '[part~=jump]')!.getAttribute('aria-label')).toBe('Scroll to the latest message');
    await userEvent.click($(el, '[part~=jump]')!);
    await waitUntil(() => !$(el, '[part~=jump]'), 'jump button gone', WAIT);
    await stream.push({ type: 'text-delta', id: 't', delta: 'Even more.\n\n'.repeat(40) });
    await waitUntil(
      () => messages.scrollHeight - messages.scrollTop - messages.clientHeight < 40,
      'pinned again',
      WAIT,
    );
    await stream.push({ type: 'text-end', id: 't' }, { type: 'finish', finishReason: 'stop' });
    await stream.end();
  });
});

describe('panel: sanitizing', () => {
  it('never lets hostile markdown or links reach the DOM', async () => {
    const el = await make();
    const hostile = [
      'Hi <script>window.__pwned = 1</script>',
      '<img src="x" onerror="window.__pwned = 2">',
      '[click](javascript:window.__pwned=3) [data](data:text/html,<script>1</script>)',
      '<a href="JaVaScRiPt:window.__pwned=4">raw</a> <iframe src="https://evil.example"></iframe>',
      '<svg><script>window.__pwned=5</script></svg> <div onclick="window.__pwned=6">x</div>',
      '<style>body{display:none}</style><form action="https://evil.example"><input></form>',
      '[ok](https://example.com/page)',
    ].join('\n\n');
    await api.answer({ text: hostile });
    await ask(el, 'Hostile?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.textContent?.includes('ok'), 'answer', WAIT);
    const answer = lastAnswer(el)!.querySelector('.answer')!;
    expect(answer.querySelectorAll('script, iframe, svg, style, form, input')).toHaveLength(0);
    for (const node of answer.querySelectorAll('*')) {
      for (const attr of node.attributes) expect(attr.name.startsWith('on')).toBe(false);
    }
    for (const a of answer.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data):/i);
    }
    const ok = [...answer.querySelectorAll('a')].find((a) => a.textContent === 'ok')!;
    expect(ok.getAttribute('href')).toBe('https://example.com/page');
    expect(ok.getAttribute('rel')).toContain('noopener');
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    // The page is untouched by the answer's <style>.
    expect(getComputedStyle(document.body).display).not.toBe('none');
  });
});

describe('panel: layout', () => {
  it('keeps everything in a long conversation inside the message list: the dialog itself never scrolls', async () => {
    const el = await make();
    const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} of a long answer.`).join(
      '\n\n',
    );
    for (const question of ['First question?', 'Second question?']) {
      await api.answer({ text: long });
      await ask(el, question);
      await waitUntil(
        () => idle(el) && lastAnswer(el)?.textContent?.includes('Paragraph 29'),
        'answer',
        WAIT,
      );
    }
    const dialog = $(el, 'dialog')!;
    const messages = $(el, '[part=messages]')!;
    expect(messages.scrollHeight).toBeGreaterThan(messages.clientHeight);
    // The visually hidden "Assistant" headings sit inside the list, not below the dialog's edge.
    expect(dialog.scrollHeight).toBeLessThanOrEqual(dialog.clientHeight);
    $$(el, '[part~=assistant-message] h3').at(-1)!.scrollIntoView({ block: 'start' });
    expect(dialog.scrollTop).toBe(0);
  });
});

describe('panel: citations and page view', () => {
  it('shows a chip\'s whole "Page › Section" title when the row has room, and ellipsizes only past the row', async () => {
    const el = await make();
    const section = 'Getting started › Run the server against your own docs folder';
    const long = `Reference › ${'A very long section title that cannot fit one row '.repeat(4)}`;
    await api.answer({
      text: 'Run it. [1](/guides/getting-started#run) [2](/reference/long#x)',
      results: [
        ['guides/getting-started', 'Getting started'],
        ['reference/long', 'Reference'],
      ],
      sources: [
        ['/guides/getting-started#run', section],
        ['/reference/long#x', long],
      ],
    });
    await ask(el, 'How do I run the server?');
    await waitUntil(() => idle(el) && $$(el, '[part=citation]').length === 2, 'chips', WAIT);
    const [whole, cut] = $$(el, '[part=citation] .label');
    expect(whole!.textContent).toBe(section);
    expect(whole!.scrollWidth).toBeLessThanOrEqual(whole!.clientWidth);
    // The longest title is cut with an ellipsis inside the answer, not past its edge.
    const row = $(el, '.citations')!.getBoundingClientRect();
    const chip = $$(el, '[part=citation]')[1]!.getBoundingClientRect();
    expect(cut!.scrollWidth).toBeGreaterThan(cut!.clientWidth);
    expect(chip.right).toBeLessThanOrEqual(row.right + 0.5);
    expect(chip.left).toBeGreaterThanOrEqual(row.left - 0.5);
  });

  it('opens a cited page inside the panel, with Back and a link to the published page', async () => {
    const el = await make();
    api.pages.set(
      'docs/troubleshooting/stream-text-not-working',
      '---\ntitle: streamText fails silently\n---\nimport { X } from "y";\n\n# streamText fails silently\n\nUse the `onError` callback.\n\n<script>window.__pwned = 7</script>',
    );
    const citations: CustomEvent[] = [];
    el.addEventListener('docs-assistant-citation', (e) => citations.push(e));
    api.recorded(answerSse, headersOf(answerMeta));
    await ask(el, 'How do I stream text with streamText?');
    await waitUntil(() => idle(el) && $$(el, '[part=citation]').length === 5, 'citations', WAIT);
    const chip = $$(el, '[part=citation]')[3]!;
    const chipText = chip.textContent;
    expect(chip.getAttribute('href')).toBe('/docs/troubleshooting/stream-text-not-working');
    await userEvent.click(chip);
    await waitUntil(() => $(el, '[part=page] .prose h1'), 'page content', WAIT);
    expect(api.pageRequests[0]!.body).toEqual({
      path: 'docs/troubleshooting/stream-text-not-working',
      format: 'markdown',
    });
    expect(api.pageRequests[0]!.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(citations[0]!.detail.citation).toMatchObject({
      index: 4,
      title: 'streamText fails silently',
    });
    const pageView = $(el, '[part=page]')!;
    expect(pageView.querySelector('#page-title')!.textContent).toBe('streamText fails silently');
    expect(pageView.querySelector('.prose')!.textContent).not.toContain('title: streamText');
    expect(pageView.querySelector('.prose')!.textContent).not.toContain('import {');
    expect(pageView.querySelector('script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    const published = pageView.querySelector<HTMLAnchorElement>('[part~=open-page]')!;
    expect(published.href).toBe(
      new URL('/docs/troubleshooting/stream-text-not-working', location.origin).href,
    );
    expect(published.target).toBe('_blank');
    expect(expectExported(el).has('page')).toBe(true);
    await waitUntil(() => deepActive()?.hasAttribute('data-back'), 'focus on Back', WAIT);
    expect(await axeViolations(el)).toEqual([]);
    await userEvent.click($(el, '[data-back]')!);
    await waitUntil(() => !$(el, '[part=page]') && $(el, '[part=messages]'), 'back to chat', WAIT);
    await waitUntil(
      () =>
        deepActive()?.getAttribute('part') === 'citation' && deepActive()?.textContent === chipText,
      'focus back on the citation',
      WAIT,
    );
  });

  it('opens a doc link inside an answer in the page view; other links open normally', async () => {
    const el = await make();
    api.pages.set(
      'docs/guide/tools',
      `# Tools\n\nTools let models act.\n\n${'Filler.\n\n'.repeat(60)}## Usage\n\n${'Call them.\n\n'.repeat(60)}`,
    );
    await api.answer({
      text: 'See [the tools guide](/docs/guide/tools#usage) and [MDN](https://developer.mozilla.org/).',
    });
    await ask(el, 'Tools?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('a'), 'answer', WAIT);
    const [doc, mdn] = [...lastAnswer(el)!.querySelectorAll<HTMLAnchorElement>('.answer a')];
    expect(mdn!.target).toBe('_blank');
    await userEvent.click(doc!);
    await waitUntil(() => $(el, '[part=page] .prose h1')?.textContent === 'Tools', 'page', WAIT);
    expect(api.pageRequests[0]!.body).toEqual({ path: 'docs/guide/tools', format: 'markdown' });
    // The link's #usage scrolls the page view to that section.
    const scroller = $(el, '.page-scroll')!;
    const usage = [...scroller.querySelectorAll('h2')].find((h) => h.textContent === 'Usage')!;
    await waitUntil(
      () => Math.abs(usage.getBoundingClientRect().top - scroller.getBoundingClientRect().top) < 40,
      'scrolled to #usage',
      WAIT,
    );
  });

  it('resolves a relative link in a shown page against that page, .html form too', async () => {
    const el = await make();
    api.pages.set('guide/api-hmr', '# HMR API\n\nSee [the JavaScript API](./api-javascript.html).');
    api.pages.set('guide/api-javascript', '# JavaScript API\n\nCall `createServer`.');
    await api.answer({ text: 'See [HMR](/guide/api-hmr).' });
    await ask(el, 'HMR?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('.answer a'), 'answer', WAIT);
    await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
    await waitUntil(() => $(el, '[part=page] .prose a'), 'the HMR page', WAIT);
    await userEvent.click($(el, '[part=page] .prose a')!);
    await waitUntil(
      () => $(el, '[part=page] .prose h1')?.textContent === 'JavaScript API',
      'the sibling page',
      WAIT,
    );
    expect(api.pageRequests.map((r) => r.body)).toEqual([
      { path: 'guide/api-hmr', format: 'markdown' },
      { path: 'guide/api-javascript', format: 'markdown' },
    ]);
  });

  it('offers the shown page as Markdown and to the reader’s own assistants (page-actions)', async () => {
    const el = await make();
    api.pages.set(
      'guide/api-hmr',
      '---\ntitle: HMR API\n---\nimport { Tabs } from "x";\n\n# HMR API\n\nCall `import.meta.hot.accept()`.',
    );
    await api.answer({ text: 'See [HMR](/guide/api-hmr).' });
    await ask(el, 'HMR?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('.answer a'), 'answer', WAIT);
    await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
    await waitUntil(() => $(el, '[part~=page-actions]'), 'page actions', WAIT);
    const published = new URL('/guide/api-hmr', location.origin).href;
    const prompt = encodeURIComponent(`Read ${published} so I can ask questions about it.`);
    const chatgpt = $(el, '[part~=open-in-chatgpt]') as HTMLAnchorElement;
    const claude = $(el, '[part~=open-in-claude]') as HTMLAnchorElement;
    expect(chatgpt.href).toBe(`https://chatgpt.com/?hints=search&q=${prompt}`);
    expect(claude.href).toBe(`https://claude.ai/new?q=${prompt}`);
    expect([chatgpt.target, claude.rel]).toEqual(['_blank', 'noopener noreferrer']);
    const written: string[] = [];
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    try {
      const copy = $(el, '[part~=copy-page]')!;
      await userEvent.click(copy);
      await waitUntil(() => copy.textContent?.includes('Copied'), 'copied', WAIT);
      // The page as Markdown, without its frontmatter and MDX imports.
      expect(written).toEqual(['# HMR API\n\nCall `import.meta.hot.accept()`.\n']);
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (clipboard) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    }
    expect(await axeViolations(el)).toEqual([]);
    // Only what the attribute names, read when a page is shown; `none` hides the row.
    el.setAttribute('page-actions', 'copy');
    await userEvent.click($(el, '[data-back]')!);
    await waitUntil(() => lastAnswer(el)?.querySelector('.answer a'), 'back', WAIT);
    await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
    await waitUntil(() => $(el, '[part~=page-actions]'), 'page actions again', WAIT);
    expect($(el, '[part~=copy-page]')).not.toBeNull();
    expect($(el, '[part~=open-in-chatgpt]')).toBeNull();
    el.setAttribute('page-actions', 'none');
    await userEvent.click($(el, '[data-back]')!);
    await waitUntil(() => lastAnswer(el)?.querySelector('.answer a'), 'back again', WAIT);
    await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
    await waitUntil(() => $(el, '[part=page] .prose h1'), 'page without actions', WAIT);
    expect($(el, '[part~=page-actions]')).toBeNull();
  });

  it('highlights the cited section, up to the next heading of its level', async () => {
    const el = await make();
    api.pages.set(
      'guide/caching',
      [
        '# Caching',
        'Intro.',
        '## Cache responses',
        'Wrap the model.',
        '### With Redis',
        'Store them in Redis.',
        '## Invalidate',
        'Clear the cache.',
      ].join('\n\n'),
    );
    await api.answer({ text: 'See [caching](/guide/caching#cache-responses).' });
    await ask(el, 'Cache?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('.answer a'), 'answer', WAIT);
    await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
    await waitUntil(() => $(el, '[part~=cited-section]'), 'the cited section', WAIT);
    const marked = $$(el, '[part~=cited-section]').map((block) => block.textContent);
    expect(marked).toEqual([
      'Cache responses',
      'Wrap the model.',
      'With Redis',
      'Store them in Redis.',
    ]);
    const band = getComputedStyle($(el, '[part~=cited-section]')!).backgroundColor;
    expect(band).not.toBe('rgba(0, 0, 0, 0)');
    expect(await axeViolations(el)).toEqual([]);
  });

  it('keeps a cited list indented inside the band, and the band padded on its edge side in RTL', async () => {
    const el = await make();
    const page = [
      '# Setup',
      'Intro.',
      '## Steps',
      'Do this:',
      '- one',
      '- two',
      '## Later',
      'More.',
    ];
    api.pages.set('guide/setup', page.join('\n\n'));
    const persian = [
      '# نصب',
      'مقدمه.',
      '## Steps',
      'این کار را بکنید:',
      '- یک',
      '- دو',
      '## بعد',
      'بیشتر.',
    ];
    api.pages.set('fa/guide/setup', persian.join('\n\n'));
    api.pageLanguages.set('fa/guide/setup', 'fa');
    const band = async (path: string) => {
      await api.answer({ text: `See [setup](/${path}#steps).` });
      await ask(el, 'Setup?');
      await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('.answer a'), 'answer', WAIT);
      await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
      await waitUntil(() => $(el, 'ul[part~=cited-section]'), 'the cited list', WAIT);
      const paragraph = getComputedStyle($(el, 'p[part~=cited-section]')!);
      const list = getComputedStyle($(el, 'ul[part~=cited-section]')!);
      return { paragraph, list };
    };
    const ltr = await band('guide/setup');
    // The list's markers sit in its start padding: more than a paragraph's, or they hang out.
    expect(parseFloat(ltr.list.paddingLeft)).toBeGreaterThan(parseFloat(ltr.paragraph.paddingLeft));
    const ltrEdge = ltr.paragraph.paddingLeft;
    const ltrFar = ltr.paragraph.paddingRight;
    await userEvent.click($(el, '[data-back]')!);
    const rtl = await band('fa/guide/setup');
    expect(parseFloat(rtl.list.paddingRight)).toBeGreaterThan(
      parseFloat(rtl.paragraph.paddingRight),
    );
    // The accent edge is on the right: the same padding beside it as on the left in LTR.
    expect([rtl.paragraph.paddingRight, rtl.paragraph.paddingLeft]).toEqual([ltrEdge, ltrFar]);
  });

  it('finds a cited #anchor slugged by another docs framework (VitePress)', async () => {
    const el = await make();
    api.pages.set(
      'config/shared-options',
      `# Shared Options\n\n${'Text.\n\n'.repeat(60)}## Object Format (\`Record<string, string>\`)\n\n${'More.\n\n'.repeat(60)}`,
    );
    await api.answer({
      text: 'See [aliases](/config/shared-options#object-format-record-string-string).',
    });
    await ask(el, 'Aliases?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('.answer a'), 'answer', WAIT);
    await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
    await waitUntil(() => $(el, '[part=page] .prose h2'), 'page', WAIT);
    const scroller = $(el, '.page-scroll')!;
    const heading = scroller.querySelector('.prose h2')!;
    // the renderer's anchor is the server's (github style); the cited one is VitePress's
    expect(heading.getAttribute('data-anchor')).toBe('object-format-recordstring-string');
    await waitUntil(
      () =>
        Math.abs(heading.getBoundingClientRect().top - scroller.getBoundingClientRect().top) < 40,
      'scrolled to the heading',
      WAIT,
    );
  });

  it('shows the 404 message of a page that is gone', async () => {
    const el = await make();
    await api.answer({ text: 'See the guide.', results: [['docs/gone', 'Gone page']] });
    await ask(el, 'Gone?');
    await waitUntil(() => idle(el) && $(el, '[part=citation]'), 'citation', WAIT);
    const errors: CustomEvent[] = [];
    el.addEventListener('docs-assistant-error', (e) => errors.push(e));
    await userEvent.click($(el, '[part=citation]')!);
    await waitUntil(() => $(el, '[part=page] [part=error]'), 'page error', WAIT);
    expect($(el, '[part=page] [part=error]')!.textContent).toContain('No page at docs/gone.');
    expect($(el, '[part=page] [part=error]')!.getAttribute('role')).toBe('alert');
    // a gone page will not come back: no Retry; the host hears of it in the same words
    expect($(el, '[part=page] [part~=retry]')).toBeNull();
    expect(errors.map((e) => e.detail)).toEqual([
      {
        kind: 'not-found',
        status: 404,
        message: 'No page at docs/gone.',
        detail: 'No page at docs/gone.',
      },
    ]);
  });

  it('offers Retry when a page could not be loaded, and loads it again', async () => {
    const el = await make();
    await api.answer({ text: 'See the guide.', results: [['docs/flaky', 'Flaky page']] });
    await ask(el, 'Flaky?');
    await waitUntil(() => idle(el) && $(el, '[part=citation]'), 'citation', WAIT);
    // the first page request finds no network; the host's fetch is read live, so Retry has one
    el.fetch = async () => {
      el.fetch = api.fetch;
      throw new TypeError('Failed to fetch');
    };
    await userEvent.click($(el, '[part=citation]')!);
    await waitUntil(() => $(el, '[part=page] [part~=retry]'), 'retry', WAIT);
    expect($(el, '[part=page] [part=error]')!.textContent).toMatch(/Could not reach/);
    api.pages.set('docs/flaky', '# Flaky page\n\nHere now.');
    await userEvent.click($(el, '[part=page] [part~=retry]')!);
    await waitUntil(
      () => $(el, '[part=page] .prose')?.textContent?.includes('Here now.'),
      'page',
      WAIT,
    );
  });

  it('says the rate limit and when to retry when a page is refused with 429, as the chat does', async () => {
    const el = await make();
    await api.answer({ text: 'See the guide.', results: [['docs/busy', 'Busy page']] });
    await ask(el, 'Busy?');
    await waitUntil(() => idle(el) && $(el, '[part=citation]'), 'citation', WAIT);
    const errors: CustomEvent[] = [];
    el.addEventListener('docs-assistant-error', (e) => errors.push(e));
    el.fetch = async () => {
      el.fetch = api.fetch;
      return Response.json(
        { message: 'Slow down.' },
        { status: 429, headers: { 'Retry-After': '30' } },
      );
    };
    await userEvent.click($(el, '[part=citation]')!);
    await waitUntil(() => $(el, '[part=page] [part=error]'), 'page error', WAIT);
    const words = $(el, '[part=page] [part=error] p')!.textContent;
    expect(words).toBe('Too many questions right now. Try again in 30 seconds.');
    expect(errors.map((e) => e.detail)).toEqual([
      {
        kind: 'rate-limit',
        status: 429,
        retryAfterSeconds: 30,
        message: words,
        detail: 'Slow down.',
      },
    ]);
    expect($(el, '[part=page] [part~=retry]')).not.toBeNull();
  });

  it('lets the host take over a citation click', async () => {
    const el = await make();
    el.addEventListener('docs-assistant-citation', (e) => e.preventDefault());
    await api.answer({ text: 'See the guide.', results: [['docs/guide', 'Guide']] });
    await ask(el, 'Guide?');
    await waitUntil(() => idle(el) && $(el, '[part=citation]'), 'citation', WAIT);
    await userEvent.click($(el, '[part=citation]')!);
    await new Promise((r) => setTimeout(r, 50));
    expect($(el, '[part=page]')).toBeNull();
    expect(api.pageRequests).toHaveLength(0);
  });
});

describe('panel: threads and history', () => {
  it('sends the thread id and key on the second message and keeps them across a reload', async () => {
    let el = await make();
    api.recorded(answerSse, headersOf(answerMeta));
    await ask(el, 'How do I stream text with streamText?');
    await waitUntil(() => idle(el) && answers(el).length === 1, 'first answer', WAIT);
    expect(api.requests[0]!.body.threadId).toBeNull();

    api.recorded(continuedSse, headersOf(continuedMeta));
    await ask(el, 'And with a custom model?');
    await waitUntil(() => idle(el) && answers(el).length === 2, 'second answer', WAIT);
    expect(api.requests[1]!.body.threadId).toBe(THREAD_ID);
    expect(api.requests[1]!.body.threadKey).toBe(THREAD_KEY);

    // A reload: a new element on the same domain picks up the conversation and thread.
    fixtureCleanup();
    el = await make();
    await waitUntil(() => answers(el).length === 2, 'restored conversation', WAIT);
    expect($$(el, '[part~=user-message]')).toHaveLength(2);
    await api.answer({ text: 'Third.' });
    await ask(el, 'Third question');
    await waitUntil(() => api.requests.length === 3, undefined, WAIT);
    expect(api.requests[2]!.body.threadId).toBe(THREAD_ID);
    expect(api.requests[2]!.body.threadKey).toBe(THREAD_KEY);
    expect((api.requests[2]!.body.messages as unknown[]).length).toBe(5);
  });

  it('New chat starts over: empty state, and no thread on the next request', async () => {
    const el = await make();
    api.recorded(answerSse, headersOf(answerMeta));
    await ask(el, 'How do I stream text with streamText?');
    await waitUntil(() => idle(el) && answers(el).length === 1, undefined, WAIT);
    await userEvent.click($(el, '[part~=new-chat]')!);
    await waitUntil(() => $(el, '.empty'), 'empty state', WAIT);
    expect(deepActive()?.getAttribute('part')).toBe('input');
    await api.answer({ text: 'Fresh.' });
    await ask(el, 'Fresh question');
    await waitUntil(() => api.requests.length === 2, undefined, WAIT);
    expect(api.requests[1]!.body.threadId).toBeNull();
    expect(api.requests[1]!.body.messages).toHaveLength(1);
  });
});

describe('panel: errors', () => {
  const cases: [string, () => void, RegExp, boolean, Record<string, unknown>][] = [
    ['401', () => api.status(401, 'Unknown key.'), /key was rejected/, false, { kind: 'auth' }],
    ['403', () => api.status(403, 'Not your site.'), /key was rejected/, false, { kind: 'auth' }],
    [
      '429',
      () => api.status(429, 'Slow down.', { 'Retry-After': '30' }),
      /Too many questions.*in 30 seconds/,
      true,
      { kind: 'rate-limit', status: 429, retryAfterSeconds: 30 },
    ],
    ['500', () => api.status(500, 'Boom.'), /had a problem/, true, { kind: 'server', status: 500 }],
    [
      'network',
      () => api.networkFailure(),
      /Could not reach the assistant|offline/,
      true,
      { kind: 'network' },
    ],
  ];
  for (const [name, queue, text, retry, detail] of cases) {
    it(`explains ${name} in reader words${retry ? ' and retries' : ''}`, async () => {
      const el = await make();
      const errors: CustomEvent[] = [];
      el.addEventListener('docs-assistant-error', (e) => errors.push(e));
      queue();
      await ask(el, 'Question?');
      await waitUntil(() => $(el, '[part=error]'), 'error', WAIT);
      const error = $(el, '[part=error]')!;
      expect(error.textContent).toMatch(text);
      expect(error.getAttribute('role')).toBe('alert');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.detail).toMatchObject(detail);
      // the event says what the reader reads
      expect(errors[0]!.detail.message).toBe(error.querySelector('p')!.textContent);
      expectExported(el);
      expect(await axeViolations(el)).toEqual([]);
      const retryButton = $(el, '[part~=retry]');
      expect(!!retryButton).toBe(retry);
      if (!retryButton) return;
      await api.answer({ text: 'Now it works.' });
      await userEvent.click(retryButton);
      await waitUntil(
        () => lastAnswer(el)?.textContent?.includes('Now it works.'),
        'retried',
        WAIT,
      );
      expect($(el, '[part=error]')).toBeNull();
      expect($$(el, '[part~=user-message]')).toHaveLength(1);
    });
  }

  it('says the reader is offline when the browser knows it', async () => {
    const el = await make();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      api.networkFailure();
      await ask(el, 'Question?');
      await waitUntil(() => $(el, '[part=error]'), 'error', WAIT);
      expect($(el, '[part=error]')!.textContent).toMatch(/offline/);
      expect($(el, '[part~=retry]')).not.toBeNull();
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
    expect(navigator.onLine).toBe(true);
  });

  it('shows an error inside the stream, keeping what already arrived', async () => {
    const el = await make();
    const errors: CustomEvent[] = [];
    el.addEventListener('docs-assistant-error', (e) => errors.push(e));
    api.recorded(errorSse, headersOf(errorMeta));
    await ask(el, 'Why does streaming help?');
    await waitUntil(() => $(el, '[part=error]'), 'error', WAIT);
    expect(errors[0]!.detail.kind).toBe('stream');
    expect($(el, '[part=error]')!.textContent).toMatch(/interrupted/);
    expect(lastAnswer(el)!.textContent).toContain('Streaming sends the answer in small chunks');
    expect($(el, '[part~=retry]')).not.toBeNull();
  });
});

describe('panel: stop', () => {
  it('stops before the first token', async () => {
    const el = await make();
    api.hang();
    await ask(el, 'Slow question');
    await waitUntil(() => $(el, '[part~=stop]'), 'stop button', WAIT);
    expect($(el, '[part~=stop]')!.getAttribute('aria-label')).toBe('Stop');
    await userEvent.click($(el, '[part~=stop]')!);
    await waitUntil(() => idle(el), 'idle after stop', WAIT);
    expect($(el, '[part=error]')).toBeNull();
  });

  it('asks the last question again from the last answer, after a stop too', async () => {
    const el = await make();
    await stopAfter(el, 'Half an answ');
    await waitUntil(
      () => idle(el) && lastAnswer(el)?.querySelector('[part~=regenerate]'),
      'actions',
      WAIT,
    );
    expect(lastAnswer(el)!.querySelector('[part~=regenerate]')!.getAttribute('aria-label')).toBe(
      'Ask again',
    );
    await api.answer({ text: 'A whole answer.' });
    await userEvent.click(lastAnswer(el)!.querySelector('[part~=regenerate]')!);
    await waitUntil(
      () => lastAnswer(el)?.textContent?.includes('A whole answer.'),
      'new answer',
      WAIT,
    );
    expect(answers(el)).toHaveLength(1);
    expect($$(el, '[part~=user-message]')).toHaveLength(1);
    expect(api.requests).toHaveLength(2);
    expect((api.requests[1]!.body.messages as unknown[]).length).toBe(1);
  });

  it('stops mid-answer and keeps the text that arrived', async () => {
    const el = await make();
    const stream = await stopAfter(el, 'Partial answer');
    await stream.cancelled;
    await waitUntil(() => idle(el), 'idle after stop', WAIT);
    expect(lastAnswer(el)!.textContent).toContain('Partial answer');
  });

  it('marks a stopped answer as stopped, across a reload, until Ask again replaces it', async () => {
    let el = await make();
    await stopAfter(el, 'Half of it');
    await waitUntil(
      () => idle(el) && lastAnswer(el)?.querySelector('[part=stopped]'),
      'marker',
      WAIT,
    );
    expect(lastAnswer(el)!.querySelector('[part=stopped]')!.textContent).toBe('Stopped');
    expectExported(el);
    // A reload: the conversation comes back with its stopped answer still marked.
    fixtureCleanup();
    el = await make();
    await waitUntil(() => answers(el).length === 1, 'restored conversation', WAIT);
    expect(lastAnswer(el)!.textContent).toContain('Half of it');
    expect(lastAnswer(el)!.querySelector('[part=stopped]')).not.toBeNull();
    await api.answer({ text: 'The whole of it.' });
    await userEvent.click(lastAnswer(el)!.querySelector('[part~=regenerate]')!);
    await waitUntil(
      () => idle(el) && lastAnswer(el)?.textContent?.includes('The whole of it.'),
      'full answer',
      WAIT,
    );
    expect(answers(el)).toHaveLength(1);
    expect($(el, '[part=stopped]')).toBeNull();
  });
});

describe('panel: context, feedback, copy and events', () => {
  it('shows added context as removable chips and sends it with the question', async () => {
    const el = await make();
    await el.addContext({ type: 'code', value: 'const x = streamText()', elementId: 'ex' });
    await el.addContext({ type: 'textSelection', value: 'Streaming reduces latency.' });
    await el.updateComplete;
    await waitUntil(() => $$(el, '[part=context]').length === 2, 'chips', WAIT);
    const remove = $$(el, '[part~=remove-context]');
    expect(remove[1]!.getAttribute('aria-label')).toBe('Remove: Streaming reduces latency.');
    await userEvent.click(remove[1]!);
    await waitUntil(() => $$(el, '[part=context]').length === 1, undefined, WAIT);
    await api.answer({ text: 'That code streams.' });
    await ask(el, 'What does this do?');
    await waitUntil(() => api.requests.length === 1, undefined, WAIT);
    expect(api.requests[0]!.body.context).toEqual([
      { type: 'code', value: 'const x = streamText()', elementId: 'ex', path: location.pathname },
    ]);
    await waitUntil(() => $$(el, '[part=context]').length === 0, 'chips cleared', WAIT);
    expect($(el, '[part~=user-message] .sent-context')!.textContent).toContain('const x');
  });

  it('reports thumbs up/down and copies an answer', async () => {
    const el = await make();
    const feedback: CustomEvent[] = [];
    el.addEventListener('docs-assistant-feedback', (e) => feedback.push(e));
    api.recorded(answerSse, headersOf(answerMeta));
    await ask(el, 'How do I stream text with streamText?');
    await waitUntil(
      () => idle(el) && lastAnswer(el)?.querySelector('[part~=helpful]'),
      'actions',
      WAIT,
    );
    const up = lastAnswer(el)!.querySelector<HTMLElement>('[part~=helpful]')!;
    await userEvent.click(up);
    await waitUntil(() => up.getAttribute('aria-pressed') === 'true', undefined, WAIT);
    expect(feedback[0]!.detail).toMatchObject({ value: 'up', threadId: THREAD_ID });
    expect(feedback[0]!.detail.messageId).toBe(/"messageId":"([^"]+)"/.exec(answerSse)![1]);
    const down = lastAnswer(el)!.querySelector<HTMLElement>('[part~=not-helpful]')!;
    await userEvent.click(down);
    await waitUntil(() => feedback.length === 2, undefined, WAIT);
    expect(feedback[1]!.detail.value).toBe('down');
    // Each thumbs also reaches the server, with the thread's key.
    await waitUntil(() => api.feedbackRequests.length === 2, 'feedback sent', WAIT);
    const [sentUp, sentDown] = api.feedbackRequests;
    expect(sentUp!.url).toMatch(/\/v1\/assistant\/[^/]+\/feedback$/);
    expect(sentUp!.headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(sentUp!.body).toEqual({
      threadId: THREAD_ID,
      threadKey: THREAD_KEY,
      messageId: feedback[0]!.detail.messageId,
      helpful: true,
      version: expect.any(Number),
    });
    expect(sentDown!.body).toMatchObject({ helpful: false });
    const copy = lastAnswer(el)!.querySelector<HTMLElement>('[part~=copy]')!;
    await userEvent.click(copy);
    await waitUntil(() => copy.getAttribute('aria-label') === 'Copied', 'copied', WAIT);
    const copyCode = lastAnswer(el)!.querySelector<HTMLElement>('[data-copy-code]')!;
    await userEvent.click(copyCode);
    await waitUntil(() => copyCode.hasAttribute('data-copied'), 'code copied', WAIT);
  });

  it('lets the host cancel a question (submit event)', async () => {
    const el = await make();
    const submitted: CustomEvent[] = [];
    el.addEventListener('docs-assistant-submit', (e) => {
      submitted.push(e);
      e.preventDefault();
    });
    await ask(el, 'Blocked?');
    await new Promise((r) => setTimeout(r, 50));
    expect(submitted[0]!.detail).toEqual({ text: 'Blocked?', context: [] });
    expect(submitted[0]!.cancelable).toBe(true);
    expect(api.requests).toHaveLength(0);
  });
});

describe('panel: the thumbs-down form', () => {
  /** Asks and waits for the recorded answer (with its thread) to offer its actions. */
  async function answered() {
    const el = await make();
    const events: CustomEvent[] = [];
    el.addEventListener('docs-assistant-feedback', (e) => events.push(e));
    api.recorded(answerSse, headersOf(answerMeta));
    await ask(el, 'How do I stream text with streamText?');
    await waitUntil(
      () => idle(el) && lastAnswer(el)?.querySelector('[part~=not-helpful]'),
      'actions',
      WAIT,
    );
    const answer = lastAnswer(el)!;
    const messageId = /"messageId":"([^"]+)"/.exec(answerSse)![1]!;
    const thumbs = { threadId: THREAD_ID, threadKey: THREAD_KEY, messageId };
    return {
      el,
      events,
      answer,
      messageId,
      thumbs,
      up: answer.querySelector<HTMLElement>('[part~=helpful]')!,
      down: answer.querySelector<HTMLElement>('[part~=not-helpful]')!,
      form: () => answer.querySelector<HTMLFormElement>('[part~=feedback]'),
    };
  }
  /** The posted bodies without their `version` (checked on its own). */
  const sent = () => api.feedbackRequests.map(({ body: { version: _, ...body } }) => body);
  const versions = () => api.feedbackRequests.map((r) => r.body.version);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('posts a thumbs down at once and opens the form under the answer, focus on its first reason', async () => {
    const { el, answer, down, form, thumbs, events, messageId } = await answered();
    await userEvent.click(down);
    await waitUntil(() => form(), 'form', WAIT);
    await waitUntil(() => api.feedbackRequests.length === 1, 'thumbs sent', WAIT);
    expect(sent()).toEqual([{ ...thumbs, helpful: false }]);
    expect(events.map((e) => e.detail)).toEqual([
      { messageId, value: 'down', threadId: THREAD_ID },
    ]);
    // A real radio group: a fieldset named by its legend, one chip per reason.
    const fieldset = form()!.querySelector('fieldset')!;
    expect(fieldset.querySelector('legend')!.textContent).toBe('What went wrong?');
    const chips = [...form()!.querySelectorAll('[part~=feedback-reason]')];
    expect(chips.map((chip) => chip.textContent!.trim())).toEqual([
      'Wrong',
      'Outdated',
      'Not what I asked',
      'Other',
    ]);
    const radios = [...fieldset.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    expect(radios.map((radio) => radio.value)).toEqual([
      'wrong',
      'outdated',
      'not-what-i-asked',
      'other',
    ]);
    const comment = form()!.querySelector<HTMLTextAreaElement>('[part~=feedback-comment]')!;
    expect(comment.maxLength).toBe(2000);
    expect(comment.getAttribute('aria-label')).toBe('Anything else? (optional)');
    expect(form()!.querySelector('[part~=send-feedback]')!.textContent!.trim()).toBe('Send');
    expect(form()!.querySelector('[part~=skip-feedback]')!.textContent!.trim()).toBe('Skip');
    expect(deepActive()).toBe(radios[0]);
    // The thanks line waits for the form to be sent or closed.
    expect(answer.querySelector('.thanks')).toBeNull();
    const shown = expectExported(el);
    for (const name of [
      'feedback',
      'feedback-reason',
      'feedback-comment',
      'send-feedback',
      'skip-feedback',
    ]) {
      expect(shown.has(name), name).toBe(true);
    }
    expect(await axeViolations(el)).toEqual([]);
  });

  it('Send posts the reason and comment after the thumbs, fires the event again, and thanks the reader', async () => {
    const { answer, down, form, thumbs, events, messageId } = await answered();
    await userEvent.click(down);
    await waitUntil(() => form(), 'form', WAIT);
    // Arrow keys move through the reasons, as in any radio group.
    await userEvent.keyboard('{ArrowRight}');
    const checked = () => form()!.querySelector<HTMLInputElement>('input:checked');
    await waitUntil(() => checked()?.value === 'outdated', 'outdated chosen', WAIT);
    const comment = form()!.querySelector<HTMLTextAreaElement>('[part~=feedback-comment]')!;
    await userEvent.fill(comment, '  The Tuesday windows changed ');
    await userEvent.click(form()!.querySelector('[part~=send-feedback]')!);
    await waitUntil(() => api.feedbackRequests.length === 2, 'reason sent', WAIT);
    expect(sent()).toEqual([
      { ...thumbs, helpful: false },
      { ...thumbs, helpful: false, reason: 'outdated', comment: 'The Tuesday windows changed' },
    ]);
    expect(events.map((e) => e.detail)).toEqual([
      { messageId, value: 'down', threadId: THREAD_ID },
      {
        messageId,
        value: 'down',
        threadId: THREAD_ID,
        reason: 'outdated',
        comment: 'The Tuesday windows changed',
      },
    ]);
    // The thanks line takes the form's place, announced politely; focus is back on the thumbs.
    await waitUntil(() => !form(), 'form gone', WAIT);
    const thanks = answer.querySelector('.feedback-thanks')!;
    expect(thanks.textContent).toBe('Thanks for the feedback');
    expect(thanks.getAttribute('aria-live')).toBe('polite');
    expect(deepActive()).toBe(down);
    expect(down.getAttribute('aria-pressed')).toBe('true');
    // A second thumbs down opens the form again without posting the bare thumbs over the reason.
    await userEvent.click(down);
    await waitUntil(() => form(), 'form again', WAIT);
    await pause();
    expect(api.feedbackRequests).toHaveLength(2);
    expect(events).toHaveLength(2);
  });

  it('sends the reason only after the thumbs down has been answered', async () => {
    const { down, form, thumbs } = await answered();
    const release = api.holdFeedback();
    await userEvent.click(down);
    await waitUntil(() => form(), 'form', WAIT);
    await userEvent.click(form()!.querySelector('[part~=feedback-reason]')!);
    await userEvent.click(form()!.querySelector('[part~=send-feedback]')!);
    await waitUntil(() => !form(), 'sent', WAIT);
    await pause();
    // The thumbs down is still in flight: the reason waits behind it.
    expect(sent()).toEqual([{ ...thumbs, helpful: false }]);
    release();
    await waitUntil(() => api.feedbackRequests.length === 2, 'reason sent', WAIT);
    expect(sent()[1]).toEqual({ ...thumbs, helpful: false, reason: 'wrong' });
  });

  it('Skip closes the form, posts nothing more and gives focus back to the thumbs', async () => {
    const { answer, down, form, events } = await answered();
    await userEvent.click(down);
    await waitUntil(() => form(), 'form', WAIT);
    await userEvent.click(form()!.querySelector('[part~=feedback-reason]')!);
    await userEvent.click(form()!.querySelector('[part~=skip-feedback]')!);
    await waitUntil(() => !form(), 'form closed', WAIT);
    expect(deepActive()).toBe(down);
    expect(answer.querySelector('.thanks')!.textContent).toBe('Thanks for the feedback');
    await pause();
    expect(sent().map((body) => body.helpful)).toEqual([false]);
    expect(events).toHaveLength(1);
  });

  it('Escape closes the form, not the panel, from the keyboard alone', async () => {
    const { el, down, form } = await answered();
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitUntil(() => form(), 'form', WAIT);
    expect(deepActive()).toBe(form()!.querySelector('input'));
    await userEvent.keyboard('{Tab}');
    expect(deepActive()).toBe(form()!.querySelector('[part~=feedback-comment]'));
    await userEvent.keyboard('Too short{Escape}');
    await waitUntil(() => !form(), 'form closed', WAIT);
    expect(el.open).toBe(true);
    expect(panelRoot(el).querySelector('dialog')!.open).toBe(true);
    expect(deepActive()).toBe(down);
    await pause();
    expect(sent().map((body) => body.helpful)).toEqual([false]);
  });

  it('a thumbs up after the thumbs down closes the form and posts helpful: true', async () => {
    const { up, down, form, thumbs, events } = await answered();
    await userEvent.click(down);
    await waitUntil(() => form(), 'form', WAIT);
    await userEvent.click(up);
    await waitUntil(() => !form(), 'form closed', WAIT);
    await waitUntil(() => api.feedbackRequests.length === 2, 'both sent', WAIT);
    expect(sent()).toEqual([
      { ...thumbs, helpful: false },
      { ...thumbs, helpful: true },
    ]);
    // Each vote's version is above the one before: the server keeps the last vote even when
    // two replicas write them in the other order.
    const [first, second] = versions() as [number, number];
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(events.map((e) => e.detail.value)).toEqual(['down', 'up']);
    expect(up.getAttribute('aria-pressed')).toBe('true');
    expect(down.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('panel: right-to-left pages', () => {
  const root = document.documentElement;
  const lang = root.getAttribute('lang');
  afterEach(() => {
    root.removeAttribute('dir');
    if (lang === null) root.removeAttribute('lang');
    else root.setAttribute('lang', lang);
  });
  const direction = (node: Element) => getComputedStyle(node).direction;

  it('on a Persian page: the chrome reads right to left, each answer block in its own direction', async () => {
    root.setAttribute('lang', 'fa');
    root.setAttribute('dir', 'rtl');
    const el = await make();
    expect(direction($(el, 'dialog')!)).toBe('rtl');
    expect(direction($(el, '[part=header]')!)).toBe('rtl');
    expect(direction($(el, '[part=composer]')!)).toBe('rtl');
    // Empty, the input (and its placeholder) reads as the panel; a question in its own direction.
    const input = $<HTMLTextAreaElement>(el, 'textarea')!;
    expect(direction(input)).toBe('rtl');
    await userEvent.fill(input, 'How');
    await el.updateComplete;
    await waitUntil(() => direction(input) === 'ltr', 'an English question reads ltr', WAIT);
    await api.answer({
      text: 'Press Esc to close.\n\n- Set `--model-base-url` first.\n\n```sh\nnpx docs-assistant serve\n```',
    });
    await ask(el, 'How do I close it?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('pre'), 'English answer', WAIT);
    const english = lastAnswer(el)!;
    expect(direction(english.querySelector('.answer p')!)).toBe('ltr');
    expect(direction(english.querySelector('.answer li')!)).toBe('ltr');
    expect(direction(english.querySelector('pre')!)).toBe('ltr');
    expect(direction($$(el, '[part~=user-message] .bubble')[0]!)).toBe('ltr');

    await api.answer({
      text: 'برای بستن، کلید Esc را بزنید.\n\n```sh\nnpx docs-assistant serve\n```',
    });
    await ask(el, 'چطور ببندم؟');
    await waitUntil(
      () => idle(el) && answers(el).length === 2 && lastAnswer(el)?.querySelector('pre'),
      'Persian answer',
      WAIT,
    );
    expect(direction(lastAnswer(el)!.querySelector('.answer p')!)).toBe('rtl');
    expect(direction(lastAnswer(el)!.querySelector('pre')!)).toBe('ltr');
    expect(direction($$(el, '[part~=user-message] .bubble')[1]!)).toBe('rtl');
    expect(await axeViolations(el)).toEqual([]);
  });

  it('on an Arabic page, an English source title reads left to right in its chip', async () => {
    root.setAttribute('lang', 'ar');
    const el = await make();
    const title = 'Starlight: Build documentation sites with Astro and a long title';
    await api.answer({ text: 'انظر [1](/guide).', sources: [['/guide', title]] });
    await ask(el, 'كيف أبدأ؟');
    await waitUntil(() => idle(el) && $(el, '[part~=citation]'), 'the citation chip', WAIT);
    const chip = $(el, '[part~=citation]')!;
    expect(direction(chip)).toBe('rtl');
    // Cut at its end, not its start: the title's own direction decides where the ellipsis goes.
    expect(direction(chip.querySelector('.label')!)).toBe('ltr');
    // The number sits at the chip's start, on the right: the narrow padding is on that side.
    const style = getComputedStyle(chip);
    expect([style.paddingRight, style.paddingLeft]).toEqual(['4px', '10px']);
  });

  it('follows a right-to-left page set by CSS alone (no dir attribute): mirrored, on the left', async () => {
    root.style.direction = 'rtl';
    try {
      const el = await make();
      const dialog = $(el, 'dialog')!;
      expect(dialog.getAttribute('dir')).toBe('rtl');
      expect(direction($(el, '[part=header]')!)).toBe('rtl');
      expect(direction($(el, '[part=composer]')!)).toBe('rtl');
      expect(dialog.getBoundingClientRect().left).toBe(12);
    } finally {
      root.style.removeProperty('direction');
    }
  });

  it("the text reads as the dir attribute says; the side follows the page's layout", async () => {
    root.style.direction = 'rtl';
    root.setAttribute('dir', 'ltr');
    try {
      const el = await make();
      expect($(el, 'dialog')!.getAttribute('dir')).toBe('ltr');
      // the CSS lays the page out right to left all the same: the launcher's side, the left
      expect($(el, 'dialog')!.getBoundingClientRect().left).toBe(12);
    } finally {
      root.style.removeProperty('direction');
    }
  });

  it('takes the direction from the page language when no dir is set', async () => {
    root.setAttribute('lang', 'ar');
    const el = await make();
    expect($(el, 'dialog')!.getAttribute('dir')).toBe('rtl');
    expect(direction($(el, '[part=composer]')!)).toBe('rtl');
    // the page itself is laid out left to right: the panel stays on its right, by the launcher
    expect($(el, 'dialog')!.getBoundingClientRect().right).toBe(1280 - 12);
    root.setAttribute('lang', 'en');
    el.requestUpdate('domain');
    await el.updateComplete;
    await el.shadowRoot!.querySelector('docs-assistant-panel')!.updateComplete;
    expect($(el, 'dialog')!.getAttribute('dir')).toBe('ltr');
  });

  it('shows a cited page in its own language and direction, whatever the host page', async () => {
    const el = await make();
    api.pages.set('fa/guide', '# راهنما\n\nاین یک راهنما است.\n\n```sh\nnpm start\n```');
    api.pageLanguages.set('fa/guide', 'fa');
    await api.answer({ text: 'See [the guide](/fa/guide).' });
    await ask(el, 'Guide?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('.answer a'), 'answer', WAIT);
    await userEvent.click(lastAnswer(el)!.querySelector('.answer a')!);
    await waitUntil(() => $(el, '[part=page] .prose p'), 'page', WAIT);
    const prose = $(el, '[part=page] .prose')!;
    expect(prose.getAttribute('lang')).toBe('fa');
    expect(direction(prose)).toBe('rtl');
    expect(direction(prose.querySelector('p')!)).toBe('rtl');
    expect(direction(prose.querySelector('pre')!)).toBe('ltr');
    expect(direction($(el, '[part=page] .page-bar')!)).toBe('ltr');
  });
});

describe('panel: narrow screens', () => {
  it('keeps short inline code on one line and scrolls wide tables in a focusable region', async () => {
    await page.viewport(360, 740);
    const el = await make();
    const flags = Array.from(
      { length: 12 },
      (_, i) => `then \`--model-base-url\` or \`--site-url-${i}\``,
    ).join(' ');
    await api.answer({
      text: `Start with ${flags}.\n\n| Option | Example |\n| --- | --- |\n| \`--model-base-url\` | DOCS_ASSISTANT_MODEL_BASE_URL_FOR_THE_COMPANION_SERVER |\n`,
    });
    await ask(el, 'Which flags?');
    await waitUntil(() => idle(el) && lastAnswer(el)?.querySelector('table'), 'answer', WAIT);
    const answer = lastAnswer(el)!;
    const codes = [...answer.querySelectorAll('p code')];
    expect(codes.length).toBe(24);
    for (const code of codes) expect(code.getClientRects().length, code.textContent!).toBe(1);
    const region = answer.querySelector('.table-scroll')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('aria-label')).toBe('Table');
    expect(getComputedStyle(region).overflowX).toBe('auto');
    expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    // the long name stays whole: the table grows and scrolls instead of breaking it
    const range = document.createRange();
    range.selectNodeContents(region.querySelectorAll('td')[1]!);
    expect(range.getClientRects().length).toBe(1);
    expect(await axeViolations(el)).toEqual([]);
  });
});

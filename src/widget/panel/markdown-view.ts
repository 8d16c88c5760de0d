import type { DocsAssistantI18n } from '../i18n.ts';
import { markdown } from '../markdown/markdown-directive.ts';
import { stripMdxSource } from '../markdown/render.ts';

/** An answer: streamed Markdown, finished blocks kept, tail repaired, sanitized. */
export function answerMarkdown(text: string, streaming: boolean, t: DocsAssistantI18n) {
  return markdown(text, { streaming, copyLabel: t.copyCode });
}

/** A whole doc page for the page view (front matter and MDX imports dropped), sanitized. */
export function pageMarkdown(content: string, t: DocsAssistantI18n) {
  return markdown(stripMdxSource(content), { copyLabel: t.copyCode });
}

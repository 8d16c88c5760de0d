import { css } from 'lit';

/**
 * Rendered Markdown in answers and in the page view: text, inline citation pills, code
 * blocks with their copy button, and highlight.js tokens for light and dark.
 */
export const proseStyles = css`
  /* Rendered Markdown (answers and pages) */
  .answer:empty {
    display: none;
  }
  .answer,
  .prose {
    overflow-wrap: anywhere;
  }
  .answer > :first-child,
  .prose > :first-child,
  .answer > * > :first-child {
    margin-top: 0;
  }
  .answer > :last-child,
  .answer > * > :last-child {
    margin-bottom: 0;
  }
  :is(.answer, .prose) :is(p, ul, ol, blockquote, table, pre) {
    margin: 0 0 0.8em;
  }
  :is(.answer, .prose) :is(ul, ol) {
    padding-inline-start: 1.4em;
  }
  :is(.answer, .prose) li + li {
    margin-top: 0.25em;
  }
  :is(.answer, .prose) :is(h1, h2, h3, h4, h5, h6) {
    margin: 1.2em 0 0.5em;
    font-size: 1em;
    font-weight: 650;
    line-height: 1.35;
    letter-spacing: -0.01em;
  }
  :is(.answer, .prose) h1 {
    font-size: 1.3em;
  }
  :is(.answer, .prose) h2 {
    font-size: 1.15em;
  }
  :is(.answer, .prose) a {
    color: var(--_accent);
    text-decoration: underline;
    text-decoration-color: color-mix(in srgb, var(--_accent) 40%, transparent);
    text-underline-offset: 2px;
  }
  :is(.answer, .prose) a:hover {
    text-decoration-color: currentColor;
  }
  /* Inline citation markers such as [3](/docs/page): small numbered pills. */
  .answer a.cite {
    display: inline-grid;
    place-items: center;
    min-width: 18px;
    height: 18px;
    margin: 0 1px;
    padding: 0 4px;
    border-radius: 999px;
    background: var(--_accent-soft);
    font-size: 11px;
    font-weight: 650;
    line-height: 1;
    text-decoration: none;
    vertical-align: 0.15em;
  }
  .answer a.cite:hover {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  :is(.answer, .prose) blockquote {
    padding-inline-start: 12px;
    border-inline-start: 3px solid var(--_border);
    color: var(--_muted);
  }
  :is(.answer, .prose) hr {
    border: 0;
    border-top: 1px solid var(--_border);
    margin: 1.2em 0;
  }
  :is(.answer, .prose) img {
    max-width: 100%;
    height: auto;
  }
  /* Wide tables scroll sideways in their region; cells break only at spaces. */
  .table-scroll {
    margin: 0 0 0.8em;
    overflow-x: auto;
  }
  .table-scroll table {
    margin: 0;
  }
  :is(.answer, .prose) table {
    border-collapse: collapse;
    font-size: 0.92em;
  }
  :is(.answer, .prose) :is(th, td) {
    padding: 6px 10px;
    border: 1px solid var(--_border);
    text-align: start;
    overflow-wrap: normal;
  }
  :is(.answer, .prose) :not(pre) > code {
    padding: 0.12em 0.35em;
    border-radius: 5px;
    background: var(--_surface);
    font: 0.87em/1.4 var(--_mono);
  }
  /* Short code (a flag, a name) never breaks; long code still wraps rather than overflow. */
  code.nowrap {
    white-space: nowrap;
  }
  .code-block {
    margin: 0 0 0.8em;
    overflow: hidden;
    border: 1px solid var(--_border);
    border-radius: 10px;
    background: var(--_surface);
  }
  .code-block:last-child {
    margin-bottom: 0;
  }
  .code-block-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    height: 34px;
    padding: 0 6px 0 12px;
    border-bottom: 1px solid var(--_border);
    color: var(--_muted);
    font-size: 12px;
    font-weight: 500;
    line-height: 1;
  }
  .code-block pre {
    margin: 0;
  }
  :is(.answer, .prose) pre {
    overflow-x: auto;
  }
  :is(.answer, .prose) pre:not(.code-block pre) {
    border: 1px solid var(--_border);
    border-radius: 10px;
    background: var(--_surface);
  }
  :is(.answer, .prose) pre code {
    display: block;
    width: max-content;
    min-width: 100%;
    padding: 12px 14px;
    font: 13px/1.6 var(--_mono);
    tab-size: 2;
  }
  [data-copy-code] {
    display: inline-flex;
    align-items: center;
    height: 24px;
    padding: 0 8px;
    border: 0;
    border-radius: 6px;
    background: transparent;
    color: var(--_muted);
    font-size: 12px;
    font-weight: 500;
    line-height: 1;
  }
  [data-copy-code]:hover {
    background: var(--_bg);
    color: var(--_fg);
  }
  [data-copy-code][data-copied] {
    color: var(--_accent);
  }
  /* highlight.js tokens, light and dark */
  .hljs-comment,
  .hljs-quote {
    color: var(--_muted);
    font-style: italic;
  }
  .hljs-keyword,
  .hljs-selector-tag,
  .hljs-built_in,
  .hljs-doctag {
    color: light-dark(#8a2be2, #c792ea);
  }
  .hljs-string,
  .hljs-regexp,
  .hljs-addition,
  .hljs-attribute {
    color: light-dark(#0f7b3f, #a5d6a7);
  }
  .hljs-number,
  .hljs-literal,
  .hljs-symbol,
  .hljs-bullet {
    color: light-dark(#b45309, #f7b267);
  }
  .hljs-title,
  .hljs-section,
  .hljs-name,
  .hljs-title.function_ {
    color: light-dark(#1d4ed8, #82aaff);
  }
  .hljs-attr,
  .hljs-variable,
  .hljs-template-variable,
  .hljs-type,
  .hljs-property {
    color: light-dark(#b91c1c, #f78c6c);
  }
  .hljs-meta,
  .hljs-deletion {
    color: light-dark(#be185d, #ff9cac);
  }

`;

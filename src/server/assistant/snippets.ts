/**
 * Splits a section's Markdown into quotable snippets: sentences, list items and code blocks.
 * The embedded model only ever quotes these verbatim, so what it says is what the docs say.
 */

export type SnippetKind = 'sentence' | 'list-item' | 'code';

export interface Snippet {
  kind: SnippetKind;
  /** Markdown as it appears in the docs (a code snippet includes its fences). */
  text: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^\s{0,6}(?:[-*+]|\d{1,3}[.)])\s+(.*)$/;
const HEADING = /^ {0,3}#{1,6}\s/;
/** JSX component lines (`<Note>`, `</Tab>`, `<Check />`) carry no quotable prose. */
const JSX_LINE = /^\s*<\/?[A-Za-z][^>]*>\s*$/;
const TABLE_ROW = /^\s*\|/;
const JSX_OPEN = /^\s*<[A-Z]/;
/** Sentence ends: punctuation followed by space and an upper-case letter, backtick or link. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z`[*])/;
const MAX_CODE_LINES = 20;

export function splitSnippets(markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split('\n');
  let paragraph: string[] = [];
  let listItem: string[] | undefined;

  const flushParagraph = () => {
    const text = paragraph.join(' ').replace(/\s+/g, ' ').trim();
    paragraph = [];
    if (!text) return;
    for (const sentence of text.split(SENTENCE_END)) {
      if (isProse(sentence)) snippets.push({ kind: 'sentence', text: sentence.trim() });
    }
  };
  const flushListItem = () => {
    if (!listItem) return;
    const text = listItem.join(' ').replace(/\s+/g, ' ').trim();
    listItem = undefined;
    if (isProse(text)) snippets.push({ kind: 'list-item', text });
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line)?.[1];
    if (fence) {
      flushParagraph();
      flushListItem();
      const block = [line.trim()];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const closing = FENCE.exec(lines[j]!)?.[1];
        if (closing && closing[0] === fence[0] && closing.length >= fence.length) break;
        block.push(dedent(lines[j]!, line));
      }
      i = j;
      const body = block.slice(1);
      if (body.some((l) => l.trim())) {
        const shown =
          body.length > MAX_CODE_LINES ? [...body.slice(0, MAX_CODE_LINES), '// …'] : body;
        snippets.push({ kind: 'code', text: [block[0], ...shown, fence].join('\n') });
      }
      continue;
    }
    if (JSX_OPEN.test(line) && !JSX_LINE.test(line)) {
      // A component whose props span lines (`<PropertiesTable content={[ … ]} />`): skip it whole.
      flushParagraph();
      flushListItem();
      while (i < lines.length && !/(\/>|>)\s*$/.test(lines[i]!)) i++;
      continue;
    }
    if (!line.trim() || HEADING.test(line) || JSX_LINE.test(line) || TABLE_ROW.test(line)) {
      flushParagraph();
      flushListItem();
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flushParagraph();
      flushListItem();
      listItem = [item[1]!];
    } else if (listItem) {
      listItem.push(line.trim());
    } else {
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushListItem();
  return snippets;
}

/** JSX props and object literals (`<PropertiesTable content={[{ name: …`) are not prose. */
const MARKUP = /^<[A-Za-z]|=\{|\{\s*\w+:|^\W*\}/;

/** Enough words to stand alone as a quote, and not stray markup. */
function isProse(text: string): boolean {
  if (MARKUP.test(text)) return false;
  const words = text.replace(/<[^>]*>/g, ' ').match(/[A-Za-z]{2,}/g);
  return (words?.length ?? 0) >= 4;
}

/** Code inside list items is indented like its fence; keep it aligned when quoted alone. */
function dedent(line: string, fenceLine: string): string {
  const indent = /^\s*/.exec(fenceLine)![0].length;
  const own = /^\s*/.exec(line)![0].length;
  return line.slice(Math.min(indent, own));
}

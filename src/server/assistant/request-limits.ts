/**
 * The size limits of an assistant request that can be seen while its body is still arriving
 * (issue 15): a user message's text over USER_MESSAGE_MAX_CHARS, a `context[].value` over
 * CONTEXT_VALUE_MAX_CHARS, more than CONTEXT_ITEMS_MAX context items. `validateJson` runs this
 * check on the body as it is read and answers the 400 at the first of them, so a 900 KB
 * question costs its first few KB instead of a 900 KB string that waits for a full GC.
 *
 * The context limits are refused with the schema's own issues. Every user message's text (each
 * text part, and `content`) is held to USER_MESSAGE_MAX_CHARS, eight times the question's
 * limit: while its body arrives, the question cannot be told from an earlier turn, and an
 * earlier turn the route let through (a client may keep a refused question in its history) must
 * not be refused. The last question is then held to QUESTION_MAX_CHARS by the route, once the
 * (then small) body is parsed. Keys may come in any order: when a message's `role` or a part's
 * `type` follows its text, the text is measured as it passes and judged when the message ends.
 */
import {
  CONTEXT_ITEMS_MAX,
  CONTEXT_VALUE_MAX_CHARS,
  QUESTION_MAX_CHARS,
  USER_MESSAGE_MAX_CHARS,
} from '../../api/limits.ts';
import { assistantRequestFieldsSchema, contextItemSchema } from '../../api/schemas.ts';
import type { JsonBodyCheck, JsonPath, JsonRefusal } from '../middleware/json-follow.ts';

/** The 400 of a question (the last user message's text) over QUESTION_MAX_CHARS. */
export function questionTooLong(): JsonRefusal {
  const message = `The question is too long: at most ${QUESTION_MAX_CHARS} characters`;
  return { message, issues: [{ path: ['messages'], message }] };
}

/** The 400 of any user message's text over USER_MESSAGE_MAX_CHARS, judged as it arrives. */
export function messageTooLong(path: (string | number)[]): JsonRefusal {
  const message = `A message is too long: at most ${USER_MESSAGE_MAX_CHARS} characters (a question: ${QUESTION_MAX_CHARS})`;
  return { message, issues: [{ path, message }] };
}

/** The schema's own refusal of a value over a limit, at `path`. */
function schemaRefusal(
  path: (string | number)[],
  schema: { safeParse(value: unknown): unknown },
  tooBig: unknown,
): JsonRefusal {
  const result = schema.safeParse(tooBig) as { error?: { issues: { message: string }[] } };
  const message = result.error?.issues[0]?.message ?? 'Too big';
  return { message: 'Invalid request body', issues: [{ path, message }] };
}

/** Length of a text once trimmed, measured piece by piece (`\s` is what `trim` removes). */
class TrimmedLength {
  #offset = 0;
  #first = -1;
  #last = -1;

  add(piece: string): void {
    let end = piece.length;
    while (end > 0 && WHITESPACE.test(piece[end - 1]!)) end--;
    if (end > 0) {
      if (this.#first === -1) {
        let start = 0;
        while (WHITESPACE.test(piece[start]!)) start++;
        this.#first = this.#offset + start;
      }
      this.#last = this.#offset + end - 1;
    }
    this.#offset += piece.length;
  }

  get value(): number {
    return this.#first === -1 ? 0 : this.#last - this.#first + 1;
  }
}

const WHITESPACE = /\s/;

/** A text of a user message, measured as it is read. */
interface MessageText {
  path: (string | number)[];
  length: TrimmedLength;
  /** A `text` part's text or `content`; undefined while the part's `type` is not read yet. */
  counts: boolean | undefined;
}

/** The check `validateJson` runs on an assistant body; a new one per request. */
export function assistantRequestCheck(): JsonBodyCheck {
  // The message being read: its role, its texts, the types of its parts (true: `text`).
  let role: string | undefined;
  let texts: MessageText[] = [];
  let partTypes = new Map<string | number, boolean>();
  /** The text being read, or the short string (`role`, a part's `type`) being read. */
  let current: MessageText | undefined;
  let word: { path: JsonPath; value: string } | undefined;
  let contextValue = 0;

  const tooLong = (text: MessageText) =>
    role === 'user' && text.counts === true && text.length.value > USER_MESSAGE_MAX_CHARS
      ? messageTooLong(text.path)
      : undefined;
  const anyTooLong = () => texts.map(tooLong).find(Boolean);

  return {
    begin(path, kind) {
      const [field, index, key, part, partKey] = path;
      if (typeof index !== 'number') return undefined;
      if (field === 'context') {
        if (path.length === 2 && index >= CONTEXT_ITEMS_MAX) {
          const items = Array.from({ length: index + 1 }, () => ({ type: 'code', value: '' }));
          return schemaRefusal(['context'], assistantRequestFieldsSchema.shape.context, items);
        }
        if (path.length === 3 && key === 'value') contextValue = 0;
        return undefined;
      }
      if (field !== 'messages') return undefined;
      if (path.length === 2) {
        role = undefined;
        texts = [];
        partTypes = new Map();
      }
      if (kind !== 'string') return undefined;
      const measured = role === undefined || role === 'user';
      if ((path.length === 3 && key === 'role') || (path.length === 5 && partKey === 'type')) {
        word = { path, value: '' };
      } else if (!measured) {
        return undefined;
      } else if (path.length === 3 && key === 'content') {
        current = { path: [...path], length: new TrimmedLength(), counts: true };
        texts.push(current);
      } else if (path.length === 5 && key === 'parts' && partKey === 'text' && part !== undefined) {
        current = { path: [...path], length: new TrimmedLength(), counts: partTypes.get(part) };
        texts.push(current);
      }
      return undefined;
    },

    text(path, piece) {
      if (current) {
        current.length.add(piece);
        return tooLong(current);
      }
      if (word) {
        if (word.value.length < 16) word.value += piece;
        return undefined;
      }
      if (path.length === 3 && path[0] === 'context' && path[2] === 'value') {
        contextValue += piece.length;
        if (contextValue > CONTEXT_VALUE_MAX_CHARS) {
          const tooBig = 'x'.repeat(CONTEXT_VALUE_MAX_CHARS + 1);
          return schemaRefusal([...path], contextItemSchema.shape.value, tooBig);
        }
      }
      return undefined;
    },

    end(path, kind) {
      if (path[0] !== 'messages') return undefined;
      if (kind === 'string') {
        current = undefined;
        if (!word) return undefined;
        const { path: wordPath, value } = word;
        word = undefined;
        if (wordPath.length === 3) role = value;
        else {
          // A part's type: its text, read before or after it, counts if it is a text part.
          const part = wordPath[3]!;
          partTypes.set(part, value === 'text');
          for (const text of texts) if (text.path[3] === part) text.counts = value === 'text';
        }
        return anyTooLong();
      }
      // The end of a message: a text whose role came after it is judged now.
      return path.length === 2 ? anyTooLong() : undefined;
    },
  };
}

/**
 * The prompt budget: the most a real model is sent for one answer, in UTF-8 bytes, so that a
 * visitor holding the site's public key cannot turn one request into a quarter of a million
 * tokens on the site's bill ("denial of wallet"). It covers the system prompt (instructions,
 * where the reader is, their selections, the retrieved sections) and the conversation. When a
 * request is over it, what goes first is what helps the answer least:
 *
 * 1. earlier turns of the conversation, oldest first (the question itself is always kept);
 * 2. the reader's selections, the longest cut first, down to their first 200 characters (a cut
 *    item ends with "[…]");
 * 3. retrieved sections, the lowest ranked first (and only then, under a tiny budget, what is
 *    left of the selections).
 *
 * The model still answers from what is left. The embedded model is not billed and gets no
 * prompt, so the budget does not apply to it.
 */
import type { ModelMessage } from 'ai';
import type { ContextItem, SearchResult } from '../../api/types.ts';
import { buildSystemPrompt, type PromptInput } from './prompt.ts';

/** 96 KiB: about 24k tokens of English, well under the 128k-token windows of common models. */
export const DEFAULT_PROMPT_BUDGET_BYTES = 96 * 1024;

/** What a cut selection ends with, so the model knows it does not have all of it. */
const CUT_MARK = ' […]';
/** A selection cut shorter than this is dropped rather than kept as a stub. */
const SHORTEST_CUT = 200;

export interface BudgetedPrompt {
  system: string;
  messages: ModelMessage[];
  /** What was cut to fit, for logs and tests. */
  cut: { turns: number; contextBytes: number; sections: number };
  /** Bytes of `system` and `messages`' text. */
  bytes: number;
}

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;
const textOf = (message: ModelMessage) =>
  typeof message.content === 'string' ? message.content : JSON.stringify(message.content);

/**
 * The system prompt and turns for `input` and `turns` (the last turn is the question), cut to
 * `budget` bytes as described above.
 */
export function fitPromptBudget(
  input: PromptInput,
  turns: ModelMessage[],
  budget: number = DEFAULT_PROMPT_BUDGET_BYTES,
): BudgetedPrompt {
  const history = turns.slice(0, -1);
  const question = turns.slice(-1);
  const context: ContextItem[] = [...(input.context ?? [])];
  const passages: SearchResult[] = [...input.passages];
  const cut = { turns: 0, contextBytes: 0, sections: 0 };

  // Sizes are estimated per piece (the prompt around them is measured once), then checked on
  // the prompt actually built: a huge request is never rebuilt piece by piece.
  const frame = bytesOf(buildSystemPrompt({ ...input, passages: [], context: [] })) + 200;
  const historyBytes = history.map((turn) => bytesOf(textOf(turn)));
  const contextBytes = context.map((item) => bytesOf(item.value) + 100);
  const passageBytes = passages.map((p) => bytesOf(p.content) + bytesOf(p.metadata.title) + 200);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const questionBytes = sum(question.map((turn) => bytesOf(textOf(turn))));
  let estimate = frame + questionBytes + sum(historyBytes) + sum(contextBytes) + sum(passageBytes);

  while (estimate > budget && history.length > 0) {
    history.shift();
    estimate -= historyBytes.shift()!;
    cut.turns++;
  }
  // Selections are cut down to their first SHORTEST_CUT characters, the longest first.
  while (estimate > budget) {
    const longest = longestOver(context, SHORTEST_CUT + CUT_MARK.length);
    if (longest < 0) break;
    const item = context[longest]!;
    // Each character is at least one byte: dropping `over` characters saves at least `over`.
    const keep = Math.max(SHORTEST_CUT, item.value.length - (estimate - budget) - CUT_MARK.length);
    const value = `${item.value.slice(0, keep)}${CUT_MARK}`;
    const before = contextBytes[longest]!;
    context[longest] = { ...item, value };
    contextBytes[longest] = bytesOf(value) + 100;
    cut.contextBytes += before - contextBytes[longest]!;
    estimate -= before - contextBytes[longest]!;
  }

  for (;;) {
    const system = buildSystemPrompt({ ...input, passages, context });
    const messages = [...history, ...question];
    const bytes = bytesOf(system) + sum(messages.map((turn) => bytesOf(textOf(turn))));
    if (bytes <= budget || (passages.length === 0 && context.length === 0)) {
      return { system, messages, cut, bytes };
    }
    if (passages.length === 0) {
      // Only a tiny budget gets here: what is left of the selections goes, the last first.
      cut.contextBytes += contextBytes.pop()! - 100;
      context.pop();
      continue;
    }
    // Drop the lowest-ranked sections the estimate says are over, at least one per pass.
    let over = bytes - budget;
    do {
      passages.pop();
      over -= passageBytes.pop()!;
      cut.sections++;
    } while (over > 0 && passages.length > 0);
  }
}

/** The index of the longest selection longer than `length` characters, or -1. */
function longestOver(context: ContextItem[], length: number): number {
  let found = -1;
  for (let i = 0; i < context.length; i++) {
    const size = context[i]!.value.length;
    if (size > length && (found < 0 || size > context[found]!.value.length)) found = i;
  }
  return found;
}

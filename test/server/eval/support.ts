/** The eval's tiny test set, and running the command with its output captured. */
import { fileURLToPath } from 'node:url';
import { evalCommand } from '../../../src/server/eval/command.ts';

const fixture = (path: string) =>
  fileURLToPath(new URL(`../../fixtures/questions/${path}`, import.meta.url));

/** Three pages: getting-started, guides/theming, guides/deploy. */
export const TINY_DOCS = fixture('tiny-docs');
/** Three covered questions (one per page, each with a fact) and two off-topic ones. */
export const TINY_QUESTIONS = fixture('tiny.json');

export interface CommandRun {
  code: number;
  output: string;
  errors: string;
}

export async function runEvalCommand(args: string[]): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await evalCommand(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, output: out.join('\n'), errors: err.join('\n') };
}

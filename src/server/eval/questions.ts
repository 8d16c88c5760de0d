/**
 * The questions file of `docs-assistant eval`: what a reader asks, the published pages that
 * answer it, and optionally the fact the answer must contain, or that the docs do not cover it.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { z } from 'zod/v4';
import { CURRENT_PATH_MAX } from '../../api/limits.ts';
import { contextItemSchema, searchFilterSchema } from '../../api/schemas.ts';

/** `/pattern/flags` gives the flags; a bare pattern is matched case-insensitively. */
const LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

export function factPattern(fact: string): RegExp {
  const literal = LITERAL.exec(fact);
  return literal ? new RegExp(literal[1]!, literal[2]) : new RegExp(fact, 'i');
}

const factSchema = z
  .string()
  .min(1)
  .refine(
    (fact) => {
      try {
        factPattern(fact);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'not a valid regular expression' },
  );

const questionSchema = z
  .strictObject({
    /** Names the question in reports; default `q<number>` (1-based). */
    id: z.string().min(1).optional(),
    question: z.string().trim().min(1),
    /** Published page paths, any of which answers the question. */
    pages: z.array(z.string().min(1)).optional(),
    /** A regular expression the answer must match. */
    fact: factSchema.optional(),
    /** The docs do not answer this: the assistant must say so. */
    uncovered: z.boolean().optional(),
    /** A label rates are also given per (e.g. `en`, `ja`); not sent to the server. */
    language: z.string().min(1).optional(),
    /** Sent with the question, as the widget sends them. */
    currentPath: z.string().max(CURRENT_PATH_MAX).optional(),
    filter: searchFilterSchema.optional(),
    context: z.array(contextItemSchema).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.uncovered && (q.pages?.length || q.fact)) {
      ctx.addIssue({ code: 'custom', message: 'an uncovered question has no pages and no fact' });
    }
    if (!q.uncovered && !q.pages?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['pages'],
        message: 'name the pages that answer it, or mark it "uncovered": true',
      });
    }
  });

const questionSetSchema = z.looseObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  questions: z.array(questionSchema),
});

export interface Question {
  id: string;
  question: string;
  /** Empty for uncovered questions. */
  pages: string[];
  fact?: string;
  uncovered: boolean;
  language?: string;
  currentPath?: string;
  filter?: z.infer<typeof searchFilterSchema>;
  context?: z.infer<typeof contextItemSchema>[];
}

export interface QuestionSet {
  name: string;
  description?: string;
  questions: Question[];
}

/** A questions file that cannot be read or is not valid, said in one line. */
export class QuestionSetError extends Error {
  override name = 'QuestionSetError';
}

/** `json` is `{name?, description?, questions}` or a bare array of questions. */
export function parseQuestionSet(json: unknown, name: string): QuestionSet {
  const parsed = questionSetSchema.safeParse(Array.isArray(json) ? { questions: json } : json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new QuestionSetError(`${name}${at}: ${issue.message}`);
  }
  const file = parsed.data;
  const questions = file.questions.map(
    (q, i): Question => ({
      ...q,
      id: q.id ?? `q${i + 1}`,
      pages: q.pages ?? [],
      uncovered: q.uncovered ?? false,
    }),
  );
  const seen = new Set<string>();
  for (const q of questions) {
    if (seen.has(q.id)) throw new QuestionSetError(`${name}: the id ${q.id} appears twice`);
    seen.add(q.id);
  }
  return {
    name: file.name ?? name,
    ...(file.description && { description: file.description }),
    questions,
  };
}

export async function loadQuestionSet(file: string): Promise<QuestionSet> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new QuestionSetError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return parseQuestionSet(json, basename(file, extname(file)));
}

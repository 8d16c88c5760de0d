/**
 * The server's side of insights: records answers and searches without ever delaying or
 * failing a reader's request (writes go to the store after the response, and a store error is
 * logged, at most once a minute), and hands the admin API the store once it is open.
 */
import type { SearchResult } from '../../api/types.ts';
import type { FeedbackStore } from '../agents/feedback-store.ts';
import { opensNotCovered } from '../assistant/answer-words.ts';
import type { Site } from '../types.ts';
import type { InsightsStore } from './insights-store.ts';
import type { AnswerRecord, ScoredPath } from './records.ts';

/** What a site records (config `logging`, `logQuestions`); both default to true. */
export interface InsightsSettings {
  logging: boolean;
  logQuestions: boolean;
}

/** What an answer was, once it ended; the route fills it in. */
export interface EndedAnswer {
  site: Site;
  at: number;
  threadId: string;
  messageId: string;
  question: string;
  language?: string;
  currentPath?: string;
  /** The retrieved sections' pages and scores, in search order. */
  retrieved: ScoredPath[];
  /** The answer's text and the source URLs it streamed. */
  text: string;
  sources: string[];
  /** True when the model names the pages it cites (the embedded model). */
  modelCites: boolean;
  model: string;
  firstChunkMs: number;
  totalMs: number;
  stopped: boolean;
  fp: string;
}

const LOG_EVERY_MS = 60_000;

export class Insights {
  readonly store: Promise<InsightsStore | undefined>;
  private readonly log: (line: string) => void;
  private lastLogged = 0;
  /**
   * Answers being written, by message id: the store keeps a reader's thumbs only on an answer
   * it recorded, and a client may send them as soon as the answer's stream ends.
   */
  private readonly recording = new Map<string, Promise<void>>();

  constructor(store: Promise<InsightsStore | undefined>, log: (line: string) => void) {
    this.store = store;
    this.log = log;
    store.catch(() => {});
  }

  recordAnswer(answer: EndedAnswer): void {
    const settings = settingsOf(answer.site);
    if (!settings.logging) return;
    const { messageId } = answer;
    const written = this.write(async (store) =>
      store.recordAnswer(await answerRecord(answer, settings, (fp) => store.fpHash(fp))),
    );
    this.recording.set(messageId, written);
    void written.then(() => {
      if (this.recording.get(messageId) === written) this.recording.delete(messageId);
    });
  }

  recordSearch(site: Site, query: string, results: SearchResult[]): void {
    const settings = settingsOf(site);
    if (!settings.logging) return;
    this.write((store) =>
      store.recordSearch({
        domain: site.domain,
        at: Date.now(),
        // Without question text, a search is still counted (with or without results).
        query: settings.logQuestions ? query : '',
        resultCount: results.length,
        topPaths: results.slice(0, 3).map((result) => result.path),
      }),
    );
  }

  /** Feedback goes to the insights store once open (memory before, or without one). */
  feedback(fallback: FeedbackStore): FeedbackStore {
    const target = async () => (await this.store.catch(() => undefined)) ?? fallback;
    return {
      add: async (input) => {
        await (input.messageId && this.recording.get(input.messageId));
        return (await target()).add(input);
      },
      list: async (query) => (await target()).list(query),
    };
  }

  /** Writes once the store is open; never rejects (a failure is logged). */
  private write(run: (store: InsightsStore) => Promise<void>): Promise<void> {
    return this.store
      .then((store) => (store ? run(store) : undefined))
      .catch((error: unknown) => {
        const now = Date.now();
        if (now - this.lastLogged < LOG_EVERY_MS) return;
        this.lastLogged = now;
        this.log(`Could not record insights: ${(error as Error).message}`);
      });
  }
}

export function settingsOf(site: Site): InsightsSettings {
  return {
    logging: site.insights?.logging ?? true,
    logQuestions: site.insights?.logQuestions ?? true,
  };
}

/**
 * The record of an answer. Cited pages: the sources a citing model announced, else the
 * retrieved pages the answer links to. Covered: the embedded model says when it is not; for
 * a real model, an answer is counted as covered when it cites a retrieved page and does not
 * say the docs do not cover the question (documented in docs/guides/insights.md).
 */
export async function answerRecord(
  answer: EndedAnswer,
  settings: InsightsSettings,
  hash: (fp: string) => Promise<string>,
): Promise<AnswerRecord> {
  const paths = answer.retrieved.map((result) => result.path);
  const cited = answer.modelCites
    ? unique(answer.sources.map((url) => pathOf(url, paths)).filter((p): p is string => !!p))
    : paths.filter((path) => linksTo(answer.text, path));
  const saysUncovered = opensNotCovered(answer.text) || UNCOVERED_PHRASE.test(answer.text);
  const covered = !saysUncovered && cited.length > 0;
  return {
    domain: answer.site.domain,
    at: answer.at,
    threadId: answer.threadId,
    messageId: answer.messageId,
    ...(settings.logQuestions && { question: answer.question }),
    ...(answer.language && { language: answer.language }),
    ...(answer.currentPath && { currentPath: answer.currentPath }),
    retrieved: unique(paths).map((path) => ({
      path,
      score: answer.retrieved.find((result) => result.path === path)?.score ?? 0,
    })),
    cited,
    covered,
    model: answer.model,
    firstChunkMs: answer.firstChunkMs,
    totalMs: answer.totalMs,
    stopped: answer.stopped,
    fpHash: await hash(answer.fp),
  };
}

/** What the system prompt tells a real model to say when the sections do not answer. */
const UNCOVERED_PHRASE = /\bdocs? (?:don[’']t|do not|does not|doesn[’']t) (?:seem to )?cover\b/i;

/** The retrieved path a source URL points to (`…/docs/x#anchor` → `docs/x`). */
function pathOf(url: string, paths: string[]): string | undefined {
  const bare = url.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return paths.find((path) => bare === `/${path}` || bare.endsWith(`/${path}`) || bare === path);
}

/** True when the Markdown links to the page (`](…/path)`, `](…/path#anchor)`). */
function linksTo(text: string, path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\]\\([^)\\s]*/${escaped}(?:[#?][^)\\s]*)?\\)`).test(text);
}

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * The project's question sets and the corpus each is asked against: what `npm run eval` runs and
 * what `bench/coverage-curve.ts` reads, paired in one place.
 */
import { fileURLToPath } from 'node:url';

export interface QuestionSetFile {
  /** The file under test/fixtures/questions. */
  questions: string;
  /** The corpus, relative to test/fixtures/corpora (the project's own docs: `../../../docs`). */
  docs: string;
}

export const QUESTION_SETS: QuestionSetFile[] = [
  { questions: 'ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'vite-docs.json', docs: 'vite-docs' },
  { questions: 'starlight-multilingual.json', docs: 'starlight-docs' },
  // Development sets: held out until session 12, studied question by question since (not gated).
  { questions: 'dev-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-starlight-docs.json', docs: 'starlight-docs' },
  // Second round of development sets (session 13), written by reading pages before any run.
  { questions: 'dev-2-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-2-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-2-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-2-starlight-multilingual.json', docs: 'starlight-docs' },
  { questions: 'dev-2-demo-docs.json', docs: '../../../docs' },
  // Off-topic questions near each site's domain (other libraries, hosting, databases, tools).
  { questions: 'dev-near-off-topic-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-near-off-topic-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-near-off-topic-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-near-off-topic-demo-docs.json', docs: '../../../docs' },
  // Off-topic questions in six of the Starlight docs' other languages (session 16).
  { questions: 'dev-off-topic-starlight-multilingual.json', docs: 'starlight-docs' },
  // Held out (rates only) until session 16 as held-out-2-ai-sdk-docs and held-out-3-*; since
  // session 17, when the held-out-4 sets took their place, development sets like the others.
  { questions: 'dev-3-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-4-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-4-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-4-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-4-demo-docs.json', docs: '../../../docs' },
  // Readers' own words in other languages (session 17), the partly translated ones included.
  { questions: 'dev-5-starlight-multilingual.json', docs: 'starlight-docs' },
  // Readers' everyday words on pages drawn at random (session 18), written before any run.
  { questions: 'dev-6-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-6-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-6-starlight-multilingual.json', docs: 'starlight-docs' },
  // Held out (rates only) in sessions 17 and 18 as the held-out-4 sets; development sets since
  // session 19, when the held-out-5 sets took their place.
  { questions: 'dev-7-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-7-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-7-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-7-starlight-multilingual.json', docs: 'starlight-docs' },
  { questions: 'dev-7-demo-docs.json', docs: '../../../docs' },
  // Held out (rates only) in session 19 as the held-out-5 sets; development sets since session
  // 20, when the held-out-6 sets took their place.
  { questions: 'dev-8-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-8-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-8-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-8-starlight-multilingual.json', docs: 'starlight-docs' },
  { questions: 'dev-8-demo-docs.json', docs: '../../../docs' },
  // Questions about a selection (session 20, issue 14): a code block or sentence selected on a
  // page drawn at random, asked about in readers' words; written before any run.
  { questions: 'dev-sel-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-sel-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-sel-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-sel-demo-docs.json', docs: '../../../docs' },
  // Held out (rates only) in session 20 as the held-out-6 sets; development sets since session
  // 21, when the held-out-7 sets took their place.
  { questions: 'dev-9-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-9-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-9-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-9-starlight-multilingual.json', docs: 'starlight-docs' },
  { questions: 'dev-9-demo-docs.json', docs: '../../../docs' },
  // Held out (rates only) in session 21 as the held-out-7 sets; development sets since session
  // 22, when the held-out-8 sets took their place.
  { questions: 'dev-10-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'dev-10-vite-docs.json', docs: 'vite-docs' },
  { questions: 'dev-10-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'dev-10-starlight-multilingual.json', docs: 'starlight-docs' },
  { questions: 'dev-10-demo-docs.json', docs: '../../../docs' },
  // A newcomer's first questions ("How do I get started?", "What is this?") on the small fixture
  // sites of each docs framework, with questions in the same words about something else
  // (session 21, issue 14).
  { questions: 'dev-first-docusaurus.json', docs: '../sites/docusaurus' },
  { questions: 'dev-first-mkdocs.json', docs: '../sites/mkdocs' },
  { questions: 'dev-first-mintlify.json', docs: '../sites/mintlify' },
  { questions: 'dev-first-nextra.json', docs: '../sites/nextra' },
  { questions: 'dev-first-fumadocs.json', docs: '../sites/fumadocs' },
  // Held out from session 22 (rates only): the held-out-8 sets, readers' words on pages and
  // sections drawn at random, written blind before any run; nobody working on ranking or
  // answers reads their questions.
  { questions: 'held-out-8-ai-sdk-docs.json', docs: 'ai-sdk-docs' },
  { questions: 'held-out-8-vite-docs.json', docs: 'vite-docs' },
  { questions: 'held-out-8-starlight-docs.json', docs: 'starlight-docs' },
  { questions: 'held-out-8-starlight-multilingual.json', docs: 'starlight-docs' },
  { questions: 'held-out-8-demo-docs.json', docs: '../../../docs' },
  // The project's own docs (what `npm start` serves), read from docs/ in the repository.
  { questions: 'demo-docs.json', docs: '../../../docs' },
];

const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The absolute paths of a set's questions file and of its corpus. */
export function questionSetPaths(set: QuestionSetFile): { questions: string; docs: string } {
  return {
    questions: here(`test/fixtures/questions/${set.questions}`),
    docs: here(`test/fixtures/corpora/${set.docs}`),
  };
}

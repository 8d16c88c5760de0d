import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../../src/server/assistant/compose-answer.ts';
import { readingOptions } from '../../../src/server/assistant/embedded-model.ts';
import { docsLookup } from '../../../src/server/assistant/grounding.ts';
import { retrievePassages } from '../../../src/server/assistant/retrieval.ts';
import { buildDocsIndex } from '../../../src/server/docs-index/load.ts';
import { firstQuestionOf, firstTopicRank } from '../../../src/server/text/first-questions.ts';

describe('firstQuestionOf', () => {
  it('reads the generic first questions of any doc site', () => {
    expect(firstQuestionOf('How do I get started?')).toBe('start');
    expect(firstQuestionOf('Where do I begin?')).toBe('start');
    expect(firstQuestionOf('quickstart')).toBe('start');
    expect(firstQuestionOf('How do I install it?')).toBe('install');
    expect(firstQuestionOf('How do I set it up?')).toBe('install');
    expect(firstQuestionOf('What is this?')).toBe('about');
    expect(firstQuestionOf('What does it do?')).toBe('about');
  });

  it('leaves a question naming anything else to the usual reading', () => {
    expect(firstQuestionOf('How do I install Starlight?')).toBeUndefined();
    expect(firstQuestionOf('How do I start the dev server?')).toBeUndefined();
    expect(firstQuestionOf('What is this setting for?')).toBeUndefined();
    expect(firstQuestionOf('How do I install `vite`?')).toBeUndefined();
    expect(firstQuestionOf('How?')).toBeUndefined();
    expect(firstQuestionOf('Wie fange ich an?', 'de')).toBeUndefined();
  });

  it('ranks the names doc sites give the page that answers', () => {
    expect(firstTopicRank('start', 'Getting Started')).toBe(0);
    expect(firstTopicRank('start', 'Installation')).toBe(1);
    expect(firstTopicRank('install', 'Installation')).toBe(0);
    expect(firstTopicRank('about', 'Introduction')).toBe(0);
    expect(firstTopicRank('about', 'Theming')).toBeUndefined();
  });
});

async function answer(site: string, question: string) {
  const { index } = await buildDocsIndex(`test/fixtures/sites/${site}`);
  const retrieval = retrievePassages(index, { question, pageSize: 5 });
  const options = readingOptions(retrieval.results, {
    selection: [],
    docs: docsLookup(index),
    ...(retrieval.language && { language: retrieval.language }),
  });
  return composeAnswer(question, retrieval.results, options);
}

describe('first questions answered', () => {
  it('quotes the getting-started section on a Docusaurus site', async () => {
    const reply = await answer('docusaurus', 'How do I get started?');
    expect(reply.covered).toBe(true);
    expect(reply.text).toContain('create-widgets');
    expect(reply.sources[0]?.path).toBe('docs/intro');
  });

  it('quotes the page named for installing on a Mintlify site', async () => {
    const reply = await answer('mintlify', 'How do I install it?');
    expect(reply.text).toContain('brew install acme/tap/acme');
  });

  it("quotes the home page's opening when no page is named for it (MkDocs)", async () => {
    const reply = await answer('mkdocs', 'What is this?');
    expect(reply.covered).toBe(true);
    expect(reply.text).toContain('Acme Lighthouse watches your websites');
  });

  it('still refuses a question in the same words about something else', async () => {
    const reply = await answer('nextra', 'How do I install Python on a Mac?');
    expect(reply.covered).toBe(false);
  });
});

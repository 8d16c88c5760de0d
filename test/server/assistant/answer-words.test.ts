/**
 * The embedded model's own words in the reader's language, and the places that read them back:
 * the eval's refusal pattern and insights' "not covered".
 */
import { describe, expect, it } from 'vitest';
import {
  answerWords,
  NOT_COVERED_LEADS,
  opensNotCovered,
} from '../../../src/server/assistant/answer-words.ts';
import { isRefusal } from '../../../src/server/eval/grade.ts';
import { answerRecord } from '../../../src/server/insights/insights.ts';
import type { Site } from '../../../src/server/types.ts';

describe('answerWords', () => {
  it('picks the language by its primary subtag, English for the rest', () => {
    expect(answerWords('ja').moreIn).toBe('詳しくは:');
    expect(answerWords('zh-CN').notCovered).toBe('文档似乎没有涉及这一点。');
    expect(answerWords('zh-Hant').notCovered).toBe("The docs don't seem to cover this.");
    expect(answerWords('nl').moreIn).toBe('More in:');
    expect(answerWords().moreIn).toBe('More in:');
    expect(answerWords('fr').from('**Config**', '[1](/c)')).toBe('Extrait de **Config** [1](/c) :');
  });

  it('every language lead reads as a refusal to the eval and as "not covered" to insights', async () => {
    const site = { domain: 'docs', index: {} } as unknown as Site;
    for (const lead of NOT_COVERED_LEADS) {
      const text = `${lead}\n\n- [Sidebar](/guides/sidebar)`;
      expect(isRefusal(text), lead).toBe(true);
      expect(opensNotCovered(text), lead).toBe(true);
      const record = await answerRecord(
        {
          site,
          at: 0,
          threadId: 't',
          messageId: 'm',
          question: 'q',
          retrieved: [{ path: 'guides/sidebar', score: 1 }],
          text,
          sources: ['/guides/sidebar'],
          modelCites: true,
          model: 'embedded',
          firstChunkMs: 1,
          totalMs: 2,
          stopped: false,
          fp: 'anonymous',
        },
        { logging: false, logQuestions: false },
        async (fp) => fp,
      );
      expect(record.covered, lead).toBe(false);
    }
    expect(isRefusal('> **サイドバー**: `sidebar` で並べ替えます。 [1](/ja/guides/sidebar)')).toBe(
      false,
    );
  });
});

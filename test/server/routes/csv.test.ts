import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/server/routes/csv.ts';

describe('toCsv', () => {
  it('quotes what needs it and defuses cells a spreadsheet would run as formulas', () => {
    const csv = toCsv([
      { question: 'Say "hi", then go', pages: ['a', 'b'], covered: true },
      { question: '=HYPERLINK("http://evil")', pages: [], covered: false },
      { question: '@SUM(A1)\nnext', covered: null },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'question,pages,covered',
      '"Say ""hi"", then go",a; b,true',
      `"'=HYPERLINK(""http://evil"")",,false`,
      `"'@SUM(A1)\nnext",,`,
      '',
    ]);
  });
});

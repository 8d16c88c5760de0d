import { describe, expect, test } from 'vitest';
import { joinCsvPages } from '../../src/insights-app/analytics-client.ts';

describe('joinCsvPages', () => {
  test('one header row, then every page’s rows in order', () => {
    const pages = ['a,b\r\n1,2\r\n3,4\r\n', 'a,b\r\n5,6\r\n', 'a,b\r\n7,"x\r\ny"\r\n'];
    expect(joinCsvPages(pages)).toBe('a,b\r\n1,2\r\n3,4\r\n5,6\r\n7,"x\r\ny"\r\n');
  });

  test('a single page is unchanged, and so is an empty export', () => {
    expect(joinCsvPages(['a,b\r\n1,2\r\n'])).toBe('a,b\r\n1,2\r\n');
    expect(joinCsvPages(['\r\n'])).toBe('\r\n');
    expect(joinCsvPages([])).toBe('');
  });
});

import type { CsvFile } from './analytics-client.ts';

/**
 * Saves a CSV file the page fetched (with the key in a header, never in a URL): a Blob behind
 * a temporary `<a download>`. A byte-order mark first, so spreadsheets read it as UTF-8.
 */
export function downloadCsv(file: CsvFile): void {
  const blob = new Blob(['\uFEFF', file.text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference to the Blob by now.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Data rows of a CSV text (its lines after the header; quoted line breaks are rare here). */
export function csvRows(text: string): number {
  return Math.max(0, text.split('\r\n').filter((line) => line !== '').length - 1);
}

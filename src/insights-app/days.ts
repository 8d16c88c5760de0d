/**
 * The page's periods (the last 7, 30 or 90 UTC days, today included) and the daily series
 * its charts draw: every day of the period, also those without a question.
 */
import type { DayCount } from '../api/analytics.ts';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

const DAY_MS = 86_400_000;

export interface DayRange {
  /** First and last day, `YYYY-MM-DD` (the API reads a date alone as the whole UTC day). */
  from: string;
  to: string;
  /** Every day from `from` to `to`. */
  days: string[];
}

export function lastDays(count: number, now = Date.now()): DayRange {
  const today = Math.floor(now / DAY_MS);
  const days = Array.from({ length: count }, (_, i) => isoDay(today - count + 1 + i));
  return { from: days[0]!, to: days.at(-1)!, days };
}

export interface DailySeries {
  /** Each day's start, in seconds since the epoch (uPlot's time scale). */
  x: number[];
  questions: number[];
  /** Share answered, 0–100; null on a day without questions (no point drawn). */
  answered: (number | null)[];
}

export function dailySeries(range: DayRange, counts: DayCount[]): DailySeries {
  const byDay = new Map(counts.map((count) => [count.day, count]));
  const series: DailySeries = { x: [], questions: [], answered: [] };
  for (const day of range.days) {
    const count = byDay.get(day);
    series.x.push(Date.parse(day) / 1000);
    series.questions.push(count?.questions ?? 0);
    series.answered.push(count?.questions ? percent(count.covered, count.questions) : null);
  }
  return series;
}

/** A whole percentage (one decimal under 10%, so a small share does not read as 0). */
export function percent(part: number, whole: number): number {
  if (whole === 0) return 0;
  const share = (part / whole) * 100;
  return share < 10 ? Math.round(share * 10) / 10 : Math.round(share);
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The coverage decision's trade-off (issue 14): every covered and off-topic question of the sets
 * `npm run eval` runs (scripts/question-sets.ts), retrieved and read as the embedded model does
 * (embedded-model.ts), and how far the best section stands from what the decision asks
 * (`coverageMargin`). Moving every threshold by `d` refuses exactly the
 * questions whose margin is under `d`, so one run gives the whole curve: false refusals and
 * off-topic questions answered per shift. The decision alone: an answer with nothing to quote
 * is refused after it, which the eval counts and this does not. Held-out sets are not among
 * them (their rates are read only from `npm run eval`).
 *
 * `node bench/coverage-curve.ts` prints the curve; `--near <share>` also lists the questions
 * within that distance of the line (covered refused, off-topic answered, and close calls).
 */
import { parseArgs } from 'node:util';
import { coverageMargin } from '../src/server/assistant/read-sections.ts';
import { questionReadings } from './question-readings.ts';

const SHIFTS = [-0.08, -0.06, -0.04, -0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03, 0.04, 0.06];

export interface Margin {
  set: string;
  question: string;
  covered: boolean;
  margin: number;
}

/** Every question's margin, over the sets `npm run eval` runs, each against its corpus. */
export async function coverageMargins(): Promise<Margin[]> {
  const margins: Margin[] = [];
  for await (const { set, question, reading } of questionReadings()) {
    margins.push({
      set: set.name,
      question: question.question,
      covered: !question.uncovered,
      margin: coverageMargin(reading),
    });
  }
  return margins;
}

/** Covered questions refused and off-topic ones answered with every threshold moved by `shift`. */
export function tradeOff(margins: Margin[], shift: number) {
  const covered = margins.filter((m) => m.covered);
  const offTopic = margins.filter((m) => !m.covered);
  return {
    shift,
    falseRefusals: `${covered.filter((m) => m.margin < shift).length}/${covered.length}`,
    offTopicAnswered: `${offTopic.filter((m) => m.margin >= shift).length}/${offTopic.length}`,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { near: { type: 'string' } } });
  const margins = await coverageMargins();
  console.table(SHIFTS.map((shift) => tradeOff(margins, shift)));
  const near = values.near === undefined ? undefined : Number(values.near);
  if (near !== undefined) {
    const listed = margins
      .filter((m) => Math.abs(m.margin) <= near || (m.covered ? m.margin < 0 : m.margin >= 0))
      .sort((a, b) => a.margin - b.margin);
    for (const m of listed) {
      const kind = m.covered ? 'covered ' : 'off-topic';
      console.log(`${m.margin.toFixed(3).padStart(7)}  ${kind}  ${m.set}: ${m.question}`);
    }
  }
}

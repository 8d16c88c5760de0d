/**
 * `npm test`: every suite in order, lint to end to end. A failing step does not hide the
 * ones after it (a red unit test should not skip the browser and end-to-end suites), except
 * that the steps needing the build are skipped when the build fails. Exits 1 if any failed.
 */
import { spawnSync } from 'node:child_process';

const steps: { script: string; needsBuild?: boolean }[] = [
  { script: 'lint' },
  { script: 'typecheck' },
  { script: 'test:unit' },
  { script: 'test:browser' },
  { script: 'build' },
  { script: 'test:size', needsBuild: true },
  { script: 'test:pack', needsBuild: true },
  { script: 'test:e2e', needsBuild: true },
];

const results: { script: string; outcome: 'passed' | 'failed' | 'skipped'; seconds: number }[] = [];
let built = true;
for (const { script, needsBuild } of steps) {
  if (needsBuild && !built) {
    results.push({ script, outcome: 'skipped', seconds: 0 });
    continue;
  }
  const started = performance.now();
  console.log(`\n▶ npm run ${script}`);
  const { status } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  const outcome = status === 0 ? 'passed' : 'failed';
  if (script === 'build' && outcome === 'failed') built = false;
  results.push({ script, outcome, seconds: (performance.now() - started) / 1000 });
}

console.log('\nnpm test:');
for (const { script, outcome, seconds } of results) {
  console.log(`  ${outcome.padEnd(7)} ${script.padEnd(13)} ${seconds.toFixed(0)} s`);
}
process.exitCode = results.some((result) => result.outcome !== 'passed') ? 1 : 0;

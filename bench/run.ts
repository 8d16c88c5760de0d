/**
 * `npm run bench`: every benchmark in one run, with the machine it ran on (figures are only
 * comparable within a run: ratios are the portable part). `-- --libraries` adds the
 * search-library comparison behind the choice of MiniSearch (several minutes). Every server
 * runs on Node's defaults; docs/operations/performance.md has the figures and how to read them.
 */
import { cpus, loadavg } from 'node:os';
import { benchServer } from './server.ts';

const libraries = process.argv.includes('--libraries');

console.log(
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);

console.log('\nServer (index build, search latency, page endpoint vs bare node:http)');
const server = await benchServer({ libraries });
console.table(server.map(({ libraries: _libraries, ...figures }) => figures));
if (libraries) {
  for (const site of server) {
    console.log(`\nSearch libraries on ${site.site}`);
    console.table(site.libraries);
  }
}
console.log(
  '\nMultilingual sites (index build, search latency, translated copies in English top 5)',
);
console.table(await (await import('./multilingual.ts')).benchMultilingual());
await (await import('./assistant.ts')).benchAssistant();
console.log(
  '\nProduction stores (latency added against memory, time to first chunk with all stores on)',
);
console.table(await (await import('./stores.ts')).benchStores());
console.table(await (await import('./insights.ts')).benchInsights());

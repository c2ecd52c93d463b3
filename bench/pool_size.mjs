// Does a pool larger than the machine's cores slow large calls down? Times
// the calls of pool_size_cases.mjs with 1, 2, 3, 4 and 8 threads in Node and
// in Chromium, Firefox and WebKit (a cross-origin isolated page; WebKit with
// JSC_useSharedArrayBuffer=1), and prints each pool's median time as a ratio
// to 2 threads.
//   node bench/pool_size.mjs [--rounds=9] [--engines=node,chromium,firefox,webkit]
import os from 'node:os';

import { startServer } from '../demo/server.mjs';
import { launchEngine } from '../tests/engines/engines.mjs';
import { load } from '../web/node.mjs';
import { measurePools } from './pool_size_cases.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rounds = Number(arg('rounds', 9));
const engines = arg('engines', 'node,chromium,firefox,webkit').split(',');
const threadCounts = [1, 2, 3, 4, 8];

async function inBrowser(name) {
  const server = await startServer({ port: 0, isolation: true, served: ['bench/', 'web/', 'dist/web/'] });
  const engine = await launchEngine(name, { env: name === 'webkit' ? { JSC_useSharedArrayBuffer: '1' } : {} });
  try {
    const page = await engine.open(`http://127.0.0.1:${server.address().port}/bench/pool_size.html`);
    return await page.evaluate(async (options) => {
      const { load: loadInPage } = await import('/web/browser.mjs');
      const { measurePools: measure } = await import('/bench/pool_size_cases.mjs');
      return { cores: navigator.hardwareConcurrency, ...(await measure(loadInPage, options)) };
    }, { threadCounts, rounds });
  } finally {
    await engine.close();
    server.close();
  }
}

function print(engine, { cores, threads, cases }) {
  console.log(`\n${engine}: ${cores} reported cores (this machine: ${os.availableParallelism()}); ` +
    `threads asked -> running: ${threadCounts.map((n) => `${n}->${threads[n]}`).join(', ')}`);
  console.log(`| case | ${threadCounts.map((n) => `${n} thr ms (x of 2)`).join(' | ')} |`);
  console.log(`|---|${threadCounts.map(() => '---').join('|')}|`);
  for (const c of cases) {
    const cells = threadCounts.map((n) => `${c.median[n].toFixed(1)} (${(c.median[n] / c.median[2]).toFixed(2)})`);
    console.log(`| ${c.name} | ${cells.join(' | ')} |`);
  }
}

for (const engine of engines) {
  const result = engine === 'node'
    ? { cores: os.availableParallelism(), ...(await measurePools(load, { threadCounts, rounds })) }
    : await inBrowser(engine);
  print(engine, result);
}

// Does a pool larger than the machine's cores slow large calls down? Times
// the calls of pool_size_cases.mjs with 1, 2, 3, 4 and 8 threads in Node and
// in Chromium and Firefox (cross-origin isolated page), and prints each
// pool's median time as a ratio to 2 threads.
//   node bench/pool_size.mjs [--rounds=9] [--engines=node,chromium,firefox]
import os from 'node:os';
import puppeteer from 'puppeteer-core';

import { startServer } from '../demo/server.mjs';
import { load } from '../web/node.mjs';
import { measurePools } from './pool_size_cases.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const rounds = Number(arg('rounds', 9));
const engines = arg('engines', 'node,chromium,firefox').split(',');
const threadCounts = [1, 2, 3, 4, 8];

const LAUNCH = {
  chromium: {
    browser: 'chrome', executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  },
  firefox: { browser: 'firefox', executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr' },
};

async function inBrowser(name) {
  const server = await startServer({ port: 0, isolation: true, served: ['bench/', 'web/', 'dist/web/'] });
  const browser = await puppeteer.launch({ ...LAUNCH[name], headless: true });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(600_000);
    await page.goto(`http://127.0.0.1:${server.address().port}/bench/pool_size.html`);
    return await page.evaluate(async (options) => {
      const { load: loadInPage } = await import('/web/browser.mjs');
      const { measurePools: measure } = await import('/bench/pool_size_cases.mjs');
      return { cores: navigator.hardwareConcurrency, ...(await measure(loadInPage, options)) };
    }, { threadCounts, rounds });
  } finally {
    await browser.close();
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

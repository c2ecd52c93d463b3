// Before and after, in one run: this checkout's package against another
// checkout's (built with `npm run build` there), on the benchmark's cases,
// kept tensors and plain arrays, each build. Rounds interleave the two, so
// the machine's load hits both alike (bench/timing.mjs).
//   node bench/compare.mjs --before=/path/to/other/checkout [--sizes=16KiB,1MiB] [--cases=...]
import { pathToFileURL } from 'node:url';
import { allCases, CASE_NAMES } from './cases.mjs';
import { ours } from './contenders/wasm_tensor_ops.mjs';
import { bestTimes, roundsFor } from './timing.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
if (!args.before) throw new Error('usage: node bench/compare.mjs --before=<checkout> [--sizes=16KiB,1MiB] [--cases=a,b]');
const sizes = (args.sizes ?? '16KiB,1MiB').split(',');
const names = args.cases ? args.cases.split(',') : CASE_NAMES;

const before = await import(pathToFileURL(`${args.before}/web/node.mjs`).href);
const after = await import(new URL('../web/node.mjs', import.meta.url).href);
const builds = {};
for (const threads of [2, 1]) {
  builds[`before ${threads === 1 ? 'st' : 'mt'}`] = await before.load({ threads });
  builds[`after ${threads === 1 ? 'st' : 'mt'}`] = await after.load({ threads });
}

// Warm-up, as bench/run.mjs does: V8 runs wasm in its baseline tier first.
for (const c of allCases({ names, sizes: ['16KiB'], widths: ['4'] })) {
  const xs = c.inputs.map((shape) => new Float32Array(shape.reduce((a, b) => a * b, 1)));
  for (const ops of Object.values(builds)) {
    const o = ours(ops, c, xs);
    for (let i = 0; i < 300; i++) { o.kept(); o.plain(); }
    o.dispose();
  }
}

const us = (ms) => `${(ms * 1000).toFixed(2)} µs`;
console.log('| case | size | mode | before mt | after mt | after/before mt | before st | after st | after/before st | set |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const c of allCases({ names, sizes, widths: ['4'] })) {
  const xs = c.inputs.map((shape) => Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, i) => i));
  const outBytes = new Float32Array(c.output.reduce((a, b) => a * b, 1));
  const copyOf = new Float32Array(outBytes.length);
  const runs = Object.fromEntries(Object.entries(builds).map(([k, ops]) => [k, ours(ops, c, xs)]));
  for (const mode of ['kept', 'plain']) {
    const contenders = { set: () => outBytes.set(copyOf) };
    for (const [k, r] of Object.entries(runs)) contenders[k] = r[mode];
    const t = await bestTimes(contenders, roundsFor(c.bytes));
    const ratio = (a, b) => `${(t[a] / t[b]).toFixed(2)}×`;
    console.log(`| ${c.name} | ${c.size} | ${mode} | ${us(t['before mt'])} | ${us(t['after mt'])} | ${ratio('after mt', 'before mt')} | ` +
      `${us(t['before st'])} | ${us(t['after st'])} | ${ratio('after st', 'before st')} | ${us(t.set)} |`);
  }
  for (const r of Object.values(runs)) r.dispose();
}

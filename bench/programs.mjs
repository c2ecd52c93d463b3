// Whole user programs, each written twice: with this library as a user
// writes it (kept tensors and views where that is the natural way, plain
// calls otherwise; steps the library lacks, such as casts, done in JS as a
// user does today) and as the best hand-written JavaScript loop. Both are
// timed in the same interleaved rounds, with the program's copy limit
// (TypedArray.prototype.set of its output bytes), after checking that they
// give the same bytes. Prints markdown: the table, then each program's steps.
//   node bench/programs.mjs [--programs=id,id] [--rounds=<scale>] [--threads=N] [--out=results-programs]
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

import { load } from '../web/node.mjs';
import { bytesOf } from './programs/common.mjs';
import { PROGRAMS } from './programs/index.mjs';
import { bestTimes, roundsFor } from './timing.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const [k, v] = a.replace(/^--/, '').split('=');
  return [k, v ?? true];
}));
const scale = Number(args.rounds ?? 4);
const chosen = typeof args.programs === 'string' ? args.programs.split(',') : null;
const programs = chosen ? PROGRAMS.filter((p) => chosen.includes(p.id)) : PROGRAMS;
if (chosen && programs.length !== chosen.length) throw new Error(`unknown program in ${args.programs}; known: ${PROGRAMS.map((p) => p.id)}`);

const ops = await load(args.threads ? { threads: Number(args.threads) } : undefined);
const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
const x = (a, b) => `${(a / b).toFixed(2)}×`;
const geomean = (v) => Math.exp(v.reduce((s, r) => s + Math.log(r), 0) / v.length);

/** Throws unless the library's outputs hold the JS loop's bytes. */
function check(p, when) {
  p.outputs.library.forEach((a, i) => {
    const b = p.outputs.js[i];
    const u = bytesOf(a);
    const v = bytesOf(b);
    if (a.constructor !== b.constructor || u.length !== v.length) throw new Error(`${p.id}: output ${i} differs in class or size`);
    for (let k = 0; k < u.length; k++) {
      if (u[k] !== v[k]) throw new Error(`${p.id}: output ${i} differs ${when}: byte ${k} is ${u[k]} (library) against ${v[k]} (JS)`);
    }
  });
}

const lines = [];
const print = (s = '') => { console.log(s); lines.push(s); };
const meta = {
  date: new Date().toISOString(),
  cpu: `${os.cpus().length} x ${os.cpus()[0].model}`,
  node: process.version,
  backend: ops.backend,
};
print(`# Whole programs against hand-written JavaScript`);
print();
print(`Measured ${meta.date.slice(0, 10)} on ${meta.cpu}, Node ${meta.node}; wasm-tensor-ops ${ops.backend.variant} ` +
  `(${ops.backend.threads} thread${ops.backend.threads > 1 ? 's' : ''}). Best of interleaved rounds; every ratio compares numbers from the same run. ` +
  'Every output is written into an array made once (the library through `out`, or the JS step of its program); ' +
  'copy limit: `TypedArray.prototype.set` of the output\'s bytes. ' +
  '`node bench/programs.mjs` (the programs: bench/programs/).');
print();

const rows = [];
for (const def of programs) {
  const p = { id: def.id, ...def.make(ops) };
  // Outputs start different, so that equal bytes are the programs' work.
  const runAndCheck = (when) => {
    for (const a of p.outputs.library) bytesOf(a).fill(0x5a);
    for (const a of p.outputs.js) bytesOf(a).fill(0xa5);
    p.restore?.(); // a program that updates its input in place sets it again
    p.library();
    p.js();
    check(p, when);
  };
  runAndCheck('on the first run');

  const outBytes = p.outputs.js.reduce((s, a) => s + a.byteLength, 0);
  const src = new Uint8Array(outBytes).fill(7);
  const dst = new Uint8Array(outBytes);
  const contenders = { library: p.library, js: p.js, limit: () => dst.set(src) };
  for (const [name, fn] of p.steps) contenders[name] = fn;
  // Warm-up: V8 optimizes the loops and the wasm functions before timing.
  for (let i = 0; i < 20; i++) for (const fn of Object.values(contenders)) fn();
  const t = await bestTimes(contenders, roundsFor(outBytes, scale));
  runAndCheck('after the timed rounds'); // (steps write the library's outputs too)
  p.dispose();
  rows.push({
    id: p.id, title: def.title, sizes: def.sizes, calls: p.calls, inJs: p.inJs, outBytes,
    library: t.library, js: t.js, limit: t.limit,
    steps: p.steps.map(([name, , kind = 'lib']) => ({ name, kind, ms: t[name] })),
  });
  if (args.verbose) console.error(`${p.id}: library ${fmt(t.library)}, JS ${fmt(t.js)}`);
}

print('| program | sizes | steps in JS | library | JS loop | library / JS | copy limit | library / limit | JS / limit |');
print('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  print(`| ${r.title} | ${r.sizes} | ${r.inJs || '–'} | ${fmt(r.library)} | ${fmt(r.js)} | **${x(r.library, r.js)}** | ` +
    `${fmt(r.limit)} | ${x(r.library, r.limit)} | ${x(r.js, r.limit)} |`);
}
const g = (f) => geomean(rows.map(f)).toFixed(2);
print(`| **geometric mean** | | | | | **${g((r) => r.library / r.js)}×** | | ${g((r) => r.library / r.limit)}× | ${g((r) => r.js / r.limit)}× |`);
print();
print('**Steps of the library versions**, each timed alone in the same rounds (share: of the library program\'s time); ' +
  '*alt*: another way to write it, for reference, not part of the program.');
print();
print('| program | library calls | step | time | share |');
print('|---|---|---|---|---|');
for (const r of rows) {
  print(`| ${r.title} | ${r.calls} | whole program | ${fmt(r.library)} | 100% |`);
  for (const s of r.steps) {
    const share = s.kind === 'alt' ? `alt: ${x(s.ms, r.library)} of the program` : `${Math.round((100 * s.ms) / r.library)}%`;
    print(`| | | ${s.kind === 'js' ? '*in JS:* ' : ''}${s.name.replace(/^JS: /, '')} | ${fmt(s.ms)} | ${share} |`);
  }
}

if (args.out) {
  const here = (name) => fileURLToPath(new URL(name, import.meta.url));
  writeFileSync(here(`${args.out}.md`), `${lines.join('\n')}\n`);
  writeFileSync(here(`${args.out}.json`), JSON.stringify({ meta, rows }, null, 1));
  console.log(`\nwrote bench/${args.out}.md and bench/${args.out}.json`);
}

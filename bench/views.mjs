// Views of kept tensors: what a view costs at 16 KiB and at 64 MiB, and what
// a chain of views followed by one real operation costs against that
// operation alone on a contiguous tensor; also the per-call cost of a tiny
// kept call. One run, ratios only (node bench/views.mjs [--out=results-views]).
// Options: --threads=N (default: the machine's), --rounds=<scale>,
// --before=<checkout> (its build's chains too, in the same rounds).
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { load } from '../web/node.mjs';
import { bestTimes, roundsFor } from './timing.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const [k, v] = a.replace(/^--/, '').split('=');
  return [k, v ?? true];
}));
const ops = await load(args.threads ? { threads: Number(args.threads) } : undefined);
const scale = Number(args.rounds ?? 1);
const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(2)} us` : `${ms.toFixed(2)} ms`);

// A kept float32 tensor [n, 64, 64] of `bytes` bytes.
function kept(bytes) {
  const n = bytes / 4 / 4096;
  const data = new Float32Array(bytes / 4);
  for (let i = 0; i < data.length; i++) data[i] = i % 251;
  return ops.tensor(data, [n, 64, 64]);
}

// Each view operation, disposing what it made: the time of making a view.
const VIEWS = {
  transpose: (t) => ops.transpose(t, [2, 0, 1]).dispose(),
  'slice ::2': (t) => ops.slice(t, [0], [2 ** 31], { axes: [2], steps: [2] }).dispose(),
  reverse: (t) => ops.reverse(t, [-1]).dispose(),
  broadcast: (t) => ops.broadcast(t, [2, ...t.shape]).dispose(),
  'reshape (contiguous)': (t) => ops.reshape(t, [-1, 64]).dispose(),
  unsqueeze: (t) => ops.unsqueeze(t, [0]).dispose(),
  'split in 2': (t) => ops.split(t, 2, { axis: 1 }).forEach((p) => p.dispose()),
  'gather one row': (t) => ops.gather(t, 1, { axis: 1 }).dispose(),
};

const rows = [];
const small = kept(16 * 1024);
const large = kept(64 * 1024 * 1024);
for (const [name, f] of Object.entries(VIEWS)) {
  const best = await bestTimes({ small: () => f(small), large: () => f(large) }, roundsFor(16 * 1024, scale));
  rows.push({ case: `view: ${name}`, small: best.small, large: best.large, ratio: best.large / best.small });
}

// Applies view steps to t, disposing the intermediate views.
function chain(t, ...steps) {
  let v = t;
  for (const step of steps) {
    const next = step(v);
    if (v !== t) v.dispose();
    v = next;
  }
  return v;
}

// Chains: views then one operation, against the operation alone on a
// contiguous tensor of the view's shape (its input made contiguous once).
const CHAINS = [
  ['crop -> transpose -> pad reflect',
    (o, t) => chain(t, (v) => o.slice(v, [1, 1], [-1, -1], { axes: [1, 2] }), (v) => o.transpose(v, [0, 2, 1])),
    (o, v) => o.pad(v, [0, 2, 2], [0, 2, 2], { mode: 'reflect' })],
  ['RGBA -> RGB -> planes, then roll',
    (o, t) => chain(t, (v) => o.reshape(v, [-1, 64, 16, 4]), (v) => o.slice(v, [0], [3], { axes: [3] }),
      (v) => o.transpose(v, [0, 3, 1, 2])),
    (o, v) => o.roll(v, 1, 2)],
  ['reverse -> broadcast, then tile',
    (o, t) => chain(t, (v) => o.slice(v, [0], [t.shape[0] / 4], { axes: [0] }), (v) => o.reverse(v, [1]),
      (v) => o.broadcast(v, [2, ...v.shape])),
    (o, v) => o.tile(v, [1, 2, 1, 1])],
  // The same on one 64 x 64 plane: three view calls against a 128 KiB tile,
  // so this one weighs the calls' fixed cost more than the reading of views.
  ['one plane: reverse -> broadcast, then tile',
    (o, t) => chain(t, (v) => o.slice(v, [0], [1], { axes: [0] }), (v) => o.reverse(v, [1]),
      (v) => o.broadcast(v, [4, 64, 64])),
    (o, v) => o.tile(v, [2, 1, 1])],
];
// With --before=<checkout>: the chains of that checkout's build too, in the
// same rounds (its own ratio in its own row).
const other = args.before
  ? await (await import(pathToFileURL(`${args.before}/web/node.mjs`).href)).load(args.threads ? { threads: Number(args.threads) } : undefined)
  : null;
for (const [name, makeView, operation] of CHAINS) {
  const builds = other ? [['', ops], ['before: ', other]] : [['', ops]];
  const contenders = {};
  const held = [];
  for (const [tag, o] of builds) {
    const base = o === ops ? large : o.tensor(large.data, large.shape);
    const view = makeView(o, base);
    const dense = o.contiguous(view); // the view itself when it is contiguous (then not disposed twice)
    contenders[`${tag}chain`] = () => { const v = makeView(o, base); operation(o, v).dispose(); v.dispose(); };
    contenders[`${tag}alone`] = () => operation(o, dense).dispose();
    held.push({ base, view, dense });
  }
  // Rounds for the bytes the operation writes (a chain on one plane is timed in microseconds).
  const sample = operation(ops, held[0].dense);
  const bytes = sample.size * 4;
  sample.dispose();
  const best = await bestTimes(contenders, roundsFor(bytes, scale));
  for (const [tag] of builds) {
    rows.push({ case: `${tag}chain: ${name}`, small: best[`${tag}alone`], large: best[`${tag}chain`], ratio: best[`${tag}chain`] / best[`${tag}alone`] });
  }
  for (const h of held) {
    if (h.dense !== h.view) h.dense.dispose();
    h.view.dispose();
    if (h.base !== large) h.base.dispose();
  }
}

// The call path itself: a kept roll of 16 elements.
const tiny = ops.tensor(new Float32Array(16), [16]);
const call = await bestTimes({ roll: () => ops.roll(tiny, 1, 0).dispose() }, 60 * scale);
rows.push({ case: 'kept roll of 16 elements (the call path)', small: call.roll, large: call.roll, ratio: 1 });

console.log(`wasm-tensor-ops views (${ops.backend.variant}, ${ops.backend.threads} threads)`);
console.log('| case | 16 KiB, or the operation alone | 64 MiB, or the chain | ratio |');
console.log('|---|---|---|---|');
for (const r of rows) console.log(`| ${r.case} | ${fmt(r.small)} | ${fmt(r.large)} | ${r.ratio.toFixed(2)} |`);
if (args.out) {
  const file = fileURLToPath(new URL(`${args.out}.json`, import.meta.url));
  writeFileSync(file, JSON.stringify({ backend: ops.backend, rows }, null, 1));
}

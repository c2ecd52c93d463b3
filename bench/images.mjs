// Channel work on images and large transposes, kept tensors, against the
// copy limit (TypedArray.prototype.set of the output's bytes) and a plain
// JavaScript loop, in one run; optionally another checkout's build beside
// this one (its package built in its dist/), rounds interleaved.
//   node bench/images.mjs [--before=/path/to/checkout] [--threads=2] [--cases=a,b] [--rounds=<scale>]
import { pathToFileURL } from 'node:url';

import { bestTimes, roundsFor } from './timing.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const [k, v] = a.replace(/^--/, '').split('=');
  return [k, v ?? true];
}));
const threads = Number(args.threads ?? 2);
const scale = Number(args.rounds ?? 1);
const only = typeof args.cases === 'string' ? args.cases.split(',') : null;

const builds = {};
if (args.before) {
  const before = await import(pathToFileURL(`${args.before}/web/node.mjs`).href);
  builds.before = await before.load({ threads });
}
const after = await import(new URL('../web/node.mjs', import.meta.url).href);
builds.after = await after.load({ threads });

const count = (shape) => shape.reduce((a, b) => a * b, 1);
const H = 1024, W = 1024;  // the image cases: 1 MiB per uint8 plane

// name, dtype, input shapes, operation on kept inputs, JS loop on arrays (returns the output).
const CASES = [
  ['RGBA -> RGB slice', Uint8Array, [[H, W, 4]], [H, W, 3],
    (o, [x]) => o.slice(x, [0], [3], { axes: [2] }),
    ([x], out) => { for (let i = 0, j = 0; j < out.length; i += 4, j += 3) { out[j] = x[i]; out[j + 1] = x[i + 1]; out[j + 2] = x[i + 2]; } }],
  ['RGB -> RGBA pad 255', Uint8Array, [[H, W, 3]], [H, W, 4],
    (o, [x]) => o.pad(x, [0, 0, 0], [0, 0, 1], { value: 255 }),
    ([x], out) => { for (let i = 0, j = 0; j < out.length; i += 3, j += 4) { out[j] = x[i]; out[j + 1] = x[i + 1]; out[j + 2] = x[i + 2]; out[j + 3] = 255; } }],
  ['grey -> RGB broadcast', Uint8Array, [[H, W, 1]], [H, W, 3],
    (o, [x]) => o.broadcast(x, [H, W, 3]),
    ([x], out) => { for (let i = 0, j = 0; j < out.length; i++, j += 3) { const v = x[i]; out[j] = v; out[j + 1] = v; out[j + 2] = v; } }],
  ['grey -> RGBA broadcast', Uint8Array, [[H, W, 1]], [H, W, 4],
    (o, [x]) => o.broadcast(x, [H, W, 4]),
    ([x], out) => { for (let i = 0, j = 0; j < out.length; i++, j += 4) { const v = x[i]; out[j] = v; out[j + 1] = v; out[j + 2] = v; out[j + 3] = v; } }],
  ['three planes -> HWC concat', Uint8Array, [[H, W, 1], [H, W, 1], [H, W, 1]], [H, W, 3],
    (o, xs) => o.concat(xs, 2),
    ([r, g, b], out) => { for (let i = 0, j = 0; i < r.length; i++, j += 3) { out[j] = r[i]; out[j + 1] = g[i]; out[j + 2] = b[i]; } }],
  ['RGB HWC -> CHW transpose', Uint8Array, [[H, W, 3]], [3, H, W],
    (o, [x]) => o.transpose(x, [2, 0, 1]),
    ([x], out) => { const n = H * W; for (let i = 0; i < n; i++) { out[i] = x[3 * i]; out[n + i] = x[3 * i + 1]; out[2 * n + i] = x[3 * i + 2]; } }],
  ['RGB CHW -> HWC transpose', Uint8Array, [[3, H, W]], [H, W, 3],
    (o, [x]) => o.transpose(x, [1, 2, 0]),
    ([x], out) => { const n = H * W; for (let i = 0; i < n; i++) { out[3 * i] = x[i]; out[3 * i + 1] = x[n + i]; out[3 * i + 2] = x[2 * n + i]; } }],
  ['RGBA HWC -> RGB CHW f32', Float32Array, [[512, 512, 4]], [3, 512, 512],
    (o, [x]) => { const v = o.slice(x, [0], [3], { axes: [2] }); const t = o.transpose(v, [2, 0, 1]); v.dispose(); return t; },
    ([x], out) => { const n = 512 * 512; for (let i = 0; i < n; i++) { out[i] = x[4 * i]; out[n + i] = x[4 * i + 1]; out[2 * n + i] = x[4 * i + 2]; } }],
  // 64 MiB: a crop (row copies: the floor of a kernel with plain stores),
  // transposes, reverse, strided slice.
  ['64 MiB crop f32 (row copies)', Float32Array, [[1, 4, 4096, 4097]], [1, 4, 4096, 4096],
    (o, [x]) => o.slice(x, [0], [4096], { axes: [3] }), null],
  ['64 MiB transpose 2-D f32', Float32Array, [[4096, 4096]], [4096, 4096],
    (o, [x]) => o.transpose(x, [1, 0]), null],
  ['64 MiB transpose 2-D u8', Uint8Array, [[8192, 8192]], [8192, 8192],
    (o, [x]) => o.transpose(x, [1, 0]), null],
  ['64 MiB YOLO [24,84,8400] -> [24,8400,84] f32', Float32Array, [[24, 84, 8400]], [24, 8400, 84],
    (o, [x]) => o.transpose(x, [0, 2, 1]), null],
  ['64 MiB NHWC -> NCHW c4 f32', Float32Array, [[1, 2048, 2048, 4]], [1, 4, 2048, 2048],
    (o, [x]) => o.transpose(x, [0, 3, 1, 2]), null],
  ['64 MiB NHWC -> NCHW c3 f32', Float32Array, [[1, 2048, 2730, 3]], [1, 3, 2048, 2730],
    (o, [x]) => o.transpose(x, [0, 3, 1, 2]), null],
  ['64 MiB reverse last axis f32', Float32Array, [[1, 4, 2048, 2048]], [1, 4, 2048, 2048],
    (o, [x]) => o.reverse(x, [3]), null],
  ['64 MiB slice ::2 f32', Float32Array, [[1, 4, 4096, 4096]], [1, 4, 2048, 2048],
    (o, [x]) => o.slice(x, [0, 0], [4096, 4096], { axes: [2, 3], steps: [2, 2] }), null],
];

// Views (slice, transpose, broadcast, reverse of kept tensors) cost nothing
// until read: each result is made contiguous, the copy that is timed.
function run(o, op, xs) {
  const r = op(o, xs);
  const c = o.contiguous(r);
  if (c !== r) r.dispose();
  return c;
}

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} us` : `${ms.toFixed(2)} ms`);
const names = Object.keys(builds);
console.log(`wasm-tensor-ops images and large moves, kept tensors, ${threads} threads (${builds.after.backend.variant})`);
console.log(`| case | set (limit) | JS loop | ${names.map((n) => `${n} / limit`).join(' | ')} | ${names.map((n) => `${n}`).join(' | ')} |`);
console.log(`|---|---|---|${names.map(() => '---|').join('')}${names.map(() => '---|').join('')}`);
for (const [name, Ctor, shapes, outShape, op, loop] of CASES) {
  if (only && !only.some((s) => name.includes(s))) continue;
  const xs = shapes.map((s) => { const a = new Ctor(count(s)); for (let i = 0; i < a.length; i++) a[i] = (i * 2654435761) % 251; return a; });
  const out = new Ctor(count(outShape));
  const copyOf = new Ctor(out.length);
  const kept = {};
  for (const n of names) kept[n] = xs.map((x, i) => builds[n].tensor(x, shapes[i]));
  // Every build gives the JS loop's bytes (or, without one, the same bytes as each other).
  let expected = null;
  if (loop) { loop(xs, out); expected = out.slice(); }
  for (const n of names) {
    const r = run(builds[n], op, kept[n]);
    const got = r.data;
    if (expected && (got.length !== expected.length || !got.every((v, i) => v === expected[i]))) throw new Error(`${name}: ${n} differs from the JS loop`);
    if (!expected) expected = got.slice();
    else if (!got.every((v, i) => v === expected[i])) throw new Error(`${name}: ${n} differs`);
    r.dispose();
  }
  // Warm-up: V8 runs wasm in its baseline tier first and optimizes hot
  // functions later; each build's path runs a while before it is timed.
  const warm = out.byteLength > (8 << 20) ? 5 : 50;
  for (const n of names) for (let i = 0; i < warm; i++) run(builds[n], op, kept[n]).dispose();
  const contenders = { limit: () => out.set(copyOf) };
  if (loop) contenders.loop = () => loop(xs, out);
  for (const n of names) contenders[n] = () => run(builds[n], op, kept[n]).dispose();
  const t = await bestTimes(contenders, roundsFor(out.byteLength, scale));
  console.log(`| ${name} | ${fmt(t.limit)} | ${loop ? fmt(t.loop) : '-'} | ${names.map((n) => (t[n] / t.limit).toFixed(2)).join(' | ')} | ${names.map((n) => fmt(t[n])).join(' | ')} |`);
  for (const n of names) kept[n].forEach((k) => k.dispose());
}

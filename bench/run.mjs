// npm run bench: every case of cases.mjs against memcpy-class limits, the
// peers and a plain JavaScript loop; prints a table, writes results.json and
// chart.svg. Options: --quick (1 MiB and 16 KiB, float32 only),
// --cases=a,b --sizes=16KiB,1MiB --widths=4,8 --rounds=<scale>,
// --out=<name> (writes <name>.json and <name>.svg instead).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

import { load } from '../web/node.mjs';
import { allCases, CASE_NAMES, SIZES } from './cases.mjs';
import { drawChart } from './chart.mjs';
import { jsLoop } from './contenders/js_loop.mjs';
import { freshArray, limit } from './contenders/limit.mjs';
import { onnxruntime, ortThreads, version as ortVersion } from './contenders/onnxruntime.mjs';
import { initTfjs, tfjs, version as tfjsVersion } from './contenders/tfjs.mjs';
import { ours, resultBytes } from './contenders/wasm_tensor_ops.mjs';
import { checkTargets } from './targets.mjs';
import { bestTimes, roundsFor } from './timing.mjs';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const [k, v] = a.replace(/^--/, '').split('=');
  return [k, v ?? true];
}));
const list = (v) => (typeof v === 'string' ? v.split(',') : undefined);
const quick = Boolean(args.quick);
const cases = allCases({
  names: list(args.cases) ?? CASE_NAMES,
  sizes: list(args.sizes) ?? (quick ? ['16KiB', '1MiB'] : Object.keys(SIZES)),
  widths: list(args.widths) ?? (quick ? ['4'] : undefined),
});
const roundScale = Number(args.rounds ?? 1);

function filled(dtype, n) {
  const Ctor = { uint8: Uint8Array, uint16: Uint16Array, float32: Float32Array, float64: Float64Array }[dtype];
  const x = new Ctor(n);
  for (let i = 0; i < n; i++) x[i] = (i * 2654435761) % 251;
  return x;
}

function sameBytes(x, b) {
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

const inputsOf = (c) => c.inputs.map((s) => filled(c.dtype, s.reduce((a, b) => a * b, 1)));

const fmt = (ms) => (ms === undefined ? '-' : ms < 1 ? `${(ms * 1000).toFixed(1)}us` : `${ms.toFixed(2)}ms`);
const ratio = (a, b) => (a === undefined || b === undefined ? '-' : (a / b).toFixed(2));

const mt = await load();
const st = await load({ threads: 1 });
await initTfjs();
console.log(`wasm-tensor-ops bench: ${os.cpus().length} x ${os.cpus()[0].model}, Node ${process.version}`);
console.log(`builds: ${mt.backend.variant} (${mt.backend.threads} threads), ${st.backend.variant}; ` +
  `onnxruntime-web ${ortVersion} (numThreads ${ortThreads()}), tfjs-backend-wasm ${tfjsVersion}`);
console.log('times are the best of interleaved rounds; ratios are within this run\n');

// Warm-up: V8 compiles wasm with its baseline tier first and optimizes hot
// functions later; run every operation a while before anything is timed.
for (const c of allCases({ sizes: ['16KiB'], widths: ['4'] })) {
  const xs = inputsOf(c);
  for (const ops of [mt, st]) {
    const o = ours(ops, c, xs);
    for (let i = 0; i < 300; i++) { o.kept(); o.plain(); }
    o.dispose();
  }
}

const header = ['case', 'kept mt', 'kept st', 'plain mt', 'plain st', 'out mt', 'ort', 'tfjs', 'js loop', 'limit',
  'fresh', 'kept/limit', 'plain/fresh', 'ort/plain', 'ort/out'];
console.log(header.join(' | '));
const results = [];
for (const c of cases) {
  const xs = inputsOf(c);
  const x = xs[0];
  const a = ours(mt, c, xs);
  const b = ours(st, c, xs);
  const loop = jsLoop(c, xs);
  // The bench times only correct work: ours must give the plain loop's bytes.
  loop.run();
  if (!sameBytes(resultBytes(a.plain()), loop.output) || !sameBytes(resultBytes(b.plain()), loop.output)) {
    throw new Error(`${c.id}: wasm-tensor-ops and the JavaScript loop disagree`);
  }
  const ort = await onnxruntime(c, xs);
  const contenders = {
    'kept mt': a.kept, 'kept st': b.kept, 'plain mt': a.plain, 'plain st': b.plain, 'out mt': a.out,
  };
  if (ort) contenders.ort = ort.run;
  const tf = tfjs(c, xs);
  if (tf) contenders.tfjs = tf;
  contenders['js loop'] = loop.run;
  const lim = limit(c, x);
  if (lim) contenders.limit = lim;
  const fresh = freshArray(c, x);
  if (fresh) contenders.fresh = fresh;
  const t = await bestTimes(contenders, roundsFor(c.bytes, roundScale));
  a.dispose();
  b.dispose();
  ort?.dispose();
  const row = { id: c.id, name: c.name, size: c.size, bytes: c.bytes, dtype: c.dtype, width: c.width, keptView: a.keptView, times: t };
  results.push(row);
  console.log([c.id, fmt(t['kept mt']), fmt(t['kept st']), fmt(t['plain mt']), fmt(t['plain st']), fmt(t['out mt']),
    fmt(t.ort), fmt(t.tfjs), fmt(t['js loop']), fmt(t.limit), fmt(t.fresh),
    ratio(t['kept mt'], t.limit), ratio(t['plain mt'], t.fresh), ratio(t.ort, t['plain mt']), ratio(t.ort, t['out mt'])].join(' | '));
}

// Peak memory: the allocator's peak footprint over one 64 MiB call on a
// fresh module, beyond what it held before plus the input and the output.
async function peakMemory(threads) {
  const MiB = 1024 * 1024;
  const x = { data: new Float32Array(16 * MiB), shape: [1, 16, 1024, 1024] };
  const ops = await load({ threads });
  const start = ops.memory().heapPeakBytes;
  ops.spaceToDepth(x, 2, { dataFormat: 'NCHW' });
  const plain = ops.memory().heapPeakBytes - start - 128 * MiB;
  const fresh = await load({ threads });
  const kept = fresh.tensor(x.data, x.shape);
  const before = fresh.memory().heapPeakBytes;
  fresh.spaceToDepth(kept, 2, { dataFormat: 'NCHW' }).dispose();
  const keptExtra = fresh.memory().heapPeakBytes - before - 64 * MiB;
  return { variant: ops.backend.variant, plainExtraBytes: plain, keptExtraBytes: keptExtra };
}
const memory = [];
if (!quick && !args.cases) {
  for (const threads of [2, 1]) memory.push(await peakMemory(threads));
  console.log('\npeak memory of a 64 MiB spaceToDepth beyond input + output (allocator peak footprint):');
  for (const m of memory) console.log(`  ${m.variant}: plain call +${m.plainExtraBytes} bytes, kept call +${m.keptExtraBytes} bytes`);
}

const meta = {
  date: new Date().toISOString(),
  cpu: `${os.cpus().length} x ${os.cpus()[0].model}`,
  node: process.version,
  builds: [mt.backend, st.backend],
  peers: { 'onnxruntime-web': ortVersion, 'onnxruntime numThreads': ortThreads(), 'tfjs-backend-wasm': tfjsVersion },
};
const verdicts = checkTargets(results);
console.log('\ntargets:');
for (const v of verdicts) console.log(`  ${v.met === null ? 'n/a ' : v.met ? 'met ' : 'MISS'} ${v.target}: ${v.detail}`);
const [json, svg] = args.out ? [`${args.out}.json`, `${args.out}.svg`] : ['results.json', 'chart.svg'];
writeFileSync(here(json), JSON.stringify({ meta, results, targets: verdicts, memory }, null, 1));
writeFileSync(here(svg), drawChart(results, meta));
console.log(`\nwrote bench/${json} and bench/${svg}`);

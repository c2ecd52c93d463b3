// where and the scatters against their targets, each a ratio measured in one
// run: to `TypedArray.prototype.set` of the output's bytes (the copy
// limit), to onnxruntime-web's one-node graph at 1 MiB (plain arrays in and
// out, as a user calls either), and a kept call's time at 16 KiB.
// node bench/selection.mjs [--threads=N] [--rounds=<scale>] [--out=results-selection]
import * as ort from 'onnxruntime-web';

import { load } from '../web/node.mjs';
import { oneNodeModel } from './onnx_model.mjs';
import { floats } from './programs/common.mjs';
import { args, setOf, targetTable } from './target_table.mjs';
import { bestTimes } from './timing.mjs';

const ops = await load(args.threads ? { threads: Number(args.threads) } : undefined);
const scale = Number(args.rounds ?? 1);
const { row, print } = targetTable('Selection operations against their targets', 'node bench/selection.mjs');

// A condition of bytes 0 / 1, one in `period` true.
const mask = (n, period = 2) => Uint8Array.from({ length: n }, (_, i) => (i * 2654435761) % period === 0);

// onnxruntime-web's one-node graph `op` on named feeds [name, dtype, data, shape];
// `more`: oneNodeModel's other fields (outputShapes and outputDtypes, constants, opset).
async function ortRunner(op, dtype, feeds, outputShape, attributes = {}, more = {}) {
  const model = oneNodeModel({
    op, dtype, inputShapes: feeds.map((f) => f[3]), inputDtypes: feeds.map((f) => f[1]), outputShape, attributes, ...more,
  });
  const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
  const input = Object.fromEntries(feeds.map(([, t, data, shape], i) => [`x${i}`, new ort.Tensor(t, data, shape)]));
  await session.run(input);
  return { run: async () => { await session.run(input); }, release: () => session.release() };
}

// ---- where: 64 MiB kept, 16 KiB kept, 1 MiB plain against onnxruntime-web.
{
  const shape = [64, 512, 512];
  const n = 64 * 512 * 512;
  const c = ops.tensor(mask(n), shape, 'bool');
  const a = ops.tensor(floats(n), shape);
  const b = ops.tensor(floats(n), shape);
  const t = await bestTimes({ where: () => ops.where(c, a, b).dispose(), set: setOf(4 * n) }, 4 * scale);
  row('where [64,512,512] f32, bool condition (kept)', '<= 1.5x the copy limit', t.where, 'set of the output', t.where / t.set);
  for (const x of [c, a, b]) x.dispose();
}
{
  const c = ops.tensor(mask(4096), [64, 64], 'bool');
  const a = ops.tensor(floats(4096), [64, 64]);
  const s = await bestTimes({ where: () => ops.where(c, a, 0).dispose() }, 60 * scale);
  row('where 16 KiB (kept, b a number)', '<= 1.5 µs', s.where, '', NaN);
  c.dispose();
  a.dispose();
}
{
  const n = 512 * 512;
  const c = { data: mask(n), shape: [512, 512], dtype: 'bool' };
  const a = { data: floats(n), shape: [512, 512] };
  const b = { data: floats(n), shape: [512, 512] };
  const out = new Float32Array(n);
  const peer = await ortRunner('Where', 'float32', [['c', 'bool', c.data, c.shape], ['a', 'float32', a.data, a.shape], ['b', 'float32', b.data, b.shape]], [512, 512]);
  const t = await bestTimes({ ours: () => ops.where(c, a, b, { out }), ort: peer.run }, 20 * scale);
  row('where [512,512] f32 (plain, out)', '>= 3x onnxruntime-web', t.ours, 'onnxruntime-web', t.ort / t.ours);
  peer.release();
}

// ---- scatterND: a KV-cache update, 1 MiB plain against onnxruntime-web, 16 KiB kept.
{
  // 8 new rows of 512 float32 into a kept [1024, 512] cache, written into `out`.
  const cache = ops.tensor(floats(1024 * 512), [1024, 512]);
  const at = { data: Int32Array.from({ length: 8 }, (_, i) => 500 + i), shape: [8, 1] };
  const rowsIn = { data: floats(8 * 512), shape: [8, 512] };
  const out = new Float32Array(1024 * 512);
  // The cache as the caller's own array, updated in place (out: the cache).
  const own = { data: floats(1024 * 512), shape: [1024, 512] };
  const t = await bestTimes({
    scatter: () => ops.scatterND(cache, at, rowsIn, { out }),
    inPlace: () => ops.scatterND(own, at, rowsIn, { out: own.data }),
    keptInPlace: () => ops.scatterND(cache, at, rowsIn, { out: cache.data }),
    updates: setOf(8 * 512 * 4),
    whole: setOf(1024 * 512 * 4),
  }, 20 * scale);
  row('scatterND 8 rows into a kept [1024,512] f32 cache (out)', '<= 1.2x a copy of the updates + the call', t.scatter, 'set of the updates', t.scatter / t.updates);
  row('', '', t.scatter, 'set of the whole cache (the copy of x the result is)', t.scatter / t.whole);
  row('the same, the kept cache in place (out: cache.data)', '<= 1.2x a copy of the updates + the call', t.keptInPlace, 'set of the updates', t.keptInPlace / t.updates);
  row('the same into a plain cache in place (out: its array)', '<= 1.2x a copy of the updates + the call', t.inPlace, 'set of the updates', t.inPlace / t.updates);
  cache.dispose();
}
{
  const x = { data: floats(512 * 512), shape: [512, 512] };
  const i64 = { data: BigInt64Array.from({ length: 64 }, (_, i) => BigInt(i * 8)), shape: [64, 1] };
  const upd = { data: floats(64 * 512), shape: [64, 512] };
  const out = new Float32Array(512 * 512);
  const nd = await ortRunner('ScatterND', 'float32', [['x', 'float32', x.data, x.shape], ['i', 'int64', i64.data, i64.shape], ['u', 'float32', upd.data, upd.shape]], [512, 512]);
  const ie = { data: BigInt64Array.from({ length: 64 * 512 }, (_, i) => BigInt((i * 7) % 512)), shape: [64, 512] };
  const el = await ortRunner('ScatterElements', 'float32', [['x', 'float32', x.data, x.shape], ['i', 'int64', ie.data, ie.shape], ['u', 'float32', upd.data, upd.shape]], [512, 512], { axis: 0 });
  const t = await bestTimes({
    nd: () => ops.scatterND(x, i64, upd, { out }),
    ortNd: nd.run,
    el: () => ops.scatterElements(x, ie, upd, { out }),
    ortEl: el.run,
  }, 20 * scale);
  row('scatterND 64 rows into [512,512] f32 (plain, out)', '>= 3x onnxruntime-web', t.nd, 'onnxruntime-web', t.ortNd / t.nd);
  row('scatterElements [64,512] into [512,512] f32 (plain, out)', '>= 3x onnxruntime-web', t.el, 'onnxruntime-web', t.ortEl / t.el);
  nd.release();
  el.release();
}
{
  const x = ops.tensor(floats(4096), [64, 64]);
  const at = ops.tensor(Int32Array.from([3, 9]), [2, 1]);
  const upd = ops.tensor(floats(128), [2, 64]);
  const ie = ops.tensor(Int32Array.from({ length: 128 }, (_, i) => i % 64), [2, 64]);
  const s = await bestTimes({
    nd: () => ops.scatterND(x, at, upd).dispose(),
    el: () => ops.scatterElements(x, ie, upd, { axis: 1 }).dispose(),
  }, 60 * scale);
  row('scatterND 16 KiB (kept)', '<= 1.5 µs', s.nd, '', NaN);
  row('scatterElements 16 KiB (kept)', '<= 1.5 µs', s.el, '', NaN);
  for (const t of [x, at, upd, ie]) t.dispose();
}

// ---- The other operations at 1 MiB, plain, into out, against onnxruntime-web's one-node graph.
{
  const x = { data: floats(512 * 512), shape: [512, 512] };
  const out = new Float32Array(512 * 512);
  const peer = await ortRunner('Trilu', 'float32', [['x', 'float32', x.data, x.shape]], [512, 512], { upper: 1 }, { opset: 14 });
  const t = await bestTimes({ ours: () => ops.triangular(x, { out }), ort: peer.run }, 20 * scale);
  row('triangular [512,512] f32 (plain, out)', '>= 3x onnxruntime-web', t.ours, 'onnxruntime-web', t.ort / t.ours);
  peer.release();
}
for (const op of ['argMax', 'argMin']) {
  // Over the channels of [1,16,128,128]: int64 indices, as onnxruntime gives them.
  const x = { data: floats(16 * 128 * 128), shape: [1, 16, 128, 128] };
  const out = new BigInt64Array(128 * 128);
  const peer = await ortRunner(op === 'argMax' ? 'ArgMax' : 'ArgMin', 'float32', [['x', 'float32', x.data, x.shape]], [1, 1, 128, 128],
    { axis: 1, keepdims: 1 }, { outputDtypes: ['int64'] });
  const t = await bestTimes({ ours: () => ops[op](x, 1, { keepDims: true, dtype: 'int64', out }), ort: peer.run }, 20 * scale);
  row(`${op} over the channels of [1,16,128,128] f32 (plain, out)`, '>= 3x onnxruntime-web', t.ours, 'onnxruntime-web', t.ort / t.ours);
  peer.release();
}
{
  const x = { data: floats(262144), shape: [1, 262144] };
  const out = [new Float32Array(50), new BigInt64Array(50)];
  const peer = await ortRunner('TopK', 'float32', [['x', 'float32', x.data, x.shape]], undefined, { axis: -1, largest: 1, sorted: 1 },
    { outputShapes: [[1, 50], [1, 50]], outputDtypes: ['float32', 'int64'], constants: { k: [50] } });
  const t = await bestTimes({ ours: () => ops.topK(x, 50, { dtype: 'int64', out }), ort: peer.run }, 20 * scale);
  row('topK k=50 of [1,262144] f32 (plain, out)', '>= 3x onnxruntime-web', t.ours, 'onnxruntime-web', t.ort / t.ours);
  peer.release();
}
{
  // 16384 int64 labels, depth 16: a [16384,16] float32 result.
  const labels = { data: BigInt64Array.from({ length: 16384 }, (_, i) => BigInt((i * 7) % 16)), shape: [16384], dtype: 'int64' };
  const out = new Float32Array(16384 * 16);
  const peer = await ortRunner('OneHot', 'float32', [['i', 'int64', labels.data, labels.shape], ['d', 'int64', BigInt64Array.from([16n]), [1]],
    ['v', 'float32', Float32Array.from([0, 1]), [2]]], [16384, 16], { axis: -1 });
  const t = await bestTimes({ ours: () => ops.oneHot(labels, 16, { out }), ort: peer.run }, 20 * scale);
  row('oneHot of 16384 int64 labels, depth 16 -> f32 (plain, out)', '>= 3x onnxruntime-web', t.ours, 'onnxruntime-web', t.ort / t.ours);
  peer.release();
}

print(`wasm-tensor-ops selection operations (${ops.backend.variant}, ${ops.backend.threads} threads; onnxruntime-web ${ort.env.versions?.web ?? ''})`, ops);

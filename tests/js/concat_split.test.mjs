// concat and split beyond what the table-driven suites check: kept results
// (kept when any input is, parts sharing one block), mixed and foreign
// inputs, onnxruntime tensors in every position, `out` arrays (also views of
// the module's memory), the number-vs-list distinction of splits in every
// integer form, ops.shapes.* against the reference on random cases, the round
// trip concat(split(x)) == x, and memory: no leak after any call or error,
// OUT_OF_MEMORY for a result that cannot fit.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import * as ort from 'onnxruntime-web';
import { KeptTensor } from '../../web/node.mjs';
import { DTYPE_CASES, assertSameBits, expectError, gather, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';
import { joinData } from './table.mjs';

ort.env.wasm.numThreads = 1;
const ops = await loadOps();
ops.concat([{ data: new Int8Array(2), shape: [2] }], 0);
ops.split({ data: new Int8Array(2), shape: [2] }, 2);
ops.tensor(new Int8Array(1), [1]).dispose();
const base = ops.memory();
const rng = makeRng(0xc0ca7);

const live = [];
const keep = (t) => (live.push(t), t);
afterEach(() => {
  for (const t of live.splice(0)) t.dispose();
});
function assertBaseline(what = '') {
  const m = ops.memory();
  assert.equal(m.keptTensors, 0, `${what} keptTensors`);
  assert.equal(m.keptBytes, 0, `${what} keptBytes`);
  assert.equal(m.heapBytes, base.heapBytes, `${what} heapBytes`);
}
const f32 = (shape) => ({ data: makeData(DTYPE_CASES[9], volume(shape), rng), shape });

test('concat: kept when any input is kept, in any position; plain and ort inputs mixed in', () => {
  const shapes = [[2, 3, 4], [2, 1, 4], [2, 5, 4]];
  const expected = ref.concat(shapes, 1);
  for (let keptAt = -1; keptAt < 3; keptAt++) {
    const datas = shapes.map((s) => f32(s).data);
    const inputs = shapes.map((s, k) => {
      if (k === keptAt) return keep(ops.tensor(datas[k], s));
      if (k === (keptAt + 1) % 3) return new ort.Tensor('float32', datas[k], s);
      return { data: datas[k], shape: s };
    });
    const r = ops.concat(inputs, 1);
    if (r instanceof KeptTensor) keep(r);
    assert.equal(r instanceof KeptTensor, keptAt >= 0, `kept at ${keptAt}`);
    assert.deepEqual([...r.shape], expected.shape);
    assertSameBits(keptAt >= 0 ? r.toArray() : r.data, gather(joinData(datas), expected.src), `kept at ${keptAt}`);
    if (keptAt >= 0) {
      assert.equal(ops.memory().keptBytes, (24 + 8 + 40) * 4 + volume(shapes[keptAt]) * 4,
        'the result keeps its own bytes only (the copied-in inputs are cut off)');
    }
    for (const t of live.splice(0)) t.dispose();
    assertBaseline(`kept at ${keptAt}`);
  }
});

test('concat: a kept tensor of another module is brought in; the same tensor twice', async () => {
  const other = await loadOps();
  const data = f32([3, 2]).data;
  const foreign = other.tensor(data, [3, 2]);
  const mine = keep(ops.tensor(data, [3, 2]));
  const r = keep(ops.concat([mine, foreign, mine], 0));
  assert.deepEqual([...r.shape], [9, 2]);
  assertSameBits(r.toArray(), joinData([data, data, data]));
  foreign.dispose();
  assert.equal(other.memory().keptTensors, 0);
});

test('split: kept parts are views of the input, which lives while any part does', () => {
  const x = f32([6, 4]);
  const t = keep(ops.tensor(x.data, x.shape));
  const before = ops.memory();
  const parts = ops.split(t, [1, 0, -1, 2]);
  const expected = ref.split(x.shape, [1, 0, -1, 2]);
  assert.equal(parts.length, 4);
  assert.equal(ops.memory().keptBytes, before.keptBytes, 'views: no new bytes');
  assert.equal(ops.memory().keptTensors, before.keptTensors + 4);
  parts.forEach((p, k) => {
    assert.ok(p instanceof KeptTensor);
    assert.deepEqual([...p.shape], expected[k].shape);
    assertSameBits(p.toArray(), gather(x.data, expected[k].src), `part ${k}`);
    assertSameBits(p.data, gather(x.data, expected[k].src), `part ${k} .data`);
  });
  assert.equal(parts[2].data.byteOffset, parts[0].data.byteOffset + 4 * 4, 'back to back');
  // Parts chain into other operations (their offset in the block is honoured).
  const r = keep(ops.roll(parts[2], 1, 0));
  assertSameBits(r.toArray(), gather(gather(x.data, expected[2].src), ref.roll(expected[2].shape, 1, 0).src));
  const v = keep(ops.reshape(parts[3], [-1]));
  assertSameBits(v.toArray(), gather(x.data, expected[3].src));
  parts[0].dispose();
  parts[2].dispose();
  parts[1].dispose();
  t.dispose();
  assert.equal(ops.memory().keptBytes, before.keptBytes + 12 * 4, 'the input alive while a part (and its view) lives, plus the roll');
  parts[3].dispose();
  v.dispose();
  r.dispose();
  assertBaseline();
});

test('split and concat: out arrays, also views of the module memory', () => {
  const x = f32([4, 5]);
  const expected = ref.split(x.shape, [2, 3], 1);
  const outs = [new Float32Array(8), new Float32Array(12)];
  const parts = ops.split(x, [2, 3], { axis: 1, out: outs });
  parts.forEach((p, k) => {
    assert.equal(p.data, outs[k]);
    assertSameBits(outs[k], gather(x.data, expected[k].src));
  });
  const holder = keep(ops.tensor(new Float32Array(20), [20]));
  const inMemory = [holder.data.subarray(0, 8), holder.data.subarray(8, 20)];
  const kept = keep(ops.tensor(x.data, x.shape));
  const again = ops.split(kept, [2, 3], { axis: 1, out: inMemory });
  assert.ok(!(again[0] instanceof KeptTensor), 'out: plain results');
  assertSameBits(holder.toArray().subarray(8), gather(x.data, expected[1].src));
  const joined = ops.concat(parts, 1, { out: new Float32Array(20) });
  assertSameBits(joined.data, x.data, 'concat(split(x)) == x');
  holder.dispose();
  kept.dispose();
  assertBaseline();
});

test('split: 3 is three parts, [3] one part, in every integer form', () => {
  const x = f32([3, 2]);
  for (const k of [3, 3n]) {
    assert.deepEqual(ops.split(x, k).map((p) => p.shape), [[1, 2], [1, 2], [1, 2]], typeof k);
    assert.deepEqual(ops.shapes.split([3, 2], k), [[1, 2], [1, 2], [1, 2]]);
  }
  for (const list of [[3], [3n], Int32Array.of(3), BigInt64Array.of(3n)]) {
    const parts = ops.split(x, list);
    assert.equal(parts.length, 1, list.constructor.name);
    assertSameBits(parts[0].data, x.data);
    assert.deepEqual(ops.shapes.split([3, 2], list), [[3, 2]]);
  }
  for (const lengths of [[1, -1], [1n, -1n], Int32Array.of(1, -1), BigInt64Array.of(1n, -1n)]) {
    assert.deepEqual(ops.split(x, lengths, { axis: 0 }).map((p) => p.shape), [[1, 2], [2, 2]]);
  }
  for (const axis of [1, 1n, -1, -1n]) assert.deepEqual(ops.split(x, 2, { axis }).map((p) => p.shape), [[3, 1], [3, 1]]);
  for (const axis of [0, 0n, -2, -2n]) assert.deepEqual(ops.concat([x, x], axis).shape, [6, 2]);
});

test('ops.shapes.concat and ops.shapes.split agree with the operations and the reference', () => {
  const outcome = (fn) => {
    try {
      return { value: fn() };
    } catch (e) {
      return { code: e.code, message: e.message };
    }
  };
  let valid = 0;
  for (let i = 0; i < 300; i++) {
    const rank = rng.int(1, 4);
    const base = Array.from({ length: rank }, () => rng.int(0, 3));
    const axis = rng.int(-rank - (rng() < 0.1 ? 1 : 0), rank - 1);
    if (i % 2 === 0) {
      const shapes = Array.from({ length: rng.int(rng() < 0.05 ? 0 : 1, 4) }, () => {
        const s = base.slice();
        if (axis >= -rank) s[axis < 0 ? axis + rank : axis] = rng.int(0, 3);
        if (rng() < 0.1) s[rng.int(0, rank - 1)] += 1;
        return rng() < 0.05 ? s.slice(1) : s;
      });
      const viaShapes = outcome(() => ops.shapes.concat(shapes, axis));
      const viaOp = outcome(() => ops.concat(shapes.map((s) => ({ data: new Int8Array(volume(s)), shape: s })), axis).shape);
      const expected = outcome(() => ref.concat(shapes, axis).shape);
      assert.deepEqual(viaShapes, viaOp, JSON.stringify([shapes, axis]));
      if (expected.code) assert.equal(viaShapes.code, expected.code, JSON.stringify([shapes, axis, viaShapes]));
      else assert.deepEqual(viaShapes.value, expected.value);
      valid += expected.code ? 0 : 1;
    } else {
      const splits = rng() < 0.4 ? rng.int(0, 4) : Array.from({ length: rng.int(0, 4) }, () => rng.int(-2, 3));
      const viaShapes = outcome(() => ops.shapes.split(base, splits, { axis }));
      const viaOp = outcome(() => ops.split({ data: new Int8Array(volume(base)), shape: base }, splits, { axis }).map((p) => p.shape));
      const expected = outcome(() => ref.split(base, splits, axis).map((p) => p.shape));
      assert.deepEqual(viaShapes, viaOp, JSON.stringify([base, splits, axis]));
      if (expected.code) assert.equal(viaShapes.code, expected.code, JSON.stringify([base, splits, axis, viaShapes]));
      else assert.deepEqual(viaShapes.value, expected.value);
      valid += expected.code ? 0 : 1;
    }
  }
  assert.ok(valid > 60, `${valid} valid cases`);
  assertBaseline();
});

test('concat(split(x, s, axis), axis) == x over random shapes, dtypes, kept or plain', () => {
  for (let i = 0; i < 120; i++) {
    const c = DTYPE_CASES[i % DTYPE_CASES.length];
    const rank = rng.int(1, 5);
    const shape = Array.from({ length: rank }, () => (rng() < 0.08 ? 0 : rng.int(1, 5)));
    const axis = rng.int(-rank, rank - 1);
    const d = shape[axis < 0 ? axis + rank : axis];
    let splits;
    if (rng() < 0.4 && d > 0) {
      const divisors = Array.from({ length: d }, (_, k) => k + 1).filter((k) => d % k === 0);
      splits = rng.pick(divisors);
    } else {
      splits = [];
      let left = d;
      do {
        const n = rng.int(0, left);
        splits.push(n);
        left -= n;
      } while (left > 0 && rng() < 0.7);
      splits[splits.length - 1] += left;
      if (rng() < 0.3) splits[rng.int(0, splits.length - 1)] = -1;
    }
    const data = makeData(c, volume(shape), rng);
    const kept = i % 3 === 0;
    const x = kept ? ops.tensor(data, shape, c.dtype) : { data, shape, dtype: c.dtype };
    const parts = ops.split(x, splits, { axis });
    const back = ops.concat(parts, axis);
    const what = `${JSON.stringify(shape)} ${JSON.stringify(splits)} axis ${axis} ${c.label}`;
    assert.deepEqual([...back.shape], shape, what);
    assertSameBits(kept ? back.toArray() : back.data, data, what);
    if (kept) {
      for (const p of parts) p.dispose();
      back.dispose();
      x.dispose();
    }
  }
  assertBaseline();
});

test('no leak after errors; OUT_OF_MEMORY for a result that cannot fit, then the module works', () => {
  const x = f32([2, 3]);
  const t = keep(ops.tensor(x.data, x.shape));
  expectError(() => ops.concat([x, t, { data: new Float32Array(5), shape: [2, 3] }], 0), 'INVALID_ARGUMENT', 'concat', ['tensors[2].data']);
  expectError(() => ops.concat([t, x], 0, { out: new Float32Array(11) }), 'INVALID_ARGUMENT', 'concat', ['out', '11', '12']);
  expectError(() => ops.split(t, 2, { out: [new Float32Array(3)] }), 'INVALID_ARGUMENT', 'split', ['out']);
  expectError(() => ops.split(x, [1, 2]), 'SHAPE_MISMATCH', 'split', ['splits']);
  // Shapes only: a joined dim of 2^52 needs no memory; the operation on data would.
  assert.deepEqual(ops.shapes.concat([[2 ** 30], [2 ** 30]], 0), [2 ** 31]);
  const big = { data: new Uint8Array(1), shape: [1] };
  const huge = keep(ops.tensor(new Uint8Array(1), [1]));
  expectError(() => ops.concat([huge, ops.broadcast(big, [2 ** 20])], 0, { out: new Uint8Array(2 ** 20) }).data, 'INVALID_ARGUMENT', 'concat', ['out']);
  const n = 2 ** 31; // two inputs of 2 GiB: the output of 4 GiB never fits next to them
  expectError(() => ops.shapes.concat([[n], [n], [1]], 0, { dtype: 'float32' }), 'OUT_OF_MEMORY', 'concat', ['[4294967297]']);
  t.dispose();
  huge.dispose();
  assertBaseline();
  const r = ops.concat([x, x], 1);
  assertSameBits(r.data, gather(joinData([x.data, x.data]), ref.concat([[2, 3], [2, 3]], 1).src));
});

test('many inputs and many parts: more than the cache and the fixed address lists hold', () => {
  const pieces = Array.from({ length: 40 }, (_, k) => ({ data: Int32Array.from({ length: 3 }, (_, i) => k * 3 + i), shape: [1, 3] }));
  const kept = pieces.map((p, k) => (k % 2 ? keep(ops.tensor(p.data, p.shape)) : p));
  const r = keep(ops.concat(kept, 0));
  assert.deepEqual([...r.shape], [40, 3]);
  assert.deepEqual(Array.from(r.toArray()), Array.from({ length: 120 }, (_, i) => i));
  const parts = ops.split(r, 40);
  assert.equal(parts.length, 40);
  parts.forEach((p, k) => assert.deepEqual(Array.from(p.data), [k * 3, k * 3 + 1, k * 3 + 2]));
  for (const p of parts) p.dispose();
  // 5000 parts: a report longer than the scratch area.
  const many = ops.split({ data: new Int8Array(0), shape: [0, 2] }, 5000, { axis: 0 });
  assert.equal(many.length, 5000);
  assert.deepEqual(many[4999].shape, [0, 2]);
  assert.deepEqual(ops.shapes.split([5000], 5000).length, 5000);
  for (const t of live.splice(0)) t.dispose();
  ops.split({ data: new Int8Array(2), shape: [2] }, 2); // an ordinary call shrinks the scratch area back
  assertBaseline();
});

// gather, gatherElements and gatherND beyond the table-driven suites: every
// form of `indices` (number, array of numbers or bigints, bare index typed
// arrays, tensors of each index dtype, kept, onnxruntime-like) with plain and
// kept x in every combination; an index out of range leaves `out` untouched,
// frees what the call allocated and the module working; `out` in wasm
// memory; large calls through the thread pool against the reference.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DTYPE_CASES, assertSameBits, expectError, gather, makeData, makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();
const rng = makeRng(0x6a7e);
const f32 = (shape) => ({ data: Float32Array.from({ length: shape.reduce((p, d) => p * d, 1) }, (_, i) => i + 0.5), shape });

test('every form of indices gives the same result, with plain and kept x and indices', () => {
  const x = f32([5, 3]);
  const expected = gather(x.data, ref.gather(x.shape, [4, -5, 2]).src);
  const forms = [
    [4, -5, 2],
    [4n, -5n, 2n],
    Int32Array.from([4, -5, 2]),
    BigInt64Array.from([4n, -5n, 2n]),
    { data: Int32Array.from([4, -5, 2]), shape: [3] },
    { data: BigInt64Array.from([4n, -5n, 2n]), shape: [3], dtype: 'int64' },
    { type: 'int32', data: Int32Array.from([4, -5, 2]), dims: [3], location: 'cpu' },
  ];
  const unsigned = [Uint32Array.from([4, 0, 2]), { data: BigUint64Array.from([4n, 0n, 2n]), shape: [3] }];
  const expectedUnsigned = gather(x.data, ref.gather(x.shape, [4, 0, 2]).src);
  const before = ops.memory().heapBytes;
  for (const keptX of [false, true]) {
    const input = keptX ? ops.tensor(x.data, x.shape) : x;
    for (const [list, want] of [[forms, expected], [unsigned, expectedUnsigned]]) {
      for (const form of list) {
        for (const keptI of [false, true]) {
          const isTensor = form && !Array.isArray(form) && !ArrayBuffer.isView(form);
          if (keptI && !isTensor) continue;
          const idx = keptI ? ops.tensor(form.data, form.shape ?? form.dims) : form;
          const r = ops.gather(input, idx);
          assert.deepEqual(r.shape, [3, 3]);
          if (keptX) {
            assert.ok(typeof r.dispose === 'function', 'kept x gives a kept result');
            assertSameBits(r.toArray(), want);
            r.dispose();
          } else {
            assertSameBits(r.data, want);
          }
          if (keptI) {
            assertSameBits(idx.toArray(), form.data, 'indices unchanged');
            idx.dispose();
          }
        }
      }
    }
    if (keptX) input.dispose();
  }
  assert.equal(ops.memory().heapBytes, before);
  assert.equal(ops.memory().keptTensors, 0);
});

test('a number is a scalar index; an empty array selects nothing', () => {
  const x = f32([2, 3]);
  assert.deepEqual(ops.gather(x, 1).shape, [3]);
  assert.deepEqual(ops.gather(x, 2, { axis: 1 }).shape, [2]);
  assert.deepEqual(ops.gather(x, [], { axis: 1 }).shape, [2, 0]);
  assert.deepEqual(ops.gatherND(x, { data: new Int32Array(0), shape: [0, 2] }).shape, [0]);
});

test('a number on a kept tensor or view makes a view: the elements the core gathers from its data, every axis and index', () => {
  const before = ops.memory();
  const x = ops.tensor(f32([4, 5, 6]).data, [4, 5, 6]);
  const views = [
    x,
    ops.transpose(x, [2, 0, 1]),
    ops.slice(x, [3, 4], [0, 0], { axes: [0, 1], steps: [-1, -2] }),
    ops.broadcast(x, [2, 4, 5, 6]),
  ];
  for (const v of views) {
    const plain = { data: v.toArray(), shape: v.shape };
    const rank = v.shape.length;
    for (let axis = -rank; axis < rank; axis++) {
      const d = v.shape[(axis + rank) % rank];
      for (const i of [-d, -1, 0, d - 1, Math.floor(d / 2)]) {
        const kept = ops.memory().keptBytes;
        const g = ops.gather(v, i, { axis });
        assert.equal(ops.memory().keptBytes, kept, 'a view allocates nothing');
        const want = ops.gather(plain, i, { axis });
        const label = `gather(${JSON.stringify(v.shape)} strides ${JSON.stringify(v.strides)}, ${i}, { axis: ${axis} })`;
        assert.deepEqual(g.shape, want.shape, label);
        assertSameBits(g.toArray(), want.data, label);
        g.dispose();
      }
    }
  }
  // A view outlives its base.
  const row = ops.gather(views[1], -1, { axis: 2 });
  const expected = ops.gather({ data: views[1].toArray(), shape: views[1].shape }, -1, { axis: 2 }).data;
  for (const v of views) v.dispose();
  assertSameBits(row.toArray(), expected, 'after its base was disposed');
  row.dispose();
  assert.deepEqual(ops.memory().keptBytes, before.keptBytes);
  assert.deepEqual(ops.memory().keptTensors, before.keptTensors);
});

test('an index out of range: out untouched, nothing leaked, the module usable', () => {
  const before = ops.memory().heapBytes;
  const x = f32([4, 2]);
  const kept = ops.tensor(x.data, x.shape);
  const cases = [
    () => ops.gather(x, [0, 1, 4, 2], { out: out8 }),
    () => ops.gather(kept, { data: BigInt64Array.from([0n, -(2n ** 63n)]), shape: [2] }, { out: out4 }),
    () => ops.gather(kept, [1, 9]),
    () => ops.gatherElements(x, { data: Uint32Array.from([0, 4294967295]), shape: [1, 2] }, { out: out2 }),
    () => ops.gatherND(x, { data: BigUint64Array.from([3n, 2n ** 64n - 1n]), shape: [1, 2] }, { out: out1 }),
  ];
  const out8 = new Float32Array(8).fill(7);
  const out4 = new Float32Array(4).fill(7);
  const out2 = new Float32Array(2).fill(7);
  const out1 = new Float32Array(1).fill(7);
  for (const call of cases) {
    assert.throws(call, (e) => e.code === 'INVALID_ARGUMENT' && /indices\[/.test(e.message));
  }
  for (const out of [out8, out4, out2, out1]) assert.ok(out.every((v) => v === 7), 'out untouched');
  assert.equal(ops.memory().keptTensors, 1, 'no kept result made');
  kept.dispose();
  assert.equal(ops.memory().heapBytes, before, 'nothing left allocated');
  const r = ops.gather(x, [3, 0]);
  assertSameBits(r.data, gather(x.data, ref.gather(x.shape, [3, 0]).src));
});

test('kept x with plain indices in wasm memory, and out in wasm memory', () => {
  const x = ops.tensor(f32([6, 4]).data, [6, 4]);
  const idx = ops.tensor(Int32Array.from([5, 0, 5]), [3]);
  // A plain tensor whose data is a view of the module's memory (a kept tensor's .data).
  const r = ops.gather(x, { data: idx.data, shape: [3] });
  assertSameBits(r.toArray(), gather(x.toArray(), ref.gather([6, 4], [5, 0, 5]).src));
  const target = ops.tensor(new Float32Array(3), [3]);
  const s = ops.gatherElements(x, { data: Int32Array.from([1, 2, 3]), shape: [3, 1] }, { out: target.data, axis: 1 });
  assert.deepEqual(Array.from(s.data), Array.from(gather(x.toArray(), ref.gatherElements([6, 4], { data: [1, 2, 3], shape: [3, 1] }, 1).src)));
  for (const t of [x, idx, r, target]) t.dispose();
  assert.equal(ops.memory().keptTensors, 0);
});

test('every data dtype with every index dtype (int8 to uint64: a class mask of bytes too)', () => {
  const idxs = {
    int8: { data: Int8Array.from([2, -1, 0]), shape: [3] },
    uint8: { data: Uint8Array.from([2, 3, 0]), shape: [3] },
    uint8Clamped: { data: Uint8ClampedArray.from([2, 3, 0]), shape: [3] },
    int16: { data: Int16Array.from([2, -1, 0]), shape: [3] },
    uint16: { data: Uint16Array.from([2, 3, 0]), shape: [3] },
    int32: { data: Int32Array.from([2, -1, 0]), shape: [3] },
    uint32: { data: Uint32Array.from([2, 3, 0]), shape: [3] },
    int64: { data: BigInt64Array.from([2n, -1n, 0n]), shape: [3] },
    uint64: { data: BigUint64Array.from([2n, 3n, 0n]), shape: [3] },
  };
  for (const dt of DTYPE_CASES) {
    const data = makeData(dt, 12, rng);
    const x = { data, shape: [4, 3], dtype: dt.dtype };
    for (const idx of Object.values(idxs)) {
      const r = ops.gather(x, idx);
      assertSameBits(r.data, gather(data, ref.gather(x.shape, idx).src), `${dt.label}`);
      assert.equal(r.dtype, dt.dtype);
      const e = ops.gatherElements(x, { ...idx, shape: [3, 1] });
      assertSameBits(e.data, gather(data, ref.gatherElements(x.shape, { ...idx, shape: [3, 1] }).src), `${dt.label}`);
      const nd = ops.gatherND(x, { ...idx, shape: [3, 1] });
      assertSameBits(nd.data, gather(data, ref.gatherND(x.shape, { ...idx, shape: [3, 1] }).src), `${dt.label}`);
      // Kept indices, and the same values as a bare typed array (1-D).
      const kept = ops.tensor(idx.data, idx.shape);
      assertSameBits(ops.gather(x, kept).data, r.data, `${dt.label} kept indices`);
      kept.dispose();
      assertSameBits(ops.gather(x, idx.data).data, r.data, `${dt.label} a bare ${idx.data.constructor.name}`);
    }
  }
});

test('index values out of range in the small integer dtypes are named with their value', () => {
  const x = f32([5, 3]);
  const cases = [[Int8Array, -128, '-128'], [Int8Array, 5, '5'], [Uint8Array, 255, '255'], [Int16Array, -6, '-6'], [Uint16Array, 65535, '65535']];
  for (const [Type, bad, text] of cases) {
    const idx = { data: Type.from([0, bad]), shape: [2, 1] };
    expectError(() => ops.gather(x, idx), 'INVALID_ARGUMENT', 'gather', ['indices[1, 0]', `value ${text}`, '[-5, 5)']);
    expectError(() => ops.gatherElements(x, idx), 'INVALID_ARGUMENT', 'gatherElements', ['indices[1, 0]', `value ${text}`]);
    expectError(() => ops.gatherND(x, idx), 'INVALID_ARGUMENT', 'gatherND', ['indices[1, 0]', `value ${text}`]);
  }
});

test('large calls split over the pool match the reference', () => {
  // An embedding lookup, gatherElements along the last axis, gatherND pairs.
  const table = f32([3000, 64]);
  const rows = Int32Array.from({ length: 2048 }, () => Math.floor(rng() * 6000) - 3000);
  const g = ops.gather(table, rows);
  assert.deepEqual(g.shape, [2048, 64]);
  const idx = { data: rows, shape: [2048] };
  assertSameBits(g.data, gather(table.data, ref.gather(table.shape, idx).src));
  const m = f32([512, 600]);
  const along = { data: BigInt64Array.from({ length: 512 * 700 }, () => BigInt(Math.floor(rng() * 1200) - 600)), shape: [512, 700] };
  const e = ops.gatherElements(m, along, { axis: -1 });
  assertSameBits(e.data, gather(m.data, ref.gatherElements(m.shape, along, -1).src));
  const pairs = { data: Uint32Array.from({ length: 40000 }, (_, i) => Math.floor(rng() * (i % 2 ? 600 : 512))), shape: [20000, 2] };
  const n = ops.gatherND(m, pairs);
  assertSameBits(n.data, gather(m.data, ref.gatherND(m.shape, pairs).src));
});

test('ops.shapes.gather* take the indices shape and agree with the operations', () => {
  assert.deepEqual(ops.shapes.gather([3, 4, 5], [2, 6], { axis: 1 }), [3, 2, 6, 5]);
  assert.deepEqual(ops.shapes.gather([3, 4, 5], [3, 6], { axis: 2, batchDims: -1 }), [3, 4, 6]);
  assert.deepEqual(ops.shapes.gatherElements([3, 4], [2, 9], { axis: 1 }), [2, 9]);
  assert.deepEqual(ops.shapes.gatherND([3, 4, 5], [3, 7, 1], { batchDims: 1 }), [3, 7, 5]);
  expectError(() => ops.shapes.gather([3, 4], [2], { axis: 2 }), 'INVALID_ARGUMENT', 'gather', ['axis', '2']);
  expectError(() => ops.shapes.gather([2 ** 40, 2 ** 12], [2 ** 30], { dtype: 'float64' }), 'OUT_OF_MEMORY', 'gather', ['output']);
});

test('palettes by masks: small tables (up to 64 rows and past) by every index dtype, plain and kept', () => {
  // What a mask overlay does: rows of 4 bytes (RGBA), 3 (RGB), 2 and 1, picked by a
  // mask of every index dtype; long enough for the module's table lookup
  // (16 indices at a time) with a tail, against a JS loop.
  const arrays = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array];
  for (const classes of [2, 21, 64, 65]) {
    for (const [rowShape, Row] of [[[4], Uint8Array], [[3], Uint8Array], [[3], Uint16Array], [[3], Float32Array], [[2], Uint8Array], [[], Uint8Array], [[], Float32Array]]) {
      const per = rowShape.length ? rowShape[0] : 1;
      const table = { data: Row.from({ length: classes * per }, () => Math.floor(rng() * 256)), shape: [classes, ...rowShape] };
      for (const Index of arrays) {
        const big = Index === BigInt64Array || Index === BigUint64Array;
        const signed = Index === Int8Array || Index === Int16Array || Index === Int32Array || Index === BigInt64Array;
        if (classes > 64 && Index === Int8Array) continue; // -65 does not fit
        const n = 37 * 29;
        const values = Array.from({ length: n }, () => Math.floor(rng() * (signed ? 2 * classes : classes)) - (signed ? classes : 0));
        const mask = { data: Index.from(values, (v) => (big ? BigInt(v) : v)), shape: [37, 29] };
        const want = new Row(n * per);
        for (let i = 0; i < n; i++) {
          const v = values[i] < 0 ? values[i] + classes : values[i];
          for (let j = 0; j < per; j++) want[i * per + j] = table.data[v * per + j];
        }
        const label = `${classes} rows of ${per} ${Row.name}, ${Index.name}`;
        assertSameBits(ops.gather(table, mask).data, want, label);
        const keptTable = ops.tensor(table.data, table.shape);
        const keptMask = ops.tensor(mask.data, mask.shape);
        const r = ops.gather(keptTable, keptMask);
        assertSameBits(r.toArray(), want, `${label}, kept`);
        // One value out of range near the end: named, nothing written.
        const bad = Index.from(mask.data);
        bad[n - 3] = big ? BigInt(classes) : classes;
        const out = new Row(n * per);
        expectError(() => ops.gather(keptTable, { data: bad, shape: [37, 29] }, { out }), 'INVALID_ARGUMENT', 'gather',
          ['indices[36, 26]', `value ${classes}`]);
        assert.ok(out.every((v) => v === 0), `${label}: out untouched`);
        for (const t of [keptTable, keptMask, r]) t.dispose();
      }
    }
  }
  assert.equal(ops.memory().keptTensors, 0);
});

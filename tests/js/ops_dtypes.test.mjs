// Every operation of the table on every dtype (docs/operations.md#dtypes): the result has the same
// dtype and typed-array class, a fresh shape array, the reference's bits
// (NaN payloads, -0 and int64 extremes survive: bytes are moved, never
// converted), and the inputs are left untouched.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DTYPE_CASES, assertSameBits, gather, makeData, makeRng, snapshot, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';
import { callOp, callRef, inputArg, inputShapes, joinData, outputsOf, samplesOf } from './table.mjs';

const ops = await loadOps();

const rng = makeRng(0x5eed01);

// The operations that move elements; a typed one computes its values,
// and its golden cases cover every pair of dtypes (golden.test.mjs).
const MOVING = ops.operations.filter((o) => !o.typed);

for (const c of DTYPE_CASES) {
  describe(c.label, () => {
    for (const spec of MOVING) {
      const { name: op, result: kind } = spec;
      test(op, () => {
        for (const sample of samplesOf(op)) {
          const { label: name, args, offset = 0 } = sample;
          const shapes = inputShapes(spec, sample);
          const datas = shapes.map((shape) => makeData(c, volume(shape), rng, offset));
          const xs = shapes.map((shape, k) => ({ data: datas[k], shape: shape.slice(), dtype: c.dtype }));
          const befores = datas.map(snapshot);
          const expected = outputsOf(spec, callRef(ref, ops, op, spec.input === 'tensors' ? shapes : shapes[0], args));
          const results = outputsOf(spec, callOp(ops, op, inputArg(spec, xs), args));
          const all = joinData(datas);
          assert.equal(results.length, expected.length, `${name}: outputs`);
          results.forEach((result, k) => {
            assert.equal(result.dtype, c.dtype, name);
            assert.ok(Array.isArray(result.shape), name);
            assert.deepEqual(result.shape, expected[k].shape, name);
            for (const x of xs) assert.notEqual(result.shape, x.shape, `${name}: shape must be a fresh array`);
            assertSameBits(result.data, gather(all, expected[k].src), `${name} output ${k}`);
            if (kind === 'view') assert.equal(result.data, datas[0], `${name}: a view of a plain tensor shares data`);
            else for (const data of datas) assert.notEqual(result.data.buffer, data.buffer, `${name}: a new array`);
          });
          datas.forEach((data, k) => {
            assertSameBits(data, new c.Array(befores[k].buffer), `${name}: input ${k}`);
            assert.deepEqual(xs[k].shape, shapes[k], `${name}: input shape`);
          });
        }
      });
    }
  });
}

test('dtype is inferred from the typed array when left out', () => {
  const inferred = [[Int8Array, 'int8'], [Uint8Array, 'uint8'], [Uint8ClampedArray, 'uint8'],
    [Int16Array, 'int16'], [Uint16Array, 'uint16'], [Int32Array, 'int32'], [Uint32Array, 'uint32'],
    [Float32Array, 'float32'], [BigInt64Array, 'int64'], [BigUint64Array, 'uint64'], [Float64Array, 'float64']];
  for (const [Array_, dtype] of inferred) {
    const r = ops.roll({ data: new Array_(4), shape: [4] }, 1, 0);
    assert.equal(r.dtype, dtype);
    assert.ok(r.data instanceof Array_);
  }
});

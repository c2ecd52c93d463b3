// Every operation on every dtype of API.md's table: the result has the same
// dtype and typed-array class, a fresh shape array, the reference's bits
// (NaN payloads, -0 and int64 extremes survive: bytes are moved, never
// converted), and the inputs are left untouched.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DTYPE_CASES, assertSameBits, gather, makeData, makeRng, snapshot, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import * as ref from './reference.mjs';

const ops = await loadOps();

// [name, input shape, call(ops, x), reference(shape)]; `offset` feeds a subarray.
const CASES = {
  reshape: [
    ['[2,3,4] -> [4,-1]', [2, 3, 4], (x) => ops.reshape(x, [4, -1]), (s) => ref.reshape(s, [4, -1])],
    ['specialZero [0,-1]', [2, 3, 4], (x) => ops.reshape(x, [0, -1], { specialZero: true }), (s) => ref.reshape(s, [0, -1], true)],
    ['to a scalar', [1, 1], (x) => ops.reshape(x, []), (s) => ref.reshape(s, [])],
  ],
  broadcast: [
    ['numpy [3,1] -> [2,3,4]', [3, 1], (x) => ops.broadcast(x, [2, 3, 4]), (s) => ref.broadcast(s, [2, 3, 4])],
    ['bidirectional [3,1,2] with [1,1,4,1]', [3, 1, 2],
      (x) => ops.broadcast(x, [1, 1, 4, 1], { mode: 'bidirectional' }), (s) => ref.broadcast(s, [1, 1, 4, 1], 'bidirectional')],
    ['explicit [3] -> [2,3,2] axes [1]', [3],
      (x) => ops.broadcast(x, [2, 3, 2], { mode: 'explicit', axesMapping: [1] }),
      (s) => ref.broadcast(s, [2, 3, 2], 'explicit', [1])],
    ['scalar -> [5]', [], (x) => ops.broadcast(x, [5]), (s) => ref.broadcast(s, [5])],
  ],
  spaceToDepth: [],
  depthToSpace: [],
  roll: [
    ['[3,4,5] shifts [1,-2,7]', [3, 4, 5], (x) => ops.roll(x, [1, -2, 7], [0, 1, 2]), (s) => ref.roll(s, [1, -2, 7], [0, 1, 2])],
    ['one shift, axes [-1,0], subarray input', [3, 4, 5], (x) => ops.roll(x, 2, [-1, 0]), (s) => ref.roll(s, 2, [-1, 0]), 3],
  ],
};
// The block ops: each format (NCHW also with 3 spatial dims) in both modes.
const BLOCK_SHAPES = {
  spaceToDepth: [['NHWC', [2, 4, 6, 3]], ['NCHW', [1, 2, 4, 6]], ['NCHW', [1, 2, 2, 4, 2]], ['NCHW_VECT_C', [1, 2, 4, 2, 4]]],
  depthToSpace: [['NHWC', [1, 2, 3, 8]], ['NCHW', [2, 8, 2, 3]], ['NCHW', [1, 16, 1, 2, 1]], ['NCHW_VECT_C', [1, 4, 2, 3, 4]]],
};
for (const op of ['spaceToDepth', 'depthToSpace']) {
  for (const [dataFormat, shape] of BLOCK_SHAPES[op]) {
    for (const mode of ['blocks_first', 'depth_first']) {
      CASES[op].push([`${dataFormat} ${JSON.stringify(shape)} ${mode}`, shape,
        (x) => ops[op](x, 2, { dataFormat, mode }), (s) => ref[op](s, 2, dataFormat, mode)]);
    }
  }
}

const rng = makeRng(0x5eed01);

for (const c of DTYPE_CASES) {
  describe(c.label, () => {
    for (const [op, cases] of Object.entries(CASES)) {
      test(op, () => {
        for (const [name, shape, call, reference, offset = 0] of cases) {
          const data = makeData(c, volume(shape), rng, offset);
          const x = { data, shape: shape.slice(), dtype: c.dtype };
          const before = snapshot(data);
          const expected = reference(shape);
          const result = call(x);
          assert.equal(result.dtype, c.dtype, name);
          assert.ok(Array.isArray(result.shape), name);
          assert.deepEqual(result.shape, expected.shape, name);
          assert.notEqual(result.shape, x.shape, `${name}: shape must be a fresh array`);
          assertSameBits(result.data, gather(data, expected.src), name);
          assertSameBits(data, new c.Array(before.buffer), `${name}: input`);
          assert.deepEqual(x.shape, shape, `${name}: input shape`);
          if (op === 'reshape') assert.equal(result.data, data, `${name}: reshape of a plain tensor shares data`);
          else assert.notEqual(result.data.buffer, data.buffer, `${name}: a new array`);
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

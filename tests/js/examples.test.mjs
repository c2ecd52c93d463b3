// The examples of the seed documents (docs/operations.md lists them), as literal values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const iota = (n, from = 1) => Int32Array.from({ length: n }, (_, i) => i + from);
const check = (result, shape, values) => {
  assert.deepEqual(result.shape, shape);
  assert.deepEqual(Array.from(result.data), values);
};

// Roll-7 examples on [[1,2,3],[4,5,6],[7,8,9],[10,11,12]].
const m = { data: iota(12), shape: [4, 3] };
test('Roll example 1: shift 1, axes 0', () => {
  check(ops.roll(m, 1, 0), [4, 3], [10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});
test('Roll example 2: shift [-1, 2], axes [0, 1]', () => {
  check(ops.roll(m, [-1, 2], [0, 1]), [4, 3], [5, 6, 4, 8, 9, 7, 11, 12, 10, 2, 3, 1]);
});
test('Roll example 3: shift [1, 2, 1], axes [0, 1, 0]', () => {
  check(ops.roll(m, [1, 2, 1], [0, 1, 0]), [4, 3], [8, 9, 7, 11, 12, 10, 2, 3, 1, 5, 6, 4]);
});

// TensorFlow SpaceToDepth examples, NHWC, block size 2.
test('SpaceToDepth example 1: [1,2,2,1] -> [1,1,1,4]', () => {
  check(ops.spaceToDepth({ data: iota(4), shape: [1, 2, 2, 1] }, 2), [1, 1, 1, 4], [1, 2, 3, 4]);
});
test('SpaceToDepth example 2: [1,2,2,3] -> [1,1,1,12]', () => {
  check(ops.spaceToDepth({ data: iota(12), shape: [1, 2, 2, 3] }, 2), [1, 1, 1, 12],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});
test('SpaceToDepth example 3: [1,4,4,1] -> [1,2,2,4]', () => {
  const x = Int32Array.from([1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16]);
  const expected = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
  check(ops.spaceToDepth({ data: x, shape: [1, 4, 4, 1] }, 2), [1, 2, 2, 4], expected);
  // DepthToSpace is its inverse (the same example read backwards).
  check(ops.depthToSpace({ data: Int32Array.from(expected), shape: [1, 2, 2, 4] }, 2), [1, 4, 4, 1], Array.from(x));
});

// Reshape-1 examples: output shapes (the data keeps its order).
test('Reshape examples 1-5', () => {
  const cases = [
    [[2, 5, 5, 0], [0, 4], false, [0, 4]],
    [[2, 5, 5, 24], [0, -1, 4], true, [2, 150, 4]],
    [[2, 2, 3], [0, 0, 1, -1], true, [2, 2, 1, 3]],
    [[3, 1, 1], [-1, 0], true, [3, 1]],
    [[3, 1, 1], [0, -1], true, [3, 1]],
  ];
  for (const [shape, target, specialZero, expected] of cases) {
    const n = shape.reduce((p, d) => p * d, 1);
    const x = { data: iota(n), shape };
    const r = ops.reshape(x, target, { specialZero });
    assert.deepEqual(r.shape, expected, JSON.stringify([shape, target]));
    assert.deepEqual(Array.from(r.data), Array.from(iota(n)));
  }
});

// Broadcast-3 examples: output shapes, and the values of each repetition.
test('Broadcast example 1: numpy [16,1,1] -> [1,16,50,50]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16, 1, 1] }, [1, 16, 50, 50]);
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});
test('Broadcast example 2: explicit [16] -> [1,16,50,50], axes_mapping [1]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16] }, [1, 16, 50, 50], { mode: 'explicit', axesMapping: [1] });
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});
test('Broadcast example 3: explicit [50,50] -> [1,50,50,16], axes_mapping [1,2]', () => {
  const r = ops.broadcast({ data: iota(2500, 0), shape: [50, 50] }, [1, 50, 50, 16], { mode: 'explicit', axesMapping: [1, 2] });
  assert.deepEqual(r.shape, [1, 50, 50, 16]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 16));
});
test('Broadcast example 4: bidirectional [16,1,1] with [1,1,50,50] -> [1,16,50,50]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16, 1, 1] }, [1, 1, 50, 50], { mode: 'bidirectional' });
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});

// Tile (docs/operations.md#tile): numpy.tile, the whole input repeated as a block.
test('Tile examples: block repetition, rank promotion both ways, zeros, a scalar', () => {
  const v = { data: Int32Array.from([1, 2]), shape: [2] };
  check(ops.tile(v, [2]), [4], [1, 2, 1, 2]);
  check(ops.tile(v, [2, 1]), [2, 2], [1, 2, 1, 2]);
  const m = { data: Int32Array.from([1, 2, 3, 4]), shape: [2, 2] };
  check(ops.tile(m, [2, 1]), [4, 2], [1, 2, 3, 4, 1, 2, 3, 4]);
  check(ops.tile(m, [2]), [2, 4], [1, 2, 1, 2, 3, 4, 3, 4]);
  check(ops.tile(m, [0, 1]), [0, 2], []);
  check(ops.tile({ data: Int32Array.from([7]), shape: [] }, 3), [3], [7, 7, 7]);
  assert.deepEqual(ops.shapes.tile([1, 3, 224, 224], [4, 1, 1, 1]), [4, 3, 224, 224]);
});

// SpaceToBatch / BatchToSpace (docs/operations.md#spacetobatch, #batchtospace): TensorFlow's batch order.
test('SpaceToBatch examples: blocks into the batch, the original batch innermost, zero pads', () => {
  const z = [0, 0, 0, 0];
  check(ops.spaceToBatch({ data: iota(16), shape: [1, 4, 4, 1] }, [1, 2, 2, 1], z, z), [4, 2, 2, 1],
    [1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16]);
  check(ops.spaceToBatch({ data: iota(4), shape: [1, 2, 2, 1] }, [1, 2, 2, 1], z, z), [4, 1, 1, 1], [1, 2, 3, 4]);
  check(ops.spaceToBatch({ data: iota(8), shape: [2, 1, 4, 1] }, [1, 1, 2, 1], z, z), [4, 1, 2, 1], [1, 3, 5, 7, 2, 4, 6, 8]);
  check(ops.spaceToBatch({ data: iota(3), shape: [1, 1, 3, 1] }, [1, 1, 2, 1], [0, 0, 1, 0], z), [2, 1, 2, 1], [0, 2, 1, 3]);
  assert.deepEqual(ops.shapes.spaceToBatch([2, 5, 7, 3], [1, 2, 3, 1], [0, 1, 1, 0], [0, 0, 1, 0]), [12, 3, 3, 3]);
});
test('BatchToSpace examples: the inverse, with crops', () => {
  const z = [0, 0, 0, 0];
  check(ops.batchToSpace({ data: iota(4), shape: [4, 1, 1, 1] }, [1, 2, 2, 1], z, z), [1, 2, 2, 1], [1, 2, 3, 4]);
  check(ops.batchToSpace({ data: Int32Array.from([1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16]), shape: [4, 2, 2, 1] },
    [1, 2, 2, 1], z, z), [1, 4, 4, 1], Array.from(iota(16)));
  check(ops.batchToSpace({ data: Int32Array.from([0, 2, 1, 3]), shape: [2, 1, 2, 1] }, [1, 1, 2, 1], [0, 0, 1, 0], z),
    [1, 1, 3, 1], [1, 2, 3]);
  assert.deepEqual(ops.shapes.batchToSpace([12, 3, 3, 3], [1, 2, 3, 1], [0, 1, 1, 0], [0, 0, 1, 0]), [2, 5, 7, 3]);
});

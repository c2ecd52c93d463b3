// Every error code with its message: a TensorOpsError (an Error) whose
// message starts with the operation and names the parameter and the
// offending value. After each error the module still works and its heap is
// back where it was.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { load } from '../../web/node.mjs';
import { expectError } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const f32 = (shape, n = shape.reduce((p, d) => p * d, 1)) => ({ data: new Float32Array(n), shape });
const x = f32([2, 3, 4]);
const x4 = f32([1, 4, 4, 1]);
const scalar = f32([]);

// A correct call of every kind, so the heap's baseline includes whatever the
// first calls keep for good (scratch arrays).
function workingCalls() {
  const r = ops.roll({ data: Int32Array.from([1, 2, 3]), shape: [3] }, 1, 0);
  assert.deepEqual(Array.from(r.data), [3, 1, 2]);
  assert.deepEqual(ops.broadcast(scalar, [2, 2]).shape, [2, 2]);
  assert.deepEqual(ops.spaceToDepth(x4, 2).shape, [1, 2, 2, 4]);
  assert.deepEqual(ops.depthToSpace(f32([1, 1, 1, 4]), 2).shape, [1, 2, 2, 1]);
  assert.deepEqual(ops.reshape(x, [-1]).shape, [24]);
  ops.tensor(new Float32Array(2), [2]).dispose();
}
workingCalls();
const baseline = ops.memory().heapBytes;

// [title, code, op (message prefix), call, parts of the message]
const IA = 'INVALID_ARGUMENT';
const SM = 'SHAPE_MISMATCH';
const CASES = [
  // Unknown names.
  ['unknown broadcast mode', IA, 'broadcast', () => ops.broadcast(x, [2, 3, 4], { mode: 'nope' }), ['mode', "'nope'"]],
  ['unknown block mode', IA, 'spaceToDepth', () => ops.spaceToDepth(x4, 2, { mode: 'dfirst' }), ['mode', "'dfirst'"]],
  ['unknown dataFormat', IA, 'depthToSpace', () => ops.depthToSpace(x4, 2, { dataFormat: 'NCWH' }), ['dataFormat', "'NCWH'"]],
  ['unknown dtype', IA, 'roll', () => ops.roll({ ...x, dtype: 'float128' }, 1, 0), ['dtype', "'float128'"]],
  ['dtype not matching the array', IA, 'reshape', () => ops.reshape({ ...x, dtype: 'int32' }, [24]), ['dtype', "'int32'", 'Float32Array']],
  ['data not a typed array', IA, 'roll', () => ops.roll({ data: [1, 2], shape: [2] }, 1, 0), ['data', '[1, 2]']],
  ['x not a tensor', IA, 'broadcast', () => ops.broadcast(null, [1]), ['x', 'null']],
  // Block size.
  ['blockSize 0', IA, 'spaceToDepth', () => ops.spaceToDepth(x4, 0), ['blockSize', '0']],
  ['blockSize -2', IA, 'depthToSpace', () => ops.depthToSpace(x4, -2), ['blockSize', '-2']],
  ['blockSize 1.5', IA, 'spaceToDepth', () => ops.spaceToDepth(x4, 1.5), ['blockSize', '1.5']],
  ['blockSize a string', IA, 'spaceToDepth', () => ops.spaceToDepth(x4, '2'), ['blockSize', "'2'"]],
  // Layouts.
  ['NHWC of rank 3', IA, 'spaceToDepth', () => ops.spaceToDepth(f32([4, 4, 1]), 2), ['x.shape', '[4, 4, 1]', 'NHWC']],
  ['NCHW of rank 2', IA, 'depthToSpace', () => ops.depthToSpace(f32([4, 4]), 2, { dataFormat: 'NCHW' }), ['x.shape', '[4, 4]']],
  ['NCHW_VECT_C last dim 3', IA, 'spaceToDepth',
    () => ops.spaceToDepth(f32([1, 1, 2, 2, 3]), 2, { dataFormat: 'NCHW_VECT_C' }), ['x.shape', '[1, 1, 2, 2, 3]', '3']],
  // Dims.
  ['roll of a scalar', IA, 'roll', () => ops.roll(scalar, 1, 0), ['x.shape', '[]']],
  ['non-integer dim', IA, 'reshape', () => ops.reshape(f32([2, 3.5, 4], 28), [28]), ['x.shape', '3.5']],
  ['NaN dim', IA, 'roll', () => ops.roll(f32([NaN], 1), 1, 0), ['x.shape', 'NaN']],
  ['negative dim', IA, 'reshape', () => ops.reshape(f32([2, -3, 4], 0), [0]), ['x.shape', '-3']],
  ['dim beyond 2^53', IA, 'broadcast', () => ops.broadcast(f32([2 ** 54], 1), [1]), ['x.shape', '18014398509481984']],
  ['shape not an array', IA, 'reshape', () => ops.reshape(x, '24'), ['shape', "'24'"]],
  ['data length not matching', IA, 'roll', () => ops.roll(f32([2, 3, 4], 23), 1, 0), ['x.data', '23', '[2, 3, 4]', '24']],
  ['data length not matching (reshape)', IA, 'reshape', () => ops.reshape(f32([2, 3, 4], 25), [-1]), ['x.data', '25', '[2, 3, 4]']],
  // Roll's parameters.
  ['shift/axes lengths', IA, 'roll', () => ops.roll(x, [1, 2], [0, 1, 2]), ['shift', '[1, 2]', 'axes', '[0, 1, 2]']],
  ['axis too large', IA, 'roll', () => ops.roll(x, 1, 3), ['axes', '3']],
  ['axis too negative', IA, 'roll', () => ops.roll(x, [1, 1], [0, -4]), ['axes', '-4']],
  ['nested shift', IA, 'roll', () => ops.roll(x, [[1]], [0]), ['shift', '[1]']],
  // Reshape's parameters.
  ['special zero beyond the rank', IA, 'reshape', () => ops.reshape(x, [2, 0, 0, 0], { specialZero: true }),
    ['shape', '[2, 0, 0, 0]', 'index 3']],
  ['two -1s', IA, 'reshape', () => ops.reshape(x, [-1, 4, -1]), ['shape', '[-1, 4, -1]', '-1']],
  ['a value below -1', IA, 'reshape', () => ops.reshape(x, [-2, -12]), ['shape', '[-2, -12]', '-2']],
  // Broadcast's parameters.
  ['negative target dim', IA, 'broadcast', () => ops.broadcast(x, [2, -3, 4]), ['targetShape', '[2, -3, 4]', '-3']],
  ['explicit without axesMapping', IA, 'broadcast', () => ops.broadcast(x, [2, 3, 4], { mode: 'explicit' }), ['axesMapping', 'explicit']],
  ['axesMapping with numpy', IA, 'broadcast', () => ops.broadcast(x, [2, 3, 4], { axesMapping: [0, 1, 2] }), ['axesMapping', '[0, 1, 2]']],
  ['axesMapping length', IA, 'broadcast', () => ops.broadcast(x, [2, 3, 4, 5], { mode: 'explicit', axesMapping: [0, 1] }),
    ['axesMapping', '[0, 1]']],
  ['axesMapping out of range', IA, 'broadcast', () => ops.broadcast(x, [2, 3, 4], { mode: 'explicit', axesMapping: [0, 1, 3] }),
    ['axesMapping', '[0, 1, 3]', '3']],
  ['axesMapping not increasing', IA, 'broadcast', () => ops.broadcast(f32([1, 1]), [5, 5], { mode: 'explicit', axesMapping: [1, 0] }),
    ['axesMapping', '[1, 0]']],
  // Options.
  ['unknown reshape option', IA, 'reshape', () => ops.reshape(x, [24], { specialzero: true }), ["'specialzero'"]],
  ['unknown broadcast option', IA, 'broadcast', () => ops.broadcast(x, [2, 3, 4], { axes_mapping: [0] }), ["'axes_mapping'"]],
  ['unknown block option', IA, 'spaceToDepth', () => ops.spaceToDepth(x4, 2, { data_format: 'NHWC' }), ["'data_format'"]],
  ['unknown roll option', IA, 'roll', () => ops.roll(x, 1, 0, { axis: 1 }), ["'axis'"]],
  ['specialZero not a boolean', IA, 'reshape', () => ops.reshape(x, [24], { specialZero: 1 }), ['specialZero', '1']],
  ['mode not a string', IA, 'broadcast', () => ops.broadcast(x, [2, 3, 4], { mode: 3 }), ['mode', '3']],
  ['dataFormat not a string', IA, 'depthToSpace', () => ops.depthToSpace(x4, 2, { dataFormat: null }), ['dataFormat', 'null']],
  ['options not an object', IA, 'roll', () => ops.roll(x, 1, 0, 5), ['options', '5']],
  ['out of the wrong class', IA, 'roll', () => ops.roll(x, 1, 0, { out: new Int32Array(24) }), ['out', 'Int32Array']],
  ['out of the wrong length', IA, 'broadcast', () => ops.broadcast(x, [2, 2, 3, 4], { out: new Float32Array(24) }),
    ['out', '24']],
  // Shapes the rules do not allow together.
  ['reshape volume', SM, 'reshape', () => ops.reshape(x, [5, 5]), ['shape', '[5, 5]', '24']],
  ['reshape -1 not divisible', SM, 'reshape', () => ops.reshape(x, [5, -1]), ['shape', '[5, -1]', '[2, 3, 4]']],
  ['reshape -1 beside a 0', SM, 'reshape', () => ops.reshape(f32([0, 3]), [0, -1]), ['shape', '[0, -1]']],
  ['numpy dims', SM, 'broadcast', () => ops.broadcast(x, [2, 3, 5]), ['targetShape', '[2, 3, 5]', 'x.shape', '[2, 3, 4]']],
  ['numpy rank', SM, 'broadcast', () => ops.broadcast(x, [3, 4]), ['targetShape', '[3, 4]']],
  ['numpy never shrinks', SM, 'broadcast', () => ops.broadcast(f32([5]), [1]), ['targetShape', '[1]', '5']],
  ['bidirectional dims', SM, 'broadcast', () => ops.broadcast(x, [2, 2, 4], { mode: 'bidirectional' }), ['targetShape', '[2, 2, 4]']],
  ['explicit dims', SM, 'broadcast', () => ops.broadcast(f32([3]), [2, 4], { mode: 'explicit', axesMapping: [1] }),
    ['targetShape', '[2, 4]', '3']],
  ['H not divisible', SM, 'spaceToDepth', () => ops.spaceToDepth(f32([1, 3, 4, 1]), 2), ['x.shape', '[1, 3, 4, 1]', 'blockSize']],
  ['W not divisible', SM, 'spaceToDepth', () => ops.spaceToDepth(f32([1, 1, 4, 6]), 4, { dataFormat: 'NCHW' }),
    ['x.shape', '[1, 1, 4, 6]', 'blockSize']],
  ['depth not divisible', SM, 'depthToSpace', () => ops.depthToSpace(f32([1, 2, 2, 3]), 2), ['x.shape', '[1, 2, 2, 3]', 'blockSize']],
  ['NCHW_VECT_C output depth not quads', SM, 'depthToSpace',
    () => ops.depthToSpace(f32([1, 2, 2, 2, 4]), 2, { dataFormat: 'NCHW_VECT_C' }), ['x.shape', '[1, 2, 2, 2, 4]']],
  // Outputs that cannot fit WebAssembly memory: never an abort.
  ['32 GiB broadcast', 'OUT_OF_MEMORY', 'broadcast', () => ops.broadcast(f32([1]), [65536, 65536, 2]), ['[65536, 65536, 2]']],
  ['4 GiB - 1 byte broadcast', 'OUT_OF_MEMORY', 'broadcast',
    () => ops.broadcast({ data: new Uint8Array(1), shape: [] }, [3, 5, 17, 257, 65537]), ['[3, 5, 17, 257, 65537]']],
];

for (const [title, code, op, call, parts] of CASES) {
  test(`${code}: ${title}`, () => {
    expectError(call, code, op, parts);
    assert.equal(ops.memory().heapBytes, baseline, 'heap back at its baseline');
    workingCalls();
    assert.equal(ops.memory().heapBytes, baseline);
  });
}

test('OUT_OF_MEMORY on a kept input leaves it intact', () => {
  const t = ops.tensor(Float64Array.from([-0]), [1]);
  expectError(() => ops.broadcast(t, [65536, 65536, 2]), 'OUT_OF_MEMORY', 'broadcast', ['[65536, 65536, 2]']);
  assert.ok(Object.is(t.toArray()[0], -0));
  const r = ops.broadcast(t, [3]);
  assert.deepEqual(Array.from(r.toArray()), [-0, -0, -0]);
  r.dispose();
  t.dispose();
  assert.equal(ops.memory().heapBytes, baseline);
});

test('DISPOSED: every use of a disposed kept tensor', () => {
  const t = ops.tensor(Int32Array.from([1, 2, 3, 4]), [2, 2]);
  const view = ops.reshape(t, [4]);
  t.dispose();
  t.dispose(); // idempotent
  for (const [op, call] of [
    ['KeptTensor.data', () => t.data],
    ['KeptTensor.toArray()', () => t.toArray()],
    ['reshape', () => ops.reshape(t, [4])],
    ['broadcast', () => ops.broadcast(t, [2, 2, 2])],
    ['spaceToDepth', () => ops.spaceToDepth(t, 1, { dataFormat: 'NCHW' })],
    ['depthToSpace', () => ops.depthToSpace(t, 1, { dataFormat: 'NCHW' })],
    ['roll', () => ops.roll(t, 1, 0)],
  ]) {
    expectError(call, 'DISPOSED', op, ['[2, 2]', 'disposed']);
  }
  // A reshaped view keeps the memory alive on its own.
  assert.deepEqual(Array.from(view.toArray()), [1, 2, 3, 4]);
  view.dispose();
  assert.equal(ops.memory().keptTensors, 0);
  assert.equal(ops.memory().heapBytes, baseline);
});

test('shapes.* throw what the operations throw', () => {
  expectError(() => ops.shapes.reshape([2, 3], [7]), SM, 'reshape', ['[7]']);
  expectError(() => ops.shapes.roll([], 1, 0), IA, 'roll', ['x.shape', '[]']);
  expectError(() => ops.shapes.broadcast([2], [3]), SM, 'broadcast', ['[3]']);
  expectError(() => ops.shapes.spaceToDepth([1, 3, 3, 1], 2), SM, 'spaceToDepth', ['[1, 3, 3, 1]']);
  expectError(() => ops.shapes.depthToSpace([1, 2 ** 53, 1, 4], 2), 'OUT_OF_MEMORY', 'depthToSpace', ['blockSize']);
  assert.equal(ops.memory().heapBytes, baseline);
});

test('load() rejects bad options with INVALID_ARGUMENT', async () => {
  for (const [opts, parts] of [[{ threads: 0 }, ['threads', '0']], [{ thread: 2 }, ["'thread'"]],
    [{ threads: 1.5 }, ['threads', '1.5']], [{ locateFile: 'x' }, ['locateFile', "'x'"]], ['st', ["'st'"]]]) {
    await assert.rejects(load(opts), (e) => {
      expectError(() => { throw e; }, IA, 'load', parts);
      return true;
    });
  }
});

// Interop with the real onnxruntime-web (a devDependency): its Tensor goes
// into every operation, results go into `new ort.Tensor(...)` and toOrt(),
// and ORT sessions run on tensors we produced (and agree with our
// depthToSpace, spaceToDepth, broadcast and reshape where ONNX has the same op).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as ort from 'onnxruntime-web';

import { KeptTensor, fromOrt, toOrt } from '../../web/node.mjs';
import { DTYPE_CASES, assertSameBits, expectError, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { oneNodeModel } from './onnx_model.mjs';

ort.env.wasm.numThreads = 1; // ORT's own threads are not what is tested here
const ops = await loadOps();
const rng = makeRng(0x0e7);

// Every dtype onnxruntime has too (not bfloat16), with ORT's typed array.
const ORT_CASES = DTYPE_CASES.filter((c) => c.dtype !== 'bfloat16' && c.Array !== Uint8ClampedArray);

function ortTensor(c, shape) {
  return new ort.Tensor(c.dtype, makeData(c, volume(shape), rng), shape);
}

async function runOne(model, feeds) {
  const session = await ort.InferenceSession.create(model);
  try {
    return await session.run(feeds);
  } finally {
    await session.release();
  }
}

test('every operation takes an ort.Tensor of every dtype, as it takes { data, shape, dtype }', () => {
  for (const c of ORT_CASES) {
    const x = ortTensor(c, [2, 4, 6, 3]);
    const plain = { data: x.data, shape: [2, 4, 6, 3], dtype: c.dtype };
    const pairs = [
      [ops.roll(x, [1, -2], [1, 2]), ops.roll(plain, [1, -2], [1, 2])],
      [ops.spaceToDepth(x, 2), ops.spaceToDepth(plain, 2)],
      [ops.depthToSpace(x, 2, { dataFormat: 'NCHW', mode: 'depth_first' }),
        ops.depthToSpace(plain, 2, { dataFormat: 'NCHW', mode: 'depth_first' })],
      [ops.broadcast(x, [2, 2, 4, 6, 3]), ops.broadcast(plain, [2, 2, 4, 6, 3])],
      [ops.reshape(x, [0, -1], { specialZero: true }), ops.reshape(plain, [0, -1], { specialZero: true })],
    ];
    for (const [fromOrtInput, fromPlain] of pairs) {
      assert.equal(fromOrtInput.dtype, c.dtype, c.label);
      assert.deepEqual(fromOrtInput.shape, fromPlain.shape, c.label);
      assertSameBits(fromOrtInput.data, fromPlain.data, c.label);
    }
    // reshape shares the data, as for plain tensors; ORT's tensor is left untouched.
    assert.equal(ops.reshape(x, [-1]).data, x.data);
    // out works with an ORT input too.
    const out = new c.Array(x.data.length);
    assert.equal(ops.roll(x, 1, 0, { out }).data, out);
  }
});

test('results go into new ort.Tensor(r.dtype, r.data, r.shape) and toOrt() as they are', () => {
  for (const c of ORT_CASES) {
    const r = ops.roll({ data: makeData(c, 12, rng), shape: [3, 4], dtype: c.dtype }, 1, 1);
    const direct = new ort.Tensor(r.dtype, r.data, r.shape);
    assert.equal(direct.type, c.dtype, c.label);
    assert.equal(direct.data, r.data, `${c.label}: ORT shares the data`);
    assert.deepEqual(direct.dims, [3, 4]);
    for (const t of [toOrt(r, ort), toOrt(r, ort.Tensor)]) {
      assert.ok(t instanceof ort.Tensor, c.label);
      assert.equal(t.type, c.dtype, c.label);
      assert.equal(t.data, r.data, `${c.label}: toOrt shares the data`);
      assert.deepEqual(t.dims, [3, 4]);
    }
    const back = fromOrt(direct);
    assert.equal(back.data, r.data);
    assert.deepEqual(back.shape, [3, 4]);
    assert.equal(back.dtype, c.dtype);
  }
});

test('int64 through BigInt64Array, both ways, with values beyond 2^53', () => {
  const values = [-(2n ** 63n), 2n ** 63n - 1n, 2n ** 53n + 1n, -1n, 0n, 42n];
  const x = new ort.Tensor('int64', BigInt64Array.from(values), [2, 3]);
  const r = ops.roll(x, 1, 1);
  assert.ok(r.data instanceof BigInt64Array);
  assert.deepEqual(Array.from(r.data), [2n ** 53n + 1n, -(2n ** 63n), 2n ** 63n - 1n, 42n, -1n, 0n]);
  const t = toOrt(r, ort);
  assert.equal(t.type, 'int64');
  assert.deepEqual(Array.from(t.data), Array.from(r.data));
});

test('bool from a Uint8ClampedArray becomes a Uint8Array view for ORT', () => {
  const data = new Uint8ClampedArray([1, 0, 1, 1]);
  const t = toOrt({ data, shape: [4], dtype: 'bool' }, ort);
  assert.equal(t.type, 'bool');
  assert.ok(t.data instanceof Uint8Array);
  assert.equal(t.data.buffer, data.buffer, 'a view, not a copy');
  const u = toOrt({ data: new Uint8ClampedArray([5, 6]), shape: [2] }, ort);
  assert.equal(u.type, 'uint8');
});

test('kept tensors: ops.tensor(ortTensor), and toOrt copies a kept tensor out of wasm memory', () => {
  const x = new ort.Tensor('float16', new Uint16Array([0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600]), [1, 6, 1, 1]);
  const kept = ops.tensor(x);
  assert.ok(kept instanceof KeptTensor);
  assert.equal(kept.dtype, 'float16');
  const moved = ops.roll(kept, 2, 1);
  assert.ok(moved instanceof KeptTensor);
  const t = toOrt(moved, ort);
  assert.equal(t.type, 'float16');
  assert.deepEqual(t.dims, [1, 6, 1, 1]);
  assert.deepEqual(Array.from(t.data), [0x4500, 0x4600, 0x3c00, 0x4000, 0x4200, 0x4400]);
  assert.notEqual(t.data.buffer, moved.data.buffer, 'not a view of wasm memory');
  moved.dispose();
  kept.dispose();
  assert.deepEqual(Array.from(t.data), [0x4500, 0x4600, 0x3c00, 0x4000, 0x4200, 0x4400], 'the copy outlives dispose()');
});

test('what ORT and we cannot exchange is an INVALID_ARGUMENT that says why', () => {
  const strings = new ort.Tensor('string', ['a', 'b'], [2]);
  expectError(() => ops.roll(strings, 1, 0), 'INVALID_ARGUMENT', 'roll', ["'string'"]);
  expectError(() => fromOrt(strings), 'INVALID_ARGUMENT', 'fromOrt', ["'string'"]);
  expectError(() => ops.tensor(new ort.Tensor('int4', new Uint8Array(2), [4])), 'INVALID_ARGUMENT', 'tensor', ["'int4'"]);
  const onGpu = { type: 'float32', dims: [2], location: 'gpu-buffer', get data() { throw new Error('not on the CPU'); } };
  expectError(() => ops.roll(onGpu, 1, 0), 'INVALID_ARGUMENT', 'roll', ['gpu-buffer', 'getData()']);
  const bf16 = { data: new Uint16Array(2), shape: [2], dtype: 'bfloat16' };
  expectError(() => toOrt(bf16, ort), 'INVALID_ARGUMENT', 'toOrt', ['bfloat16']);
  expectError(() => toOrt(ops.roll(bf16, 1, 0), {}), 'INVALID_ARGUMENT', 'toOrt', ['onnxruntime']);
  expectError(() => toOrt([1, 2], ort), 'INVALID_ARGUMENT', 'toOrt');
  expectError(() => fromOrt({ data: new Float32Array(2), shape: [2] }), 'INVALID_ARGUMENT', 'fromOrt');
  // A mismatched ORT tensor: the data does not fit the type.
  expectError(() => ops.roll({ type: 'int64', data: new Float32Array(2), dims: [2] }, 1, 0), 'INVALID_ARGUMENT', 'roll', ["'int64'"]);
});

test('an ORT session runs on int64, bool and float16 tensors we produced, and its outputs come back', async () => {
  for (const dtype of ['int64', 'bool', 'float16', 'uint8', 'float64']) {
    const c = ORT_CASES.find((k) => k.dtype === dtype);
    const ours = ops.spaceToDepth({ data: makeData(c, 2 * 4 * 4 * 3, rng), shape: [2, 4, 4, 3], dtype }, 2);
    const model = oneNodeModel({ op: 'Identity', inputs: [['x', dtype, ours.shape]], outputs: [['y', dtype]] });
    const { y } = await runOne(model, { x: toOrt(ours, ort) });
    assert.equal(y.type, dtype);
    assert.deepEqual(y.dims, ours.shape);
    assertSameBits(y.data, ours.data, dtype);
    // ...and ORT's output goes straight back in.
    const back = ops.depthToSpace(y, 2);
    assert.equal(back.dtype, dtype);
    assert.deepEqual(back.shape, [2, 4, 4, 3]);
  }
});

test('ONNX DepthToSpace (DCR, CRD) and SpaceToDepth in ORT agree with ours on NCHW', async () => {
  const c = ORT_CASES.find((k) => k.dtype === 'float32');
  const x = { data: makeData(c, 2 * 8 * 3 * 5, rng), shape: [2, 8, 3, 5] };
  for (const [mode, ours] of [['DCR', 'blocks_first'], ['CRD', 'depth_first']]) {
    const model = oneNodeModel({
      op: 'DepthToSpace', attributes: { blocksize: 2, mode }, inputs: [['x', 'float32', x.shape]], outputs: [['y', 'float32']],
    });
    const { y } = await runOne(model, { x: toOrt(x, ort) });
    const r = ops.depthToSpace(x, 2, { dataFormat: 'NCHW', mode: ours });
    assert.deepEqual(y.dims, r.shape, mode);
    assertSameBits(y.data, r.data, `DepthToSpace ${mode}`);
    // ONNX's own name for the mode gives the same.
    assertSameBits(ops.depthToSpace(x, 2, { dataFormat: 'NCHW', mode }).data, r.data, `depthToSpace mode '${mode}'`);
  }
  const s = { data: makeData(c, 2 * 3 * 4 * 6, rng), shape: [2, 3, 4, 6] };
  const model = oneNodeModel({
    op: 'SpaceToDepth', attributes: { blocksize: 2 }, inputs: [['x', 'float32', s.shape]], outputs: [['y', 'float32']],
  });
  const { y } = await runOne(model, { x: toOrt(s, ort) });
  const r = ops.spaceToDepth(s, 2, { dataFormat: 'NCHW' });
  assert.deepEqual(y.dims, r.shape);
  assertSameBits(y.data, r.data, 'SpaceToDepth');
});

test('ONNX Expand and Reshape in ORT agree with broadcast (bidirectional) and reshape (specialZero)', async () => {
  const c = ORT_CASES.find((k) => k.dtype === 'int64');
  const x = { data: makeData(c, 3 * 1 * 4, rng), shape: [3, 1, 4] };
  const target = toOrt({ data: BigInt64Array.from([2n, 1n, 5n, 1n]), shape: [4] }, ort);
  const expand = oneNodeModel({
    op: 'Expand', inputs: [['x', 'int64', x.shape], ['shape', 'int64', [4]]], outputs: [['y', 'int64']],
  });
  const { y } = await runOne(expand, { x: toOrt(x, ort), shape: target });
  const r = ops.broadcast(x, target.data, { mode: 'bidirectional' });
  assert.deepEqual(y.dims, r.shape);
  assert.deepEqual(r.shape, [2, 3, 5, 4]);
  assertSameBits(y.data, r.data, 'Expand');

  // Reshape's shape is itself an int64 tensor that we made.
  const shape = ops.roll({ data: BigInt64Array.from([-1n, 0n]), shape: [2] }, 1, 0); // [0, -1]
  const reshape = oneNodeModel({
    op: 'Reshape', inputs: [['x', 'int64', x.shape], ['shape', 'int64', [2]]], outputs: [['y', 'int64']],
  });
  const out = await runOne(reshape, { x: toOrt(x, ort), shape: toOrt(shape, ort) });
  const ours = ops.reshape(x, shape.data, { specialZero: true });
  assert.deepEqual(out.y.dims, ours.shape);
  assert.deepEqual(ours.shape, [3, 4]);
  assertSameBits(out.y.data, ours.data, 'Reshape');
});

test('concat and split take ort.Tensors of every dtype, alone or beside plain tensors', () => {
  for (const c of ORT_CASES) {
    const a = ortTensor(c, [2, 3]);
    const b = ortTensor(c, [1, 3]);
    const plainB = { data: b.data, shape: [1, 3], dtype: c.dtype };
    const viaOrt = ops.concat([a, b], 0);
    const mixed = ops.concat([{ data: a.data, shape: [2, 3], dtype: c.dtype }, b], 0);
    const plain = ops.concat([{ data: a.data, shape: [2, 3], dtype: c.dtype }, plainB], 0);
    assert.equal(viaOrt.dtype, c.dtype, c.label);
    assertSameBits(viaOrt.data, plain.data, c.label);
    assertSameBits(mixed.data, plain.data, c.label);
    const parts = ops.split(a, [1, 2], { axis: 1 });
    const plainParts = ops.split({ data: a.data, shape: [2, 3], dtype: c.dtype }, [1, 2], { axis: 1 });
    parts.forEach((p, k) => {
      assert.equal(p.dtype, c.dtype);
      assert.deepEqual(p.shape, plainParts[k].shape);
      assertSameBits(p.data, plainParts[k].data, `${c.label} part ${k}`);
      // ...and each part goes back into ORT as it is.
      assert.equal(toOrt(p, ort).type, c.dtype);
    });
  }
});

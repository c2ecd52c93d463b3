// tile, spaceToBatch and batchToSpace beyond the table-driven suites: kept
// tensors in and out, `out`, onnxruntime tensors, ops.shapes.* against the
// operation, large tensors (through the thread pool when there is one), the
// round trip batchToSpace(spaceToBatch(x)) == x, and the exact messages of
// the error tables of their pages in docs/operations/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as ort from 'onnxruntime-web';
import { DTYPE_CASES, assertSameBits, expectError, gather, makeData, makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

ort.env.wasm.numThreads = 1;
const ops = await loadOps();
const rng = makeRng(0x7b5);

const CALLS = [
  ['tile', [2, 3, 5], [[2, 1, 1, 3]]],
  ['tile', [3, 1, 4, 2], [[0, 2]]],
  ['spaceToBatch', [2, 5, 6, 3], [[1, 2, 3, 1], [0, 1, 2, 0], [0, 0, 1, 0]]],
  ['spaceToBatch', [1, 4, 7], [[1, 4, 3], [0, 3, 1], [0, 1, 1]]],
  ['batchToSpace', [12, 3, 3, 2], [[1, 2, 3, 1], [0, 1, 2, 0], [0, 0, 1, 1]]],
  ['batchToSpace', [8, 2, 2], [[1, 4, 2], [0, 3, 0], [0, 2, 1]]],
];

test('every dtype: plain, kept in and out, out, onnxruntime tensors, shapes twin', () => {
  for (const c of DTYPE_CASES) {
    for (const [op, shape, params] of CALLS) {
      const what = `${op} ${JSON.stringify(shape)} ${JSON.stringify(params)} ${c.label}`;
      const data = makeData(c, volume(shape), rng);
      const expected = ref[op](shape, ...params);
      const want = gather(data, expected.src);
      const plain = ops[op]({ data, shape, dtype: c.dtype }, ...params);
      assert.deepEqual(plain.shape, expected.shape, what);
      assertSameBits(plain.data, want, what);
      assert.deepEqual(ops.shapes[op](shape, ...params, { dtype: c.dtype }), expected.shape, what);
      // out: written in place, the same array returned.
      const out = new c.Array(expected.src.length).fill(c.Array === BigInt64Array || c.Array === BigUint64Array ? 7n : 7);
      assert.equal(ops[op]({ data, shape, dtype: c.dtype }, ...params, { out }).data, out, what);
      assertSameBits(out, want, `${what} out`);
      // kept in, kept out; and out from a kept tensor.
      const kept = ops.tensor(data, shape, c.dtype);
      const k = ops[op](kept, ...params);
      assert.ok(k.toArray, `${what}: a kept tensor`);
      assert.deepEqual(k.shape, expected.shape);
      assertSameBits(k.toArray(), want, `${what} kept`);
      const out2 = new c.Array(expected.src.length);
      ops[op](kept, ...params, { out: out2 });
      assertSameBits(out2, want, `${what} kept into out`);
      k.dispose();
      kept.dispose();
      // onnxruntime tensors (ORT has no bfloat16; bool is Uint8Array there too).
      if (c.dtype !== 'bfloat16' && c.Array !== Uint8ClampedArray) {
        const t = new ort.Tensor(c.dtype, data, shape);
        assertSameBits(ops[op](t, ...params).data, want, `${what} ort`);
      }
    }
  }
  assert.equal(ops.memory().keptTensors, 0);
});

test('large tensors: a batch of tiles, NHWC into a padded batch and back', () => {
  const image = Float32Array.from({ length: 3 * 256 * 256 }, (_, i) => i);
  const t = ops.tile({ data: image, shape: [1, 3, 256, 256] }, [4, 1, 1, 2]);
  assert.deepEqual(t.shape, [4, 3, 256, 512]);
  for (const [n, ch, y, x] of [[0, 0, 0, 0], [3, 2, 255, 511], [1, 1, 17, 300], [2, 0, 128, 256]]) {
    assert.equal(t.data[((n * 3 + ch) * 256 + y) * 512 + x], (ch * 256 + y) * 256 + (x % 256));
  }
  const nhwc = { data: Uint8Array.from({ length: 2 * 301 * 257 * 3 }, (_, i) => (i % 255) + 1), shape: [2, 301, 257, 3] };
  const block = [1, 4, 4, 1];
  const begin = [0, 2, 1, 0];
  const end = [0, 1, 2, 0];
  const b = ops.spaceToBatch(nhwc, block, begin, end);
  assert.deepEqual(b.shape, [32, 76, 65, 3]);
  const expected = ref.spaceToBatch(nhwc.shape, block, begin, end);
  assertSameBits(b.data, gather(nhwc.data, expected.src));
  const back = ops.batchToSpace(b, block, begin, end);
  assertSameBits(back.data, nhwc.data, 'the round trip');
});

test('batchToSpace undoes spaceToBatch on random shapes, kept tensors chained', () => {
  for (let i = 0; i < 60; i++) {
    const rank = rng.int(2, 5);
    const shape = Array.from({ length: rank }, () => rng.int(0, 4) || rng.int(0, 1));
    const block = [1, ...Array.from({ length: rank - 1 }, () => rng.int(1, 3))];
    const begin = [0, ...Array.from({ length: rank - 1 }, () => rng.int(0, 3))];
    const end = block.map((bk, k) => (k === 0 ? 0 : rng.int(0, 2)));
    for (let k = 1; k < rank; k++) end[k] += (block[k] - ((shape[k] + begin[k] + end[k]) % block[k])) % block[k];
    const data = Int16Array.from({ length: volume(shape) }, (_, j) => j + 1);
    const kept = ops.tensor(data, shape);
    const batched = ops.spaceToBatch(kept, block, begin, end);
    const back = ops.batchToSpace(batched, block, begin, end);
    assert.deepEqual(back.shape, shape);
    assertSameBits(back.toArray(), data, `${JSON.stringify([shape, block, begin, end])}`);
    for (const t of [kept, batched, back]) t.dispose();
  }
  assert.equal(ops.memory().keptTensors, 0);
});

test('the error tables of docs/operations/ (tile, spaceToBatch, batchToSpace), message for message', () => {
  const m = { data: Int32Array.from([1, 2, 3, 4]), shape: [2, 2] };
  const z = [0, 0, 0, 0];
  const x = { data: new Float32Array(6), shape: [1, 2, 3, 1] };
  const x3 = { data: new Float32Array(6), shape: [3, 1, 2, 1] };
  const y = { data: new Float32Array(4), shape: [2, 1, 2, 1] };
  const ROWS = [
    [() => ops.tile(m, [2, -1]), 'INVALID_ARGUMENT', 'tile: repeats [2, -1] has value -1 at index 1; repeats must be 0 or more'],
    [() => ops.tile({ data: new Int32Array(3), shape: [3] }, [2 ** 52]), 'OUT_OF_MEMORY',
      'tile: x.shape [3] tiled by repeats [4503599627370496] gives an output dim beyond 2^53 at axis 0 (3 * 4503599627370496)'],
    [() => ops.tile(m, [2 ** 20, 2 ** 20]), 'OUT_OF_MEMORY', 'tile: output shape [2097152, 2097152] of 1-byte elements does not fit in memory'],
    [() => ops.tile(m, 2, { axis: 0 }), 'INVALID_ARGUMENT', "tile: unknown option 'axis'; the options are 'out'"],
    [() => ops.spaceToBatch({ data: new Float32Array(6), shape: [6] }, [1], [0], [0]), 'INVALID_ARGUMENT',
      'spaceToBatch: x.shape [6] has rank 1; spaceToBatch needs rank 2 or more'],
    [() => ops.spaceToBatch(x, [1, 2], [0, 0], [0, 0]), 'INVALID_ARGUMENT',
      'spaceToBatch: blockShape [1, 2] has 2 values, but x.shape [1, 2, 3, 1] has rank 4'],
    [() => ops.spaceToBatch(x, [1, 0, 1, 1], z, z), 'INVALID_ARGUMENT',
      'spaceToBatch: blockShape [1, 0, 1, 1] has value 0 at index 1; block sizes must be 1 or more'],
    [() => ops.spaceToBatch(x, [2, 1, 1, 1], z, z), 'INVALID_ARGUMENT',
      'spaceToBatch: blockShape [2, 1, 1, 1] has 2 at index 0; the batch axis must have block 1'],
    [() => ops.spaceToBatch(x, [1, 1, 1, 1], [0, -1, 0, 0], z), 'INVALID_ARGUMENT',
      'spaceToBatch: padsBegin [0, -1, 0, 0] has value -1 at index 1; pads must be 0 or more'],
    [() => ops.spaceToBatch(x, [1, 1, 1, 1], [1, 0, 0, 0], z), 'INVALID_ARGUMENT',
      'spaceToBatch: padsBegin [1, 0, 0, 0] has 1 at index 0; the batch axis takes no pads'],
    [() => ops.spaceToBatch(x, [1, 2, 2, 1], z, z), 'SHAPE_MISMATCH',
      'spaceToBatch: padded dim 3 at axis 2 (x dim 3 + padsBegin 0 + padsEnd 0) is not divisible by blockShape value 2'],
    [() => ops.batchToSpace(x3, [1, 1, 2, 1], z, z), 'SHAPE_MISMATCH',
      'batchToSpace: x.shape [3, 1, 2, 1] has batch 3, not divisible by the block volume 2 (the product of blockShape [1, 1, 2, 1])'],
    [() => ops.batchToSpace(y, [1, 1, 2, 1], [0, 0, 3, 0], [0, 0, 2, 0]), 'SHAPE_MISMATCH',
      'batchToSpace: cropsBegin 3 and cropsEnd 2 at axis 2 remove more than its 4 elements (x dim 2 * blockShape value 2)'],
    [() => ops.batchToSpace(y, [1, 1, 2, 1], z, [0, 0, -1, 0]), 'INVALID_ARGUMENT',
      'batchToSpace: cropsEnd [0, 0, -1, 0] has value -1 at index 2; crops must be 0 or more'],
    [() => ops.batchToSpace(y, [1, 1, 2, 1], z, [1, 0, 0, 0]), 'INVALID_ARGUMENT',
      'batchToSpace: cropsEnd [1, 0, 0, 0] has 1 at index 0; the batch axis takes no crops'],
  ];
  for (const [call, code, message] of ROWS) {
    const e = expectError(call, code, message.slice(0, message.indexOf(':')));
    assert.equal(e.message, message);
  }
});

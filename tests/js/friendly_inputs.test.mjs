// What users pass first, before reading the docs: a Node Buffer (a
// Uint8Array) is accepted as data and as `out`; an ImageData-like object
// passed as a tensor gets an error that says how to make it one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectError } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();

test('a Node Buffer is a uint8 tensor\'s data, and an out', () => {
  const x = { data: Buffer.from([1, 2, 3, 4, 5, 6]), shape: [2, 3] };
  const r = ops.reverse(x, [1]);
  assert.equal(r.dtype, 'uint8');
  assert.deepEqual(Array.from(r.data), [3, 2, 1, 6, 5, 4]);
  const out = Buffer.alloc(6);
  ops.transpose(x, [1, 0], { out });
  assert.deepEqual(Array.from(out), [1, 4, 2, 5, 3, 6]);
});

test('an ImageData-like object as a tensor: the error says which tensor its pixels are', () => {
  const image = { data: new Uint8ClampedArray(2 * 3 * 4), width: 3, height: 2 };
  expectError(() => ops.slice(image, [0], [3], { axes: [2] }), 'INVALID_ARGUMENT', 'slice',
    ['x must be a tensor', 'shape: [image.height, image.width, 4]']);
  const r = ops.slice({ data: image.data, shape: [image.height, image.width, 4] }, [0], [3], { axes: [2] });
  assert.deepEqual(r.shape, [2, 3, 3]);
});

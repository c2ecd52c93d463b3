// gatherND's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { indicesCases } from '../_shared/indices_bad_inputs.mjs';
import { I32, IA, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { gatherND } from './reference.mjs';

export default (ops) => ({
  correct() {
    const idx = { data: Int32Array.from([0, 3, 0, -4]), shape: [2, 2] };
    const r = ops.gatherND(x4, idx, { batchDims: 0 });
    assert.deepEqual(r.shape, [2, 4, 2]);
    assertSameBits(r.data, gather(x4.data, gatherND(x4.shape, idx, 0).src));
  },
  withX: (x) => ops.gatherND(x, [0]),
  cases: [
    // one index tuple of length 1 per batch (batchDims 1) into x4's dim of 4.
    ...indicesCases(ops, 'gatherND', {
      run: (indices, o = {}, x = x4) => ops.gatherND(x, indices, { batchDims: 1, ...o }),
      form: (t) => ({ ...t, shape: [1, t.shape.reduce((p, d) => p * d, 1), 1] }),
      where: 'indices[0, 1, 0]',
      outLength: 16,
    }),
    ['a scalar index', () => ops.gatherND(x4, 0), SM, ['indices.shape', '[]', 'scalar']],
    ['k larger than rank(x)', () => ops.gatherND(f32([2, 3]), I32([0, 0, 0], [1, 3])), SM, ['indices.shape[-1]', '3', 'rank(x) 2']],
    ['batchDims + k larger than rank(x)', () => ops.gatherND(f32([2, 3]), I32([0, 0, 0, 0], [2, 2]), { batchDims: 1 }), SM, ['batchDims', '1', 'rank(x)']],
    ['batchDims -1', () => ops.gatherND(x4, I32([0], [1, 1]), { batchDims: -1 }), IA, ['batchDims', '-1']],
    ['batchDims = rank(indices)', () => ops.gatherND(x4, I32([0], [1, 1]), { batchDims: 2 }), IA, ['batchDims', '2']],
    ['batchDims a string', () => ops.gatherND(x4, I32([0], [1, 1]), { batchDims: '1' }), IA, ['batchDims', "'1'"]],
    ['batch dims differ', () => ops.gatherND(f32([2, 3]), I32([0, 0, 0], [3, 1]), { batchDims: 1 }), SM, ['batch dim', '2', '3']],
    ['axis is not an option', () => ops.gatherND(x4, I32([0], [1, 1]), { axis: 0 }), IA, ['axis', 'options']],
    ['the second component out of range', () => ops.gatherND(f32([2, 3]), I32([1, 3], [1, 2])), IA, ['indices[0, 1]', '3', 'x.shape[1]']],
    ['shapes: a scalar indicesShape', () => ops.shapes.gatherND([2, 3], []), SM, ['indices.shape', 'scalar']],
  ],
});

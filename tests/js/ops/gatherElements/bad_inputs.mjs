// gatherElements's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { indicesCases } from '../_shared/indices_bad_inputs.mjs';
import { I32, IA, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { gatherElements } from './reference.mjs';

export default (ops) => ({
  correct() {
    const idx = { data: Int32Array.from([1, 0, -1, 1, 0, 0]), shape: [1, 3, 1, 2] };
    const r = ops.gatherElements(x4, idx, { axis: -1 });
    assertSameBits(r.data, gather(x4.data, gatherElements(x4.shape, idx, -1).src));
  },
  withX: (x) => ops.gatherElements(x, { data: new Int32Array(1), shape: [1, 1, 1, 1] }),
  cases: [
    // indices along axis 2 of x4 (a dim of 4), of x's rank.
    ...indicesCases(ops, 'gatherElements', {
      run: (indices, o = {}, x = x4) => ops.gatherElements(x, indices, { axis: 2, ...o }),
      form: (t) => ({ ...t, shape: [1, 1, t.shape.reduce((p, d) => p * d, 1), 1] }),
      where: 'indices[0, 0, 1, 0]',
      outLength: 2,
    }),
    ['axis 4 (rank 4)', () => ops.gatherElements(x4, I32([0], [1, 1, 1, 1]), { axis: 4 }), IA, ['axis', '4']],
    ['axis -5', () => ops.gatherElements(x4, I32([0], [1, 1, 1, 1]), { axis: -5 }), IA, ['axis', '-5']],
    ['axis a boolean', () => ops.gatherElements(x4, I32([0], [1, 1, 1, 1]), { axis: true }), IA, ['axis', 'true']],
    ['indices of a smaller rank', () => ops.gatherElements(x4, [0]), SM, ['indices.shape', 'rank', '1', '4']],
    ['indices of a larger rank', () => ops.gatherElements(f32([3]), I32([0], [1, 1])), SM, ['indices.shape', 'rank', '2', '1']],
    ['a scalar index on a scalar x', () => ops.gatherElements(f32([]), 0), IA, ['x.shape', '[]']],
    ['a dim larger than x off the axis', () => ops.gatherElements(f32([2, 3]), I32([0, 0, 0, 0], [1, 4]), { axis: 0 }), SM, ['indices.shape', '4', '3']],
    ['batchDims is not an option', () => ops.gatherElements(f32([2, 3]), I32([0], [1, 1]), { batchDims: 0 }), IA, ['batchDims', 'options']],
    ['an index into an empty axis', () => ops.gatherElements(f32([0, 3]), I32([0], [1, 1])), IA, ['indices[0, 0]', '0']],
    ['shapes: ranks differ', () => ops.shapes.gatherElements([2, 3], [2]), SM, ['indices.shape', 'rank']],
  ],
});

// scatterND's bad inputs, run by tests/js/bad_inputs.test.mjs together with
// the checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs); the cases it shares with
// scatterElements are in ../_shared/scatter_bad_inputs.mjs. Here: shapes
// that do not fit (scalar indices, tuples longer than x's rank, updates not
// indices.shape[:-1] + x.shape[k:]).
import assert from 'node:assert/strict';
import { SM, f32, x4 } from '../_shared/bad_input_kit.mjs';
import { scatterBadInputs } from '../_shared/scatter_bad_inputs.mjs';

const x = f32([4, 3]);
const indices = { data: Int32Array.from([3, 1]), shape: [2, 1] };
const updates = { data: Float32Array.from([10, 11, 12, 20, 21, 22]), shape: [2, 3] };
const i32 = (shape) => ({ data: new Int32Array(shape.reduce((p, d) => p * d, 1)), shape });

export default (ops) => ({
  correct() {
    const r = ops.scatterND(x, indices, updates);
    assert.deepEqual(Array.from(r.data), [0, 1, 2, 20, 21, 22, 6, 7, 8, 10, 11, 12]);
    const one = ops.scatterND(x, { data: Uint8Array.from([1, 2, 1, 2]), shape: [2, 2] }, f32([2]), { reduction: 'add' });
    assert.deepEqual(Array.from(one.data), [0, 1, 2, 3, 4, 6, 6, 7, 8, 9, 10, 11]);
  },
  withX: (t) => ops.scatterND(t, i32([1, 1]), f32([1, 1, 4, 2])),
  options: { call: (o) => ops.scatterND(x4, i32([1, 1]), f32([1, 4, 4, 2]), o), unknown: ['axis', 'index', 'src', 'reductions'], values: [] },
  cases: [
    ...scatterBadInputs(ops, 'scatterND', { indices, updates }),
    ['scalar indices', () => ops.scatterND(x, i32([]), f32([])), SM, ['indices.shape []', 'rank >= 1']],
    ['tuples of 3 for x of rank 2', () => ops.scatterND(x, i32([1, 3]), f32([1])), SM, ['indices.shape [1, 3]', 'tuples of 3', 'x.shape [4, 3]']],
    ['updates missing the slice', () => ops.scatterND(x, indices, f32([2])), SM, ['updates.shape [2]', 'is not [2, 3]']],
    ['updates of the wrong batch', () => ops.scatterND(x, indices, f32([3, 3])), SM, ['updates.shape [3, 3]', '[2, 3]']],
    ['updates with an extra dim', () => ops.scatterND(x, i32([2, 2]), f32([2, 1])), SM, ['updates.shape [2, 1]', 'is not [2]']],
    ['updates of a scalar x', () => ops.scatterND(f32([]), i32([1, 0]), f32([2])), SM, ['updates.shape [2]', 'is not [1]']],
    ['shapes: tuples too long', () => ops.shapes.scatterND([4], [2, 2], [2]), SM, ['tuples of 2']],
    ['shapes: updates of the wrong shape', () => ops.shapes.scatterND([4, 3], [2, 1], [2, 2]), SM, ['updates.shape [2, 2]', 'is not [2, 3]']],
  ],
});

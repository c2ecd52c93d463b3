// scatterElements' bad inputs, run by tests/js/bad_inputs.test.mjs together
// with the checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs); the cases it shares with scatterND are
// in ../_shared/scatter_bad_inputs.mjs. Here: the axis, and shapes that do
// not fit (ranks, updates against indices, indices larger than x).
import assert from 'node:assert/strict';
import { IA, SM, f32, x4 } from '../_shared/bad_input_kit.mjs';
import { scatterBadInputs } from '../_shared/scatter_bad_inputs.mjs';

const x = f32([4, 3]);
const indices = { data: Int32Array.from([1, 0, 2, 0, 2, 1]), shape: [2, 3] };
const updates = { data: Float32Array.from([10, 11, 12, 20, 21, 22]), shape: [2, 3] };
const i32 = (shape) => ({ data: new Int32Array(shape.reduce((p, d) => p * d, 1)), shape });

export default (ops) => ({
  correct() {
    const r = ops.scatterElements(x, indices, updates);
    assert.deepEqual(Array.from(r.data), [20, 11, 2, 10, 4, 22, 6, 21, 12, 9, 10, 11]);
    const added = ops.scatterElements(x, { data: BigInt64Array.from([2n, 2n]), shape: [1, 2] }, f32([1, 2]), { axis: 1, reduction: 'add' });
    assert.deepEqual(Array.from(added.data), [0, 1, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  },
  withX: (t) => ops.scatterElements(t, i32([1, 1, 1, 1]), f32([1, 1, 1, 1])),
  options: { call: (o) => ops.scatterElements(x4, i32([1, 1, 1, 1]), f32([1, 1, 1, 1]), o), unknown: ['dim', 'index', 'src', 'reductions'], values: [] },
  cases: [
    ...scatterBadInputs(ops, 'scatterElements', { indices, updates }),
    ['axis 2 for rank 2', () => ops.scatterElements(x, indices, updates, { axis: 2 }), IA, ['axis value 2', '[-2, 2)']],
    ['axis -3 for rank 2', () => ops.scatterElements(x, indices, updates, { axis: -3 }), IA, ['axis value -3']],
    ['axis a fraction', () => ops.scatterElements(x, indices, updates, { axis: 0.5 }), IA, ['axis', '0.5']],
    ['axis a string', () => ops.scatterElements(x, indices, updates, { axis: '1' }), IA, ['axis', "'1'"]],
    ['axis 2^63 as a bigint', () => ops.scatterElements(x, indices, updates, { axis: 2n ** 63n }), IA, ['axis', 'int64']],
    ['a scalar x', () => ops.scatterElements(f32([]), i32([]), f32([])), IA, ['x.shape []', 'scalar']],
    ['indices of rank 1 for x of rank 2', () => ops.scatterElements(x, i32([2]), f32([2])), SM, ['indices.shape [2]', 'rank 1', 'x.shape [4, 3]', 'rank 2']],
    ['indices of rank 3 for x of rank 2', () => ops.scatterElements(x, i32([1, 1, 1]), f32([1, 1, 1])), SM, ['indices.shape [1, 1, 1]', 'rank 3']],
    ['updates of another shape', () => ops.scatterElements(x, indices, f32([3, 2])), SM, ['updates.shape [3, 2]', 'indices.shape [2, 3]']],
    ['updates of another rank', () => ops.scatterElements(x, indices, f32([6])), SM, ['updates.shape [6]', 'indices.shape [2, 3]']],
    ['indices wider than x off the axis', () => ops.scatterElements(x, i32([2, 4]), f32([2, 4])), SM, ['indices.shape [2, 4]', 'dim 4 at index 1', 'x.shape [4, 3]']],
    ['indices taller than x off the axis 1', () => ops.scatterElements(x, i32([5, 1]), f32([5, 1]), { axis: 1 }), SM, ['indices.shape [5, 1]', 'dim 5 at index 0']],
    ['shapes: updates of another shape', () => ops.shapes.scatterElements([4, 3], [2, 3], [3, 2]), SM, ['updates.shape [3, 2]']],
    ['shapes: axis out of range', () => ops.shapes.scatterElements([4, 3], [2, 3], [2, 3], { axis: 5 }), IA, ['axis value 5']],
  ],
});

// gather's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { indicesCases } from '../_shared/indices_bad_inputs.mjs';
import { I32, IA, OOM, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { gather as reference } from './reference.mjs';

export default (ops) => ({
  correct() {
    const idx = { data: BigInt64Array.from([3n, -1n, 0n]), shape: [3] };
    const r = ops.gather(x4, idx, { axis: 2 });
    assertSameBits(r.data, gather(x4.data, reference(x4.shape, idx, 2).src));
  },
  withX: (x) => ops.gather(x, 0),
  cases: [
    // indices along axis 1 of x4 (a dim of 4).
    ...indicesCases(ops, 'gather', {
      run: (indices, o = {}, x = x4) => ops.gather(x, indices, { axis: 1, ...o }),
      form: (t) => t,
      where: 'indices[1]',
      outLength: 16,
    }),
    ['axis 4 (rank 4)', () => ops.gather(x4, 0, { axis: 4 }), IA, ['axis', '4']],
    ['axis -5', () => ops.gather(x4, 0, { axis: -5 }), IA, ['axis', '-5']],
    ['axis a string', () => ops.gather(x4, 0, { axis: '1' }), IA, ['axis', "'1'"]],
    ['axis 0.5', () => ops.gather(x4, 0, { axis: 0.5 }), IA, ['axis', '0.5']],
    ['axis null', () => ops.gather(x4, 0, { axis: null }), IA, ['axis', 'null']],
    ['axis 2^53 + 2', () => ops.gather(x4, 0, { axis: 2 ** 53 + 2 }), IA, ['axis', '9007199254740994']],
    ['x a scalar', () => ops.gather(f32([]), 0), IA, ['x.shape', '[]']],
    ['batchDims 2 > axis 1', () => ops.gather(x4, I32([0, 0], [1, 2]), { axis: 1, batchDims: 2 }), IA, ['batchDims', '2']],
    ['batchDims 1 > rank(indices) 0', () => ops.gather(x4, 0, { axis: 2, batchDims: 1 }), IA, ['batchDims', '1']],
    ['batchDims -3 (rank(indices) 2)', () => ops.gather(x4, I32([0, 0], [1, 2]), { axis: 2, batchDims: -3 }), IA, ['batchDims', '-3']],
    ['batchDims a string', () => ops.gather(x4, 0, { batchDims: '0' }), IA, ['batchDims', "'0'"]],
    ['batchDims 1.5', () => ops.gather(x4, 0, { batchDims: 1.5 }), IA, ['batchDims', '1.5']],
    ['batch dims differ', () => ops.gather(f32([2, 3]), I32([0, 0, 0], [3, 1]), { axis: 1, batchDims: 1 }), SM, ['batch dim', '2', '3']],
    ['an index into an empty axis', () => ops.gather(f32([0, 3]), 0), IA, ['indices', '0', '[0, 0)']],
    ['output too large', () => ops.gather(f32([1, 2 ** 20]), { data: new Int32Array(2 ** 12), shape: [2 ** 12] }), OOM, ['gather', 'output']],
    ['shapes: batchDims 3', () => ops.shapes.gather([2, 3, 4], [2, 3], { axis: 2, batchDims: 3 }), IA, ['batchDims', '3']],
    ['shapes: batch dims differ', () => ops.shapes.gather([2, 3, 4], [3, 3], { axis: 2, batchDims: 1 }), SM, ['batch dim', '3']],
  ],
});

// slice's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { IA, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { slice } from './reference.mjs';

const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);

export default (ops) => ({
  correct() {
    const r = ops.slice(x4, [1, -1, 2n ** 63n - 1n], [3, -(2n ** 63n), 0], { axes: [1, -1, 2], steps: [1, -1, -2] });
    assertSameBits(r.data, gather(x4.data, slice(x4.shape, [1, -1, 2n ** 63n - 1n], [3, -(2n ** 63n), 0], [1, -1, 2], [1, -1, -2]).src));
  },
  withX: (x) => ops.slice(x, [0], [1]),
  lists: [
    ['starts', (v) => ops.slice(x4, v, [1])],
    ['ends', (v) => ops.slice(x4, [0], v)],
    ['axes', (v) => ops.slice(x4, [0], [1], { axes: v })],
    ['steps', (v) => ops.slice(x4, [0], [1], { steps: v })],
    ['starts', (v) => ops.shapes.slice([2, 3], v, [1])],
  ],
  // axes and steps left out (undefined) are valid.
  skipUndefined: ['axes', 'steps'],
  options: {
    call: (o) => ops.slice(x4, [0], [1], o),
    unknown: ['axis', 'step', 'strides', 'sizes', 'starts', 'ends', 'Axes'],
    values: [],
  },
  cases: [
    // The rules' errors (starts and ends take any int64, so only lengths,
    // axes and steps can be wrong).
    ['steps [0]', () => ops.slice(x4, [0], [1], { steps: [0] }), IA, ['steps value 0 at index 0', '[0]']],
    ['steps [1, 0] (index 1)', () => ops.slice(x4, [0, 0], [1, 1], { steps: [1, 0] }), IA, ['steps value 0 at index 1', '[1, 0]']],
    ['steps 0n as a bigint', () => ops.slice(x4, 0, 1, { steps: 0n }), IA, ['steps value 0', '[0]']],
    ['steps [0] as an Int32Array', () => ops.slice(x4, [0], [1], { axes: [3], steps: new Int32Array(1) }), IA, ['steps value 0']],
    ['step 0 on an empty axis', () => ops.slice(f32([2, 0]), [0], [1], { axes: [1], steps: [0] }), IA, ['steps value 0']],
    ['axes repeated', () => ops.slice(x4, [0, 0], [1, 1], { axes: [1, 1] }), IA, ['axes', '[1, 1]', 'repeats axis 1 at index 1']],
    ['axes repeated through a negative entry', () => ops.slice(x4, [0, 0], [1, 1], { axes: [3, -1] }), IA,
      ['axes', '[3, -1]', 'repeats axis 3']],
    ['axes value 4 for rank 4', () => ops.slice(x4, [0], [1], { axes: [4] }), IA, ['axes', 'value 4', 'rank 4']],
    ['axes value -5 for rank 4', () => ops.slice(x4, [0], [1], { axes: -5 }), IA, ['axes', 'value -5']],
    ['axes value 2^32', () => ops.slice(x4, [0], [1], { axes: [2 ** 32] }), IA, ['axes', '4294967296']],
    ['axes value int64 max', () => ops.slice(x4, [0], [1], { axes: [I64_MAX] }), IA, ['axes', '9223372036854775807']],
    ['axes value int64 min', () => ops.slice(x4, [0], [1], { axes: [I64_MIN] }), IA, ['axes', '-9223372036854775808']],
    ['ends shorter than starts', () => ops.slice(x4, [0, 1], [2]), IA, ['ends', '[2]', 'starts', '[0, 1]', 'same length']],
    ['ends longer than starts', () => ops.slice(x4, 0, [2, 3]), IA, ['ends', '[2, 3]', 'starts', '[0]']],
    ['ends [] for one start', () => ops.slice(x4, [0], []), IA, ['ends', '[]', 'starts']],
    ['axes longer than starts', () => ops.slice(x4, [0], [1], { axes: [0, 1] }), IA, ['axes', '[0, 1]', 'starts', '[0]']],
    ['axes [] for one start', () => ops.slice(x4, [0], [1], { axes: [] }), IA, ['axes', '[]', 'starts']],
    ['steps shorter than starts', () => ops.slice(x4, [0, 0], [1, 1], { steps: [1] }), IA, ['steps', '[1]', 'starts', '[0, 0]']],
    ['steps longer than starts', () => ops.slice(x4, [0], [1], { steps: [1, 1] }), IA, ['steps', '[1, 1]', 'starts']],
    ['five starts for rank 4 without axes', () => ops.slice(x4, [0, 0, 0, 0, 0], [1, 1, 1, 1, 1]), IA,
      ['starts', '[0, 0, 0, 0, 0]', 'rank 4']],
    ['a scalar with one start', () => ops.slice(f32([]), [0], [1]), IA, ['starts', '[0]', 'rank 0']],
    ['a scalar with axes [0]', () => ops.slice(f32([]), [0], [1], { axes: [0] }), IA, ['axes', 'value 0', 'rank 0']],
    ['int64 extremes do not hide a step of 0', () => ops.slice(x4, [I64_MIN], [I64_MAX], { steps: [0n] }), IA, ['steps value 0']],
    ['shapes.slice steps 0', () => ops.shapes.slice([2, 3], [0], [1], { steps: [0] }), IA, ['steps value 0']],
    ['shapes.slice axes repeated', () => ops.shapes.slice([2, 3], [0, 0], [1, 1], { axes: [0, -2] }), IA, ['axes', 'repeats axis 0']],
    ['shapes.slice x.shape negative', () => ops.shapes.slice([2, -3], [0], [1]), IA, ['-3']],
    ['shapes.slice dtype unknown', () => ops.shapes.slice([2, 3], [0], [1], { dtype: 'f32' }), IA, ["'f32'"]],
    ['out too short', () => ops.slice(x4, [1], [3], { axes: [1], out: new Float32Array(15) }), IA, ['out', '15', '16']],
    ['out too long', () => ops.slice(x4, [1], [3], { axes: [1], out: new Float32Array(17) }), IA, ['out', '17', '16']],
    ['out for an empty result too long', () => ops.slice(x4, [2], [1], { axes: [1], out: new Float32Array(1) }), IA, ['out', '1', '0']],
  ],
});

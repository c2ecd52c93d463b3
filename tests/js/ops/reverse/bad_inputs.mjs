// reverse's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { IA, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { reverse } from './reference.mjs';

const I64_MAX = 2n ** 63n - 1n;
const I64_MIN = -(2n ** 63n);

export default (ops) => ({
  correct() {
    const r = ops.reverse(x4, [-1, 1]);
    assertSameBits(r.data, gather(x4.data, reverse(x4.shape, [-1, 1]).src));
  },
  withX: (x) => ops.reverse(x),
  lists: [
    ['axes', (v) => ops.reverse(x4, v)],
    ['axes', (v) => ops.shapes.reverse([2, 3], v)],
  ],
  // axes left out (undefined) is valid: every axis.
  skipUndefined: ['axes'],
  options: {
    call: (o) => ops.reverse(x4, undefined, o),
    unknown: ['axes', 'axis', 'dims', 'mask'],
    values: [],
  },
  cases: [
    ['axes value 4 for rank 4', () => ops.reverse(x4, [0, 4]), IA, ['axes', 'value 4', 'rank 4']],
    ['axes value -5 for rank 4', () => ops.reverse(x4, -5), IA, ['axes', 'value -5']],
    ['axes value 2^32', () => ops.reverse(x4, [2 ** 32]), IA, ['axes', '4294967296']],
    ['axes value -2^53', () => ops.reverse(x4, [-(2 ** 53)]), IA, ['axes', '-9007199254740992']],
    ['axes value int64 max', () => ops.reverse(x4, [I64_MAX]), IA, ['axes', '9223372036854775807']],
    ['axes value int64 min', () => ops.reverse(x4, new BigInt64Array([I64_MIN])), IA, ['axes', '-9223372036854775808']],
    ['axes repeated', () => ops.reverse(x4, [2, 2]), IA, ['axes', '[2, 2]', 'repeats axis 2 at index 1']],
    ['axes repeated through a negative entry', () => ops.reverse(x4, [0, 1, -4]), IA, ['axes', '[0, 1, -4]', 'repeats axis 0 at index 2']],
    ['axes repeated as an Int32Array', () => ops.reverse(x4, new Int32Array([1, -3])), IA, ['axes', '[1, -3]', 'repeats axis 1']],
    ['a scalar with axes [0]', () => ops.reverse(f32([]), [0]), IA, ['axes', 'value 0', 'rank 0']],
    ['a scalar with axes -1', () => ops.reverse(f32([]), -1), IA, ['axes', 'value -1', 'rank 0']],
    ['shapes.reverse axes repeated', () => ops.shapes.reverse([2, 3], [1, -1]), IA, ['axes', 'repeats axis 1']],
    ['shapes.reverse axes out of range', () => ops.shapes.reverse([2, 3], [2]), IA, ['axes', 'value 2']],
    ['shapes.reverse x.shape fractional', () => ops.shapes.reverse([2, 1.5]), IA, ['1.5']],
    ['out too short', () => ops.reverse(x4, undefined, { out: new Float32Array(31) }), IA, ['out', '31', '32']],
    ['out too long', () => ops.reverse(x4, [], { out: new Float32Array(33) }), IA, ['out', '33', '32']],
  ],
});

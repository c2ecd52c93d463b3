// transpose's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { IA, assertSameBits, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { transpose } from './reference.mjs';

export default (ops) => ({
  correct() {
    const r = ops.transpose(x4, [0, 3, 1, 2]);
    assertSameBits(r.data, gather(x4.data, transpose(x4.shape, [0, 3, 1, 2]).src));
  },
  withX: (x) => ops.transpose(x),
  lists: [
    ['perm', (v) => ops.transpose(x4, v)],
  ],
  // undefined perm is no perm: the axes reversed.
  skipUndefined: ['perm'],
  options: {
    call: (o) => ops.transpose(x4, undefined, o),
    unknown: ['perm', 'axes', 'order', 'permutation'],
    values: [],
  },
  cases: [
    ['perm shorter than the rank', () => ops.transpose(x4, [0, 1]), IA, ['perm', '[0, 1]', 'rank 4']],
    ['perm longer than the rank', () => ops.transpose(x4, [0, 1, 2, 3, 4]), IA, ['perm', '[0, 1, 2, 3, 4]', 'rank 4']],
    ['perm [] for rank 4', () => ops.transpose(x4, []), IA, ['perm', '[]', 'rank 4']],
    ['perm repeating an axis', () => ops.transpose(x4, [0, 1, 1, 3]), IA, ['perm', '[0, 1, 1, 3]', 'repeats axis 1']],
    ['perm repeating through a negative entry', () => ops.transpose(x4, [0, 1, 3, -1]), IA, ['perm', '[0, 1, 3, -1]', 'repeats axis 3']],
    ['perm value 4 for rank 4', () => ops.transpose(x4, [0, 1, 2, 4]), IA, ['perm', '4']],
    ['perm value -5 for rank 4', () => ops.transpose(x4, [0, 1, 2, -5]), IA, ['perm', '-5']],
    ['perm value 2^32', () => ops.transpose(x4, [0, 1, 2, 2 ** 32]), IA, ['perm', '4294967296']],
    ['perm value int64 min', () => ops.transpose(x4, [0, 1, 2, -(2n ** 63n)]), IA, ['perm', '-9223372036854775808']],
    ['shapes.transpose perm too short', () => ops.shapes.transpose([2, 3], [0]), IA, ['perm', '[0]']],
  ],
});

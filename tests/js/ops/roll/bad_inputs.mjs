// roll's bad inputs, run by tests/js/bad_inputs.test.mjs together with the
// checks every operation gets. The fields, as every op's file has them:
//   correct()      one correct call, checked against the reference (run after
//                  every case: the module must still answer right);
//   withX(x)       a call where only x can be wrong (bad tensors, disposed);
//   lists          [parameter, call(value)]: its integer lists, each fed
//                  every bad list value;
//   skipUndefined  list parameters for which undefined is not a bad value;
//   options        { call(options), unknown names, values: [title, options,
//                  parts] }: bad options and `out` of the wrong class;
//   xName          what the messages call x, when not 'x';
//   cases          [title, call, code, parts of the message]: its own rules.
import { IA, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { roll } from './reference.mjs';

// One of the first release's operations, which carry 30 cases or more (60 for later ones).
export const leastCases = 30;

export default (ops) => ({
  correct() {
    const r = ops.roll(x4, [1, -3], [1, 3]);
    assertSameBits(r.data, gather(x4.data, roll(x4.shape, [1, -3], [1, 3]).src));
  },
  withX: (x) => ops.roll(x, 1, 0),
  lists: [
    ['shift', (v) => ops.roll(x4, v, 0)],
    ['axes', (v) => ops.roll(x4, 1, v)],
  ],
  options: { call: (o) => ops.roll(x4, 1, 0, o), unknown: ['axis', 'shift', 'dims', 'output'], values: [] },
  cases: [
    ['axes 2^31', () => ops.roll(x4, 1, 2 ** 31), IA, ['axes', '2147483648']],
    ['axes 2^32', () => ops.roll(x4, 1, [2 ** 32]), IA, ['axes', '4294967296']],
    ['axes -2^53', () => ops.roll(x4, 1, -(2 ** 53)), IA, ['axes', '-9007199254740992']],
    ['axes -5 for rank 4', () => ops.roll(x4, 1, -5), IA, ['axes', '-5']],
    ['axes int64 min', () => ops.roll(x4, 1, -(2n ** 63n)), IA, ['axes', '-9223372036854775808']],
    ['shift longer than axes', () => ops.roll(x4, [1, 2, 3], [0, 1]), IA, ['shift', '[1, 2, 3]', 'axes', '[0, 1]']],
    ['shift empty with two axes', () => ops.roll(x4, [], [0, 1]), IA, ['shift', '[]', 'axes']],
    ['a scalar', () => ops.roll(f32([]), 1, 0), IA, ['x.shape', '[]']],
    ['out too short', () => ops.roll(x4, 1, 0, { out: new Float32Array(31) }), IA, ['out', '31', '32']],
  ],
});

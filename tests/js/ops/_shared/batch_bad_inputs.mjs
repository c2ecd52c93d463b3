// spaceToBatch and batchToSpace take lists alike: one value per axis,
// blocks 1 or more and 1 on the batch axis, pads (crops) 0 or more and 0 on
// the batch axis. Each of them runs these cases with its own names.
import { IA, f32, x4 } from './bad_input_kit.mjs';

export const z4 = [0, 0, 0, 0];

/** The list cases of `op`, whose third and fourth parameters are `begin` and `end` (`what`: pads or crops). */
export function batchListCases(ops, op, begin, end, what) {
  const cases = [];
  const add = (title, call, code, parts) => cases.push([title, call, code, parts]);
  const call = (x, b, p, q, o) => ops[op](x, b, p, q, o);
  add('x of rank 1', () => call(f32([4]), [1], [0], [0]), IA, ['x.shape', '[4]', 'rank 1', 'rank 2 or more']);
  add('x a scalar', () => call(f32([]), [], [], []), IA, ['x.shape', '[]', 'rank 0']);
  add('blockShape shorter than the rank', () => call(x4, [1, 2], z4, z4), IA, ['blockShape', '[1, 2]', '2 values', 'rank 4']);
  add('blockShape longer than the rank', () => call(x4, [1, 1, 1, 1, 1], z4, z4), IA, ['blockShape', '[1, 1, 1, 1, 1]', '5 values']);
  add('blockShape a number', () => call(x4, 1, z4, z4), IA, ['blockShape', '[1]', '1 values']);
  add(`${begin} shorter than the rank`, () => call(x4, [1, 1, 1, 1], [0, 0, 0], z4), IA, [begin, '[0, 0, 0]', '3 values']);
  add(`${end} longer than the rank`, () => call(x4, [1, 1, 1, 1], z4, [0, 0, 0, 0, 0]), IA, [end, '[0, 0, 0, 0, 0]', '5 values']);
  add(`${end} empty`, () => call(x4, [1, 1, 1, 1], z4, []), IA, [end, '[]', '0 values']);
  add('blockShape with 0', () => call(x4, [1, 0, 1, 1], z4, z4), IA, ['blockShape', '[1, 0, 1, 1]', 'value 0 at index 1', '1 or more']);
  add('blockShape with -2', () => call(x4, [1, 1, -2, 1], z4, z4), IA, ['blockShape', 'value -2 at index 2']);
  add('blockShape int64 min', () => call(x4, [1, 1, -(2n ** 63n), 1], z4, z4), IA, ['blockShape', '-9223372036854775808']);
  add('blockShape 2 on the batch axis', () => call(x4, [2, 1, 1, 1], z4, z4), IA, ['blockShape', '[2, 1, 1, 1]', 'at index 0', 'block 1']);
  add('blockShape 0 on the batch axis', () => call(x4, [0, 1, 1, 1], z4, z4), IA, ['blockShape', 'value 0 at index 0']);
  add(`${begin} negative`, () => call(x4, [1, 1, 1, 1], [0, -1, 0, 0], z4), IA, [begin, '[0, -1, 0, 0]', 'value -1 at index 1', `${what} must be 0 or more`]);
  add(`${end} negative`, () => call(x4, [1, 1, 1, 1], z4, [0, 0, 0, -(2 ** 40)]), IA, [end, 'value -1099511627776 at index 3']);
  add(`${begin} on the batch axis`, () => call(x4, [1, 1, 1, 1], [1, 0, 0, 0], z4), IA, [begin, '[1, 0, 0, 0]', 'at index 0', `takes no ${what}`]);
  add(`${end} on the batch axis`, () => call(x4, [1, 1, 1, 1], z4, [3, 0, 0, 0]), IA, [end, '[3, 0, 0, 0]', 'at index 0']);
  add('blockShape product overflowing 64 bits', () => call(x4, [1, 2 ** 32, 2 ** 32, 1], z4, z4), IA, ['blockShape', '64 bits']);
  add('shapes: blockShape of the wrong length', () => ops.shapes[op]([1, 4, 4, 2], [1, 2, 2], z4, z4), IA, ['blockShape', '[1, 2, 2]']);
  add('out too short', () => call(x4, [1, 1, 1, 1], z4, z4, { out: new Float32Array(31) }), IA, ['out', '31', '32']);
  return cases;
}

// blockSize, as spaceToDepth and depthToSpace both take it: one integer,
// 1 or more. Each of them runs these cases on x4 (see bad_input_kit.mjs).
import { IA, x4 } from './bad_input_kit.mjs';

const BAD_BLOCK = [
  ['a string', '2', ["'2'"]],
  ['null', null, ['null']],
  ['undefined', undefined, ['undefined']],
  ['an array', [2], ['[2]']],
  ['an object', {}, ['an object']],
  ['a boolean', true, ['true']],
  ['NaN', NaN, ['NaN']],
  ['Infinity', Infinity, ['Infinity']],
  ['a fraction', 1.5, ['1.5']],
  ['0', 0, ['0', 'at least 1']],
  ['-1', -1, ['-1', 'at least 1']],
  ['-2^31', -(2 ** 31), ['-2147483648']],
  ['2^53 + 2 as a number', 2 ** 53 + 2, ['9007199254740994', '2^53']],
  ['2^64 as a bigint', 2n ** 64n, ['18446744073709551616n']],
];

/** The blockSize cases of `op`: [title, call, code, parts]. */
export function blockSizeCases(ops, op) {
  return [
    ...BAD_BLOCK.map(([title, value, parts]) => [`blockSize ${title}`, () => ops[op](x4, value), IA, ['blockSize', ...parts]]),
    ['shapes: blockSize 0', () => ops.shapes[op]([1, 4, 4, 4], 0), IA, ['blockSize', '0']],
  ];
}

// pad's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { IA, OOM, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { pad } from './reference.mjs';

const u8 = (shape) => ({ data: new Uint8Array(shape.reduce((p, d) => p * d, 1)), shape });
const typed = (T, dtype, shape = [2, 2]) => ({ data: new T(4), shape, dtype });
// Fill values x's dtype cannot hold, and values of the wrong type: [title, x, value, parts].
const BAD_VALUES = [
  ['300 on uint8', u8([2, 2]), 300, ['value 300', 'uint8', '0 to 255']],
  ['-1 on uint8', u8([2, 2]), -1, ['value -1', 'uint8']],
  ['256 on uint8, nothing padded', u8([2, 2]), 256, ['value 256', 'uint8']],
  ['-129 on int8', typed(Int8Array, 'int8'), -129, ['value -129', 'int8', '-128 to 127']],
  ['1.5 on int32', typed(Int32Array, 'int32'), 1.5, ['value 1.5', 'int32']],
  ['2^31 on int32', typed(Int32Array, 'int32'), 2 ** 31, ['value 2147483648', 'int32']],
  ['NaN on int16', typed(Int16Array, 'int16'), NaN, ['value NaN', 'int16']],
  ['Infinity on uint32', typed(Uint32Array, 'uint32'), Infinity, ['value Infinity', 'uint32']],
  ['-Infinity on int64', typed(BigInt64Array, 'int64'), -Infinity, ['value -Infinity', 'int64']],
  ['65536 on uint16', typed(Uint16Array, 'uint16'), 65536, ['value 65536', 'uint16']],
  ['2^63 as a bigint on int64', typed(BigInt64Array, 'int64'), 2n ** 63n, ['value 9223372036854775808n', 'int64']],
  ['-1n on uint64', typed(BigUint64Array, 'uint64'), -1n, ['value -1n', 'uint64']],
  ['2^64 as a number on uint64', typed(BigUint64Array, 'uint64'), 2 ** 64, ['value 18446744073709552000', 'uint64']],
  ['0.5 on int64', typed(BigInt64Array, 'int64'), 0.5, ['value 0.5', 'int64']],
  ['a bigint on float32', x4, 1n, ['value 1n', 'bigint', 'float32']],
  ['a bigint on int32', typed(Int32Array, 'int32'), 1n, ['value 1n', 'bigint', 'int32']],
  ['a bigint on bool', { ...u8([2, 2]), dtype: 'bool' }, 1n, ['value 1n', 'bool']],
  ['true on float32', x4, true, ['value true', 'boolean', 'float32']],
  ['false on uint8', u8([2, 2]), false, ['value false', 'boolean', 'uint8']],
  ['2 on bool', { ...u8([2, 2]), dtype: 'bool' }, 2, ['value 2', 'bool']],
  ['0.5 on bool', { ...u8([2, 2]), dtype: 'bool' }, 0.5, ['value 0.5', 'bool']],
  ['-1 on bool', { ...u8([2, 2]), dtype: 'bool' }, -1, ['value -1', 'bool']],
  ['a string', x4, '1', ['value', "'1'"]],
  ['null', x4, null, ['value', 'null']],
  ['an array', x4, [1], ['value', '[1]']],
  ['an object', x4, { value: 1 }, ['value', 'an object']],
  ['a symbol', x4, Symbol('v'), ['value', 'Symbol(v)']],
  ['a Number object', x4, new Number(1), ['value', 'a Number']],
];

export default (ops) => ({
  correct() {
    const r = ops.pad(x4, [0, 1, -1, 2], [1, 2, 0, -1], { mode: 'symmetric' });
    assertSameBits(r.data, gather(x4.data, pad(x4.shape, [0, 1, -1, 2], [1, 2, 0, -1], 'symmetric').src));
    const c = ops.pad(x4, [0, 1, 0, 0], [0, 0, 1, 0], { value: 2.5 });
    assertSameBits(c.data, gather(x4.data, pad(x4.shape, [0, 1, 0, 0], [0, 0, 1, 0]).src, 0x40200000));
  },
  withX: (x) => ops.pad(x, [0, 0, 0, 0], [0, 0, 0, 0]),
  lists: [
    ['padsBegin', (v) => ops.pad(x4, v, [0, 0, 0, 0])],
    ['padsEnd', (v) => ops.pad(x4, [0, 0, 0, 0], v, { mode: 'edge' })],
    ['padsBegin', (v) => ops.shapes.pad([2, 3], v, [0, 0])],
  ],
  options: {
    call: (o) => ops.pad(x4, [0, 1, 0, 0], [0, 0, 1, 0], o),
    unknown: ['constantValue', 'padValue', 'pads', 'fill'],
    values: [
      ['mode reflection (WebNN\'s name)', { mode: 'reflection' }, ['mode', "'reflection'"]],
      ['mode circular (PyTorch\'s name)', { mode: 'circular' }, ['mode', "'circular'"]],
      ['mode replicate', { mode: 'replicate' }, ['mode', "'replicate'"]],
      ['mode in capitals', { mode: 'REFLECT' }, ['mode', "'REFLECT'"]],
      ['mode a number', { mode: 2 }, ['mode', '2']],
      ['mode null', { mode: null }, ['mode', 'null']],
    ],
  },
  cases: [
    // The pads' lengths, the modes' conditions, crops, sizes, and the value.
    ['padsBegin shorter than the rank', () => ops.pad(x4, [1, 1], [0, 0, 0, 0]), IA, ['padsBegin', '[1, 1]', 'rank 4']],
    ['padsEnd longer than the rank', () => ops.pad(x4, [0, 0, 0, 0], [0, 0, 0, 0, 0]), IA, ['padsEnd', '[0, 0, 0, 0, 0]', 'rank 4']],
    ['padsBegin [] for rank 4', () => ops.pad(x4, [], [0, 0, 0, 0]), IA, ['padsBegin', '[]', 'rank 4']],
    ['one scalar pad for rank 4', () => ops.pad(x4, 1, 1), IA, ['padsBegin', '[1]', 'rank 4']],
    ['reflect by the dim', () => ops.pad(x4, [0, 4, 0, 0], [0, 0, 0, 0], { mode: 'reflect' }), SM,
      ['padsBegin', 'value 4 at index 1', 'at most 3']],
    ['reflect a dim of 1', () => ops.pad(x4, [1, 0, 0, 0], [0, 0, 0, 0], { mode: 'reflect' }), SM,
      ['padsBegin', 'value 1 at index 0', 'at most 0']],
    ['symmetric beyond the dim', () => ops.pad(x4, [0, 0, 0, 0], [0, 0, 0, 3], { mode: 'symmetric' }), SM,
      ['padsEnd', 'value 3 at index 3', 'at most 2']],
    ['edge of an empty axis', () => ops.pad(f32([2, 0]), [0, 1], [0, 0], { mode: 'edge' }), SM, ['padsBegin', "'edge'", 'size 0']],
    ['wrap of an empty axis', () => ops.pad(f32([0, 2]), [0, 0], [3, 0], { mode: 'wrap' }), SM, ['padsEnd', "'wrap'", 'size 0']],
    ['reflect of an empty axis', () => ops.pad(f32([0, 2]), [1, 0], [0, 0], { mode: 'reflect' }), SM, ['padsBegin', 'size 0']],
    ['a crop below 0', () => ops.pad(x4, [0, -3, 0, 0], [0, -2, 0, 0]), SM, ['padsBegin', '-3', 'padsEnd', '-2', 'below 0']],
    ['a crop below 0 past a border', () => ops.pad(x4, [0, 0, 0, 2], [0, 0, 0, -5]), SM, ['padsEnd', '-5']],
    ['padsBegin 2^53', () => ops.pad(x4, [0, 0, 0, 2 ** 53], [0, 0, 0, 0]), IA, ['padsBegin', '9007199254740992', '2^53']],
    ['padsEnd int64 max', () => ops.pad(x4, [0, 0, 0, 1], [0, 0, 0, 2n ** 63n - 1n]), IA, ['padsEnd', '9223372036854775807']],
    ['padsBegin int64 min', () => ops.pad(x4, [-(2n ** 63n), 0, 0, 0], [-1, 0, 0, 0]), SM, ['padsBegin', '-9223372036854775808']],
    ['an output of 2^44 bytes', () => ops.pad(x4, [0, 0, 0, 2 ** 40], [0, 0, 0, 0]), OOM, ['output shape', '1099511627778']],
    ['an output volume beyond 64 bits', () => ops.pad(x4, [0, 2 ** 40, 0, 2 ** 40], [0, 0, 0, 0]), IA, ['output shape', '64 bits']],
    ['more than 3^8 copies', () => ops.pad(f32(new Array(9).fill(2)), new Array(9).fill(3), new Array(9).fill(-1), { mode: 'wrap' }),
      IA, ['padsBegin', '6561']],
    ['value with mode edge', () => ops.pad(x4, [0, 0, 0, 1], [0, 0, 0, 1], { mode: 'edge', value: 1 }), IA, ['value', "'edge'", "'constant'"]],
    ['value 0 with mode reflect', () => ops.pad(x4, [0, 0, 0, 1], [0, 0, 0, 1], { mode: 'reflect', value: 0 }), IA, ['value', "'reflect'"]],
    ['value 0 with mode wrap, nothing padded', () => ops.pad(x4, [0, 0, 0, 0], [0, 0, 0, 0], { mode: 'wrap', value: 0 }), IA, ['value', "'wrap'"]],
    ['value false with mode symmetric on bool', () => ops.pad({ ...u8([2, 2]), dtype: 'bool' }, [1, 1], [1, 1], { mode: 'symmetric', value: false }),
      IA, ['value', "'symmetric'"]],
    ['shapes.pad value 300 for uint8', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 300, dtype: 'uint8' }), IA,
      ['value 300', 'uint8']],
    ['shapes.pad value 1n for float16', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 1n, dtype: 'float16' }), IA,
      ['value 1n', 'float16']],
    ['shapes.pad value a string', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 'x' }), IA, ['value', "'x'"]],
    ['shapes.pad value with mode edge', () => ops.shapes.pad([2, 3], [1, 1], [1, 1], { value: 1, mode: 'edge' }), IA, ['value', "'edge'"]],
    ['shapes.pad reflect beyond the dim', () => ops.shapes.pad([2, 3], [2, 0], [0, 0], { mode: 'reflect' }), SM, ['padsBegin', 'value 2']],
    ['out too short', () => ops.pad(x4, [0, 1, 0, 0], [0, 0, 0, 0], { out: new Float32Array(32) }), IA, ['out', '32', '40']],
    ...BAD_VALUES.map(([title, x, value, parts]) => {
      const pads = x.shape.map(() => 1);
      return [`value ${title}`, () => ops.pad(x, pads, title.includes('nothing padded') ? pads.map(() => 0) : pads, { value }), IA, parts];
    }),
  ],
});

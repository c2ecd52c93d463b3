// where's bad inputs, run by tests/js/bad_inputs.test.mjs together with the
// checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs): through withX, `a` is fed every bad
// tensor; here the condition's and b's own, the dtypes the three must have,
// the plain numbers a or b may be, shapes that do not broadcast, and `out`.
import assert from 'node:assert/strict';
import { IA, SM, detached, f32, x4 } from '../_shared/bad_input_kit.mjs';

const bool = (values, shape = [values.length]) => ({ data: Uint8Array.from(values), shape, dtype: 'bool' });
const T = bool([1], []); // a scalar true: broadcasts against anything
const c4 = bool(Array.from({ length: 32 }, (_, i) => i % 3), [1, 4, 4, 2]);
const i32 = (shape) => ({ data: new Int32Array(shape.reduce((p, d) => p * d, 1)), shape });

export default (ops) => ({
  correct() {
    const r = ops.where(bool([1, 0, 1], [3]), f32([2, 3]), -1);
    assert.deepEqual(Array.from(r.data), [0, -1, 2, 3, -1, 5]);
    assert.deepEqual([r.shape, r.dtype], [[2, 3], 'float32']);
  },
  withX: (x) => ops.where(T, x, x),
  xName: 'a',
  options: { call: (o) => ops.where(c4, x4, x4, o), unknown: ['axis', 'condition', 'x', 'y', 'dtype', 'output'], values: [] },
  cases: [
    // The condition: a tensor of bool or uint8.
    ['condition float32', () => ops.where(f32([2]), f32([2]), f32([2])), IA, ['condition.dtype', "'float32'", 'bool or uint8']],
    ['condition int8', () => ops.where({ data: new Int8Array(2), shape: [2] }, f32([2]), 0), IA, ['condition.dtype', "'int8'"]],
    ['condition int32', () => ops.where(i32([2]), f32([2]), 0), IA, ['condition.dtype', "'int32'"]],
    ['condition float16', () => ops.where({ data: new Uint16Array(2), shape: [2], dtype: 'float16' }, f32([2]), 0), IA, ['condition.dtype', "'float16'"]],
    ['condition uint16', () => ops.where({ data: new Uint16Array(2), shape: [2] }, f32([2]), 0), IA, ['condition.dtype', "'uint16'"]],
    ['condition int64', () => ops.where({ data: new BigInt64Array(2), shape: [2] }, f32([2]), 0), IA, ['condition.dtype', "'int64'"]],
    ['condition a number', () => ops.where(1, f32([2]), 0), IA, ['condition', '1']],
    ['condition a boolean', () => ops.where(true, f32([2]), 0), IA, ['condition', 'true']],
    ['condition null', () => ops.where(null, f32([2]), 0), IA, ['condition', 'null']],
    ['condition undefined', () => ops.where(undefined, f32([2]), 0), IA, ['condition', 'undefined']],
    ['condition a plain array', () => ops.where([1, 0], f32([2]), 0), IA, ['condition', '[1, 0]']],
    ['condition.data too short', () => ops.where(bool([1], [2]), f32([2]), 0), IA, ['condition.data', '1', '[2]', '2']],
    ['condition.data detached', () => ops.where({ data: detached(2, Uint8Array), shape: [2], dtype: 'bool' }, f32([2]), 0), IA, ['condition.data', 'detached']],
    ['condition.shape negative', () => ops.where({ data: new Uint8Array(2), shape: [-2] }, f32([2]), 0), IA, ['condition.shape', '-2']],
    ['condition.dtype bool on an Int8Array', () => ops.where({ data: new Int8Array(2), shape: [2], dtype: 'bool' }, f32([2]), 0), IA, ['condition.dtype', "'bool'", 'Int8Array']],
    // b, as a tensor.
    ['b null', () => ops.where(T, f32([2]), null), IA, ['b', 'null']],
    ['b undefined (left out)', () => ops.where(T, f32([2])), IA, ['b', 'undefined']],
    ['b a string', () => ops.where(T, f32([2]), '0'), IA, ['b', "'0'"]],
    ['b.data too long', () => ops.where(T, f32([2]), f32([2], 3)), IA, ['b.data', '3', '[2]', '2']],
    ['b.shape with a fraction', () => ops.where(T, f32([2]), f32([2.5], 2)), IA, ['b.shape', '2.5']],
    ['b.shape volume overflowing 64 bits', () => ops.where(T, f32([2]), f32([2 ** 32, 2 ** 32], 4)), IA, ['b.shape', '64 bits']],
    // a and b: one dtype.
    ['b int32, a float32', () => ops.where(T, f32([2]), i32([2])), IA, ['b.dtype', "'int32'", "a.dtype 'float32'"]],
    ['b float64, a float32', () => ops.where(T, f32([2]), { data: new Float64Array(2), shape: [2] }), IA, ['b.dtype', "'float64'", "a.dtype 'float32'"]],
    ['b uint8, a int8', () => ops.where(T, { data: new Int8Array(2), shape: [2] }, { data: new Uint8Array(2), shape: [2] }), IA, ['b.dtype', "'uint8'", "a.dtype 'int8'"]],
    ['b bool, a uint8', () => ops.where(T, { data: new Uint8Array(2), shape: [2] }, bool([1, 0])), IA, ['b.dtype', "'bool'", "a.dtype 'uint8'"]],
    ['b float16, a uint16', () => ops.where(T, { data: new Uint16Array(2), shape: [2] }, { data: new Uint16Array(2), shape: [2], dtype: 'float16' }), IA, ['b.dtype', "'float16'", "a.dtype 'uint16'"]],
    // Plain numbers: one of a and b, converted to the other's dtype exactly (integers).
    ['a and b both numbers', () => ops.where(T, 1, 0), IA, ['a 1 and b 0', 'plain numbers', 'tensor']],
    ['a and b both bigints', () => ops.where(T, 1n, 0n), IA, ['a 1n and b 0n', 'plain numbers']],
    ['b 300 for int8', () => ops.where(T, { data: new Int8Array(2), shape: [2] }, 300), IA, ['b', '300', 'int8']],
    ['b -1 for uint8', () => ops.where(T, { data: new Uint8Array(2), shape: [2] }, -1), IA, ['b', '-1', 'uint8']],
    ['b 1.5 for int32', () => ops.where(T, i32([2]), 1.5), IA, ['b', '1.5', 'int32']],
    ['a NaN for int16', () => ops.where(T, NaN, { data: new Int16Array(2), shape: [2] }), IA, ['a', 'NaN', 'int16']],
    ['a 2^64 for uint64', () => ops.where(T, 2n ** 64n, { data: new BigUint64Array(2), shape: [2] }), IA, ['a', '18446744073709551616', 'uint64']],
    ['a -1n for uint64', () => ops.where(T, -1n, { data: new BigUint64Array(2), shape: [2] }), IA, ['a', '-1', 'uint64']],
    ['b 2 for bool', () => ops.where(T, bool([1, 0]), 2), IA, ['b', '2', 'bool']],
    ['b a symbol', () => ops.where(T, f32([2]), Symbol('s')), IA, ['b', 'Symbol(s)']],
    // Shapes that do not broadcast.
    ['a [2,3] and b [3,2]', () => ops.where(T, f32([2, 3]), f32([3, 2])), SM, ['a.shape [2, 3]', 'b.shape [3, 2]', 'broadcast']],
    ['condition [4] and a [3]', () => ops.where(bool([1, 0, 1, 0]), f32([3]), 0), SM, ['condition.shape [4]', 'a.shape [3]']],
    ['condition [2,1] and b [3,1]', () => ops.where(bool([1, 0], [2, 1]), f32([1, 5]), f32([3, 1])), SM, ['condition.shape [2, 1]', 'b.shape [3, 1]']],
    ['a [5,2,3] and b [4,3]', () => ops.where(T, f32([5, 2, 3]), f32([4, 3])), SM, ['a.shape [5, 2, 3]', 'b.shape [4, 3]', '2 vs 4']],
    ['a [0] and b [2]', () => ops.where(T, f32([0]), f32([2])), SM, ['a.shape [0]', 'b.shape [2]']],
    ['a [2] and b [0]', () => ops.where(T, f32([2]), f32([0])), SM, ['a.shape [2]', 'b.shape [0]']],
    // out: the output's dtype (a's) and length.
    ['out too short', () => ops.where(T, f32([2, 3]), 0, { out: new Float32Array(5) }), IA, ['out', '5', '6']],
    ['out too long', () => ops.where(T, f32([2, 3]), 0, { out: new Float32Array(7) }), IA, ['out', '7', '6']],
    ['out a Float64Array for float32', () => ops.where(T, f32([2]), 0, { out: new Float64Array(2) }), IA, ['out', 'Float32Array', 'Float64Array']],
    ['out an Int32Array for int64', () => ops.where(T, { data: new BigInt64Array(2), shape: [2] }, 0n, { out: new Int32Array(2) }), IA, ['out', 'BigInt64Array', 'int64', 'Int32Array']],
    ['out a Uint8Array for a bool condition and float32', () => ops.where(T, f32([2]), 0, { out: new Uint8Array(2) }), IA, ['out', 'Float32Array', 'Uint8Array']],
    ['out the size of the broadcast input', () => ops.where(bool([1, 0, 1]), f32([2, 1]), 0, { out: new Float32Array(2) }), IA, ['out', '2', '[2, 3]', '6']],
    // ops.shapes.where.
    ['shapes: not broadcasting', () => ops.shapes.where([2], [3], []), SM, ['a.shape [3]', 'condition.shape [2]']],
    ['shapes: a negative dim', () => ops.shapes.where([2], [-1], []), IA, ['a.shape', '-1']],
    ['shapes: b missing', () => ops.shapes.where([2], [2]), IA, ['b.shape', 'undefined']],
    ['shapes: a string', () => ops.shapes.where('2', [2], [2]), IA, ['condition.shape', "'2'"]],
    ['shapes: an unknown dtype', () => ops.shapes.where([2], [2], [2], { dtype: 'float128' }), IA, ['dtype', "'float128'"]],
    ['shapes: an output beyond memory', () => ops.shapes.where([65536, 1], [1, 65536], [], { dtype: 'float64' }), 'OUT_OF_MEMORY', ['[65536, 65536]']],
  ],
});

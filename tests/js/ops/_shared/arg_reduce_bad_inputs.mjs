// argMax's and argMin's bad inputs (each op's bad_inputs.mjs passes its
// name): the axis (required, an integer of [-rank, rank), not an empty
// one), the options (keepDims and selectLastIndex booleans, dtype 'int32' or
// 'int64'), out checked against the index dtype, and ops.shapes.*.
import { IA, f32, x4 } from './bad_input_kit.mjs';

export function argReduceBadInputs(ops, op) {
  const f = ops[op];
  const call = (o) => f(x4, 1, o); // x4 is [1, 4, 4, 2]: 8 indices
  const cases = [
    ['axis missing', () => f(x4), IA, ['axis', 'undefined']],
    ['axis a string', () => f(x4, '1'), IA, ['axis', "'1'"]],
    ['axis a fraction', () => f(x4, 1.5), IA, ['axis', '1.5']],
    ['axis NaN', () => f(x4, NaN), IA, ['axis', 'NaN']],
    ['axis Infinity', () => f(x4, Infinity), IA, ['axis', 'Infinity']],
    ['axis null', () => f(x4, null), IA, ['axis', 'null']],
    ['axis a boolean', () => f(x4, true), IA, ['axis', 'true']],
    ['axis an array', () => f(x4, [1]), IA, ['axis', '[1]']],
    ['axis an Int32Array', () => f(x4, Int32Array.of(1)), IA, ['axis', 'Int32Array']],
    ['axis in the options', () => f(x4, { axis: 1 }), IA, ['axis']],
    ['axis 2^53 + 2', () => f(x4, 2 ** 53 + 2), IA, ['axis', '9007199254740994', 'bigint']],
    ['axis 2^64 as a bigint', () => f(x4, 2n ** 64n), IA, ['axis', '18446744073709551616n', 'int64']],
    ['axis 4 for rank 4', () => f(x4, 4), IA, ['axis value 4', '[-4, 4)', 'rank 4']],
    ['axis -5 for rank 4', () => f(x4, -5), IA, ['axis value -5', '[-4, 4)']],
    ['axis 2^62 as a bigint', () => f(x4, 2n ** 62n), IA, ['axis value 4611686018427387904', 'rank 4']],
    ['axis 0 of a scalar', () => f(f32([]), 0), IA, ['x is a scalar', 'rank >= 1']],
    ['axis -1 of a scalar', () => f(f32([]), -1), IA, ['x is a scalar']],
    ['an empty axis', () => f(f32([2, 0]), 1), IA, ['axis 1', 'no element', 'x.shape[1] = 0']],
    ['an empty axis, counted from the end', () => f(f32([3, 0, 2]), -2), IA, ['axis -2', 'x.shape[1] = 0']],
    ['an empty x along its only axis', () => f(f32([0]), 0, { keepDims: true }), IA, ['axis 0', 'x.shape[0] = 0']],
    ['keepDims a number', () => call({ keepDims: 1 }), IA, ['keepDims', '1', 'true or false']],
    ['keepDims a string', () => call({ keepDims: 'true' }), IA, ['keepDims', "'true'"]],
    ['keepDims null', () => call({ keepDims: null }), IA, ['keepDims', 'null']],
    ['selectLastIndex a number', () => call({ selectLastIndex: 0 }), IA, ['selectLastIndex', '0']],
    ['selectLastIndex a string', () => call({ selectLastIndex: 'last' }), IA, ['selectLastIndex', "'last'"]],
    ['dtype float32', () => call({ dtype: 'float32' }), IA, ['dtype', "'float32'", "'int32', 'int64'"]],
    ['dtype uint32', () => call({ dtype: 'uint32' }), IA, ['dtype', "'uint32'"]],
    ['dtype misspelled', () => call({ dtype: 'Int64' }), IA, ['dtype', "'Int64'"]],
    ['dtype a class', () => call({ dtype: BigInt64Array }), IA, ['dtype']],
    ['dtype a number', () => call({ dtype: 64 }), IA, ['dtype', '64']],
    ['dtype null', () => call({ dtype: null }), IA, ['dtype', 'null']],
    ['options a string', () => f(x4, 1, 'int64'), IA, ['options', "'int64'"]],
    ['options a number', () => f(x4, 1, 5), IA, ['options', '5']],
    ['options an array', () => f(x4, 1, []), IA, ['options']],
    ['options true', () => f(x4, 1, true), IA, ['options', 'true']],
    ['out of the input class (int32 indices)', () => call({ out: new Float32Array(8) }), IA, ['out', 'Int32Array', 'int32', 'Float32Array']],
    ['out a BigInt64Array for int32 indices', () => call({ out: new BigInt64Array(8) }), IA, ['out', 'Int32Array', 'BigInt64Array']],
    ['out an Int32Array for int64 indices', () => call({ dtype: 'int64', out: new Int32Array(8) }), IA, ['out', 'BigInt64Array', 'int64', 'Int32Array']],
    ['out a Uint32Array for int32 indices', () => call({ out: new Uint32Array(8) }), IA, ['out', 'Int32Array', 'Uint32Array']],
    ['out too short', () => call({ out: new Int32Array(7) }), IA, ['out', '7', '8']],
    ['out too long', () => call({ out: new Int32Array(9) }), IA, ['out', '9', '8']],
    ['out too short with keepDims', () => call({ keepDims: true, dtype: 'int64', out: new BigInt64Array(4) }), IA, ['out', '4', '[1, 1, 4, 2]', '8']],
    ['out a plain array', () => call({ out: new Array(8).fill(0) }), IA, ['out']],
    ['out null', () => call({ out: null }), IA, ['out', 'null']],
    ['shapes: a scalar', () => ops.shapes[op]([], 0), IA, ['x is a scalar']],
    ['shapes: an empty axis', () => ops.shapes[op]([5, 0], -1), IA, ['axis -1', 'x.shape[1] = 0']],
    ['shapes: axis out of range', () => ops.shapes[op]([5, 3], 2), IA, ['axis value 2', '[-2, 2)']],
    ['shapes: dtype float32 (the index dtype, not x\'s)', () => ops.shapes[op]([5, 3], 1, { dtype: 'float32' }), IA, ['dtype', "'float32'"]],
  ];
  for (const name of ['keepdims', 'keep_dims', 'selectLast', 'select_last_index', 'outputDtype', 'axes']) {
    cases.push([`unknown option '${name}'`, () => call({ [name]: 1 }), IA, [`'${name}'`]]);
  }
  return cases;
}

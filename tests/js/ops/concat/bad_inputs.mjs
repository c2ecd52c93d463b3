// concat's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { IA, OOM, SM, assertSameBits, detached, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { concat } from './reference.mjs';

const y4 = f32([1, 4, 1, 2]);
// The list itself: [title, tensors, parts].
const BAD_LIST_OF_TENSORS = [
  ['tensors a tensor, not a list', x4, ['tensors', 'array']],
  ['tensors null', null, ['tensors', 'null']],
  ['tensors undefined', undefined, ['tensors', 'undefined']],
  ['tensors a string', 'x4', ['tensors', "'x4'"]],
  ['tensors a Float32Array', new Float32Array(4), ['tensors', 'Float32Array']],
  ['tensors an object with length', { length: 1, 0: x4 }, ['tensors', 'an object']],
];

export default (ops) => ({
  correct() {
    const y = f32([1, 4, 1, 2]);
    const r = ops.concat([x4, y, x4], 2);
    const all = Float32Array.from([...x4.data, ...y.data, ...x4.data]);
    assertSameBits(r.data, gather(all, concat([x4.shape, y.shape, x4.shape], 2).src));
  },
  withX: (x) => ops.concat([x], 0),
  // Its messages name its first input tensors[0] where the others say x.
  xName: 'tensors[0]',
  options: {
    call: (o) => ops.concat([x4, x4], 0, o),
    unknown: ['axis', 'axes', 'dim', 'tensors'],
    values: [],
  },
  cases: [
    ...BAD_LIST_OF_TENSORS.map(([title, v, parts]) => [title, () => ops.concat(v, 0), IA, parts]),
    // The other tensors, axis, out.
    ['an empty list', () => ops.concat([], 0), IA, ['tensors', 'empty list']],
    ['shapes: an empty list', () => ops.shapes.concat([], 0), IA, ['tensors', 'empty list']],
    ['tensors[1] null', () => ops.concat([x4, null], 0), IA, ['tensors[1]', 'null']],
    ['tensors[2] a plain array', () => ops.concat([x4, x4, [1, 2]], 0), IA, ['tensors[2]', '[1, 2]']],
    ['tensors[1].data too short', () => ops.concat([x4, f32([1, 4, 4, 2], 31)], 0), IA, ['tensors[1].data', '31', '32']],
    ['tensors[1].shape with NaN', () => ops.concat([x4, f32([1, NaN, 4, 2], 32)], 0), IA, ['tensors[1].shape', 'NaN']],
    ['tensors[1].shape of volume 2^64', () => ops.concat([x4, f32([2 ** 32, 2 ** 32, 1, 1], 4)], 0), IA,
      ['tensors[1].shape', '64 bits']],
    ['tensors[1].data detached', () => ops.concat([x4, { data: detached(32), shape: [1, 4, 4, 2] }], 0), IA,
      ['tensors[1].data', 'detached']],
    ['tensors of two dtypes', () => ops.concat([x4, { data: new Int32Array(32), shape: [1, 4, 4, 2] }], 0), IA,
      ['tensors[1].dtype', "'int32'", "'float32'"]],
    ['float16 beside uint16 (one class, two dtypes)', () => ops.concat([
      { data: new Uint16Array(2), shape: [2], dtype: 'float16' }, { data: new Uint16Array(2), shape: [2] }], 0), IA,
    ['tensors[1].dtype', "'uint16'", "'float16'"]],
    ['a scalar', () => ops.concat([f32([])], 0), IA, ['tensors[0].shape', 'scalar']],
    ['a scalar second', () => ops.concat([f32([1]), f32([])], 0), IA, ['tensors[1].shape', 'scalar']],
    ['ranks differ', () => ops.concat([x4, f32([4, 4, 2])], 0), SM, ['tensors[1].shape', '[4, 4, 2]', 'rank 3']],
    ['a dim off the axis differs', () => ops.concat([x4, y4], 1), SM, ['tensors[1].shape', '[1, 4, 1, 2]', 'index 2']],
    ['the third differs', () => ops.concat([x4, x4, f32([1, 4, 4, 3])], 0), SM, ['tensors[2].shape', '[1, 4, 4, 3]']],
    ['shapes: dims differ', () => ops.shapes.concat([[2, 3], [2, 4]], 0), SM, ['tensors[1].shape', '[2, 4]']],
    ['shapes: not a list of shapes', () => ops.shapes.concat([2, 3], 0), IA, ['tensors[0].shape', '2']],
    ['axis 4 for rank 4', () => ops.concat([x4, x4], 4), IA, ['axis', '4', '[-4, 4)']],
    ['axis -5 for rank 4', () => ops.concat([x4, x4], -5), IA, ['axis', '-5']],
    ['axis 2^32', () => ops.concat([x4, x4], 2 ** 32), IA, ['axis', '4294967296']],
    ['axis int64 min', () => ops.concat([x4, x4], -(2n ** 63n)), IA, ['axis', '-9223372036854775808']],
    ['axis left out', () => ops.concat([x4, x4]), IA, ['axis', 'undefined']],
    ['axis a list', () => ops.concat([x4, x4], [0]), IA, ['axis', '[0]']],
    ['axis a string', () => ops.concat([x4, x4], '0'), IA, ['axis', "'0'"]],
    ['axis a fraction', () => ops.concat([x4, x4], 0.5), IA, ['axis', '0.5']],
    ['joined dim beyond 2^53', () => ops.shapes.concat([[2 ** 53, 1], [1, 1]], 0), OOM, ['2^53']],
    ['output needing 16 GiB', () => ops.shapes.concat([[2 ** 31, 2], [2 ** 31, 2]], 0, { dtype: 'float32' }), OOM,
      ['[4294967296, 2]']],
    ['out too short', () => ops.concat([x4, x4], 0, { out: new Float32Array(63) }), IA, ['out', '63', '64']],
    ['out too long', () => ops.concat([x4, y4], 2, { out: new Float32Array(41) }), IA, ['out', '41', '40']],
    ['out an array of arrays', () => ops.concat([x4, x4], 0, { out: [new Float32Array(64)] }), IA, ['out', 'Float32Array']],
  ],
});

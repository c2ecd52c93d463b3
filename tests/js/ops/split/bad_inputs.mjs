// split's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import assert from 'node:assert/strict';
import { IA, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { split } from './reference.mjs';

export default (ops) => ({
  correct() {
    const parts = ops.split(x4, [1, -1], { axis: 1 });
    const expected = split(x4.shape, [1, -1], 1);
    assert.equal(parts.length, 2);
    parts.forEach((p, k) => assertSameBits(p.data, gather(x4.data, expected[k].src)));
  },
  withX: (x) => ops.split(x, 1),
  lists: [
    ['splits', (v) => ops.split(x4, v)],
    ['splits', (v) => ops.shapes.split([2, 3], v)],
  ],
  options: {
    call: (o) => ops.split(x4, 2, o),
    unknown: ['axes', 'Axis', 'num', 'splits'],
    values: [
      ['axis a string', { axis: '1' }, ['axis', "'1'"]],
      ['axis a fraction', { axis: 0.5 }, ['axis', '0.5']],
      ['axis NaN', { axis: NaN }, ['axis', 'NaN']],
      ['axis an array', { axis: [1] }, ['axis', '[1]']],
      ['axis null', { axis: null }, ['axis', 'null']],
      ['axis 2^53 + 2', { axis: 2 ** 53 + 2 }, ['axis', '9007199254740994']],
    ],
  },
  cases: [
    ['splits left out', () => ops.split(x4), IA, ['splits', 'undefined']],
    ['splits 0', () => ops.split(x4, 0), IA, ['splits', '0', 'at least 1']],
    ['splits -1 (a number)', () => ops.split(x4, -1), IA, ['splits', '-1']],
    ['splits 3 not dividing 1', () => ops.split(x4, 3), SM, ['splits', '3', 'x.shape', '[1, 4, 4, 2]']],
    ['splits 2^32 parts', () => ops.split(f32([0]), 2 ** 32), IA, ['splits', '4294967296', '65536']],
    ['splits int64 max parts', () => ops.split(x4, 2n ** 63n - 1n), IA, ['splits', '9223372036854775807']],
    ['splits [] (no parts)', () => ops.split(x4, []), IA, ['splits', '[]']],
    ['splits [2] for dim 1 (a list is lengths)', () => ops.split(x4, [2]), SM, ['splits', '[2]', 'dim 1']],
    ['splits not adding up', () => ops.split(x4, [1, 2], { axis: 1 }), SM, ['splits', '[1, 2]', '3', 'dim 4']],
    ['splits adding up to more', () => ops.split(x4, [3, 2], { axis: 1 }), SM, ['splits', '[3, 2]', 'more than']],
    ['splits with -1 and more than the dim', () => ops.split(x4, [-1, 5], { axis: 1 }), SM, ['splits', '[-1, 5]']],
    ['splits with two -1', () => ops.split(x4, [-1, -1], { axis: 1 }), IA, ['splits', '[-1, -1]', 'more than one -1']],
    ['splits with -2', () => ops.split(x4, [2, -2, 4], { axis: 1 }), IA, ['splits', '-2', 'index 1']],
    ['splits with 2^53 lengths', () => ops.split(x4, [2 ** 53, 2 ** 53], { axis: 1 }), SM, ['splits', '9007199254740992']],
    ['splits with int64 max lengths', () => ops.split(x4, [2n ** 63n - 1n, 2n ** 63n - 1n], { axis: 1 }), SM, ['splits']],
    ['axis 4 for rank 4', () => ops.split(x4, 1, { axis: 4 }), IA, ['axis', '4', '[-4, 4)']],
    ['axis -5 for rank 4', () => ops.split(x4, 1, { axis: -5 }), IA, ['axis', '-5']],
    ['axis 2^32', () => ops.split(x4, 1, { axis: 2 ** 32 }), IA, ['axis', '4294967296']],
    ['a scalar', () => ops.split(f32([]), 1), IA, ['x.shape', '[]', 'scalar']],
    ['shapes: a scalar', () => ops.shapes.split([], 1), IA, ['x.shape', 'scalar']],
    ['shapes: not dividing', () => ops.shapes.split([5, 2], 2), SM, ['splits', '2', '[5, 2]']],
    ['out with too few arrays', () => ops.split(x4, 2, { axis: 1, out: [new Float32Array(16)] }), IA, ['out', '1 arrays', '2 outputs']],
    ['out with too many arrays', () => ops.split(x4, [4], { axis: 1, out: [new Float32Array(32), new Float32Array(0)] }), IA,
      ['out', '2 arrays', '1 outputs']],
    ['out[1] too short', () => ops.split(x4, 2, { axis: 1, out: [new Float32Array(16), new Float32Array(15)] }), IA,
      ['out[1]', '15', '16']],
    ['out[0] of another class', () => ops.split(x4, 2, { axis: 1, out: [new Int32Array(16), new Float32Array(16)] }), IA,
      ['out[0]', 'Float32Array', 'Int32Array']],
    ['out[1] null', () => ops.split(x4, 2, { axis: 1, out: [new Float32Array(16), null] }), IA, ['out[1]', 'null']],
    ['out a typed array', () => ops.split(x4, 1, { out: new Float32Array(32) }), IA, ['out', 'array']],
  ],
});

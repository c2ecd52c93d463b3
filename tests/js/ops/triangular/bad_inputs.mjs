// triangular's bad inputs, run by tests/js/bad_inputs.test.mjs together with
// the checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs).
import { IA, f32, x4 } from '../_shared/bad_input_kit.mjs';
import assert from 'node:assert/strict';

const m3 = f32([3, 3]);

export default (ops) => ({
  correct() {
    const r = ops.triangular(m3, { upper: false, diagonal: -1 });
    assert.deepEqual(Array.from(r.data), [0, 0, 0, 3, 0, 0, 6, 7, 0]);
    assert.equal(r.dtype, 'float32');
  },
  withX: (x) => ops.triangular(x),
  options: {
    call: (o) => ops.triangular(x4, o),
    unknown: ['lower', 'k', 'diag', 'axis', 'dtype'],
    values: [
      ['upper a string', { upper: 'true' }, ['upper', "'true'", 'true or false']],
      ['upper a number', { upper: 1 }, ['upper', '1']],
      ['upper null', { upper: null }, ['upper', 'null']],
      ['upper an array', { upper: [true] }, ['upper', '[true]']],
      ['diagonal a string', { diagonal: '1' }, ['diagonal', "'1'"]],
      ['diagonal a fraction', { diagonal: 0.5 }, ['diagonal', '0.5']],
      ['diagonal NaN', { diagonal: NaN }, ['diagonal', 'NaN']],
      ['diagonal Infinity', { diagonal: Infinity }, ['diagonal', 'Infinity']],
      ['diagonal null', { diagonal: null }, ['diagonal', 'null']],
      ['diagonal an array', { diagonal: [1] }, ['diagonal', '[1]']],
      ['diagonal 2^53 + 2 as a number', { diagonal: 2 ** 53 + 2 }, ['diagonal', '9007199254740994', 'bigint']],
      ['diagonal 2^63 as a bigint', { diagonal: 2n ** 63n }, ['diagonal', '9223372036854775808n', 'int64']],
      ['diagonal -2^63 - 1 as a bigint', { diagonal: -(2n ** 63n) - 1n }, ['diagonal', 'int64']],
      ['diagonal 2^64 as a number', { diagonal: 2 ** 64 }, ['diagonal', 'int64']],
    ],
  },
  cases: [
    ['x of rank 1', () => ops.triangular(f32([4])), IA, ['x.shape [4]', 'rank 1', 'rank >= 2']],
    ['x a scalar', () => ops.triangular(f32([])), IA, ['x.shape []', 'rank 0', 'rank >= 2']],
    ['x of rank 1, lower', () => ops.triangular(f32([9]), { upper: false, diagonal: 2 }), IA, ['x.shape [9]', 'rank 1']],
    ['x of rank 1 as a kept tensor', () => {
      const t = ops.tensor(new Float32Array(4), [4]);
      try {
        ops.triangular(t);
      } finally {
        t.dispose();
      }
    }, IA, ['x.shape [4]', 'rank 1']],
    ['out of another dtype (int32 x, Float32Array out)', () => ops.triangular({ data: new Int32Array(9), shape: [3, 3] }, { out: new Float32Array(9) }),
      IA, ['out', 'Int32Array', 'int32', 'Float32Array']],
    ['out a Uint8Array for float16 (Uint16Array bits)', () => ops.triangular({ data: new Uint16Array(9), shape: [3, 3], dtype: 'float16' }, { out: new Uint8Array(9) }),
      IA, ['out', 'Uint16Array', 'float16', 'Uint8Array']],
    ['out too short', () => ops.triangular(m3, { out: new Float32Array(8) }), IA, ['out', '8', '9']],
    ['out too long', () => ops.triangular(m3, { out: new Float32Array(10) }), IA, ['out', '10', '9']],
    ['out a detached array', () => {
      const out = new Float32Array(9);
      structuredClone(out.buffer, { transfer: [out.buffer] });
      ops.triangular(m3, { out });
    }, IA, ['out', 'detached']],
    ['shapes.triangular of rank 1', () => ops.shapes.triangular([5]), IA, ['x.shape [5]', 'rank 1']],
    ['shapes.triangular of a scalar', () => ops.shapes.triangular([]), IA, ['x.shape []', 'rank 0']],
    ['shapes.triangular input dtype unknown', () => ops.shapes.triangular([2, 3], { dtype: 'f32' }), IA, ['dtype', "'f32'"]],
    ['shapes.triangular diagonal a fraction', () => ops.shapes.triangular([2, 3], { diagonal: 1.5 }), IA, ['diagonal', '1.5']],
    ['shapes.triangular upper a string', () => ops.shapes.triangular([2, 3], { upper: 'no' }), IA, ['upper', "'no'"]],
  ],
});

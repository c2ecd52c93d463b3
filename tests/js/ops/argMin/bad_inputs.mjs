// argMin's bad inputs, run by tests/js/bad_inputs.test.mjs together with the
// checks every operation gets (the fields are described in
// tests/js/ops/roll/bad_inputs.mjs); the cases it shares with the other
// index reduction are in ../_shared/arg_reduce_bad_inputs.mjs.
import { argReduceBadInputs } from '../_shared/arg_reduce_bad_inputs.mjs';
import assert from 'node:assert/strict';

const x = { data: Float32Array.from([3, 1, 1, 2, NaN, NaN]), shape: [2, 3] };

export default (ops) => ({
  correct() {
    const r = ops.argMin(x, 1);
    assert.deepEqual(Array.from(r.data), [1, 1]);
    assert.equal(r.dtype, 'int32');
    const last = ops.argMin(x, -1, { selectLastIndex: true, keepDims: true, dtype: 'int64' });
    assert.deepEqual(Array.from(last.data, Number), [2, 2]);
    assert.deepEqual([last.shape, last.dtype], [[2, 1], 'int64']);
  },
  withX: (t) => ops.argMin(t, 0),
  cases: argReduceBadInputs(ops, 'argMin'),
});

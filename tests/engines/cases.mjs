// What the package test page checks, computed by the package in Node: every
// operation of the table on every dtype (its samples, tests/js/ops/<op>/
// samples.mjs; data with extreme bit patterns from tests/js/helpers.mjs)
// with its results, and error calls with the TensorOpsError Node throws for
// them. Sent to the page as JSON (pages/wire.mjs keeps typed arrays and bigints).
import { load } from '../../web/node.mjs';
import { DTYPE_CASES, makeData, makeRng, volume } from '../js/helpers.mjs';
import { callOp, inputArg, inputDtype, inputDtypesOf, inputShapes, outputsOf, samplesOf } from '../js/table.mjs';
import { encode } from './pages/wire.mjs';

// Calls that must fail, beyond an unknown option for every operation:
// [label, op, { shape, dtype?, length? }, args, options]
const ERRORS = [
  ['reshape volume differs', 'reshape', { shape: [2, 3, 4] }, { shape: [7, -1] }],
  ['broadcast dims not broadcastable', 'broadcast', { shape: [3, 2] }, { targetShape: [4, 4] }],
  ['depthToSpace channels not divisible', 'depthToSpace', { shape: [1, 2, 2, 3] }, { blockSize: 2 }],
  ['roll of a scalar', 'roll', { shape: [] }, { shift: 1, axes: 0 }],
  ['data length not matching the shape', 'transpose', { shape: [2, 3], length: 5 }, {}],
  ['unknown pad mode', 'pad', { shape: [2, 2] }, { padsBegin: [1, 1], padsEnd: [1, 1], mode: 'mirror' }],
  ['gather index out of range', 'gather', { shape: [3, 2] }, { indices: [0, 3] }],
  ['out of the wrong length', 'tile', { shape: [2] }, { repeats: [2] }, { out: new Float32Array(3) }],
  ['result beyond 4 GiB', 'broadcast', { shape: [1], dtype: 'uint8' }, { targetShape: [65536, 65536, 2] }],
];

function describeError(fn) {
  try {
    fn();
  } catch (error) {
    return { name: error.constructor.name, code: error.code, message: error.message };
  }
  throw new Error('an error case did not throw in Node');
}

export async function buildCases() {
  const ops = await load({ threads: 1 });
  const rng = makeRng(0xb205e125);
  const calls = [];
  for (const c of DTYPE_CASES) {
    for (const spec of ops.operations) {
      if (!(inputDtypesOf(spec.name)?.includes(c.dtype) ?? true)) continue; // an index input: integer dtypes only
      for (const sample of samplesOf(spec.name)) {
        const { label, args, offset = 0 } = sample;
        const inputs = inputShapes(spec, sample).map((shape, k) => {
          const dtype = inputDtype(spec, k, c.dtype);
          const d = DTYPE_CASES.find((e) => e.dtype === dtype);
          // A sample may give an input's values (the scatters' in-range indices).
          const data = sample.values?.[k] ? d.Array.from(sample.values[k]) : makeData(d, volume(shape), rng, offset);
          return { data, shape, dtype };
        });
        const xs = inputs.map(({ data, shape, dtype }) => ({ data, shape: shape.slice(), dtype }));
        const outputs = outputsOf(spec, callOp(ops, spec.name, inputArg(spec, xs), args))
          .map((r) => ({ shape: r.shape, data: r.data, dtype: r.dtype }));
        // A sample whose values are computed by arithmetic (`computed`) compares NaNs as NaN, whatever their bits.
        const computed = sample.computed === true;
        calls.push(encode({ op: spec.name, dtype: c.dtype, label: `${c.label} ${spec.name} ${label}`, inputs, args, outputs, computed }));
      }
    }
  }
  const errors = [];
  const addError = (label, op, { shape, dtype = 'float32', length }, args, options = {}) => {
    const spec = ops.operations.find((o) => o.name === op);
    const Class = { float32: Float32Array, uint8: Uint8Array }[dtype];
    const x = { data: new Class(length ?? volume(shape)), shape, dtype };
    const error = describeError(() => callOp(ops, op, inputArg(spec, [x]), args, options));
    errors.push(encode({ label, op, input: x, args, options, error }));
  };
  for (const spec of ops.operations) {
    const sample = samplesOf(spec.name)[0];
    const shape = inputShapes(spec, sample)[0];
    addError(`${spec.name} with an unknown option`, spec.name, { shape }, sample.args, { nope: 1 });
  }
  for (const e of ERRORS) addError(...e);
  return { operations: ops.operations.map((o) => o.name), dtypes: DTYPE_CASES.map((c) => c.label), calls, errors };
}

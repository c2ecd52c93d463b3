// Random valid calls of gatherND for the demo's explainer (demo/explain/gatherND.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { readIndices } from '../../../../demo/explain/gather.mjs';
import { vol } from '../_shared/random_kit.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, chance, dims }) {
  const x = dims(int(1, 5), 1, 3);
  const batchDims = int(0, x.length - 1);
  const k = int(0, x.length - batchDims);
  const shape = [...x.slice(0, batchDims), ...dims(int(0, 2), 0, 3), k];
  const values = [];
  for (let t = 0; t < vol(shape); t++) {
    const d = x[batchDims + (t % k)];
    values.push(int(-d, d - 1));
  }
  const indices = { data: chance(0.5) ? Int32Array.from(values) : BigInt64Array.from(values.map(BigInt)), shape };
  return { op: 'gatherND', inputs: [x], args: [indices, { batchDims }] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['negative index', 'batchDims', 'empty tuple'];

/** The kinds of call among `variants` that `call` is (`options`: its options). */
export function tags(call, options) {
  const tags = [];
  const indices = readIndices(call.args[0]);
  if (indices.data.some((v) => v < 0n)) tags.push('negative index');
  if (options.batchDims) tags.push('batchDims');
  if (indices.shape.length === 0) tags.push('scalar index');
  if (indices.shape.at(-1) === 0) tags.push('empty tuple');
  return tags;
}

// Random valid calls of gatherElements for the demo's explainer (demo/explain/gatherElements.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { readIndices } from '../../../../demo/explain/gather.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, chance, dims, negAxis, indexTensor }) {
  const x = dims(int(1, 5), 2, 4);
  const axis = int(0, x.length - 1);
  const shape = x.map((d, a) => (a === axis ? int(0, 5) : int(chance(0.1) ? 0 : 1, d)));
  return { op: 'gatherElements', inputs: [x], args: [indexTensor(shape, x[axis]), { axis: negAxis(axis, x.length) }] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['negative index'];

/** The kinds of call among `variants` that `call` is (`options`: its options). */
export function tags(call, options) {
  const tags = [];
  const indices = readIndices(call.args[0]);
  if (indices.data.some((v) => v < 0n)) tags.push('negative index');
  if (options.batchDims) tags.push('batchDims');
  if (indices.shape.length === 0) tags.push('scalar index');
  return tags;
}

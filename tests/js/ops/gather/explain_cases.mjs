// Random valid calls of gather for the demo's explainer (demo/explain/gather.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { readIndices } from '../../../../demo/explain/gather.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, chance, dims, negAxis, indexTensor }) {
  const x = dims(int(1, 5), 1, 4);
  const axis = int(0, x.length - 1);
  const batchDims = int(0, axis);
  const shape = [...x.slice(0, batchDims), ...dims(int(0, 2), 0, 3)];
  const indices = indexTensor(shape, x[axis]);
  const options = { axis: negAxis(axis, x.length) };
  if (batchDims || chance(0.3)) options.batchDims = chance(0.3) ? batchDims - shape.length : batchDims;
  return { op: 'gather', inputs: [x], args: [indices, options] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['negative index', 'batchDims', 'scalar index'];

/** The kinds of call among `variants` that `call` is (`options`: its options). */
export function tags(call, options) {
  const tags = [];
  const indices = readIndices(call.args[0]);
  if (indices.data.some((v) => v < 0n)) tags.push('negative index');
  if (options.batchDims) tags.push('batchDims');
  if (indices.shape.length === 0) tags.push('scalar index');
  return tags;
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'gather', inputs: [[3, 4, 5]], args: [{ data: Int32Array.from([0, 1, 2, -1]), shape: [2, 2] }, { axis: 1 }] }, [2, 1, 1, 3],
    'x[i, 4 + indices[1, 1], l]', 'x[2, 3, 3]', [['i', 2], ['indices[1, 1]', -1], ['l', 3]]],
];

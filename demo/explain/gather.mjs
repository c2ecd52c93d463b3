// gather, gatherElements, gatherND: where an index value picks a coordinate
// of x, the formula names the element of indices it reads; a negative value
// v selects d + v. The other coordinates come from y's index.
import { axisOf, letter, read, ref } from './format.mjs';

// indices in any form the API takes, as { data (BigInts), shape }.
export function readIndices(v) {
  if (typeof v === 'number' || typeof v === 'bigint') return { data: [BigInt(v)], shape: [] };
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return { data: Array.from(v, BigInt), shape: [v.length] };
  return { data: Array.from(v.data, BigInt), shape: Array.from(v.shape ?? v.dims, Number) };
}

// The coordinate that indices[pos] picks on an axis of size d.
function pick(indices, pos, d, values) {
  let flat = 0;
  pos.forEach((c, a) => { flat = flat * indices.shape[a] + c; });
  const v = indices.data[flat];
  const name = ref('indices', pos);
  values[name] = v;
  return v < 0n ? [`${d} + ${name}`, v + BigInt(d)] : [name, v];
}

const NEGATIVE = 'a negative index v selects d + v';

function letters(out, from, to, values) {
  const parts = [];
  for (let a = from; a < to; a++) {
    parts.push(letter(a));
    values[letter(a)] = out.index[a];
  }
  return parts;
}

export function explainGather(call, out) {
  const xShape = call.inputs[0];
  const [indicesArg, options] = call.args;
  const indices = readIndices(indicesArg);
  const axis = axisOf(options?.axis ?? 0, xShape.length);
  const q = indices.shape.length;
  const batchDims = axisOf(options?.batchDims ?? 0, q);
  const values = {};
  const y = out.index;
  const pos = [...y.slice(0, batchDims), ...y.slice(axis, axis + q - batchDims)];
  const [expr, chosen] = pick(indices, pos, xShape[axis], values);
  const after = axis + q - batchDims;
  const parts = [...letters(out, 0, axis, values), expr, ...letters(out, after, y.length, values)];
  const index = [...y.slice(0, axis), chosen, ...y.slice(after)];
  return read({
    lhs: ref('y', y), parts, index, values,
    note: `axis ${axis} of x takes the index read from indices; ${NEGATIVE}`,
  });
}

export function explainGatherElements(call, out) {
  const xShape = call.inputs[0];
  const [indicesArg, options] = call.args;
  const indices = readIndices(indicesArg);
  const axis = axisOf(options?.axis ?? 0, xShape.length);
  const values = {};
  const [expr, chosen] = pick(indices, out.index, xShape[axis], values);
  const parts = letters(out, 0, xShape.length, values);
  parts[axis] = expr;
  delete values[letter(axis)];
  const index = out.index.slice();
  index[axis] = chosen;
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: `y's index with its axis-${axis} coordinate replaced by the index at the same place in indices; ${NEGATIVE}`,
  });
}

export function explainGatherND(call, out) {
  const xShape = call.inputs[0];
  const [indicesArg, options] = call.args;
  const indices = readIndices(indicesArg);
  const batchDims = Number(options?.batchDims ?? 0);
  const q = indices.shape.length;
  const k = indices.shape[q - 1];
  const values = {};
  const y = out.index;
  const tuple = y.slice(0, q - 1);
  const parts = letters(out, 0, batchDims, values);
  const index = y.slice(0, batchDims);
  for (let c = 0; c < k; c++) {
    const [expr, chosen] = pick(indices, [...tuple, c], xShape[batchDims + c], values);
    parts.push(expr);
    index.push(chosen);
  }
  parts.push(...letters(out, q - 1, y.length, values));
  index.push(...y.slice(q - 1));
  return read({
    lhs: ref('y', y), parts, index, values,
    note: k === 0 ? 'an empty index tuple: the whole slice of x'
      : `the tuple indices[${[...tuple, ':'].join(', ')}] gives x's ${k === 1 ? `axis ${batchDims}` : `axes ${batchDims} to ${batchDims + k - 1}`}; ${NEGATIVE}`,
  });
}

// `indices` as gather, gatherElements and gatherND take it: a number (a
// scalar), an array of numbers or bigints (1-D), a bare integer typed array
// (1-D) or a tensor { data, shape } (kept tensors too); its values exact as
// bigints. An index outside [-d, d) is INVALID_ARGUMENT.
import { invalid } from './reference_kit.mjs';

export function indexTensor(indices) {
  if (typeof indices === 'number' || typeof indices === 'bigint') return { shape: [], values: [BigInt(indices)] };
  if (Array.isArray(indices) || ArrayBuffer.isView(indices)) {
    return { shape: [indices.length], values: Array.from(indices, (v) => BigInt(v)) };
  }
  const data = indices.data;
  const shape = indices.shape ?? indices.dims;
  return { shape: Array.from(shape, Number), values: Array.from(data, (v) => BigInt(v)) };
}

export function pickIndex(v, d, where) {
  if (v < -BigInt(d) || v >= BigInt(d)) throw invalid(`${where} value ${v} is out of range [${-d}, ${d})`);
  return Number(v < 0n ? v + BigInt(d) : v);
}

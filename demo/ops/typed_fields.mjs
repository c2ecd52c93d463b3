// What the typed operations' descriptions (typed_*.mjs) share: an input
// tensor typed in as a shape, its values and its dtype, and the tensor the
// library takes made from them. The values are the user's; only their
// array type is chosen here, and the library judges the rest (a count that
// does not match the shape, a dtype it refuses).
import { DTYPES } from '../../web/dtypes.mjs';
import { volume } from '../layout.mjs';
import { choice } from './fields.mjs';

/** The dtypes the tabs offer (float16 and bfloat16 would show raw bits, so they are left to the library's docs). */
export const DTYPE_CHOICES = ['float32', 'float64', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'bool'];
export const INDEX_DTYPES = ['int32', 'int64', 'int8', 'uint8', 'int16', 'uint16', 'uint32', 'uint64'];

/**
 * The fields of input `name` ('x', 'condition', …): its shape, its values
 * and, given `dtypes`, its dtype. x's keep the names every other tab uses
 * (inputShape, values), so the library's messages about x land there.
 */
export function tensorFields(name, { shape, dtypes, hint }) {
  const plain = name === 'x';
  const fields = [
    {
      name: plain ? 'inputShape' : `${name}Shape`, label: `${name} shape`, kind: 'list', example: shape, role: 'input',
      hint: `${name}.shape: dims separated by commas (empty: a scalar)`,
    },
    {
      name: plain ? 'values' : name, label: `${name} values`, kind: 'values', example: '1, 2, 3', role: 'input',
      hint: hint ?? 'optional: empty means 1, 2, 3, … in row-major order',
    },
  ];
  if (dtypes) fields.push({ ...choice(`${name}Dtype`, `${name} dtype`, dtypes, `the dtype of ${name}`), role: 'input' });
  return fields;
}

/** The shape, values and dtype of input `name` from the parsed form. */
export function readInput(p, name) {
  const plain = name === 'x';
  return { shape: p[plain ? 'inputShape' : `${name}Shape`], values: p[plain ? 'values' : name], dtype: p[`${name}Dtype`] };
}

/**
 * A tensor { data, shape, dtype } of `dtype` holding `values` (empty: 1, 2,
 * 3, …). Numbers become the dtype's array as JavaScript converts them
 * (BigInt for 64-bit integers), so what the grid shows is what was sent.
 */
export function tensorOf(values, shape, dtype = 'float32') {
  const valid = Array.isArray(shape) && shape.every((d) => Number.isSafeInteger(d) && d >= 0);
  const n = valid ? volume(shape) : 0;
  const list = values ?? Array.from({ length: Math.min(n, 2_000_000) }, (_, i) => i + 1);
  const Class = DTYPES[dtype].arrays[0];
  const big = Class === BigInt64Array || Class === BigUint64Array;
  const data = big ? Class.from(list, (v) => BigInt(Math.trunc(Number(v)))) : Class.from(list, Number);
  return { data, shape, dtype };
}

/** A number option: one number as itself, several as a list, none left out. */
export function oneOrList(v) {
  if (v === undefined || (Array.isArray(v) && v.length === 0)) return undefined;
  return Array.isArray(v) && v.length === 1 ? v[0] : v;
}

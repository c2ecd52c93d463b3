// Parameters of kind 'value' (pad's fill value, an output's [off, on]): tensor
// elements, each given as a number, a bigint (int64/uint64) or a boolean
// (bool), sent to the core as their raw bits (one int64 word each) in x's
// dtype, or in the dtype named by the option the table's `dtypeFrom` names
// (the operation's own output dtype). The core only sees element widths, so whether a
// value is representable is decided here, per dtype. `count` > 1: an array
// of that many elements.
import { describe, invalidArgument } from './errors.mjs';

const INTEGERS = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535],
  int32: [-2147483648, 2147483647], uint32: [0, 4294967295],
};
const INT64 = { int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n] };
// Floating-point formats as (exponent bits, mantissa bits).
const FLOATS = { float16: [5, 10], bfloat16: [8, 7], float32: [8, 23] };

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/**
 * The bits of the IEEE binary format with `e` exponent and `m` mantissa
 * bits nearest to the double x (ties to even): subnormals, overflow to
 * infinity, NaN as the quiet NaN. Rounded once, from the double itself.
 */
export function roundToFloatBits(x, e, m) {
  const bias = 2 ** (e - 1) - 1;
  const expOnes = 2 ** e - 1;
  const signBit = x < 0 || Object.is(x, -0) ? 2 ** (e + m) : 0;
  if (Number.isNaN(x)) return expOnes * 2 ** m + 2 ** (m - 1);
  const a = Math.abs(x);
  if (a === Infinity) return signBit + expOnes * 2 ** m;
  if (a === 0) return signBit;
  let exp = Math.floor(Math.log2(a));
  if (2 ** exp > a) exp -= 1;
  else if (2 ** (exp + 1) <= a) exp += 1;
  const emin = 1 - bias;
  // a in units of the last mantissa bit kept (a power-of-two scaling: exact).
  const units = a * 2 ** (m - Math.max(exp, emin));
  const floor = Math.floor(units);
  const rest = units - floor;
  const rounded = rest > 0.5 || (rest === 0.5 && floor % 2 === 1) ? floor + 1 : floor;
  // Subnormal: the units are the bits (2^m, from rounding up, is the least
  // normal). Normal: a carry to 2^(m+1) moves into the exponent field.
  const bits = exp < emin ? rounded : (exp + bias) * 2 ** m + (rounded - 2 ** m);
  return signBit + Math.min(bits, expOnes * 2 ** m);
}

/**
 * Checks a value's type before its dtype is known; returns it as given, or
 * for `count` > 1 an array of its own holding the checked elements.
 */
export function checkElementValue(op, param, v, count = 1) {
  const one = (e) => typeof e === 'number' || typeof e === 'bigint' || typeof e === 'boolean';
  if (count === 1) {
    if (one(v)) return v;
    throw invalidArgument(op, `${param} must be a number, a bigint (int64, uint64) or a boolean (bool), got ${describe(v)}`);
  }
  const n = Array.isArray(v) ? v.length : -1; // read once: a Proxy may answer differently each time
  if (n !== count) throw invalidArgument(op, `${param} must be an array of ${count} numbers, bigints or booleans, got ${describe(v)}`);
  const copy = new Array(n);
  for (let i = 0; i < n; i++) {
    copy[i] = v[i];
    if (!one(copy[i])) {
      throw invalidArgument(op, `${param}[${i}] must be a number, a bigint (int64, uint64) or a boolean (bool), got ${describe(copy[i])}`);
    }
  }
  return copy;
}

/**
 * The raw bits (a bigint, the element's width at most) of the value `v`
 * in `dtype`, or INVALID_ARGUMENT naming the value when the dtype cannot
 * hold it exactly (integers, bool) or at all. Without a dtype
 * (ops.shapes.* given none), only its type was checked: 0n.
 */
export function elementBits(op, param, v, dtype, whose = 'x') {
  if (dtype === undefined) return 0n;
  const what = () => `${param} ${describe(v)}`; // (worded only for an error)
  if (dtype === 'bool') {
    if (v === false || v === 0) return 0n;
    if (v === true || v === 1) return 1n;
    throw invalidArgument(op, `${what()} is not false, true, 0 or 1, which dtype bool holds`);
  }
  if (typeof v === 'boolean') throw invalidArgument(op, `${what()} is a boolean; only dtype bool takes true or false (${whose} is ${dtype})`);
  const int64 = INT64[dtype];
  if (typeof v === 'bigint' && !int64) {
    throw invalidArgument(op, `${what()} is a bigint; only dtypes int64 and uint64 take a bigint (${whose} is ${dtype})`);
  }
  if (int64) {
    const n = typeof v === 'bigint' ? v : Number.isInteger(v) ? BigInt(v) : undefined;
    if (n === undefined || n < int64[0] || n > int64[1]) {
      throw invalidArgument(op, `${what()} is not exactly representable in ${dtype} (integers from ${int64[0]} to ${int64[1]})`);
    }
    return BigInt.asUintN(64, n);
  }
  const range = INTEGERS[dtype];
  if (range) {
    if (!Number.isInteger(v) || v < range[0] || v > range[1]) {
      throw invalidArgument(op, `${what()} is not exactly representable in ${dtype} (integers from ${range[0]} to ${range[1]})`);
    }
    return BigInt(v < 0 ? v + (range[1] - range[0] + 1) : v);
  }
  const float = FLOATS[dtype];
  if (float) return BigInt(roundToFloatBits(v, float[0], float[1]));
  f64[0] = v; // float64: the double's own bits
  return u64[0];
}

/**
 * Converts the 'value' parameters of `values` (table order) in place: for
 * x's dtype, or for the dtype named by their `dtypeFrom` option (its value
 * here is the name's index; left out, the first name).
 */
export function convertElementValues(spec, values, dtype) {
  if (!spec.hasValues) return;
  for (let i = 0; i < spec.params.length; i++) {
    const p = spec.params[i];
    if (p.kind !== 'value' || values[i] === undefined) continue;
    let to = dtype;
    let whose = 'x';
    if (p.dtypeFrom !== undefined) {
      const j = spec.params.findIndex((q) => q.name === p.dtypeFrom);
      to = spec.params[j].names[values[j] ?? 0];
      whose = p.dtypeFrom;
    }
    values[i] = (p.count ?? 1) === 1 ? elementBits(spec.name, p.name, values[i], to, whose)
      : values[i].map((v, k) => elementBits(spec.name, `${p.name}[${k}]`, v, to, whose));
  }
}

// What every operation's JS reference (tests/js/ops/<op>/reference.mjs)
// builds on. A reference is written from its docs/operations/<op>.md one
// element at a time (no plans, no stride tricks) and returns { shape, src }:
// the output shape and, for every output element in row-major order, the
// flat index of the input element it holds (-1 for a fill). Invalid input
// throws a RefError with the code the docs assign.

export class RefError extends Error {
  constructor(code, why) {
    super(`${code}: ${why}`);
    this.code = code;
  }
}
export const invalid = (why) => new RefError('INVALID_ARGUMENT', why);
export const mismatch = (why) => new RefError('SHAPE_MISMATCH', why);

export const vol = (shape) => shape.reduce((p, d) => p * d, 1);

export function strides(shape) {
  const s = new Array(shape.length);
  let k = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = k;
    k *= shape[i];
  }
  return s;
}

// Calls visit(index, flat) for every multi-index of shape in row-major order.
export function forEachIndex(shape, visit) {
  const n = vol(shape);
  const idx = new Array(shape.length).fill(0);
  for (let flat = 0; flat < n; flat++) {
    visit(idx, flat);
    for (let a = shape.length - 1; a >= 0; a--) {
      if (++idx[a] < shape[a]) break;
      idx[a] = 0;
    }
  }
}

export const flatOf = (idx, st) => idx.reduce((f, i, a) => f + i * st[a], 0);

// An integer list parameter as an array of bigints (a number, an array of
// numbers or bigints, an Int32Array or a BigInt64Array).
export const bigList = (v) => (typeof v === 'number' || typeof v === 'bigint' ? [v] : Array.from(v)).map((x) => BigInt(x));

// An integer list parameter as an array of numbers.
export const intList = (v) => (typeof v === 'number' || typeof v === 'bigint' ? [Number(v)] : Array.from(v, Number));

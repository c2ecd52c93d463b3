// What every explainer (demo/explain/*.mjs) shares: reading the call's
// integer parameters as the library accepts them, writing index expressions,
// and the result object. In the formulas, `/` is floor division and `%` the
// modulo with a result in [0, d) (the docs' "modulo the dim"), so
// `(i - 1) % 4` is 3 for i = 0.

/** Names of output coordinates by axis: y[i, j, k, ...]. */
const LETTERS = ['i', 'j', 'k', 'l', 'm', 'p', 'q', 'r', 't', 'u', 'v', 'w'];

export function letter(axis) {
  return axis < LETTERS.length ? LETTERS[axis] : `i${axis}`;
}

export function ref(name, parts) {
  return `${name}[${parts.join(', ')}]`;
}

/** An integer list as the API takes it (a number, bigint, array, typed array) as BigInts. */
export function bigList(v) {
  if (typeof v === 'number' || typeof v === 'bigint') return [BigInt(v)];
  return Array.from(v, (e) => BigInt(e));
}

export function numList(v) {
  return bigList(v).map(Number);
}

/** A negative axis counts from the end. */
export function axisOf(a, rank) {
  const n = Number(a);
  return n < 0 ? n + rank : n;
}

/** a mod d in [0, d), exact for BigInts. */
export function mod(a, d) {
  const r = BigInt(a) % BigInt(d);
  return r < 0n ? r + BigInt(d) : r;
}

/** A number where it is exact, else the BigInt (for the bindings shown). */
export function small(v) {
  return typeof v === 'bigint' && v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : v;
}

/** `expr + k`, written `expr - 3` for k = -3 and `expr` for k = 0. */
export function plus(expr, k) {
  const b = BigInt(k);
  if (b === 0n) return expr;
  return b > 0n ? `${expr} + ${b}` : `${expr} - ${-b}`;
}

/** Parentheses around an expression that is not a single name, number or lookup. */
export function group(expr) {
  return /^(\w+|indices\[[^\]]*\])$/.test(expr) ? expr : `(${expr})`;
}

export function unravel(flat, shape) {
  const index = new Array(shape.length);
  for (let a = shape.length - 1; a >= 0; a--) {
    index[a] = flat % shape[a];
    flat = Math.floor(flat / shape[a]);
  }
  return index;
}

export function strides(shape) {
  const s = new Array(shape.length);
  for (let a = shape.length - 1, step = 1; a >= 0; a--) {
    s[a] = step;
    step *= shape[a];
  }
  return s;
}

/**
 * The bindings of `rhs` in order of appearance: each name (a word not
 * followed by '[') and each `indices[...]` lookup, with its value from
 * `values` (a Map or an object).
 */
export function bindings(rhs, values) {
  const get = (k) => (values instanceof Map ? values.get(k) : values[k]);
  const where = [];
  const seen = new Set();
  for (const m of rhs.matchAll(/indices\[[^\]]*\]|[A-Za-z_]\w*(?!\w|\[)/g)) {
    if (seen.has(m[0])) continue;
    seen.add(m[0]);
    const v = get(m[0]);
    if (v === undefined) throw new Error(`explain: no value for ${m[0]} in ${rhs}`);
    where.push([m[0], small(v)]);
  }
  return where;
}

/** The explanation of a cell read from input `input` at `index`. */
export function read({ lhs, name = 'x', input = 0, parts, index, values, note }) {
  const rhs = ref(name, parts);
  const result = {
    lhs, rhs, filled: ref(name, index.map(small)), where: bindings(rhs, values),
    source: { input, index: index.map(Number) },
  };
  if (note) result.note = note;
  return result;
}

/** The explanation of a cell that holds a fill value, not an input element. */
export function fill({ lhs, value, note }) {
  const text = typeof value === 'bigint' ? `${value}` : String(value);
  const result = { lhs, rhs: text, filled: text, where: [], source: { fill: true, value } };
  if (note) result.note = note;
  return result;
}

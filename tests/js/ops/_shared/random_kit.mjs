// What the random calls of the demo's explainers (tests/js/ops/<op>/
// explain_cases.mjs) are drawn with: small shapes, integer lists in each
// form the API takes (numbers, bigints, typed arrays), negative axes, index
// tensors. Every operation draws from one seeded generator, in the table's
// order, so a run is repeatable.

export const vol = (shape) => shape.reduce((p, d) => p * d, 1);

/** The helpers over `rng` (tests/js/helpers.mjs's makeRng). */
export function makeRandomKit(rng) {
  const int = rng.int;
  const pick = rng.pick;
  const chance = (p) => rng() < p;
  const dims = (rank, lo = 0, hi = 4) => Array.from({ length: rank },
    () => (lo === 0 && chance(0.06) ? 0 : int(Math.max(lo, 1), rank >= 5 ? Math.min(hi, 3) : hi)));
  // An integer list in one of the forms the API accepts.
  const form = (list) => {
    const k = int(0, 5);
    if (k === 0 && list.length === 1) return list[0];
    if (k === 1) return Int32Array.from(list);
    if (k === 2) return BigInt64Array.from(list.map(BigInt));
    if (k === 3) return list.map((v, i) => (i % 2 ? BigInt(v) : v));
    return list;
  };
  const negAxis = (a, rank) => (chance(0.4) ? a - rank : a);
  const shuffle = (list) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = int(0, i);
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  };
  const subset = (rank) => shuffle(Array.from({ length: rank }, (_, a) => a).filter(() => chance(0.5)));
  // Factors of n spread over `rank` dims (n = 0: one dim 0).
  const factor = (n, rank) => {
    const out = Array(rank).fill(1);
    if (n === 0) out[int(0, rank - 1)] = 0;
    for (let m = n, p = 2; m > 1;) {
      if (m % p) { p++; continue; }
      out[int(0, rank - 1)] *= p;
      m /= p;
    }
    return out;
  };

  // An index tensor of `shape` with values in [-d, d), in a random form.
  function indexTensor(shape, d) {
    const n = vol(shape);
    const values = Array.from({ length: n }, () => int(-d, d - 1));
    const unsigned = values.map((v) => (v < 0 ? v + d : v));
    if (shape.length === 0 && chance(0.5)) return chance(0.5) ? values[0] : BigInt(values[0]);
    if (shape.length === 1 && chance(0.4)) return chance(0.5) ? values : Int32Array.from(values);
    const k = int(0, 3);
    const data = [Int32Array.from(values), BigInt64Array.from(values.map(BigInt)),
      Uint32Array.from(unsigned), BigUint64Array.from(unsigned.map(BigInt))][k];
    return { data, shape };
  }


  return { int, pick, chance, dims, form, negAxis, shuffle, subset, factor, indexTensor };
}

/** An integer list parameter (a number, a list, a typed array) as bigints. */
export const intsOf = (v) => (typeof v === 'object' ? Array.from(v, BigInt) : [BigInt(v)]);

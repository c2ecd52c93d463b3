// Random valid calls of the 17 operations for the demo's explainers
// (demo_explain.test.mjs): small shapes of rank 0..5 where the operation
// allows, every mode, format and option, parameters in each form the API
// takes (numbers, bigints, typed arrays), negative axes and indices. A call
// is { op, inputs: [shape, ...], args: [...after the input(s)] }.

const vol = (shape) => shape.reduce((p, d) => p * d, 1);

export function makeCases(rng) {
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

  return {
    reshape() {
      const x = dims(int(0, 5));
      const n = vol(x);
      const rank = int(n === 1 ? 0 : 1, 5);
      const shape = factor(n, rank);
      // An empty x keeps its factored shape: a -1 or a copied 0 next to a 0 is refused.
      const specialZero = n > 0 && chance(0.5);
      if (specialZero) shape.forEach((d, i) => { if (i < x.length && d === x[i] && chance(0.5)) shape[i] = 0; });
      const candidates = shape.map((d, i) => i).filter((i) => shape[i] !== 0);
      if (n > 0 && candidates.length && chance(0.6)) shape[pick(candidates)] = -1;
      return { op: 'reshape', inputs: [x], args: [rank ? form(shape) : shape, { specialZero }] };
    },
    broadcast() {
      const mode = pick(['numpy', 'bidirectional', 'explicit']);
      const target = dims(int(mode === 'explicit' ? 1 : 0, 5), 1, 3);
      if (mode === 'numpy') {
        const x = target.slice(target.length - int(0, target.length)).map((t) => (chance(0.4) ? 1 : t));
        return { op: 'broadcast', inputs: [x], args: [form(target), { mode }] };
      }
      if (mode === 'bidirectional') {
        const x = dims(int(0, 5), 1, 3);
        for (let a = 1; a <= Math.min(x.length, target.length); a++) {
          const i = x.length - a;
          const t = target.length - a;
          if (x[i] !== target[t] && x[i] !== 1 && target[t] !== 1) {
            if (chance(0.5)) x[i] = 1;
            else target[t] = 1;
          }
        }
        return { op: 'broadcast', inputs: [x], args: [target, { mode }] };
      }
      const mapping = target.map((_, a) => a).filter(() => chance(0.5));
      const x = mapping.map((a) => (chance(0.3) ? 1 : target[a]));
      if (!x.length && chance(0.5)) return { op: 'broadcast', inputs: [[]], args: [target, { mode, axesMapping: [int(0, target.length - 1)] }] };
      return { op: 'broadcast', inputs: [x], args: [form(target), { mode, axesMapping: mapping }] };
    },
    spaceToDepth() { return blockCase('spaceToDepth'); },
    depthToSpace() { return blockCase('depthToSpace'); },
    roll() {
      const x = dims(int(1, 5));
      const axes = Array.from({ length: int(0, 4) }, () => negAxis(int(0, x.length - 1), x.length));
      const one = () => (chance(0.1) ? 2n ** 62n + BigInt(int(-3, 3)) : int(-9, 9));
      const shift = chance(0.4) ? one() : axes.map(() => int(-9, 9));
      return { op: 'roll', inputs: [x], args: [Array.isArray(shift) ? form(shift) : shift, axes.length ? form(axes) : axes] };
    },
    transpose() {
      const x = dims(int(0, 5));
      if (chance(0.2)) return { op: 'transpose', inputs: [x], args: [] };
      return { op: 'transpose', inputs: [x], args: [shuffle(x.map((_, a) => negAxis(a, x.length)))] };
    },
    slice() {
      const x = dims(int(0, 5), 0, 5);
      const n = int(0, x.length);
      const withAxes = chance(0.5);
      const axes = withAxes ? shuffle(x.map((_, a) => a)).slice(0, n) : x.map((_, a) => a).slice(0, n);
      const edge = () => pick([2n ** 63n - 1n, -(2n ** 63n)]);
      const point = (d) => (chance(0.1) ? edge() : int(-d - 3, d + 3));
      const steps = axes.map(() => (chance(0.5) ? 1 : pick([-3, -2, -1, 2, 3])));
      // Mostly a start and an end that select something, each sometimes
      // written from the end (negative); now and then anything at all.
      const starts = [];
      const ends = [];
      axes.forEach((a, k) => {
        const d = x[a];
        if (chance(0.15) || d === 0) {
          starts.push(point(d));
          ends.push(point(d));
          return;
        }
        if (chance(0.25)) { // a start beyond the end it comes from: clamped to 0 or d - 1
          const far = chance(0.3) ? 2n ** 63n - 1n : BigInt(d + int(0, 3));
          starts.push(steps[k] > 0 ? -far - 1n : far);
          ends.push(steps[k] > 0 ? int(1, d) : -d - int(1, 3));
          return;
        }
        const start = int(0, d - 1);
        let end = start + steps[k] * int(1, d);
        if (end < 0) end = chance(0.5) ? -d - int(1, 3) : -(2n ** 63n);
        starts.push(chance(0.3) ? start - d : start);
        ends.push(typeof end === 'number' && end < d && chance(0.3) ? end - d : end);
      });
      const options = {};
      if (withAxes) options.axes = axes.map((a) => negAxis(a, x.length));
      if (chance(0.7) || steps.some((s) => s !== 1)) options.steps = steps;
      return { op: 'slice', inputs: [x], args: [starts, ends, options] };
    },
    reverse() {
      const x = dims(int(0, 5));
      const k = int(0, 3);
      if (k === 0) return { op: 'reverse', inputs: [x], args: [] };
      if (k === 1 && x.length) return { op: 'reverse', inputs: [x], args: [negAxis(int(0, x.length - 1), x.length)] };
      return { op: 'reverse', inputs: [x], args: [subset(x.length).map((a) => negAxis(a, x.length))] };
    },
    pad() {
      const mode = pick(['constant', 'edge', 'reflect', 'symmetric', 'wrap']);
      const x = dims(int(0, 5));
      const most = (d) => ({ constant: 3, edge: d ? 3 : 0, reflect: d - 1, symmetric: d, wrap: d ? 2 * d + 1 : 0 }[mode]);
      const begins = [];
      const ends = [];
      for (const d of x) {
        let b = chance(0.25) ? -int(0, d) : int(0, Math.max(0, most(d)));
        let e = chance(0.25) ? -int(0, d) : int(0, Math.max(0, most(d)));
        if (b + d + e < 0) e = -d - b;
        begins.push(b);
        ends.push(e);
      }
      const options = { mode };
      if (mode === 'constant' && chance(0.7)) options.value = pick([0, -1, -7]);
      return { op: 'pad', inputs: [x], args: [form(begins), ends, options] };
    },
    concat() {
      const rank = int(1, 5);
      const base = dims(rank, 1, 3);
      const axis = int(0, rank - 1);
      const inputs = Array.from({ length: int(1, 4) }, () => base.map((d, a) => (a === axis ? int(0, 3) : d)));
      return { op: 'concat', inputs, args: [negAxis(axis, rank)] };
    },
    split() {
      const x = dims(int(1, 5), 1, 5);
      const axis = int(0, x.length - 1);
      const d = x[axis];
      let splits;
      if (chance(0.4)) {
        const divisors = Array.from({ length: Math.max(d, 1) }, (_, k) => k + 1).filter((k) => d % k === 0);
        splits = chance(0.2) ? BigInt(pick(divisors)) : pick(divisors);
      } else {
        const parts = [];
        for (let left = d; left > 0;) {
          const n = int(0, left);
          parts.push(n);
          left -= n;
        }
        if (!parts.length || chance(0.3)) parts.push(0);
        if (chance(0.5)) parts[int(0, parts.length - 1)] = -1;
        splits = chance(0.3) ? Int32Array.from(parts) : parts;
      }
      return { op: 'split', inputs: [x], args: [splits, { axis: negAxis(axis, x.length) }] };
    },
    tile() {
      const x = dims(int(0, 5), 1, 3);
      const repeats = Array.from({ length: int(0, 5) }, () => (chance(0.05) ? 0 : int(1, 3)));
      return { op: 'tile', inputs: [x], args: [repeats.length ? form(repeats) : repeats] };
    },
    spaceToBatch() {
      const rank = int(2, 5);
      const x = [int(1, 2), ...dims(rank - 1, 0, 3)];
      const blocks = x.map((_, a) => (a ? int(1, 3) : 1));
      const begins = x.map((_, a) => (a ? int(0, 3) : 0));
      const ends = x.map((d, a) => (a ? (blocks[a] - ((begins[a] + d) % blocks[a])) % blocks[a] + blocks[a] * int(0, 1) : 0));
      return { op: 'spaceToBatch', inputs: [x], args: [form(blocks), begins, ends] };
    },
    batchToSpace() {
      const rank = int(2, 5);
      const blocks = Array.from({ length: rank }, (_, a) => (a ? int(1, 3) : 1));
      const x = [int(1, 3) * vol(blocks), ...dims(rank - 1, 1, 3)];
      const begins = x.map((d, a) => (a ? int(0, Math.min(2, d * blocks[a])) : 0));
      const ends = x.map((d, a) => (a ? int(0, Math.min(2, d * blocks[a] - begins[a])) : 0));
      return { op: 'batchToSpace', inputs: [x], args: [blocks, form(begins), ends] };
    },
    gather() {
      const x = dims(int(1, 5), 1, 4);
      const axis = int(0, x.length - 1);
      const batchDims = int(0, axis);
      const shape = [...x.slice(0, batchDims), ...dims(int(0, 2), 0, 3)];
      const indices = indexTensor(shape, x[axis]);
      const options = { axis: negAxis(axis, x.length) };
      if (batchDims || chance(0.3)) options.batchDims = chance(0.3) ? batchDims - shape.length : batchDims;
      return { op: 'gather', inputs: [x], args: [indices, options] };
    },
    gatherElements() {
      const x = dims(int(1, 5), 2, 4);
      const axis = int(0, x.length - 1);
      const shape = x.map((d, a) => (a === axis ? int(0, 5) : int(chance(0.1) ? 0 : 1, d)));
      return { op: 'gatherElements', inputs: [x], args: [indexTensor(shape, x[axis]), { axis: negAxis(axis, x.length) }] };
    },
    gatherND() {
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
    },
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

  // spaceToDepth / depthToSpace over every format and mode.
  function blockCase(op) {
    const format = pick(['NHWC', 'NCHW', 'NCHW_VECT_C']);
    const mode = pick(['blocks_first', 'depth_first']);
    const K = format === 'NCHW' ? int(1, 3) : 2;
    const b = K === 3 ? int(1, 2) : int(1, 3);
    const N = chance(0.05) ? 0 : int(1, 2);
    const blockVolume = b ** K;
    const toDepth = op === 'spaceToDepth';
    const spatial = Array.from({ length: K }, () => (toDepth ? b * int(1, 2) : int(1, 2)));
    let shape;
    if (format === 'NCHW_VECT_C') {
      // depthToSpace: the output channel count must be a multiple of 4.
      const groups = int(1, 2);
      shape = [N, toDepth ? groups : groups * blockVolume, ...spatial, 4];
    } else {
      const C = int(1, 3) * (toDepth ? 1 : blockVolume);
      shape = format === 'NHWC' ? [N, ...spatial, C] : [N, C, ...spatial];
    }
    const blockSize = chance(0.2) ? BigInt(b) : b;
    return { op, inputs: [shape], args: [blockSize, { dataFormat: format, mode }] };
  }
}

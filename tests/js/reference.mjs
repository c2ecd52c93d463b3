// An independent reference of the operations, written from docs/operations.md's
// formulas one element at a time (no plans, no strides tricks). Each returns
// { shape, src }: the output shape and, for every output element in
// row-major order, the flat index of the input element it holds. Invalid
// input throws a RefError with the error code docs/operations.md assigns.

export class RefError extends Error {
  constructor(code, why) {
    super(`${code}: ${why}`);
    this.code = code;
  }
}
const invalid = (why) => new RefError('INVALID_ARGUMENT', why);
const mismatch = (why) => new RefError('SHAPE_MISMATCH', why);

const vol = (shape) => shape.reduce((p, d) => p * d, 1);

function strides(shape) {
  const s = new Array(shape.length);
  let k = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = k;
    k *= shape[i];
  }
  return s;
}

// Calls visit(index, flat) for every multi-index of shape in row-major order.
function forEachIndex(shape, visit) {
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

const flatOf = (idx, st) => idx.reduce((f, i, a) => f + i * st[a], 0);

export function reshape(inShape, target, specialZero = false) {
  target = target.map(Number);
  if (target.some((v) => v < -1)) throw invalid('value below -1');
  if (target.filter((v) => v === -1).length > 1) throw invalid('two -1');
  const copied = new Array(inShape.length).fill(false);
  const out = target.map((v, i) => {
    if (v === 0 && specialZero) {
      if (i >= inShape.length) throw invalid('special zero out of rank');
      copied[i] = true;
      return inShape[i];
    }
    return v;
  });
  const m = target.indexOf(-1);
  if (m >= 0) {
    const q = inShape.reduce((p, d, i) => (copied[i] ? p : p * d), 1);
    const p = target.reduce((acc, v, i) => (i === m || (v === 0 && specialZero) ? acc : acc * v), 1);
    if (p === 0 || q % p !== 0) throw mismatch('cannot infer -1');
    out[m] = q / p;
  }
  if (vol(out) !== vol(inShape)) throw mismatch('volume');
  return { shape: out, src: Array.from({ length: vol(out) }, (_, i) => i) };
}

// For each output axis, the input axis it reads (or -1), after the mode's rules.
export function broadcast(inShape, target, mode = 'numpy', mapping) {
  target = target.map(Number);
  if (!['numpy', 'bidirectional', 'explicit'].includes(mode)) throw invalid('mode');
  if (target.some((v) => v < 0)) throw invalid('negative target');
  if ((mode === 'explicit') !== (mapping !== undefined)) throw invalid('axesMapping with the wrong mode');
  let out;
  let axisOf; // output axis -> input axis or -1
  if (mode === 'explicit') {
    mapping = mapping.map(Number);
    const data = inShape.length === 0 && mapping.length === 1 ? [1] : inShape;
    if (mapping.length !== data.length) throw invalid('mapping length');
    mapping.forEach((a, i) => {
      if (a < 0 || a >= target.length) throw invalid('mapping range');
      if (i > 0 && a <= mapping[i - 1]) throw invalid('mapping order');
    });
    mapping.forEach((a, i) => {
      if (data[i] !== 1 && data[i] !== target[a]) throw mismatch('explicit dims');
    });
    out = target;
    axisOf = target.map((_, k) => (inShape.length ? mapping.indexOf(k) : -1));
  } else {
    if (mode === 'numpy' && inShape.length > target.length) throw mismatch('rank');
    const rank = Math.max(inShape.length, target.length);
    out = [];
    axisOf = [];
    for (let k = 0; k < rank; k++) {
      const di = k - (rank - inShape.length);
      const d = di >= 0 ? inShape[di] : 1;
      const t = k - (rank - target.length) >= 0 ? target[k - (rank - target.length)] : 1;
      if (mode === 'numpy' ? d !== t && d !== 1 : d !== t && d !== 1 && t !== 1) throw mismatch('dims');
      out.push(mode === 'numpy' ? t : d === 1 ? t : d);
      axisOf.push(di);
    }
  }
  const st = strides(inShape);
  const src = [];
  forEachIndex(out, (idx) => {
    let f = 0;
    axisOf.forEach((a, k) => {
      if (a >= 0 && inShape[a] !== 1) f += idx[k] * st[a];
    });
    src.push(f);
  });
  return { shape: out, src };
}

// The logical layout of a block-op tensor: batch, channels, spatial dims,
// and the flat index of (n, c, spatial) in its physical layout.
function layout(shape, format) {
  if (format === 'NHWC') {
    if (shape.length !== 4) throw invalid('NHWC rank');
    const st = strides(shape);
    return { N: shape[0], C: shape[3], S: shape.slice(1, 3), at: (n, c, s) => flatOf([n, ...s, c], st) };
  }
  if (format === 'NCHW') {
    if (shape.length < 3) throw invalid('NCHW rank');
    const st = strides(shape);
    return { N: shape[0], C: shape[1], S: shape.slice(2), at: (n, c, s) => flatOf([n, c, ...s], st) };
  }
  if (format === 'NCHW_VECT_C') {
    if (shape.length !== 5) throw invalid('NCHW_VECT_C rank');
    if (shape[4] !== 4) throw invalid('NCHW_VECT_C last dim');
    const st = strides(shape);
    return {
      N: shape[0], C: shape[1] * 4, S: shape.slice(2, 4),
      at: (n, c, s) => flatOf([n, Math.floor(c / 4), ...s, c % 4], st),
    };
  }
  throw invalid('dataFormat');
}

function physicalShape(format, N, C, S) {
  if (format === 'NHWC') return [N, ...S, C];
  if (format === 'NCHW') return [N, C, ...S];
  return [N, C / 4, ...S, 4];
}

// Calls visit(spaceFlat, depthFlat) for every element: the channel formula of docs/operations.md
// (blocks_first: k*C + c; depth_first: c*b^K + k) for space layout `sp`.
function blockPairs(sp, b, format, mode, visit) {
  const K = sp.S.length;
  const bK = b ** K;
  const outS = sp.S.map((d) => d / b);
  const dp = layout(physicalShape(format, sp.N, sp.C * bK, outS), format);
  forEachIndex([sp.N, sp.C, ...sp.S], (idx) => {
    const [n, c, ...s] = idx;
    const k = s.reduce((acc, x) => acc * b + (x % b), 0);
    const oc = mode === 'blocks_first' ? k * sp.C + c : c * bK + k;
    visit(sp.at(n, c, s), dp.at(n, oc, s.map((x) => Math.floor(x / b))));
  });
}

function checkBlockArgs(b, mode) {
  if (!['blocks_first', 'depth_first'].includes(mode)) throw invalid('mode');
  if (!(b >= 1)) throw invalid('blockSize');
}

export function spaceToDepth(inShape, b, format = 'NHWC', mode = 'blocks_first') {
  b = Number(b);
  const sp = layout(inShape, format);
  checkBlockArgs(b, mode);
  if (sp.S.some((d) => d % b !== 0)) throw mismatch('spatial not divisible');
  const shape = physicalShape(format, sp.N, sp.C * b ** sp.S.length, sp.S.map((d) => d / b));
  const src = new Array(vol(shape));
  blockPairs(sp, b, format, mode, (s, d) => { src[d] = s; });
  return { shape, src };
}

export function depthToSpace(inShape, b, format = 'NHWC', mode = 'blocks_first') {
  b = Number(b);
  const dp = layout(inShape, format);
  checkBlockArgs(b, mode);
  const bK = b ** dp.S.length;
  const C = dp.C / bK;
  if (dp.C % bK !== 0 || (format === 'NCHW_VECT_C' && C % 4 !== 0)) throw mismatch('depth not divisible');
  const shape = physicalShape(format, dp.N, C, dp.S.map((d) => d * b));
  const sp = layout(shape, format);
  const src = new Array(vol(shape));
  blockPairs(sp, b, format, mode, (s, d) => { src[s] = d; });
  return { shape, src };
}

export function roll(inShape, shift, axes) {
  shift = [shift].flat().map(BigInt);
  axes = [axes].flat().map(Number);
  const rank = inShape.length;
  if (rank === 0) throw invalid('scalar');
  if (shift.length !== 1 && shift.length !== axes.length) throw invalid('lengths');
  const net = new Array(rank).fill(0n);
  axes.forEach((a, i) => {
    if (a < -rank || a >= rank) throw invalid('axis range');
    net[a < 0 ? a + rank : a] += shift.length === 1 ? shift[0] : shift[i];
  });
  const st = strides(inShape);
  const src = new Array(vol(inShape));
  // out[(i + s) mod d] = in[i] along every axis.
  forEachIndex(inShape, (idx, flat) => {
    const to = idx.map((i, a) => {
      const d = BigInt(inShape[a]);
      return Number((((BigInt(i) + net[a]) % d) + d) % d);
    });
    src[flatOf(to, st)] = flat;
  });
  return { shape: inShape.slice(), src };
}

// Transpose: output index o reads input index i with i[perm[k]] = o[k];
// perm left out reverses the axes; negative entries count from the end.
export function transpose(inShape, perm) {
  const rank = inShape.length;
  const axes = perm === undefined || perm === null
    ? inShape.map((_, k) => rank - 1 - k)
    : (typeof perm === 'number' ? [perm] : Array.from(perm, Number));
  if (axes.length !== rank) throw invalid(`perm has ${axes.length} values for rank ${rank}`);
  const norm = axes.map((a) => {
    if (!Number.isInteger(a) || a < -rank || a >= rank) throw invalid(`perm value ${a} out of range`);
    return a < 0 ? a + rank : a;
  });
  if (new Set(norm).size !== rank) throw invalid('perm is not a permutation');
  const outShape = norm.map((a) => inShape[a]);
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) f += o[k] * inStrides[norm[k]];
    src.push(f);
  });
  return { shape: outShape, src };
}

// An integer list parameter as an array of bigints (a number, an array of
// numbers or bigints, an Int32Array or a BigInt64Array).
const bigList = (v) => (typeof v === 'number' || typeof v === 'bigint' ? [v] : Array.from(v)).map((x) => BigInt(x));

// Slice: per listed axis, the input indices start, start + step, ... while
// before end, after a negative start or end has d added and both are
// clamped; every other axis whole. Computed in bigints, so int64's extremes
// are exact.
export function slice(inShape, starts, ends, axes, steps) {
  const rank = inShape.length;
  const b = bigList(starts);
  const e = bigList(ends);
  const n = b.length;
  const ax = axes === undefined || axes === null ? b.map((_, j) => BigInt(j)) : bigList(axes);
  const st = steps === undefined || steps === null ? b.map(() => 1n) : bigList(steps);
  if (e.length !== n || ax.length !== n || st.length !== n) throw invalid('starts, ends, axes and steps differ in length');
  const kept = inShape.map((d) => Array.from({ length: d }, (_, i) => i));
  const seen = new Set();
  for (let j = 0; j < n; j++) {
    let a = ax[j];
    if (a < -BigInt(rank) || a >= BigInt(rank)) throw invalid(`axes value ${a} out of range`);
    if (a < 0n) a += BigInt(rank);
    if (seen.has(a)) throw invalid(`axes repeats ${a}`);
    seen.add(a);
    const s = st[j];
    if (s === 0n) throw invalid('a step of 0');
    const d = BigInt(inShape[Number(a)]);
    const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);
    let start = b[j] < 0n ? b[j] + d : b[j];
    let end = e[j] < 0n ? e[j] + d : e[j];
    const list = [];
    if (d > 0n && s > 0n) {
      start = clamp(start, 0n, d);
      end = clamp(end, 0n, d);
      for (let i = start; i < end; i += s) list.push(Number(i));
    } else if (d > 0n) {
      start = clamp(start, 0n, d - 1n);
      end = clamp(end, -1n, d - 1n);
      for (let i = start; i > end; i += s) list.push(Number(i));
    }
    kept[Number(a)] = list;
  }
  const outShape = kept.map((k) => k.length);
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) f += kept[k][o[k]] * inStrides[k];
    src.push(f);
  });
  return { shape: outShape, src };
}

// Reverse: output index o reads input index i with i[k] = d - 1 - o[k] on
// the reversed axes (every axis when axes is left out; negative entries
// count from the end; none twice).
export function reverse(inShape, axes) {
  const rank = inShape.length;
  const flip = new Array(rank).fill(axes === undefined || axes === null);
  if (!(axes === undefined || axes === null)) {
    for (const v of bigList(axes)) {
      if (v < -BigInt(rank) || v >= BigInt(rank)) throw invalid(`axes value ${v} out of range`);
      const k = Number(v < 0n ? v + BigInt(rank) : v);
      if (flip[k]) throw invalid(`axes repeats ${k}`);
      flip[k] = true;
    }
  }
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(inShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) f += (flip[k] ? inShape[k] - 1 - o[k] : o[k]) * inStrides[k];
    src.push(f);
  });
  return { shape: inShape.slice(), src };
}

// Pad: output index o along axis k stands for u = o - padsBegin[k] in the
// input's coordinates (negative pads start or stop inside it). Inside [0, d)
// it is the input; outside, constant gives the value (src -1), edge the
// nearest end, reflect the mirror without the edge, symmetric the mirror
// with it, wrap u mod d. The conditions apply to the positive pads only.
export function pad(inShape, padsBegin, padsEnd, mode = 'constant', value) {
  const rank = inShape.length;
  const list = (v) => (typeof v === 'number' || typeof v === 'bigint' ? [v] : Array.from(v, Number));
  const pb = list(padsBegin).map(Number);
  const pe = list(padsEnd).map(Number);
  if (pb.length !== rank || pe.length !== rank) throw invalid(`pads need ${rank} values`);
  if (!['constant', 'edge', 'reflect', 'symmetric', 'wrap'].includes(mode)) throw invalid(`mode ${mode}`);
  if (value !== undefined && value !== null && mode !== 'constant') throw invalid('value with a mode other than constant');
  const outShape = inShape.map((d, k) => {
    for (const p of [pb[k], pe[k]]) {
      if (p <= 0) continue;
      if (mode === 'reflect' && p > d - 1) throw mismatch(`reflect pads ${p} on a dim of ${d}`);
      if (mode === 'symmetric' && p > d) throw mismatch(`symmetric pads ${p} on a dim of ${d}`);
      if ((mode === 'edge' || mode === 'wrap') && d === 0) throw mismatch(`${mode} pads an empty dim`);
    }
    const n = pb[k] + d + pe[k];
    if (n < 0) throw mismatch(`crops below 0 at axis ${k}`);
    return n;
  });
  const inStrides = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let f = 0;
    for (let k = 0; k < rank; k++) {
      const d = inShape[k];
      const u = o[k] - pb[k];
      let v = u;
      if (u < 0 || u >= d) {
        if (mode === 'constant') {
          f = -1;
          break;
        }
        if (mode === 'edge') v = u < 0 ? 0 : d - 1;
        else if (mode === 'reflect') v = u < 0 ? -u : 2 * (d - 1) - u;
        else if (mode === 'symmetric') v = u < 0 ? -u - 1 : 2 * d - 1 - u;
        else v = ((u % d) + d) % d;
      }
      f += v * inStrides[k];
    }
    src.push(f);
  });
  return { shape: outShape, src };
}

// Concat: output index o reads input k, whose range along the axis holds
// o[axis], at o[axis] minus the dims before k. src counts the inputs laid
// end to end (input k's flat index i is the volumes before it plus i).
export function concat(shapes, axis) {
  if (!Array.isArray(shapes) || shapes.length === 0) throw invalid('empty list');
  if (shapes.some((s) => s.length === 0)) throw invalid('scalar');
  const rank = shapes[0].length;
  axis = Number(axis);
  if (!Number.isInteger(axis) || axis < -rank || axis >= rank) throw invalid(`axis ${axis} out of range`);
  const a = axis < 0 ? axis + rank : axis;
  for (const s of shapes) {
    if (s.length !== rank) throw mismatch('rank');
    if (s.some((d, i) => i !== a && d !== shapes[0][i])) throw mismatch('dims');
  }
  const shape = shapes[0].slice();
  shape[a] = shapes.reduce((n, s) => n + s[a], 0);
  const bases = [];
  let base = 0;
  for (const s of shapes) {
    bases.push(base);
    base += vol(s);
  }
  const src = [];
  forEachIndex(shape, (o) => {
    let k = 0;
    let at = o[a];
    while (at >= shapes[k][a]) at -= shapes[k++][a];
    const i = o.slice();
    i[a] = at;
    src.push(bases[k] + flatOf(i, strides(shapes[k])));
  });
  return { shape, src };
}

// Split: an array of { shape, src }, one per part; part p holds the input
// elements whose axis index is in [start_p, start_p + length_p).
export function split(inShape, splits, axis = 0) {
  const rank = inShape.length;
  if (rank === 0) throw invalid('scalar');
  axis = Number(axis);
  if (!Number.isInteger(axis) || axis < -rank || axis >= rank) throw invalid(`axis ${axis} out of range`);
  const a = axis < 0 ? axis + rank : axis;
  const d = inShape[a];
  let lengths;
  if (typeof splits === 'number' || typeof splits === 'bigint') {
    const k = Number(splits);
    if (k < 1 || k > 65536) throw invalid(`splits ${k}`);
    if (d % k !== 0) throw mismatch('not divisible');
    lengths = new Array(k).fill(d / k);
  } else {
    const v = Array.from(splits, Number);
    if (v.length === 0) throw invalid('no parts');
    if (v.some((n) => n < -1)) throw invalid('negative length');
    if (v.filter((n) => n === -1).length > 1) throw invalid('two -1');
    const known = v.reduce((s, n) => (n === -1 ? s : s + n), 0);
    if (known > d || (!v.includes(-1) && known !== d)) throw mismatch('lengths do not add up');
    lengths = v.map((n) => (n === -1 ? d - known : n));
  }
  const st = strides(inShape);
  const parts = [];
  let start = 0;
  for (const n of lengths) {
    const shape = inShape.slice();
    shape[a] = n;
    const src = [];
    forEachIndex(shape, (o) => {
      const i = o.slice();
      i[a] += start;
      src.push(flatOf(i, st));
    });
    parts.push({ shape, src });
    start += n;
  }
  return parts;
}

const intList = (v) => (typeof v === 'number' || typeof v === 'bigint' ? [Number(v)] : Array.from(v, Number));

// Tile (numpy.tile): ones prepended to the shorter of x.shape and repeats;
// output index o reads input index o mod d on every axis.
export function tile(inShape, repeats) {
  const reps = intList(repeats);
  if (reps.some((r) => r < 0)) throw invalid('negative repeat');
  const rank = Math.max(inShape.length, reps.length);
  const d = [...new Array(rank - inShape.length).fill(1), ...inShape];
  const r = [...new Array(rank - reps.length).fill(1), ...reps];
  const outShape = d.map((n, k) => n * r[k]);
  const st = strides(d);
  const src = [];
  forEachIndex(outShape, (o) => src.push(o.reduce((f, i, k) => f + (i % d[k]) * st[k], 0)));
  return { shape: outShape, src };
}

// What spaceToBatch and batchToSpace require of their lists.
function batchLists(inShape, block, begin, end) {
  const lists = [intList(block), intList(begin), intList(end)];
  const rank = inShape.length;
  if (rank < 2) throw invalid('rank below 2');
  if (lists.some((l) => l.length !== rank)) throw invalid('a list not of length rank');
  const [b, p, q] = lists;
  if (b.some((v) => v < 1) || b[0] !== 1) throw invalid('blockShape');
  if ([...p, ...q].some((v) => v < 0) || p[0] !== 0 || q[0] !== 0) throw invalid('pads or crops');
  return lists;
}

// SpaceToBatch (TensorFlow's order): output batch index = (block offsets,
// row-major) * N + n; output position j with offset o on axis i holds x at
// j * b + o - padsBegin, or a zero (src -1) outside x.
export function spaceToBatch(inShape, blockShape, padsBegin, padsEnd) {
  const [b, p, q] = batchLists(inShape, blockShape, padsBegin, padsEnd);
  const rank = inShape.length;
  const outShape = inShape.slice();
  for (let i = 1; i < rank; i++) {
    const padded = inShape[i] + p[i] + q[i];
    if (padded % b[i] !== 0) throw mismatch(`padded dim ${padded} at axis ${i}`);
    outShape[i] = padded / b[i];
    outShape[0] *= b[i];
  }
  const st = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let k = Math.floor(o[0] / inShape[0]);
    const offsets = new Array(rank).fill(0);
    for (let i = rank - 1; i >= 1; i--) {
      offsets[i] = k % b[i];
      k = Math.floor(k / b[i]);
    }
    let f = (o[0] % inShape[0]) * st[0];
    for (let i = 1; i < rank; i++) {
      const y = o[i] * b[i] + offsets[i] - p[i];
      if (y < 0 || y >= inShape[i]) {
        f = -1;
        break;
      }
      f += y * st[i];
    }
    src.push(f);
  });
  return { shape: outShape, src };
}

// BatchToSpace, the inverse: output position y on axis i sits at
// y + cropsBegin = j * b + o, read from batch (offsets, row-major) * N + n.
export function batchToSpace(inShape, blockShape, cropsBegin, cropsEnd) {
  const [b, p, q] = batchLists(inShape, blockShape, cropsBegin, cropsEnd);
  const rank = inShape.length;
  const blocks = b.reduce((x, y) => x * y, 1);
  if (inShape[0] % blocks !== 0) throw mismatch('batch not divisible');
  const outShape = inShape.map((d, i) => (i === 0 ? d / blocks : d * b[i] - p[i] - q[i]));
  if (outShape.some((d) => d < 0)) throw mismatch('crops beyond the dim');
  const st = strides(inShape);
  const src = [];
  forEachIndex(outShape, (o) => {
    let k = 0;
    let f = 0;
    for (let i = 1; i < rank; i++) {
      const at = o[i] + p[i];
      k = k * b[i] + (at % b[i]);
      f += Math.floor(at / b[i]) * st[i];
    }
    src.push(f + (k * outShape[0] + o[0]) * st[0]);
  });
  return { shape: outShape, src };
}

// ---- The gather family. `indices` as the operations take it: a number (a
// scalar), an array of numbers or bigints (1-D), a bare integer typed array
// (1-D) or a tensor { data, shape } (kept tensors too); its values exact as
// bigints. An index outside [-d, d) is INVALID_ARGUMENT.
function indexTensor(indices) {
  if (typeof indices === 'number' || typeof indices === 'bigint') return { shape: [], values: [BigInt(indices)] };
  if (Array.isArray(indices) || ArrayBuffer.isView(indices)) {
    return { shape: [indices.length], values: Array.from(indices, (v) => BigInt(v)) };
  }
  const data = indices.data;
  const shape = indices.shape ?? indices.dims;
  return { shape: Array.from(shape, Number), values: Array.from(data, (v) => BigInt(v)) };
}

function pickIndex(v, d, where) {
  if (v < -BigInt(d) || v >= BigInt(d)) throw invalid(`${where} value ${v} is out of range [${-d}, ${d})`);
  return Number(v < 0n ? v + BigInt(d) : v);
}

export function gather(inShape, indices, axis = 0, batchDims = 0) {
  const { shape: is, values } = indexTensor(indices);
  const r = inShape.length;
  const q = is.length;
  if (r === 0 || axis < -r || axis >= r) throw invalid(`axis ${axis}`);
  const a = axis < 0 ? axis + r : axis;
  const b = batchDims < 0 ? batchDims + q : batchDims;
  if (b < 0 || b > Math.min(a, q)) throw invalid(`batchDims ${batchDims}`);
  for (let k = 0; k < b; k++) if (inShape[k] !== is[k]) throw mismatch(`batch dim ${k}`);
  values.forEach((v, p) => pickIndex(v, inShape[a], `indices flat ${p}`));
  const shape = [...inShape.slice(0, a), ...is.slice(b), ...inShape.slice(a + 1)];
  const xs = strides(inShape);
  const ist = strides(is);
  const src = [];
  // out[o] = x[o[:a], indices[o[:b], o[a:a+q-b]], o[a+q-b:]]
  forEachIndex(shape, (o) => {
    let p = 0;
    for (let k = 0; k < b; k++) p += o[k] * ist[k];
    for (let k = b; k < q; k++) p += o[a + k - b] * ist[k];
    let f = 0;
    for (let k = 0; k < a; k++) f += o[k] * xs[k];
    f += pickIndex(values[p], inShape[a], 'indices') * xs[a];
    for (let k = a + 1; k < r; k++) f += o[k + q - b - 1] * xs[k];
    src.push(f);
  });
  return { shape, src };
}

export function gatherElements(inShape, indices, axis = 0) {
  const { shape: is, values } = indexTensor(indices);
  const r = inShape.length;
  if (r === 0 || axis < -r || axis >= r) throw invalid(`axis ${axis}`);
  const a = axis < 0 ? axis + r : axis;
  if (is.length !== r) throw mismatch('rank');
  for (let k = 0; k < r; k++) if (k !== a && is[k] > inShape[k]) throw mismatch(`dim ${k}`);
  values.forEach((v, p) => pickIndex(v, inShape[a], `indices flat ${p}`));
  const xs = strides(inShape);
  const src = [];
  forEachIndex(is, (o, flat) => {
    let f = 0;
    for (let k = 0; k < r; k++) f += (k === a ? pickIndex(values[flat], inShape[a], 'indices') : o[k]) * xs[k];
    src.push(f);
  });
  return { shape: [...is], src };
}

export function gatherND(inShape, indices, batchDims = 0) {
  const { shape: is, values } = indexTensor(indices);
  const q = is.length;
  if (q === 0) throw mismatch('indices is a scalar');
  if (batchDims < 0 || batchDims >= q) throw invalid(`batchDims ${batchDims}`);
  const k = is[q - 1];
  const b = batchDims;
  if (b + k > inShape.length) throw mismatch('batchDims + k > rank(x)');
  for (let d = 0; d < b; d++) if (inShape[d] !== is[d]) throw mismatch(`batch dim ${d}`);
  values.forEach((v, p) => pickIndex(v, inShape[b + (p % k)], `indices flat ${p}`));
  const shape = [...is.slice(0, q - 1), ...inShape.slice(b + k)];
  const xs = strides(inShape);
  const src = [];
  // out[o] = x[o[:b], indices[o[:q-1], 0..k-1], o[q-1:]]
  forEachIndex(shape, (o) => {
    let tuple = 0;
    for (let d = 0; d < q - 1; d++) tuple = tuple * is[d] + o[d];
    let f = 0;
    for (let d = 0; d < b; d++) f += o[d] * xs[d];
    for (let j = 0; j < k; j++) f += pickIndex(values[tuple * k + j], inShape[b + j], 'indices') * xs[b + j];
    for (let d = q - 1; d < o.length; d++) f += o[d] * xs[b + k + d - (q - 1)];
    src.push(f);
  });
  return { shape, src };
}

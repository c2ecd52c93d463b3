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

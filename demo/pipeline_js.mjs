// The pipeline as plain JavaScript loops, for the comparison the Pipeline tab
// shows beside the library's time: what a page would write without the
// library. Each stage is one loop nest over the output, every output index
// mapped axis by axis to the input's (or to a fill). Only the stages whose
// rule fits that form have a loop here; the output shapes come from
// ops.shapes. The page checks the loops' result against the library's, so
// a wrong loop would show, not pass for the library.
import { strides, volume } from './layout.mjs';

const list = (v) => (v === undefined ? undefined : Array.isArray(v) ? v.map(Number) : [Number(v)]);
const axisOf = (a, rank) => (a < 0 ? a + rank : a);
const mod = (a, d) => ((a % d) + d) % d;
const range = (n, f) => Int32Array.from({ length: n }, (_, i) => f(i));

// For pad: where output index i of an axis of `d` with `begin` added reads, or -1 (the fill).
const PAD_MODES = {
  constant: (j, d) => (j >= 0 && j < d ? j : -1),
  edge: (j, d) => Math.min(d - 1, Math.max(0, j)),
  reflect: (j, d) => {
    if (d === 1) return 0;
    const k = mod(j, 2 * d - 2);
    return k < d ? k : 2 * d - 2 - k;
  },
  symmetric: (j, d) => {
    const k = mod(j, 2 * d);
    return k < d ? k : 2 * d - 1 - k;
  },
  wrap: (j, d) => mod(j, d),
};

/**
 * Per output axis: which input axis it reads and the input index of each of
 * its output indices (-1: a fill), for the operations written as loops here;
 * null for the others.
 */
function axisMaps(id, args, inShape, outShape) {
  const rank = inShape.length;
  const same = (f) => outShape.map((n, a) => ({ from: a, map: range(n, (i) => f(a, i)) }));
  switch (id) {
    case 'transpose': {
      const perm = list(args[0]) ?? inShape.map((_, a) => rank - 1 - a);
      return outShape.map((n, a) => ({ from: axisOf(perm[a], rank), map: range(n, (i) => i) }));
    }
    case 'reverse': {
      const axes = new Set((list(args[0]) ?? inShape.map((_, a) => a)).map((a) => axisOf(a, rank)));
      return same((a, i) => (axes.has(a) ? inShape[a] - 1 - i : i));
    }
    case 'slice': {
      const [starts, ends, { axes, steps } = {}] = args;
      const at = new Map();
      list(starts).forEach((s, k) => {
        const a = axisOf(list(axes)?.[k] ?? k, rank);
        const step = list(steps)?.[k] ?? 1;
        const d = inShape[a];
        const first = s < 0 ? s + d : s;
        at.set(a, { start: step > 0 ? Math.min(Math.max(first, 0), d) : Math.min(Math.max(first, 0), d - 1), step });
      });
      return same((a, i) => (at.has(a) ? at.get(a).start + i * at.get(a).step : i));
    }
    case 'pad': {
      const [begins, , { mode = 'constant' } = {}] = args;
      const b = list(begins);
      return same((a, i) => PAD_MODES[mode](i - b[a], inShape[a]));
    }
    case 'roll': {
      const shifts = list(args[0]);
      const axes = list(args[1]);
      const by = new Array(rank).fill(0);
      axes.forEach((a, k) => { by[axisOf(a, rank)] += shifts[shifts.length === 1 ? 0 : k]; });
      return same((a, i) => mod(i - by[a], inShape[a]));
    }
    case 'tile': {
      // Fewer input dims than repeats: the input's shape takes leading 1s.
      const lead = outShape.length - rank;
      return outShape.map((n, a) => ({ from: a - lead, map: range(n, (i) => (a < lead ? 0 : i % inShape[a - lead])) }));
    }
    default:
      return null;
  }
}

// spaceToDepth and depthToSpace as the OpenVINO rules write them: a
// transpose of the input seen with each spatial dim (or the channels) split
// in two; the output is that transpose's result read in its own shape.
// NCHW as the rules; NHWC the same with the channels last.
function blockPlan(id, [blockSize, { dataFormat = 'NHWC', mode = 'blocks_first' } = {}], [n, a, b, c]) {
  const k = Number(blockSize);
  const nchw = dataFormat === 'NCHW';
  const blocks = mode === 'blocks_first';
  if (id === 'spaceToDepth') {
    return nchw
      ? { shape: [n, a, b / k, k, c / k, k], perm: blocks ? [0, 3, 5, 1, 2, 4] : [0, 1, 3, 5, 2, 4] }
      : { shape: [n, a / k, k, b / k, k, c], perm: blocks ? [0, 1, 3, 2, 4, 5] : [0, 1, 3, 5, 2, 4] };
  }
  if (nchw) {
    const depth = a / (k * k);
    return blocks ? { shape: [n, k, k, depth, b, c], perm: [0, 3, 4, 1, 5, 2] } : { shape: [n, depth, k, k, b, c], perm: [0, 1, 4, 2, 5, 3] };
  }
  const depth = c / (k * k);
  return blocks ? { shape: [n, a, b, k, k, depth], perm: [0, 1, 3, 2, 4, 5] } : { shape: [n, a, b, depth, k, k], perm: [0, 1, 4, 2, 5, 3] };
}
const BLOCKS = new Set(['spaceToDepth', 'depthToSpace']);

const COPIES = new Set(['reshape', 'squeeze', 'unsqueeze', 'flatten']);
const LOOPS = new Set([...COPIES, ...BLOCKS, 'transpose', 'reverse', 'slice', 'pad', 'roll', 'tile']);

/** Whether stage `id` has a loop here. */
export function hasLoop(id) {
  return LOOPS.has(id);
}

/** One stage as loops: `x` { data, shape } in, { data, shape } out (null: no loop for it); `outShape` from ops.shapes. */
export function runLoop(id, args, x, outShape) {
  if (COPIES.has(id)) {
    const data = new x.data.constructor(x.data.length);
    for (let i = 0; i < data.length; i++) data[i] = x.data[i];
    return { data, shape: outShape };
  }
  if (BLOCKS.has(id)) {
    if (x.shape.length !== 4 || args[1]?.dataFormat === 'NCHW_VECT_C') return null;
    const { shape, perm } = blockPlan(id, args, x.shape);
    const y = runLoop('transpose', [perm], { data: x.data, shape }, perm.map((a) => shape[a]));
    return { data: y.data, shape: outShape };
  }
  const maps = axisMaps(id, args, x.shape, outShape);
  const st = strides(x.shape);
  const fill = id === 'pad' ? Number(args[2]?.value ?? 0) : 0;
  const data = new x.data.constructor(volume(outShape));
  const src = x.data;
  const rank = outShape.length;
  let o = 0;
  // Nested loops over the output, the input offset built axis by axis (-1: a fill).
  const loop = (a, base) => {
    const { from, map } = maps[a];
    const step = from < 0 ? 0 : st[from];
    if (a === rank - 1) {
      for (let i = 0; i < map.length; i++) data[o++] = base < 0 || map[i] < 0 ? fill : src[base + map[i] * step];
      return;
    }
    for (let i = 0; i < map.length; i++) loop(a + 1, base < 0 || map[i] < 0 ? -1 : base + map[i] * step);
  };
  if (rank === 0) data[0] = src[0];
  else if (data.length) loop(0, 0);
  return { data, shape: outShape };
}

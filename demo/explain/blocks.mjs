// spaceToDepth and depthToSpace: a spatial index is o*b + (offset in the
// block), and the deep channel holds both the block offset k and the
// shallow channel c: (k)*C + c with blocks_first, c*b^K + k with
// depth_first (C the shallow channel count, K the number of spatial dims,
// k the block offset numbered row-major). With two spatial dims the names
// are the docs' oy, ox and by, bx.
import { group, numList, read, ref } from './format.mjs';

// Where n, the channel and the spatial dims sit in a shape of `format`.
function layout(shape, format) {
  if (format === 'NHWC') return { channels: shape[3], spatial: [1, 2] };
  if (format === 'NCHW_VECT_C') return { channels: shape[1] * 4, spatial: [2, 3] };
  return { channels: shape[1], spatial: shape.slice(2).map((_, k) => k + 2) };
}

function channelOf(index, format) {
  if (format === 'NHWC') return index[3];
  return format === 'NCHW_VECT_C' ? index[1] * 4 + index[4] : index[1];
}

// x[...] in `format` from n, a channel and spatial indices (as expressions
// and as numbers): NCHW_VECT_C stores channel c at [n, c / 4, h, w, c % 4].
function place(format, n, channel, spatial) {
  if (format === 'NHWC') return [n, ...spatial, channel];
  if (format === 'NCHW_VECT_C') {
    const [h, w] = spatial;
    return typeof channel === 'string'
      ? [n, `${group(channel)} / 4`, h, w, `${group(channel)} % 4`]
      : [n, Math.floor(channel / 4), h, w, channel % 4];
  }
  return [n, channel, ...spatial];
}

function names(K) {
  if (K === 2) return { o: ['oy', 'ox'], bo: ['by', 'bx'] };
  return { o: Array.from({ length: K }, (_, k) => `o${k + 1}`), bo: Array.from({ length: K }, (_, k) => `b${k + 1}`) };
}

// The deep channel as an expression: (k)*C + c or c*b^K + k.
function deepChannel(mode, bo) {
  const k = bo.reduce((e, name, i) => (i === 0 ? name : `${i === 1 ? e : `(${e})`}*b + ${name}`), '');
  if (mode === 'depth_first') return `c*${bo.map(() => 'b').join('*')} + ${k}`;
  return `${group(k)}*C + c`;
}

function setup(call) {
  const [blockSize, options] = call.args;
  return {
    b: numList(blockSize)[0],
    format: options?.dataFormat ?? 'NHWC',
    mode: options?.mode ?? 'blocks_first',
  };
}

const MODES = {
  blocks_first: 'blocks_first: the block offset is the high part of the deep channel',
  depth_first: 'depth_first: the block offset is the low part of the deep channel',
};

export function explainSpaceToDepth(call, out) {
  const { b, format, mode } = setup(call);
  const xShape = call.inputs[0];
  const { channels: C, spatial } = layout(xShape, format);
  const K = spatial.length;
  const { o, bo } = names(K);
  const deep = channelOf(out.index, format);
  const blockVolume = b ** K;
  const k = mode === 'depth_first' ? deep % blockVolume : Math.floor(deep / C);
  const c = mode === 'depth_first' ? Math.floor(deep / blockVolume) : deep % C;
  const values = { n: out.index[0], c, b, C };
  const offsets = [];
  for (let i = K - 1, rest = k; i >= 0; i--, rest = Math.floor(rest / b)) offsets[i] = rest % b;
  spatial.forEach((axis, i) => {
    values[o[i]] = out.index[axis];
    values[bo[i]] = offsets[i];
  });
  const parts = place(format, 'n', 'c', o.map((name, i) => `${name}*b + ${bo[i]}`));
  const index = place(format, out.index[0], c, spatial.map((axis, i) => out.index[axis] * b + offsets[i]));
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: `y's channel ${deep} = ${deepChannel(mode, bo)}; ${MODES[mode]}`,
  });
}

export function explainDepthToSpace(call, out) {
  const { b, format, mode } = setup(call);
  const xShape = call.inputs[0];
  const { channels: deepCount, spatial } = layout(xShape, format);
  const K = spatial.length;
  const { o, bo } = names(K);
  const C = deepCount / b ** K; // y's channel count
  const c = channelOf(out.index, format);
  const values = { n: out.index[0], c, b, C };
  let k = 0;
  spatial.forEach((axis, i) => {
    values[o[i]] = Math.floor(out.index[axis] / b);
    values[bo[i]] = out.index[axis] % b;
    k = k * b + values[bo[i]];
  });
  const deep = mode === 'depth_first' ? c * b ** K + k : k * C + c;
  const parts = place(format, 'n', deepChannel(mode, bo), o);
  const index = place(format, out.index[0], deep, o.map((name) => values[name]));
  return read({
    lhs: ref('y', out.index), parts, index, values,
    note: `y's spatial index = o*b + the offset in the block (${o.map((name, i) => `${name}*b + ${bo[i]}`).join(', ')}); ${MODES[mode]}`,
  });
}

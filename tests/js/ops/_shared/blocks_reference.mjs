// The block layouts spaceToDepth's and depthToSpace's references share: one
// is the other read backwards, so both walk the same (space, depth) pairs.
import { flatOf, forEachIndex, invalid, strides } from './reference_kit.mjs';

// The logical layout of a block-op tensor: batch, channels, spatial dims,
// and the flat index of (n, c, spatial) in its physical layout.
export function layout(shape, format) {
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

export function physicalShape(format, N, C, S) {
  if (format === 'NHWC') return [N, ...S, C];
  if (format === 'NCHW') return [N, C, ...S];
  return [N, C / 4, ...S, 4];
}

// Calls visit(spaceFlat, depthFlat) for every element: the channel formula of docs/operations/spaceToDepth.md
// (blocks_first: k*C + c; depth_first: c*b^K + k) for space layout `sp`.
export function blockPairs(sp, b, format, mode, visit) {
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

export function checkBlockArgs(b, mode) {
  if (!['blocks_first', 'depth_first'].includes(mode)) throw invalid('mode');
  if (!(b >= 1)) throw invalid('blockSize');
}

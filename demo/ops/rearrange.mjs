// Transpose, reverse, slice and tile as the page presents them.
import { INPUT_SHAPE, VALUES, list, optionalList, options } from './fields.mjs';

export const REARRANGE_OPERATIONS = [
  {
    id: 'transpose',
    title: 'Transpose',
    spec: 'OpenVINO Transpose-1, ONNX Transpose, numpy.transpose',
    intro: 'Reorders the axes: output axis <code>i</code> is input axis <code>perm[i]</code>. Left out, ' +
      '<code>perm</code> reverses the axes. <code>[0, 3, 1, 2]</code> turns an NHWC image batch into NCHW.',
    look: 'Look for: the rainbow read along another axis; with NHWC → NCHW, one plane per channel.',
    fields: [
      INPUT_SHAPE, VALUES,
      optionalList('perm', 'perm', '0, 3, 1, 2', 'a permutation of the axes (negative: from the end); empty: reversed'),
    ],
    defaults: { inputShape: '1, 2, 3, 3', values: '', perm: '0, 3, 1, 2' },
    args: (p) => (p.perm === undefined ? [] : [p.perm]),
  },
  {
    id: 'reverse',
    title: 'Reverse',
    spec: 'WebNN reverse, numpy.flip',
    intro: 'Reverses the order of the elements along the given axes. Left out, <code>axes</code> means every axis; ' +
      '<code>[]</code> means none (a copy). An image <code>[H, W, C]</code> reversed on axis 1 is its mirror image.',
    look: 'Look for: the rainbow running backwards along each reversed axis.',
    fields: [
      INPUT_SHAPE, VALUES,
      optionalList('axes', 'axes', '1', 'the axes to reverse, each once (negative: from the end); empty: every axis'),
    ],
    defaults: { inputShape: '3, 4', values: '', axes: '1' },
    args: (p) => (p.axes === undefined ? [] : [p.axes]),
  },
  {
    id: 'slice',
    title: 'Slice',
    spec: 'OpenVINO Slice-8, ONNX Slice-13, numpy basic slicing',
    intro: 'Takes <code>start, start + step, …</code> up to <code>end</code> (not included) along each listed axis, as ' +
      '<code>x[start:end:step]</code> does in numpy. Negative starts and ends count from the end, out-of-range ones are ' +
      'clamped, and a negative step walks backwards.',
    look: 'Look for: a window of the rainbow (every other colour with step 2, reversed with a negative step).',
    fields: [
      INPUT_SHAPE, VALUES,
      list('starts', 'starts', '1, 0', 'where each listed axis starts (negative: from the end)'),
      list('ends', 'ends', '3, 4', 'where it stops, not included (clamped to the dim)'),
      optionalList('axes', 'axes', '0, 1', 'which axes starts/ends refer to; empty: 0, 1, …'),
      optionalList('steps', 'steps', '1, 2', 'the step on each listed axis (not 0); empty: all 1'),
    ],
    defaults: { inputShape: '4, 5', values: '', starts: '1, 0', ends: '3, 5', axes: '', steps: '1, 2' },
    args: (p) => [p.starts, p.ends, options({ axes: p.axes, steps: p.steps })],
  },
  {
    id: 'tile',
    title: 'Tile',
    spec: 'OpenVINO Tile-1, numpy.tile',
    intro: 'Repeats the whole input <code>repeats[i]</code> times along each axis: <code>[1, 2]</code> tiled ' +
      '<code>[2]</code> is <code>1, 2, 1, 2</code>. A short <code>repeats</code> is padded with ones on the left; ' +
      'a long one adds axes of size 1 to the input.',
    look: 'Look for: the same rainbow block side by side and one above the other.',
    fields: [
      INPUT_SHAPE, VALUES,
      list('repeats', 'repeats', '2, 3', 'how many copies along each axis (≥ 0)'),
    ],
    defaults: { inputShape: '2, 2', values: '', repeats: '2, 3' },
    args: (p) => [p.repeats],
  },
];

// argMax, argMin, topK and oneHot as the page presents them: operations whose
// outputs are indices (or are made from them). An index output points at an
// input element: the library's gatherElements of the marks (x's positions
// + 1) at those indices says which, so the page computes no index itself.
import { choice, options, scalar } from './fields.mjs';
import { DTYPE_CHOICES, INDEX_DTYPES, oneOrList, readInput, tensorFields, tensorOf } from './typed_fields.mjs';

const NUMBER_DTYPES = DTYPE_CHOICES.filter((d) => d !== 'bool');
const fromX = (p) => {
  const { values, shape, dtype } = readInput(p, 'x');
  return [tensorOf(values, shape, dtype)];
};
const keepAxis = (ops, idx, axis, keepDims) => (keepDims ? idx : ops.unsqueeze(idx, [axis]));
const indexDtype = (p) => (p.dtype === 'int32' ? undefined : p.dtype);

function argReduce(id, word, best) {
  return {
    id,
    title: id === 'argMax' ? 'ArgMax' : 'ArgMin',
    spec: `ONNX ${id === 'argMax' ? 'ArgMax' : 'ArgMin'}-13, numpy.${id.toLowerCase()}`,
    intro: `The index of the ${word} element along <code>axis</code>; the axis is removed (or kept as a dim of 1 with ` +
      '<code>keepDims</code>). NaN wins; of equal values the first (or, with <code>selectLastIndex</code>, the last) is taken. ' +
      'The indices are int32 (or int64).',
    look: `Look for: each output cell in the colour of the ${word} element of its row along the axis.`,
    fields: [
      ...tensorFields('x', { shape: '2, 3', dtypes: NUMBER_DTYPES }),
      scalar('axis', 'axis', '1', 'the axis searched (negative: from the end)'),
      { name: 'keepDims', label: 'keepDims', kind: 'bool', hint: 'keep the axis as a dim of 1' },
      { name: 'selectLastIndex', label: 'selectLastIndex', kind: 'bool', hint: `of equal ${word} values, the last` },
      choice('dtype', 'dtype', ['int32', 'int64'], 'the indices’ dtype'),
    ],
    defaults: { inputShape: '2, 3', values: '1, 5, 5, 3, 2, 4', xDtype: 'float32', axis: '1', keepDims: false, selectLastIndex: false, dtype: 'int32' },
    inputs: fromX,
    args: (p) => [p.axis, options({ keepDims: p.keepDims || undefined, selectLastIndex: p.selectLastIndex || undefined, dtype: indexDtype(p) })],
    sources: (ops, xs, [m], [y], p) => [ops.gatherElements(m, keepAxis(ops, y, p.axis, p.keepDims), { axis: p.axis })],
    rule: (p) => `y[…] = ${best} over k of x[…, k, …] (k along axis ${p.axis})`,
    filled: ({ src, value }) => `${value}: ${src.ref} = ${src.value} is the ${word} along the axis`,
    presets: argPresets(),
  };
}

// argMax's and argMin's examples (the same fields, so the same examples).
function argPresets() {
  return [
    { label: 'Along rows', note: 'axis 1 of [2, 3]', set: {} },
    { label: 'The last of equal values', note: 'selectLastIndex', set: { selectLastIndex: true } },
    { label: 'Along columns', note: 'axis 0', set: { axis: '0' } },
    { label: 'keepDims, int64', note: 'axis -1 kept as a dim of 1', set: { axis: '-1', keepDims: true, dtype: 'int64' } },
  ];
}

export const INDEX_OPERATIONS = [
  argReduce('argMax', 'largest', 'argmax'),
  argReduce('argMin', 'smallest', 'argmin'),
  {
    id: 'topK',
    title: 'TopK',
    spec: 'ONNX TopK-11, torch.topk',
    intro: 'The <code>k</code> largest (or smallest) elements along <code>axis</code> and their indices: two outputs, ' +
      '<code>values</code> and <code>indices</code>, of shape x’s with the axis cut to k. Sorted best first (or in index ' +
      'order); of equal values the lower index comes first; NaN counts as the largest.',
    look: 'Look for: the chosen elements’ colours in both outputs; each index points at its element of x.',
    outputs: ['values', 'indices'],
    fields: [
      ...tensorFields('x', { shape: '2, 3', dtypes: NUMBER_DTYPES }),
      scalar('k', 'k', '2', 'how many elements along the axis'),
      scalar('axis', 'axis', '-1', 'the axis searched (negative: from the end)'),
      { name: 'largest', label: 'largest', kind: 'bool', hint: 'checked: the largest; else the smallest' },
      { name: 'sorted', label: 'sorted', kind: 'bool', hint: 'checked: best first; else in index order' },
      choice('dtype', 'dtype', ['int32', 'int64'], 'the indices’ dtype'),
    ],
    defaults: { inputShape: '2, 3', values: '1, 5, 5, 3, 2, 4', xDtype: 'float32', k: '2', axis: '-1', largest: true, sorted: true, dtype: 'int32' },
    inputs: fromX,
    args: (p) => [p.k, options({
      axis: Number(p.axis) === -1 ? undefined : p.axis, largest: p.largest ? undefined : false, sorted: p.sorted ? undefined : false, dtype: indexDtype(p),
    })],
    sources: (ops, xs, [m], [, idx], p) => {
      const s = ops.gatherElements(m, idx, { axis: p.axis });
      return [s, s];
    },
    rule: () => 'values[…, r, …] = x[…, indices[…, r, …], …] (r along axis: the r-th best)',
    filled: ({ src, value, output }) => (output === 0 ? `y = ${src.ref} = ${value}` : `${value}: the index of ${src.ref} = ${src.value} along the axis`),
    presets: [
      { label: 'k = 2', note: 'the two largest of each row', set: {} },
      { label: 'Smallest', note: 'k = 1, largest: false', set: { k: '1', largest: false } },
      { label: 'Unsorted', note: 'k = 2 in index order', set: { sorted: false } },
      { label: 'Along axis 0', note: 'k = 1 of each column, int64 indices', set: { k: '1', axis: '0', dtype: 'int64' } },
    ],
  },
  {
    id: 'oneHot',
    title: 'OneHot',
    spec: 'ONNX OneHot-11, tf.one_hot',
    intro: 'Each index becomes a row of <code>depth</code> elements along a new <code>axis</code>: <code>values[1]</code> ' +
      '(on) at the index, <code>values[0]</code> (off) elsewhere. A negative index counts from the end; one out of ' +
      'range gives a row of off values. The output’s dtype is <code>dtype</code>.',
    look: 'Look for: the on values in the colour of the index they came from; off values white.',
    inputNames: ['indices'],
    fields: [
      ...tensorFields('indices', { shape: '4', dtypes: INDEX_DTYPES, hint: 'the class of each element (negative: from the end)' }),
      scalar('depth', 'depth', '3', 'the number of classes: the new axis’s length'),
      scalar('axis', 'axis', '-1', 'where the new axis goes, in [-rank - 1, rank]'),
      { name: 'onOff', label: 'values (off, on)', kind: 'optionalList', example: '0, 1', hint: 'empty: 0, 1' },
      choice('dtype', 'dtype', NUMBER_DTYPES, 'the output’s dtype'),
    ],
    defaults: { indicesShape: '4', indices: '0, 2, -1, 5', indicesDtype: 'int32', depth: '3', axis: '-1', onOff: '', dtype: 'float32' },
    inputs: (p) => {
      const { values, shape, dtype } = readInput(p, 'indices');
      return [tensorOf(values, shape, dtype)];
    },
    args: (p) => [p.depth, options({
      axis: Number(p.axis) === -1 ? undefined : p.axis, values: oneOrList(p.onOff), dtype: p.dtype === 'float32' ? undefined : p.dtype,
    })],
    // The on places (a uint8 one-hot of the real indices) take the marks of
    // the index they came from, broadcast along the new axis; off places 0.
    sources: (ops, [i], [m], ys, p) => {
      const on = ops.oneHot(i, p.depth, { axis: p.axis, dtype: 'uint8' });
      return [ops.where(on, ops.unsqueeze(m, [p.axis]), 0)];
    },
    rule: (p) => `y[…, j, …] = indices[…] == j ? on : off   (j along axis ${p.axis})`,
    filled: ({ src, value }) => `${src.ref} = ${src.value} names this place, so y = on = ${value}`,
    none: 'the off value: no index names this place',
    presets: [
      { label: 'Labels', note: '[0, 2, -1, 5], depth 3: 5 is out of range', set: {} },
      { label: 'Axis 0', note: 'the classes as rows', set: { axis: '0' } },
      { label: 'int8, off -1 on 7', note: 'values [-1, 7]', set: { onOff: '-1, 7', dtype: 'int8' } },
      { label: 'Two-dimensional indices', note: '[2, 2] of uint8, depth 4', extra: true, set: { indicesShape: '2, 2', indices: '0, 1, 3, 3', indicesDtype: 'uint8', depth: '4' } },
    ],
  },
];

// cast and triangular as the page presents them: operations that keep every
// element where it is and compute its value (cast) or keep or zero it
// (triangular). Each description: the form's fields, the input tensors made
// from them, the call's arguments, and `sources`: where each output element
// came from, read off the library run on marks (the inputs' positions + 1).
import { choice, options, scalar } from './fields.mjs';
import { DTYPE_CHOICES, oneOrList, readInput, tensorFields, tensorOf } from './typed_fields.mjs';

const fromX = (p) => {
  const { values, shape, dtype } = readInput(p, 'x');
  return [tensorOf(values, shape, dtype)];
};

export const VALUE_OPERATIONS = [
  {
    id: 'cast',
    title: 'Cast',
    spec: 'ONNX Cast-21, with a scale and bias',
    intro: 'Converts every element to <code>dtype</code>: <code>y = convert(x · scale + bias)</code>, with ' +
      '<code>scale</code> and <code>bias</code> one number or one per index of <code>axis</code> (a quantizer, or a ' +
      'normalization). Floats to integers round as <code>rounding</code> says (auto: truncate, or nearest with a ' +
      'scale or bias) and saturate; NaN becomes 0.',
    look: 'Look for: each value before (x) and after (y), in the same place; saturated values stop at the dtype’s limit.',
    fields: [
      ...tensorFields('x', { shape: '2, 3', dtypes: DTYPE_CHOICES }),
      choice('dtype', 'dtype', DTYPE_CHOICES, 'the output’s dtype'),
      { name: 'scale', label: 'scale', kind: 'optionalList', example: '255', hint: 'one number, or one per index of axis (empty: none)' },
      { name: 'bias', label: 'bias', kind: 'optionalList', example: '0', hint: 'one number, or one per index of axis (empty: none)' },
      { name: 'axis', label: 'axis', kind: 'optionalScalar', example: '1', hint: 'the axis a list of scales or biases runs along' },
      choice('rounding', 'rounding', ['auto', 'truncate', 'nearest'], 'floats to integers: auto truncates, or rounds to nearest (ties to even) with a scale or bias'),
    ],
    defaults: {
      inputShape: '2, 3', values: '0, 0.25, 0.5, 0.75, 1, 1.5', xDtype: 'float32', dtype: 'uint8', scale: '255', bias: '', axis: '', rounding: 'auto',
    },
    inputs: fromX,
    args: (p) => [p.dtype, options({
      scale: oneOrList(p.scale), bias: oneOrList(p.bias), axis: p.axis, rounding: p.rounding === 'auto' ? undefined : p.rounding,
    })],
    // Element for element: the library's cast of the marks to int32 keeps them.
    sources: (ops, xs, [m]) => [ops.cast(m, 'int32')],
    rule: (p) => `y[i] = ${p.dtype}(x[i]${p.scale?.length ? ' · scale' : ''}${p.bias?.length ? ' + bias' : ''})`,
    filled: ({ p, src, value }) => {
      const s = oneOrList(p.scale);
      const b = oneOrList(p.bias);
      const per = Array.isArray(s) || Array.isArray(b) ? ' (scale and bias of its index along axis)' : '';
      const scaled = `${src.value}${typeof s === 'number' ? ` · ${s}` : ''}${typeof b === 'number' ? ` + ${b}` : ''}`;
      return `${p.dtype}(${scaled}) = ${value}${per}`;
    },
  },
  {
    id: 'triangular',
    title: 'Triangular',
    spec: 'ONNX Trilu-14, numpy.triu / tril',
    intro: 'Keeps the upper (or lower) triangle of each matrix of the last two dims and zeroes the rest: ' +
      '<code>upper</code> keeps <code>x[…, i, j]</code> where <code>j − i ≥ diagonal</code>, lower where ' +
      '<code>j − i ≤ diagonal</code>.',
    look: 'Look for: the kept triangle in the input’s colours, the zeroed cells white.',
    fields: [
      ...tensorFields('x', { shape: '3, 3', dtypes: DTYPE_CHOICES }),
      { name: 'upper', label: 'upper', kind: 'bool', hint: 'checked: the upper triangle; else the lower' },
      scalar('diagonal', 'diagonal', '0', 'which diagonal the triangle starts from (positive: above the main one)'),
    ],
    defaults: { inputShape: '3, 3', values: '', xDtype: 'float32', upper: true, diagonal: '0' },
    inputs: fromX,
    args: (p) => [options({ upper: p.upper ? undefined : false, diagonal: p.diagonal })],
    // Zeroed places of the marks are 0, so they read as 'none'.
    sources: (ops, xs, [m], ys, p) => [ops.triangular(m, options({ upper: p.upper, diagonal: p.diagonal }))],
    rule: (p) => `y[…, i, j] = j − i ${p.upper ? '≥' : '≤'} ${p.diagonal} ? x[…, i, j] : 0`,
    filled: ({ p, at, src, value }) => {
      const [i, j] = at.slice(-2);
      const kept = p.upper ? j - i >= Number(p.diagonal) : j - i <= Number(p.diagonal);
      return `${j} − ${i} ${p.upper ? '≥' : '≤'} ${p.diagonal} is ${kept}, so y = ${kept ? src.ref : '0'} = ${value}`;
    },
  },
];

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
// cast's examples: values typed in, from x's dtype to dtype; the other fields as given.
const castOf = (values, xDtype, dtype, more = {}) => ({ inputShape: String(values.split(',').length), values, xDtype, dtype, scale: '', bias: '', axis: '', rounding: 'auto', ...more });

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
    presets: [
      { label: 'Floats to int16', note: '[2.5, -2.5, 3.75, 1e10] truncated, saturated', set: castOf('2.5, -2.5, 3.75, 1e10', 'float32', 'int16') },
      { label: 'Rounding nearest', note: 'ties to even: 2.5 → 2, 3.75 → 4', set: castOf('2.5, -2.5, 3.75, 1e10', 'float32', 'int16', { rounding: 'nearest' }) },
      { label: 'To bool', note: 'any non-zero is 1', set: castOf('2.5, 0, -1, 1e10', 'float32', 'bool') },
      { label: 'int8 to uint8, scale 2', note: '[-1, 127] → [0, 254]', set: castOf('-1, 127', 'int8', 'uint8', { scale: '2' }) },
      { label: 'Scale and bias', note: 'int8 [-1, 127] · 0.5 + 1 → float32', set: castOf('-1, 127', 'int8', 'float32', { scale: '0.5', bias: '1' }) },
      {
        label: 'Per channel', note: '[2, 3] · scale per column (axis 1)', extra: true,
        set: { inputShape: '2, 3', values: '1, 1, 1, 2, 2, 2', xDtype: 'float32', dtype: 'float32', scale: '1, 10, 100', bias: '', axis: '1', rounding: 'auto' },
      },
    ],
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
    presets: [
      { label: 'Upper (default)', note: '[3, 3] → j − i ≥ 0 kept', set: { upper: true, diagonal: '0' } },
      { label: 'Lower', note: 'upper: false', set: { upper: false, diagonal: '0' } },
      { label: 'Diagonal 1', note: 'strictly above the main diagonal', set: { upper: true, diagonal: '1' } },
      { label: 'Lower, diagonal -1', note: 'strictly below', set: { upper: false, diagonal: '-1' } },
      { label: 'A batch of matrices', note: '[2, 2, 3], lower', set: { inputShape: '2, 2, 3', xDtype: 'int32', upper: false, diagonal: '0' } },
    ],
  },
];

// where, scatterElements and scatterND as the page presents them: operations
// of several named inputs, each typed in as its own tensor (a grid each).
// Where an output element came from is the same call on the marks (the
// inputs' positions + 1) with the real condition or indices, so the library
// itself says which input each element was taken from.
import { choice, options, scalar } from './fields.mjs';
import { DTYPE_CHOICES, INDEX_DTYPES, readInput, tensorFields, tensorOf } from './typed_fields.mjs';

const REDUCTIONS = ['none', 'add', 'mul', 'max', 'min'];
const tensor = (p, name, dtype) => {
  const { values, shape, dtype: own } = readInput(p, name);
  return tensorOf(values, shape, dtype ?? own);
};
const scatterInputs = (p) => [tensor(p, 'x', p.dataDtype), tensor(p, 'indices'), tensor(p, 'updates', p.dataDtype)];
const reduction = (p) => (p.reduction === 'none' ? undefined : p.reduction);
const DATA_DTYPE = { ...choice('dataDtype', 'x and updates dtype', DTYPE_CHOICES, 'one dtype for both'), role: 'input' };
// With a reduction, an element combines x's and the updates'; the marks run
// without one, so each place names the last update written there.
const scatterNote = (p) => (p.reduction === 'none' ? '' : ` (${p.reduction} combines it with x’s element and any other update to this place)`);

export const SELECT_OPERATIONS = [
  {
    id: 'where',
    title: 'Where',
    spec: 'ONNX Where-16, numpy.where',
    intro: 'Element by element, <code>condition ? a : b</code>; the three shapes broadcast to the output’s. ' +
      '<code>condition</code> is bool (or uint8: any non-zero is true); <code>a</code> and <code>b</code> share one dtype.',
    look: 'Look for: each output cell in the colour of a (where the condition holds) or b.',
    inputNames: ['condition', 'a', 'b'],
    fields: [
      ...tensorFields('condition', { shape: '2, 2', hint: '0 or 1 per element' }),
      ...tensorFields('a', { shape: '2, 2' }),
      ...tensorFields('b', { shape: '2, 2' }),
      { ...choice('dataDtype', 'a and b dtype', DTYPE_CHOICES, 'one dtype for both'), role: 'input' },
    ],
    defaults: {
      conditionShape: '2, 2', condition: '1, 0, 1, 1', aShape: '2, 2', a: '1, 2, 3, 4', bShape: '2, 2', b: '9, 8, 7, 6', dataDtype: 'float32',
    },
    inputs: (p) => [tensor(p, 'condition', 'bool'), tensor(p, 'a', p.dataDtype), tensor(p, 'b', p.dataDtype)],
    args: () => [],
    sources: (ops, [c], [, ma, mb]) => [ops.where(c, ma, mb)],
    // The condition element that chose: the condition's marks broadcast as where broadcasts them.
    deciders: (ops, [c], [mc]) => [ops.where(c, mc, mc)],
    rule: () => 'y[i] = condition[i] ? a[i] : b[i]   (each broadcast)',
    filled: ({ decider, src, value }) => `${decider.ref} = ${decider.value}, so y = ${src.ref} = ${value}`,
    presets: [
      { label: 'ONNX example', note: 'condition [2, 2] picks from a or b', set: {} },
      {
        label: 'A mask over rows', note: 'condition [3] broadcast over a [2, 3]; b a scalar -1',
        set: { conditionShape: '3', condition: '1, 0, 1', aShape: '2, 3', a: '', bShape: '', b: '-1', dataDtype: 'int16' },
      },
      {
        label: 'Zero where the mask holds', note: 'a a scalar 0, b the values',
        set: { conditionShape: '3', condition: '1, 0, 1', aShape: '', a: '0', bShape: '2, 3', b: '', dataDtype: 'int16' },
      },
    ],
  },
  {
    id: 'scatterElements',
    title: 'ScatterElements',
    spec: 'ONNX ScatterElements-18, torch.scatter',
    intro: 'A copy of <code>x</code> with each update written at the place its index names along <code>axis</code>: ' +
      'for <code>axis = 0</code>, <code>y[indices[i, j], j] = updates[i, j]</code>. <code>reduction</code> combines ' +
      'several updates to one place (none: the last wins). Indices are checked before anything is written.',
    look: 'Look for: the updates’ colours at the places the indices name; the rest keeps x’s.',
    inputNames: ['x', 'indices', 'updates'],
    fields: [
      ...tensorFields('x', { shape: '3, 3' }),
      ...tensorFields('indices', { shape: '2, 3', dtypes: INDEX_DTYPES, hint: 'the place of each update along axis (negative: from the end)' }),
      ...tensorFields('updates', { shape: '2, 3' }),
      DATA_DTYPE,
      scalar('axis', 'axis', '0', 'the axis the indices name places along'),
      choice('reduction', 'reduction', REDUCTIONS, 'how several updates to one place combine'),
    ],
    defaults: {
      inputShape: '3, 3', values: '0, 0, 0, 0, 0, 0, 0, 0, 0', indicesShape: '2, 3', indices: '1, 0, 2, 0, 2, 1', indicesDtype: 'int64',
      updatesShape: '2, 3', updates: '1, 1.5, 2, 3, 3.5, 4', dataDtype: 'float32', axis: '0', reduction: 'none',
    },
    inputs: scatterInputs,
    args: (p) => [options({ axis: p.axis, reduction: reduction(p) })],
    sources: (ops, [, i], [mx, , mu], ys, p) => [ops.scatterElements(mx, i, mu, { axis: p.axis })],
    rule: (p) => `y[…] = x[…], then y[indices[i, j] along axis ${p.axis}] = updates[i, j]`,
    filled: ({ p, src, value }) => `${src.ref} = ${src.value} → y = ${value}${src.name === 'updates' ? scatterNote(p) : ''}`,
    presets: [
      { label: 'ONNX: axis 0', note: 'updates [2, 3] into zeros [3, 3]', set: {} },
      {
        label: 'ONNX: axis 1', note: '[1, 5] with two updates',
        set: { inputShape: '1, 5', values: '', indicesShape: '1, 2', indices: '1, 3', indicesDtype: 'int32', updatesShape: '1, 2', updates: '1.5, 2.5', axis: '1' },
      },
      {
        label: 'Negative index', note: 'index -3 is 2 along axis 1',
        set: { inputShape: '1, 5', values: '', indicesShape: '1, 2', indices: '1, -3', indicesDtype: 'int32', updatesShape: '1, 2', updates: '1.1, 2.1', axis: '1' },
      },
      {
        label: 'Duplicates added', note: 'reduction add: two updates to one place',
        set: { inputShape: '1, 5', values: '', indicesShape: '1, 2', indices: '1, 1', indicesDtype: 'int32', updatesShape: '1, 2', updates: '1.1, 2.1', axis: '1', reduction: 'add' },
      },
    ],
  },
  {
    id: 'scatterND',
    title: 'ScatterND',
    spec: 'ONNX ScatterND-18, tf.tensor_scatter_nd_update',
    intro: 'A copy of <code>x</code> with each slice of <code>updates</code> written at a tuple of leading coordinates: ' +
      'the last axis of <code>indices</code> (length k) is a position in the first k dims of <code>x</code>; ' +
      '<code>updates</code> has shape <code>indices.shape[:-1] + x.shape[k:]</code>.',
    look: 'Look for: whole rows or single cells of x replaced by the updates’ colours.',
    inputNames: ['x', 'indices', 'updates'],
    fields: [
      ...tensorFields('x', { shape: '8' }),
      ...tensorFields('indices', { shape: '4, 1', dtypes: INDEX_DTYPES, hint: 'one position per row (negative: from the end)' }),
      ...tensorFields('updates', { shape: '4' }),
      DATA_DTYPE,
      choice('reduction', 'reduction', REDUCTIONS, 'how several updates to one place combine'),
    ],
    defaults: {
      inputShape: '8', values: '', indicesShape: '4, 1', indices: '4, 3, 1, 7', indicesDtype: 'int64',
      updatesShape: '4', updates: '9, 10, 11, 12', dataDtype: 'float32', reduction: 'none',
    },
    inputs: scatterInputs,
    args: (p) => [options({ reduction: reduction(p) })],
    sources: (ops, [, i], [mx, , mu]) => [ops.scatterND(mx, i, mu)],
    rule: () => 'y = x, then y[indices[r, :]] = updates[r] for each row r of indices',
    filled: ({ p, src, value }) => `${src.ref} = ${src.value} → y = ${value}${src.name === 'updates' ? scatterNote(p) : ''}`,
    presets: [
      { label: 'ONNX: elements of a vector', note: '[8] with 4 single positions', set: {} },
      {
        label: 'A row of a matrix', note: '[2, 3], indices [[1]]: row 1 replaced',
        set: { inputShape: '2, 3', values: '0, 1, 2, 3, 4, 5', indicesShape: '1, 1', indices: '1', indicesDtype: 'uint8', updatesShape: '1, 3', updates: '7, 8, 9', dataDtype: 'int32' },
      },
      {
        label: 'Coordinate pairs', note: '[2, 3], indices [[-1, -1], [0, 0]]',
        set: { inputShape: '2, 3', values: '0, 1, 2, 3, 4, 5', indicesShape: '2, 2', indices: '-1, -1, 0, 0', indicesDtype: 'int16', updatesShape: '2', updates: '7, 8', dataDtype: 'int32' },
      },
      {
        label: 'Repeated index, mul', note: 'reduction mul on one place twice', extra: true,
        set: { indicesShape: '2, 1', indices: '2, 2', updatesShape: '2', updates: '10, 3', reduction: 'mul' },
      },
    ],
  },
];

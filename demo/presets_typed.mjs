// The examples of the typed operations of version 0.3, from their documents
// (docs/operations/<op>.md), and a few more marked `extra`. Values are the
// field texts of the page's controls; fields left out keep their defaults.

const castOf = (values, xDtype, dtype, more = {}) => ({ inputShape: String(values.split(',').length), values, xDtype, dtype, scale: '', bias: '', axis: '', rounding: 'auto', ...more });

export const TYPED_PRESETS = {
  cast: [
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
  triangular: [
    { label: 'Upper (default)', note: '[3, 3] → j − i ≥ 0 kept', set: { upper: true, diagonal: '0' } },
    { label: 'Lower', note: 'upper: false', set: { upper: false, diagonal: '0' } },
    { label: 'Diagonal 1', note: 'strictly above the main diagonal', set: { upper: true, diagonal: '1' } },
    { label: 'Lower, diagonal -1', note: 'strictly below', set: { upper: false, diagonal: '-1' } },
    { label: 'A batch of matrices', note: '[2, 2, 3], lower', set: { inputShape: '2, 2, 3', xDtype: 'int32', upper: false, diagonal: '0' } },
  ],
  where: [
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
  scatterElements: [
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
  scatterND: [
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
  argMax: argPresets(),
  argMin: argPresets(),
  topK: [
    { label: 'k = 2', note: 'the two largest of each row', set: {} },
    { label: 'Smallest', note: 'k = 1, largest: false', set: { k: '1', largest: false } },
    { label: 'Unsorted', note: 'k = 2 in index order', set: { sorted: false } },
    { label: 'Along axis 0', note: 'k = 1 of each column, int64 indices', set: { k: '1', axis: '0', dtype: 'int64' } },
  ],
  oneHot: [
    { label: 'Labels', note: '[0, 2, -1, 5], depth 3: 5 is out of range', set: {} },
    { label: 'Axis 0', note: 'the classes as rows', set: { axis: '0' } },
    { label: 'int8, off -1 on 7', note: 'values [-1, 7]', set: { onOff: '-1, 7', dtype: 'int8' } },
    { label: 'Two-dimensional indices', note: '[2, 2] of uint8, depth 4', extra: true, set: { indicesShape: '2, 2', indices: '0, 1, 3, 3', indicesDtype: 'uint8', depth: '4' } },
  ],
  resize: resizePresets(),
};

// resize's examples: the docs' row and 2 × 2 image, then the modes and options on the tab's [3, 3].
function resizePresets() {
  const row = { inputShape: '3', values: '1, 2, 4', sizes: '', scales: '2', axes: '' };
  const img = { inputShape: '2, 2', values: '0, 64, 128, 255', xDtype: 'uint8', scales: '', axes: '' };
  return [
    { label: 'Linear, twice as large', note: '[3, 3] → [6, 6]: 2 × 2 taps each', set: {} },
    { label: 'Nearest', note: 'one tap: each element copied to 2 × 2', set: { mode: 'nearest' } },
    { label: 'Cubic', note: '4 × 4 taps, Keys’ a = -0.75', set: { mode: 'cubic' } },
    { label: 'A row, linear', note: '[1, 2, 4] → [1, 1.25, 1.75, 2.5, 3.5, 4]', set: row },
    { label: 'A row, asymmetric', note: 'c = i / scale: [1, 1.5, 2, 3, 4, 4]', set: { ...row, coordinateTransformationMode: 'asymmetric' } },
    { label: 'Down to 1, antialias', note: 'sizes [1]: every element read, 2.333', set: { ...row, scales: '', sizes: '1', antialias: true } },
    { label: 'uint8 image to 3 × 3', note: 'rounded to nearest, ties to even', set: { ...img, sizes: '3, 3' } },
    { label: 'nearestMode ceil', note: 'uint8 [2, 2], scales [1, 1.5]', set: { ...img, scales: '1, 1.5', mode: 'nearest', nearestMode: 'ceil' } },
    {
      label: 'Fit inside 3 × 3', note: '[2, 4] with not_larger: one scale, 0.75', extra: true,
      set: { inputShape: '2, 4', sizes: '3, 3', scales: '', keepAspectRatioPolicy: 'not_larger' },
    },
    { label: 'Only the last axis', note: 'axes [-1], sizes [5], align_corners', extra: true, set: { scales: '', sizes: '5', axes: '-1', coordinateTransformationMode: 'align_corners' } },
    { label: 'Shrink with antialias', note: '[2, 8] → [2, 3]: wide taps, excludeOutside', extra: true, set: { inputShape: '2, 8', scales: '', sizes: '2, 3', antialias: true, excludeOutside: true } },
  ];
}

function argPresets() {
  return [
    { label: 'Along rows', note: 'axis 1 of [2, 3]', set: {} },
    { label: 'The last of equal values', note: 'selectLastIndex', set: { selectLastIndex: true } },
    { label: 'Along columns', note: 'axis 0', set: { axis: '0' } },
    { label: 'keepDims, int64', note: 'axis -1 kept as a dim of 1', set: { axis: '-1', keepDims: true, dtype: 'int64' } },
  ];
}

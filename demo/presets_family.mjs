// The examples of the operations added in version 0.2: the rules' own
// (docs/operations.md, docs/operations/<op>.md) and ONNX's operator examples,
// and a few more that show what those do not (marked `extra`). Values are the
// field texts of the page's controls; fields left out keep their defaults.

export const FAMILY_PRESETS = {
  squeeze: [
    { label: 'Every dim of 1', note: '[1, 3, 1, 4] with axes left out → [3, 4]', set: { inputShape: '1, 3, 1, 4', axes: '' } },
    { label: 'ONNX: axes [0]', note: '[1, 3, 4, 5] → [3, 4, 5]', set: { inputShape: '1, 3, 4, 5', axes: '0' } },
    { label: 'Pooled features', note: '[1, 3, 1, 1] with axes [2, 3] → [1, 3]', set: { inputShape: '1, 3, 1, 1', axes: '2, 3' } },
    { label: 'Negative axis', note: '[2, 3, 1] with axes [-1] → [2, 3]', extra: true, set: { inputShape: '2, 3, 1', axes: '-1' } },
  ],
  unsqueeze: [
    { label: 'A batch axis', note: '[3, 4] with axes [0] → [1, 3, 4]', set: { inputShape: '3, 4', axes: '0' } },
    { label: 'ONNX: axes [0, 4]', note: '[3, 4, 5] → [1, 3, 4, 5, 1]', set: { inputShape: '3, 4, 5', axes: '0, 4' } },
    { label: '[C] against NCHW', note: '[3] with axes [0, 2, 3] → [1, 3, 1, 1]', set: { inputShape: '3', axes: '0, 2, 3' } },
    { label: 'Negative axes', note: '[2, 3] with axes [1, -2]: positions of the output → [2, 1, 1, 3]', extra: true, set: { inputShape: '2, 3', axes: '1, -2' } },
  ],
  flatten: [
    { label: 'Axis 1 (the default)', note: '[2, 3, 4] → [2, 12]', set: { inputShape: '2, 3, 4', axis: '1' } },
    { label: 'ONNX: axis 0', note: '[2, 3, 4] → [1, 24]', set: { inputShape: '2, 3, 4', axis: '0' } },
    { label: 'Axis at the rank', note: '[2, 3, 4] with axis 3 → [24, 1]', set: { inputShape: '2, 3, 4', axis: '3' } },
    { label: 'Negative axis', note: '[2, 3, 2, 2] with axis -2 → [6, 4]', extra: true, set: { inputShape: '2, 3, 2, 2', axis: '-2' } },
  ],
  transpose: [
    { label: 'NHWC → NCHW', note: '[1, 2, 3, 3] with perm [0, 3, 1, 2]: one plane per channel', set: { inputShape: '1, 2, 3, 3', perm: '0, 3, 1, 2' } },
    { label: 'NCHW → NHWC', note: '[1, 3, 2, 2] with perm [0, 2, 3, 1]', set: { inputShape: '1, 3, 2, 2', perm: '0, 2, 3, 1' } },
    { label: 'ONNX: perm [1, 0, 2]', note: '[2, 3, 4] → [3, 2, 4]', set: { inputShape: '2, 3, 4', perm: '1, 0, 2' } },
    { label: 'perm left out', note: '[2, 3, 4]: the axes reversed → [4, 3, 2]', set: { inputShape: '2, 3, 4', perm: '' } },
    { label: 'Negative perm', note: '[2, 3] with perm [-1, 0] (numpy)', extra: true, set: { inputShape: '2, 3', perm: '-1, 0' } },
  ],
  reverse: [
    { label: 'Mirror image', note: '[3, 4] reversed on axis 1', set: { inputShape: '3, 4', axes: '1' } },
    { label: 'axes left out', note: 'every axis reversed', set: { inputShape: '3, 4', axes: '' } },
    { label: 'axes []', note: 'no axis: a copy', set: { inputShape: '3, 4', axes: '[]' } },
    { label: 'Channels flipped', note: '[1, 2, 2, 3] on axis -1: RGB → BGR', extra: true, set: { inputShape: '1, 2, 2, 3', axes: '-1' } },
  ],
  slice: [
    {
      label: 'ONNX example 1', note: '[[1, 2, 3, 4], [5, 6, 7, 8]], starts [1, 0], ends [2, 3], steps [1, 2] → [[5, 7]]',
      set: { inputShape: '2, 4', starts: '1, 0', ends: '2, 3', axes: '0, 1', steps: '1, 2' },
    },
    {
      label: 'ONNX example 2', note: 'starts [0, 1], ends [-1, 1000]: negative and out-of-range ends → [[2, 3, 4]]',
      set: { inputShape: '2, 4', starts: '0, 1', ends: '-1, 1000', axes: '', steps: '' },
    },
    {
      label: 'Reversed whole', note: 'start -1, end -2^63 (an exact int64), step -1', set: {
        inputShape: '6', starts: '-1', ends: '-9223372036854775808', axes: '', steps: '-1',
      },
    },
    { label: 'Centre crop', note: '[6, 6] → [4, 4]', extra: true, set: { inputShape: '6, 6', starts: '1, 1', ends: '5, 5', axes: '', steps: '' } },
  ],
  tile: [
    { label: 'The rule’s example', note: '[1, 2] tiled [2] is 1, 2, 1, 2', set: { inputShape: '2', values: '1, 2', repeats: '2' } },
    { label: 'ONNX: repeats [1, 2]', note: '[2, 2] → [2, 4]', set: { inputShape: '2, 2', repeats: '1, 2' } },
    { label: 'Longer repeats', note: '[2, 2] with [2, 1, 2]: a new axis in front', set: { inputShape: '2, 2', repeats: '2, 1, 2' } },
    { label: 'Zero repeats', note: '[2, 2] with [0, 1]: empty', extra: true, set: { inputShape: '2, 2', repeats: '0, 1' } },
  ],
  pad: [
    { label: 'reflect', note: '[1, 2, 3] padded 2: 3, 2, 1, 2, 3, 2, 1', set: { inputShape: '3', values: '', padsBegin: '2', padsEnd: '2', mode: 'reflect', value: '' } },
    { label: 'symmetric', note: '[1, 2, 3] padded 2: 2, 1, 1, 2, 3, 3, 2', set: { inputShape: '3', values: '', padsBegin: '2', padsEnd: '2', mode: 'symmetric', value: '' } },
    { label: 'wrap', note: '[1, 2, 3] padded 2: 2, 3, 1, 2, 3, 1, 2', set: { inputShape: '3', values: '', padsBegin: '2', padsEnd: '2', mode: 'wrap', value: '' } },
    { label: 'edge', note: '[1, 2, 3] padded 2: 1, 1, 1, 2, 3, 3, 3', set: { inputShape: '3', values: '', padsBegin: '2', padsEnd: '2', mode: 'edge', value: '' } },
    { label: 'constant 9', note: '[2, 2] padded 1 all round with 9', set: { inputShape: '2, 2', values: '', padsBegin: '1, 1', padsEnd: '1, 1', mode: 'constant', value: '9' } },
    {
      label: 'ONNX edge example', note: '[[1.0, 1.2], [2.3, 3.4], [4.5, 5.7]], pads [0, 2, 0, 0] (ONNX’s reflect example pads 2 on a dim of 2, more than reflect allows here)',
      set: { inputShape: '3, 2', values: '1.0, 1.2, 2.3, 3.4, 4.5, 5.7', padsBegin: '0, 2', padsEnd: '0, 0', mode: 'edge', value: '' },
    },
    { label: 'Negative pads crop', note: '[4, 4], padsBegin [-1, 1], padsEnd [1, -1]', extra: true, set: { inputShape: '4, 4', values: '', padsBegin: '-1, 1', padsEnd: '1, -1', mode: 'constant', value: '' } },
  ],
  spaceToBatch: [
    { label: 'TensorFlow example 1', note: '[1, 2, 2, 1], block [2, 2] → [4, 1, 1, 1]', set: { inputShape: '1, 2, 2, 1', blockShape: '1, 2, 2, 1', padsBegin: '0, 0, 0, 0', padsEnd: '0, 0, 0, 0' } },
    { label: 'TensorFlow example 3', note: '[1, 4, 4, 1] → [4, 2, 2, 1]', set: { inputShape: '1, 4, 4, 1', blockShape: '1, 2, 2, 1', padsBegin: '0, 0, 0, 0', padsEnd: '0, 0, 0, 0' } },
    {
      label: 'TensorFlow example 4', note: '[2, 2, 4, 1], paddings [[0, 0], [2, 0]] → [8, 1, 3, 1]',
      set: { inputShape: '2, 2, 4, 1', blockShape: '1, 2, 2, 1', padsBegin: '0, 0, 2, 0', padsEnd: '0, 0, 0, 0' },
    },
    { label: 'Padded to fit', note: '[1, 3, 3], block [1, 2, 2], pads end 1: white cells are zeros', extra: true, set: { inputShape: '1, 3, 3', blockShape: '1, 2, 2', padsBegin: '0, 0, 0', padsEnd: '0, 1, 1' } },
  ],
  batchToSpace: [
    { label: 'TensorFlow example 1', note: '[4, 1, 1, 1], block [2, 2] → [1, 2, 2, 1]', set: { inputShape: '4, 1, 1, 1', blockShape: '1, 2, 2, 1', cropsBegin: '0, 0, 0, 0', cropsEnd: '0, 0, 0, 0' } },
    { label: 'TensorFlow example 3', note: '[4, 2, 2, 1] → [1, 4, 4, 1]', set: { inputShape: '4, 2, 2, 1', blockShape: '1, 2, 2, 1', cropsBegin: '0, 0, 0, 0', cropsEnd: '0, 0, 0, 0' } },
    {
      label: 'TensorFlow example 4', note: '[8, 1, 3, 1], crops [[0, 0], [2, 0]] → [2, 2, 4, 1]',
      set: { inputShape: '8, 1, 3, 1', blockShape: '1, 2, 2, 1', cropsBegin: '0, 0, 2, 0', cropsEnd: '0, 0, 0, 0' },
    },
  ],
  concat: [
    { label: 'Side by side', note: '[2, 2] and [2, 3] on axis 1', set: { inputShapes: '2, 2; 2, 3', axis: '1' } },
    { label: 'One above the other', note: '[1, 3] and [2, 3] on axis 0', set: { inputShapes: '1, 3; 2, 3', axis: '0' } },
    { label: 'Channels', note: 'three [1, 2, 2, 1] on axis -1 → RGB', set: { inputShapes: '1, 2, 2, 1; 1, 2, 2, 1; 1, 2, 2, 1', axis: '-1' } },
    { label: 'An empty input', note: '[2, 0] and [2, 2] on axis 1', extra: true, set: { inputShapes: '2, 0; 2, 2', axis: '1' } },
  ],
  split: [
    { label: 'ONNX example', note: '[1, 2, 3, 4, 5, 6] split [2, 4]', set: { inputShape: '6', splits: '2, 4', axis: '0' } },
    { label: 'Three equal parts', note: '[6] split 3', set: { inputShape: '6', splits: '3', axis: '0' } },
    { label: '[3] is one part', note: '[3] split [3]: one part of length 3', set: { inputShape: '3', splits: '[3]', axis: '0' } },
    { label: 'The rest: -1', note: '[2, 6] split [1, -1] on axis 1', set: { inputShape: '2, 6', splits: '1, -1', axis: '1' } },
    { label: 'Channels apart', note: '[1, 2, 2, 3] split 3 on axis -1', extra: true, set: { inputShape: '1, 2, 2, 3', splits: '3', axis: '-1' } },
  ],
  gather: [
    {
      label: 'ONNX example 1', note: '[[1, 1.2], [2.3, 3.4], [4.5, 5.7]], indices [[0, 1], [1, 2]], axis 0',
      set: { inputShape: '3, 2', values: '1, 1.2, 2.3, 3.4, 4.5, 5.7', indicesShape: '2, 2', indices: '0, 1, 1, 2', axis: '0', batchDims: '0' },
    },
    {
      label: 'ONNX example 2', note: '[3, 3], indices [[0, 2]], axis 1 → [3, 1, 2]',
      set: { inputShape: '3, 3', values: '1, 1.2, 1.9, 2.3, 3.4, 3.9, 4.5, 5.7, 5.9', indicesShape: '1, 2', indices: '0, 2', axis: '1', batchDims: '0' },
    },
    { label: 'Embedding rows', note: '[5, 3] table, rows [4, 0, 4]', set: { inputShape: '5, 3', values: '', indicesShape: '3', indices: '4, 0, 4', axis: '0', batchDims: '0' } },
    { label: 'A scalar index', note: 'indices shape [] removes the axis', set: { inputShape: '3, 4', values: '', indicesShape: '', indices: '-1', axis: '1', batchDims: '0' } },
    { label: 'batchDims 1', note: 'each row of [2, 4] picks its own columns', extra: true, set: { inputShape: '2, 4', values: '', indicesShape: '2, 2', indices: '0, 3, 2, 1', axis: '1', batchDims: '1' } },
  ],
  gatherElements: [
    { label: 'ONNX example 1', note: '[[1, 2], [3, 4]], indices [[0, 0], [1, 0]], axis 1 → [[1, 1], [4, 3]]', set: { inputShape: '2, 2', values: '', indicesShape: '2, 2', indices: '0, 0, 1, 0', axis: '1' } },
    { label: 'ONNX example 2', note: '[3, 3], indices [[1, 2, 0], [2, 0, 0]], axis 0 → [[4, 8, 3], [7, 2, 3]]', set: { inputShape: '3, 3', values: '', indicesShape: '2, 3', indices: '1, 2, 0, 2, 0, 0', axis: '0' } },
    { label: 'ONNX: negative indices', note: 'indices [[-1, -2, 0], [-2, 0, 0]], axis 0 → [[7, 5, 3], [4, 2, 3]]', set: { inputShape: '3, 3', values: '', indicesShape: '2, 3', indices: '-1, -2, 0, -2, 0, 0', axis: '0' } },
  ],
  gatherND: [
    { label: 'ONNX example 1', note: '[[0, 1], [2, 3]], indices [[0, 0], [1, 1]] → [0, 3]', set: { inputShape: '2, 2', values: '0, 1, 2, 3', indicesShape: '2, 2', indices: '0, 0, 1, 1', batchDims: '0' } },
    { label: 'ONNX example 2', note: 'indices [[1], [0]] → rows [[2, 3], [0, 1]]', set: { inputShape: '2, 2', values: '0, 1, 2, 3', indicesShape: '2, 1', indices: '1, 0', batchDims: '0' } },
    { label: 'ONNX example 3', note: '[2, 2, 2], indices [[0, 1], [1, 0]] → [[2, 3], [4, 5]]', set: { inputShape: '2, 2, 2', values: '0, 1, 2, 3, 4, 5, 6, 7', indicesShape: '2, 2', indices: '0, 1, 1, 0', batchDims: '0' } },
    { label: 'ONNX example 4', note: 'indices [[[0, 1]], [[1, 0]]] → [[[2, 3]], [[4, 5]]]', set: { inputShape: '2, 2, 2', values: '0, 1, 2, 3, 4, 5, 6, 7', indicesShape: '2, 1, 2', indices: '0, 1, 1, 0', batchDims: '0' } },
    { label: 'ONNX example 5: batchDims 1', note: 'indices [[1], [0]] → [[2, 3], [4, 5]]', set: { inputShape: '2, 2, 2', values: '0, 1, 2, 3, 4, 5, 6, 7', indicesShape: '2, 1', indices: '1, 0', batchDims: '1' } },
  ],
};

// Gather, gatherElements and gatherND as the page presents them: the
// indices are typed in as a shape and its values (an int32 tensor).
import { INDICES, INDICES_SHAPE, INPUT_SHAPE, VALUES, indicesTensor, options, scalar } from './fields.mjs';

const withIndices = (p) => p.indicesShape;

export const GATHER_OPERATIONS = [
  {
    id: 'gather',
    title: 'Gather',
    spec: 'OpenVINO Gather-8, ONNX Gather',
    intro: 'Picks slices of <code>x</code> along <code>axis</code> by index: the output shape is ' +
      '<code>x.shape[:axis] + indices.shape[batchDims:] + x.shape[axis+1:]</code>. A negative index counts from the ' +
      'end; an index out of range is an error naming its position. With <code>batchDims</code>, each batch entry ' +
      'has its own indices. An embedding lookup is a gather of rows.',
    look: 'Look for: whole rows (or columns) of the rainbow picked out, repeated or reordered.',
    fields: [
      INPUT_SHAPE, VALUES, INDICES_SHAPE, INDICES,
      scalar('axis', 'axis', '0', 'the axis the indices select along (negative: from the end)'),
      scalar('batchDims', 'batchDims', '0', 'leading dims shared by x and indices (negative: from rank(indices))'),
    ],
    defaults: { inputShape: '3, 4', values: '', indicesShape: '2, 2', indices: '0, 2, 1, -1', axis: '0', batchDims: '0' },
    args: (p) => [indicesTensor(p), options({ axis: p.axis, batchDims: p.batchDims })],
    shapeArgs: (p) => [withIndices(p), options({ axis: p.axis, batchDims: p.batchDims })],
  },
  {
    id: 'gatherElements',
    title: 'GatherElements',
    spec: 'ONNX GatherElements, torch.gather',
    intro: 'Picks single elements: <code>y[i, j] = x[indices[i, j], j]</code> for <code>axis = 0</code>, ' +
      '<code>x[i, indices[i, j]]</code> for <code>axis = 1</code>. <code>indices</code> has the rank of <code>x</code> ' +
      'and the output has its shape.',
    look: 'Look for: each output cell’s colour from its own column (axis 0) or row (axis 1) of the input.',
    fields: [
      INPUT_SHAPE, VALUES, INDICES_SHAPE, INDICES,
      scalar('axis', 'axis', '1', 'the axis the indices select along (negative: from the end)'),
    ],
    defaults: { inputShape: '2, 2', values: '', indicesShape: '2, 2', indices: '0, 0, 1, 0', axis: '1' },
    args: (p) => [indicesTensor(p), options({ axis: p.axis })],
    shapeArgs: (p) => [withIndices(p), options({ axis: p.axis })],
  },
  {
    id: 'gatherND',
    title: 'GatherND',
    spec: 'ONNX GatherND-13, OpenVINO GatherND-8',
    intro: 'Each row of <code>indices</code> (its last axis, of length <code>k</code>) is a position in the first ' +
      '<code>k</code> dims of <code>x</code>; the output holds the element or slice found there. Output shape: ' +
      '<code>indices.shape[:-1] + x.shape[batchDims + k:]</code>.',
    look: 'Look for: the cells or rows found at the positions the index rows name.',
    fields: [
      INPUT_SHAPE, VALUES, INDICES_SHAPE, INDICES,
      scalar('batchDims', 'batchDims', '0', 'leading dims shared by x and indices'),
    ],
    defaults: { inputShape: '2, 2', values: '', indicesShape: '2, 2', indices: '0, 0, 1, 1', batchDims: '0' },
    args: (p) => [indicesTensor(p), options({ batchDims: p.batchDims })],
    shapeArgs: (p) => [withIndices(p), options({ batchDims: p.batchDims })],
  },
];

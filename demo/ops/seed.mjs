// The five operations of version 0.1 as the page presents them, with
// reshape's family (squeeze, unsqueeze, flatten: new shapes, nothing moves)
// beside it: an introduction, the parameters (form fields) and the call's
// arguments.
import { defaultAxes } from '../layout.mjs';
import { INPUT_SHAPE, VALUES, list, optionalList } from './fields.mjs';

const BLOCK_FIELDS = [
  INPUT_SHAPE, VALUES,
  { name: 'blockSize', label: 'blockSize', kind: 'scalar', example: '2', hint: 'b: an integer ≥ 1' },
  {
    name: 'dataFormat', label: 'dataFormat', kind: 'choice', choices: ['NHWC', 'NCHW', 'NCHW_VECT_C'],
    hint: 'NHWC: [N, H, W, C]; NCHW: [N, C, H, W] (any number of spatial dims); NCHW_VECT_C: [N, C/4, H, W, 4]',
  },
  {
    name: 'mode', label: 'mode', kind: 'choice', choices: ['blocks_first', 'depth_first'],
    hint: 'blocks_first (TensorFlow, ONNX DCR): block offset is the high part of the channel; depth_first (ONNX CRD): the low part',
  },
  {
    name: 'planes', label: 'draw H × W planes', kind: 'bool', view: true,
    hint: 'one slice per channel, as a picture would look; off: the last two axes, as laid out in memory',
  },
];

// The axes drawn as a picture's rows and columns, per data format.
function spatialAxes(shape, format) {
  const rank = shape.length;
  if (format === 'NHWC' && rank === 4) return { rowAxis: 1, colAxis: 2 };
  if (format === 'NCHW_VECT_C' && rank === 5) return { rowAxis: 2, colAxis: 3 };
  if (format === 'NCHW' && rank === 3) return { rowAxis: -1, colAxis: 2 };
  if (format === 'NCHW' && rank >= 4) return { rowAxis: rank - 2, colAxis: rank - 1 };
  return defaultAxes(rank);
}

function blockOp(id, title, intro, look, inputShape) {
  return {
    id, title, intro, look,
    spec: 'TensorFlow SpaceToDepth / DepthToSpace, with OpenVINO’s modes and any number of spatial dims in NCHW',
    fields: BLOCK_FIELDS,
    defaults: { inputShape, values: '', blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first', planes: true },
    args: (p) => [p.blockSize, { dataFormat: p.dataFormat, mode: p.mode }],
    axes: (shape, p) => (p.planes ? spatialAxes(shape, p.dataFormat) : defaultAxes(shape.length)),
  };
}

export const SEED_OPERATIONS = [
  {
    id: 'reshape',
    title: 'Reshape',
    spec: 'OpenVINO Reshape-1',
    intro: 'Gives the same elements a new shape. Nothing moves: the elements keep their row-major order, ' +
      'so the rainbow reads the same way in the output, only wrapped at other places. ' +
      'In <code>shape</code>, <code>-1</code> is worked out from the others, and with <code>specialZero</code> ' +
      'a <code>0</code> copies the input’s dim at the same index.',
    look: 'Look for: the colours in the same reading order on both sides.',
    fields: [
      INPUT_SHAPE, VALUES,
      { name: 'shape', label: 'shape', kind: 'list', example: '0, -1, 4', hint: 'the new shape; -1: inferred; 0: see specialZero' },
      { name: 'specialZero', label: 'specialZero', kind: 'bool', hint: 'a 0 in shape copies the input’s dim at that index (else it is a real 0)' },
    ],
    defaults: { inputShape: '2, 3, 4', values: '', shape: '4, -1', specialZero: false },
    args: (p) => [p.shape, { specialZero: p.specialZero }],
  },
  {
    id: 'squeeze',
    title: 'Squeeze',
    spec: 'ONNX Squeeze-13, numpy.squeeze',
    intro: 'Removes dims of size 1: the listed <code>axes</code>, each of which must have dim 1, or every one when ' +
      '<code>axes</code> is left out. Nothing moves: the elements keep their row-major order, as in reshape. ' +
      'On a kept tensor the result is a view of the same memory.',
    look: 'Look for: the same colours in the same reading order, with the axes of size 1 gone.',
    fields: [
      INPUT_SHAPE, VALUES,
      optionalList('axes', 'axes', '0, 2', 'the axes to remove, each of dim 1 (negative: from the end); empty: every dim of 1'),
    ],
    defaults: { inputShape: '1, 3, 1, 4', values: '', axes: '' },
    args: (p) => (p.axes === undefined ? [] : [p.axes]),
  },
  {
    id: 'unsqueeze',
    title: 'Unsqueeze',
    spec: 'ONNX Unsqueeze-13, numpy.expand_dims',
    intro: 'Inserts dims of size 1 at the listed positions of the <strong>output</strong>, whose rank is the input’s plus ' +
      'the number of <code>axes</code> (so a negative axis counts from the output’s rank). Nothing moves: the elements ' +
      'keep their row-major order, as in reshape. On a kept tensor the result is a view of the same memory.',
    look: 'Look for: the same colours in the same reading order, with new axes of size 1.',
    fields: [
      INPUT_SHAPE, VALUES,
      list('axes', 'axes', '0, -1', 'positions of the new dims of 1 in the output (negative: from the output’s end)'),
    ],
    defaults: { inputShape: '3, 4', values: '', axes: '0' },
    args: (p) => [p.axes],
  },
  {
    id: 'flatten',
    title: 'Flatten',
    spec: 'ONNX Flatten-13',
    intro: 'Makes a matrix: the dims before <code>axis</code> become the rows, the dims from <code>axis</code> on ' +
      'the columns (<code>[N, C, H, W]</code> with axis 1 gives <code>[N, C·H·W]</code>). <code>axis</code> may be ' +
      '<code>0</code> to the rank; negative counts from the end. Nothing moves: the elements keep their row-major order, ' +
      'as in reshape. On a kept tensor the result is a view of the same memory.',
    look: 'Look for: the same colours in the same reading order, wrapped into rows.',
    fields: [
      INPUT_SHAPE, VALUES,
      { name: 'axis', label: 'axis', kind: 'optionalScalar', example: '1', hint: 'where the columns start, in [-rank, rank]; empty: 1' },
    ],
    defaults: { inputShape: '2, 3, 4', values: '', axis: '1' },
    args: (p) => (p.axis === undefined ? [] : [p.axis]),
  },
  {
    id: 'broadcast',
    title: 'Broadcast',
    spec: 'OpenVINO Broadcast-3',
    intro: 'Repeats the input along axes of size 1, or axes it does not have, to fill a target shape. ' +
      '<code>numpy</code> lines the shapes up on the right; <code>bidirectional</code> works like ' +
      '<code>x * ones(targetShape)</code>, so the output can be bigger than the target; <code>explicit</code> ' +
      'says with <code>axesMapping</code> which output axis each input axis becomes.',
    look: 'Look for: each input colour repeated in every copy. Hover an input cell to see all of its copies.',
    fields: [
      INPUT_SHAPE, VALUES,
      { name: 'targetShape', label: 'targetShape', kind: 'list', example: '2, 3, 4', hint: 'the shape to fill' },
      {
        name: 'mode', label: 'mode', kind: 'choice', choices: ['numpy', 'bidirectional', 'explicit'],
        hint: 'how input axes meet output axes',
      },
      {
        name: 'axesMapping', label: 'axesMapping', kind: 'optionalList', example: '1, 2',
        hint: 'explicit mode only: the output axis of each input axis, increasing (leave empty otherwise)',
      },
    ],
    defaults: { inputShape: '3, 1', values: '', targetShape: '2, 3, 4', mode: 'numpy', axesMapping: '' },
    args: (p) => [p.targetShape, p.axesMapping === undefined ? { mode: p.mode } : { mode: p.mode, axesMapping: p.axesMapping }],
  },
  blockOp('spaceToDepth', 'SpaceToDepth',
    'Cuts the picture into <code>blockSize × blockSize</code> blocks and stacks the pixels of each block along ' +
    'the channels: height and width shrink by <code>blockSize</code>, the depth grows by <code>blockSize²</code>. ' +
    'With <code>blocks_first</code> the position inside the block is the high part of the new channel index; ' +
    'with <code>depth_first</code> the old channel is.',
    'Look for: each output channel is a sub-sampled copy of the input, one per position in the block.', '1, 4, 4, 2'),
  blockOp('depthToSpace', 'DepthToSpace',
    'The inverse of SpaceToDepth: each group of <code>blockSize²</code> channels is spread back into a ' +
    '<code>blockSize × blockSize</code> block of pixels. <code>depthToSpace(spaceToDepth(x)) = x</code> for the ' +
    'same <code>blockSize</code>, <code>dataFormat</code> and <code>mode</code>.',
    'Look for: the channels interleaved pixel by pixel into one larger picture (a “pixel shuffle”).', '1, 2, 2, 8'),
  {
    id: 'roll',
    title: 'Roll',
    spec: 'OpenVINO Roll-7',
    intro: 'Shifts the elements along the given axes; what is pushed past the end comes back at the start. ' +
      'A negative shift goes the other way, a negative axis counts from the end, one <code>shift</code> ' +
      'may serve several <code>axes</code>, and an axis listed twice rolls by the sum of its shifts.',
    look: 'Look for: the rainbow cut in one place and the two pieces swapped.',
    fields: [
      INPUT_SHAPE, VALUES,
      { name: 'shift', label: 'shift', kind: 'listOrScalar', example: '-1, 2', hint: 'places to move: one number, or one per axis' },
      { name: 'axes', label: 'axes', kind: 'listOrScalar', example: '0, 1', hint: 'which axes to roll (negative: from the end)' },
    ],
    defaults: { inputShape: '4, 3', values: '', shift: '1', axes: '0' },
    args: (p) => [p.shift, p.axes],
  },
];

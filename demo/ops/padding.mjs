// Pad, spaceToBatch and batchToSpace as the page presents them: the three
// operations that add (or crop) room around the data.
import { INPUT_SHAPE, VALUES, choice, list, options } from './fields.mjs';

export const PADDING_OPERATIONS = [
  {
    id: 'pad',
    title: 'Pad',
    spec: 'OpenVINO Pad-12, with ONNX Pad-19’s wrap',
    intro: 'Adds <code>padsBegin[i]</code> elements before and <code>padsEnd[i]</code> after each axis. ' +
      '<code>constant</code> fills them with <code>value</code>; <code>edge</code> repeats the border element; ' +
      '<code>reflect</code> mirrors without the border (<code>[1, 2, 3]</code> padded 2: <code>3, 2, 1, 2, 3, 2, 1</code>); ' +
      '<code>symmetric</code> mirrors with it (<code>2, 1, 1, 2, 3, 3, 2</code>); <code>wrap</code> repeats the input ' +
      'periodically (<code>2, 3, 1, 2, 3, 1, 2</code>). A negative pad crops.',
    look: 'Look for: the border colours mirrored, repeated or wrapped around; white cells hold the constant.',
    fields: [
      INPUT_SHAPE, VALUES,
      list('padsBegin', 'padsBegin', '1, 2', 'elements added before each axis (negative: removed)'),
      list('padsEnd', 'padsEnd', '1, 2', 'elements added after each axis (negative: removed)'),
      choice('mode', 'mode', ['constant', 'edge', 'reflect', 'symmetric', 'wrap'], 'what the new elements hold'),
      {
        name: 'value', label: 'value', kind: 'optionalScalar', example: '0',
        hint: 'constant mode only: the fill (empty: 0)',
      },
    ],
    defaults: { inputShape: '3, 4', values: '', padsBegin: '1, 2', padsEnd: '1, 2', mode: 'reflect', value: '' },
    // Where each element came from is read off a run on 1, 2, 3, … with
    // fill 0, so that a 0 in the result can only be a filled place.
    args: (p, { provenance = false } = {}) =>
      [p.padsBegin, p.padsEnd, options({ mode: p.mode, value: provenance && p.value !== undefined ? 0 : p.value })],
  },
  {
    id: 'spaceToBatch',
    title: 'SpaceToBatch',
    spec: 'OpenVINO SpaceToBatch-2, TensorFlow SpaceToBatchND',
    intro: 'Pads with zeros, cuts every axis into blocks of <code>blockShape[i]</code>, and moves each position inside ' +
      'the block to its own batch entry: the batch grows by <code>prod(blockShape)</code>, the other dims shrink. ' +
      'The block offsets are the outer part of the new batch index, the old batch the inner one.',
    look: 'Look for: each output batch entry is a sub-sampled copy of the (padded) input; white cells are padding.',
    fields: [
      INPUT_SHAPE, VALUES,
      list('blockShape', 'blockShape', '1, 2, 2', 'the block on each axis (≥ 1; 1 on axis 0)'),
      list('padsBegin', 'padsBegin', '0, 0, 1', 'zeros added before each axis (0 on axis 0)'),
      list('padsEnd', 'padsEnd', '0, 0, 1', 'zeros added after each axis (0 on axis 0)'),
    ],
    defaults: { inputShape: '1, 4, 4', values: '', blockShape: '1, 2, 2', padsBegin: '0, 0, 0', padsEnd: '0, 0, 0' },
    args: (p) => [p.blockShape, p.padsBegin, p.padsEnd],
  },
  {
    id: 'batchToSpace',
    title: 'BatchToSpace',
    spec: 'OpenVINO BatchToSpace-2, TensorFlow BatchToSpaceND',
    intro: 'The inverse of SpaceToBatch: the batch entries are interleaved back into blocks of ' +
      '<code>blockShape[i]</code>, then <code>cropsBegin</code> and <code>cropsEnd</code> cut elements off each axis. ' +
      '<code>batchToSpace(spaceToBatch(x, b, p, q), b, p, q) = x</code>.',
    look: 'Look for: the batch entries woven together pixel by pixel.',
    fields: [
      INPUT_SHAPE, VALUES,
      list('blockShape', 'blockShape', '1, 2, 2', 'the block on each axis (≥ 1; 1 on axis 0)'),
      list('cropsBegin', 'cropsBegin', '0, 0, 1', 'elements cut from the start of each axis (0 on axis 0)'),
      list('cropsEnd', 'cropsEnd', '0, 0, 1', 'elements cut from the end of each axis (0 on axis 0)'),
    ],
    defaults: { inputShape: '4, 2, 2', values: '', blockShape: '1, 2, 2', cropsBegin: '0, 0, 0', cropsEnd: '0, 0, 0' },
    args: (p) => [p.blockShape, p.cropsBegin, p.cropsEnd],
  },
];

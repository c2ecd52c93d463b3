// Concat and split as the page presents them: several inputs joined into
// one output, and one input cut into several outputs.
import { INPUT_SHAPE, INPUT_SHAPES, VALUES, options, scalar } from './fields.mjs';

export const JOIN_OPERATIONS = [
  {
    id: 'concat',
    title: 'Concat',
    spec: 'OpenVINO Concat-1, ONNX Concat, numpy.concatenate',
    inputs: 'xs',
    intro: 'Joins a list of tensors along <code>axis</code>. Every other dim must match; an input may be empty ' +
      'along <code>axis</code>. Here the inputs hold 1, 2, 3, … one after the other, so each keeps its own colours.',
    look: 'Look for: the inputs’ rainbows one after the other along the axis.',
    fields: [
      INPUT_SHAPES,
      scalar('axis', 'axis', '1', 'the axis to join along (negative: from the end)'),
    ],
    defaults: { inputShapes: '2, 2; 2, 3', axis: '1' },
    args: (p) => [p.axis],
  },
  {
    id: 'split',
    title: 'Split',
    spec: 'OpenVINO Split-1 / VariadicSplit-1, ONNX Split-18',
    outputs: 'ys',
    intro: 'Cuts the input along <code>axis</code> into parts: a number <code>k</code> gives <code>k</code> equal ' +
      'parts; a list gives the parts’ lengths, one of which may be <code>-1</code> (the rest). <code>[3]</code> is ' +
      'one part of length 3, not three parts.',
    look: 'Look for: the rainbow cut into consecutive pieces along the axis.',
    fields: [
      INPUT_SHAPE, VALUES,
      {
        name: 'splits', label: 'splits', kind: 'listOrScalar', example: '2, -1',
        hint: 'a number k (k equal parts) or the parts’ lengths in brackets or with commas',
      },
      scalar('axis', 'axis', '1', 'the axis to cut (negative: from the end)'),
    ],
    defaults: { inputShape: '2, 6', values: '', splits: '2, 1, -1', axis: '1' },
    args: (p) => [p.splits, options({ axis: p.axis })],
  },
];

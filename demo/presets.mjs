// Every example of the seed documents (docs/operations.md lists them), and a few more
// that show what the documents do not (marked `extra`). Values are the
// field texts of the page's controls.

import { FAMILY_PRESETS } from './presets_family.mjs';

export const PRESETS = {
  ...FAMILY_PRESETS,
  reshape: [
    {
      label: 'Example 1: empty tensor', note: '[2, 5, 5, 0] with shape [0, 4], specialZero false → [0, 4]',
      set: { inputShape: '2, 5, 5, 0', values: '', shape: '0, 4', specialZero: false },
    },
    {
      label: 'Example 2: keep, infer, fix', note: '[2, 5, 5, 24] with [0, -1, 4], specialZero true → [2, 150, 4]',
      set: { inputShape: '2, 5, 5, 24', values: '', shape: '0, -1, 4', specialZero: true },
    },
    {
      label: 'Example 3: keep two, fix, infer', note: '[2, 2, 3] with [0, 0, 1, -1], specialZero true → [2, 2, 1, 3]',
      set: { inputShape: '2, 2, 3', values: '', shape: '0, 0, 1, -1', specialZero: true },
    },
    {
      label: 'Example 4: infer, keep', note: '[3, 1, 1] with [-1, 0], specialZero true → [3, 1]',
      set: { inputShape: '3, 1, 1', values: '', shape: '-1, 0', specialZero: true },
    },
    {
      label: 'Example 5: keep, infer', note: '[3, 1, 1] with [0, -1], specialZero true → [3, 1]',
      set: { inputShape: '3, 1, 1', values: '', shape: '0, -1', specialZero: true },
    },
    {
      label: 'Matrix to 3-D', note: '[4, 6] with [2, -1, 3]', extra: true,
      set: { inputShape: '4, 6', values: '', shape: '2, -1, 3', specialZero: false },
    },
  ],
  broadcast: [
    {
      label: 'Example 1: numpy', note: '[16, 1, 1] to [1, 16, 50, 50]',
      set: { inputShape: '16, 1, 1', values: '', targetShape: '1, 16, 50, 50', mode: 'numpy', axesMapping: '' },
    },
    {
      label: 'Example 2: explicit [C]', note: '[16] to [1, 16, 50, 50] with axesMapping [1]',
      set: { inputShape: '16', values: '', targetShape: '1, 16, 50, 50', mode: 'explicit', axesMapping: '1' },
    },
    {
      label: 'Example 3: explicit [H, W]', note: '[50, 50] to [1, 50, 50, 16] with axesMapping [1, 2]',
      set: { inputShape: '50, 50', values: '', targetShape: '1, 50, 50, 16', mode: 'explicit', axesMapping: '1, 2' },
    },
    {
      label: 'Example 4: bidirectional', note: '[16, 1, 1] with [1, 1, 50, 50] → [1, 16, 50, 50]',
      set: { inputShape: '16, 1, 1', values: '', targetShape: '1, 1, 50, 50', mode: 'bidirectional', axesMapping: '' },
    },
    {
      label: 'Column to 3-D', note: '[3, 1] to [2, 3, 4] (numpy)', extra: true,
      set: { inputShape: '3, 1', values: '', targetShape: '2, 3, 4', mode: 'numpy', axesMapping: '' },
    },
    {
      label: 'Both grow', note: '[3, 1] with [1, 4], bidirectional → [3, 4]', extra: true,
      set: { inputShape: '3, 1', values: '', targetShape: '1, 4', mode: 'bidirectional', axesMapping: '' },
    },
  ],
  spaceToDepth: [
    {
      label: 'Example 1', note: '[1, 2, 2, 1] = [[[[1], [2]], [[3], [4]]]] → [[[[1, 2, 3, 4]]]]',
      set: { inputShape: '1, 2, 2, 1', values: '1, 2, 3, 4', blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first' },
    },
    {
      label: 'Example 2: depth 3', note: '[1, 2, 2, 3] holding 1 … 12 → [1, 1, 1, 12] holding 1 … 12',
      set: { inputShape: '1, 2, 2, 3', values: '', blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first' },
    },
    {
      label: 'Example 3: 4 × 4', note: '[1, 4, 4, 1] → [1, 2, 2, 4] holding 1 … 16 in order',
      set: {
        inputShape: '1, 4, 4, 1', values: '1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16',
        blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first',
      },
    },
    {
      label: 'NCHW, depth_first', note: '[1, 2, 4, 4], blockSize 2', extra: true,
      set: { inputShape: '1, 2, 4, 4', values: '', blockSize: '2', dataFormat: 'NCHW', mode: 'depth_first' },
    },
    {
      label: 'NCHW_VECT_C', note: '[1, 1, 4, 4, 4]: 4 channels stored innermost', extra: true,
      set: { inputShape: '1, 1, 4, 4, 4', values: '', blockSize: '2', dataFormat: 'NCHW_VECT_C', mode: 'blocks_first' },
    },
  ],
  depthToSpace: [
    {
      label: 'Example 1, inverted', note: '[1, 1, 1, 4] = [[[[1, 2, 3, 4]]]] → [1, 2, 2, 1]',
      set: { inputShape: '1, 1, 1, 4', values: '', blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first' },
    },
    {
      label: 'Example 2, inverted', note: '[1, 1, 1, 12] holding 1 … 12 → [1, 2, 2, 3]',
      set: { inputShape: '1, 1, 1, 12', values: '', blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first' },
    },
    {
      label: 'Example 3, inverted', note: '[1, 2, 2, 4] holding 1 … 16 → the document’s [1, 4, 4, 1] input',
      set: { inputShape: '1, 2, 2, 4', values: '', blockSize: '2', dataFormat: 'NHWC', mode: 'blocks_first' },
    },
    {
      label: 'NCHW, depth_first', note: '[1, 8, 2, 2] → [1, 2, 4, 4] (ONNX CRD)', extra: true,
      set: { inputShape: '1, 8, 2, 2', values: '', blockSize: '2', dataFormat: 'NCHW', mode: 'depth_first' },
    },
  ],
  roll: [
    {
      label: 'Example 1', note: 'shift 1, axes 0: the last row comes first',
      set: { inputShape: '4, 3', values: '', shift: '1', axes: '0' },
    },
    {
      label: 'Example 2', note: 'shift [-1, 2], axes [0, 1]',
      set: { inputShape: '4, 3', values: '', shift: '-1, 2', axes: '0, 1' },
    },
    {
      label: 'Example 3: repeated axis', note: 'shift [1, 2, 1], axes [0, 1, 0]: axis 0 rolls by 2',
      set: { inputShape: '4, 3', values: '', shift: '1, 2, 1', axes: '0, 1, 0' },
    },
    {
      label: 'Layer example 1', note: '[3, 10, 100, 200], 1-D shift and axes (the document gives no values; here [4, 10] on axes [2, 3])',
      set: { inputShape: '3, 10, 100, 200', values: '', shift: '4, 10', axes: '2, 3' },
    },
    {
      label: 'Layer example 2', note: '[3, 10, 100, 200], one shift for two axes (values chosen here: [7] on axes [2, 3])',
      set: { inputShape: '3, 10, 100, 200', values: '', shift: '[7]', axes: '2, 3' },
    },
    {
      label: 'Negative axis', note: '[2, 3, 4], shift -1 on axis -1', extra: true,
      set: { inputShape: '2, 3, 4', values: '', shift: '-1', axes: '-1' },
    },
  ],
};

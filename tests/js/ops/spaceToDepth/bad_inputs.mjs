// spaceToDepth's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { blockSizeCases } from '../_shared/blocks_bad_inputs.mjs';
import { IA, OOM, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { spaceToDepth } from './reference.mjs';

// One of the first release's operations, which carry 30 cases or more (60 for later ones).
export const leastCases = 30;

export default (ops) => ({
  correct() {
    const r = ops.spaceToDepth(x4, 2, { mode: 'depth_first' });
    assertSameBits(r.data, gather(x4.data, spaceToDepth(x4.shape, 2, 'NHWC', 'depth_first').src));
  },
  withX: (x) => ops.spaceToDepth(x, 1, { dataFormat: 'NCHW' }),
  options: {
    call: (o) => ops.spaceToDepth(x4, 2, o),
    unknown: ['data_format', 'dataformat', 'blockSize', 'format'],
    values: [
      ['dataFormat lower case', { dataFormat: 'nhwc' }, ['dataFormat', "'nhwc'"]],
      ['dataFormat misspelled', { dataFormat: 'NHCW' }, ['dataFormat', "'NHCW'"]],
      ['dataFormat NCHW_VECT', { dataFormat: 'NCHW_VECT' }, ['dataFormat', "'NCHW_VECT'"]],
      ['dataFormat a number', { dataFormat: 1 }, ['dataFormat', '1']],
      ['dataFormat null', { dataFormat: null }, ['dataFormat', 'null']],
      ['mode blocks-first', { mode: 'blocks-first' }, ['mode', "'blocks-first'"]],
      ['mode dcr (ONNX\'s name, misspelled)', { mode: 'dcr' }, ['mode', "'dcr'", "'DCR'"]],
      ['mode a boolean', { mode: true }, ['mode', 'true']],
    ],
  },
  cases: [
    ...blockSizeCases(ops, 'spaceToDepth'),
    ['blockSize 2^31 (spatial dims not divisible)', () => ops.spaceToDepth(x4, 2 ** 31), SM, ['blockSize', '2147483648']],
    ['blockSize 2^32 (spatial dims not divisible)', () => ops.spaceToDepth(x4, 2 ** 32), SM, ['blockSize', '4294967296']],
    ['blockSize^3 overflowing 64 bits', () => ops.shapes.spaceToDepth([1, 1, 0, 0, 0], 2 ** 22, { dataFormat: 'NCHW' }), IA,
      ['blockSize', '4194304', '64 bits']],
    ['output depth beyond 2^53', () => ops.shapes.spaceToDepth([1, 2 ** 40, 2 ** 10, 2 ** 10], 2 ** 10, { dataFormat: 'NCHW' }),
      OOM, ['[1, 1099511627776, 1024, 1024]', 'blockSize']],
    ['NHWC of rank 3', () => ops.spaceToDepth(f32([4, 4, 2]), 2), IA, ['x.shape', '[4, 4, 2]', 'NHWC']],
    ['NCHW_VECT_C last dim 2', () => ops.spaceToDepth(f32([1, 1, 4, 4, 2]), 2, { dataFormat: 'NCHW_VECT_C' }), IA,
      ['x.shape', '[1, 1, 4, 4, 2]']],
    ['out too long', () => ops.spaceToDepth(x4, 2, { out: new Float32Array(33) }), IA, ['out', '33', '32']],
  ],
});

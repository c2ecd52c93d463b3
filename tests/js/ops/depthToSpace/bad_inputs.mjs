// depthToSpace's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { blockSizeCases } from '../_shared/blocks_bad_inputs.mjs';
import { IA, OOM, SM, assertSameBits, detached, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { depthToSpace } from './reference.mjs';

// One of the first release's operations, which carry 30 cases or more (60 for later ones).
export const leastCases = 30;

export default (ops) => ({
  correct() {
    const r = ops.depthToSpace(x4, 1, { dataFormat: 'NCHW' });
    assertSameBits(r.data, x4.data);
    const s = ops.depthToSpace(f32([1, 1, 1, 8]), 2);
    assertSameBits(s.data, gather(Float32Array.from({ length: 8 }, (_, i) => i), depthToSpace([1, 1, 1, 8], 2).src));
  },
  withX: (x) => ops.depthToSpace(x, 1, { dataFormat: 'NCHW' }),
  options: {
    call: (o) => ops.depthToSpace(x4, 1, o),
    unknown: ['data_format', 'Mode', 'block_size', 'axis'],
    values: [
      ['dataFormat NHWC with a space', { dataFormat: ' NHWC' }, ['dataFormat', "' NHWC'"]],
      ['dataFormat CHWN', { dataFormat: 'CHWN' }, ['dataFormat', "'CHWN'"]],
      ['dataFormat an array', { dataFormat: ['NHWC'] }, ['dataFormat', "['NHWC']"]],
      ['mode Crd (ONNX\'s name, misspelled)', { mode: 'Crd' }, ['mode', "'Crd'", "'CRD'"]],
      ['mode depthfirst', { mode: 'depthfirst' }, ['mode', "'depthfirst'"]],
      ['mode a number', { mode: 1 }, ['mode', '1']],
    ],
  },
  cases: [
    ...blockSizeCases(ops, 'depthToSpace'),
    ['blockSize 2^31 (depth not divisible)', () => ops.depthToSpace(x4, 2 ** 31), SM, ['blockSize', '2147483648']],
    ['blockSize 2^32 (blockSize^2 overflowing 64 bits)', () => ops.depthToSpace(x4, 2 ** 32), IA,
      ['blockSize', '4294967296', '64 bits']],
    ['output beyond 4 GiB', () => ops.shapes.depthToSpace([1, 2 ** 40, 2 ** 10, 2 ** 10], 2 ** 20, { dataFormat: 'NCHW' }),
      OOM, ['[1, 1, 1073741824, 1073741824]']],
    ['NCHW of rank 2', () => ops.depthToSpace(f32([4, 4]), 1, { dataFormat: 'NCHW' }), IA, ['x.shape', '[4, 4]', 'NCHW']],
    ['NCHW_VECT_C output not whole quads', () => ops.depthToSpace(f32([1, 1, 1, 1, 4]), 2, { dataFormat: 'NCHW_VECT_C' }),
      SM, ['x.shape', '[1, 1, 1, 1, 4]']],
    ['out detached', () => ops.depthToSpace(x4, 1, { out: detached(32) }), IA, ['out']],
  ],
});

// broadcast's bad inputs, run by tests/js/bad_inputs.test.mjs with the checks every
// operation gets (the fields are described in tests/js/ops/roll/bad_inputs.mjs).
import { IA, OOM, SM, assertSameBits, f32, gather, x4 } from '../_shared/bad_input_kit.mjs';
import { broadcast } from './reference.mjs';

// One of the first release's operations, which carry 30 cases or more (60 for later ones).
export const leastCases = 30;

export default (ops) => ({
  correct() {
    const r = ops.broadcast(x4, [3, 1, 4, 4, 2]);
    assertSameBits(r.data, gather(x4.data, broadcast(x4.shape, [3, 1, 4, 4, 2]).src));
  },
  withX: (x) => ops.broadcast(x, [1], { mode: 'bidirectional' }),
  lists: [
    ['targetShape', (v) => ops.broadcast(x4, v)],
    ['axesMapping', (v) => ops.broadcast(x4, [1, 4, 4, 2], { mode: 'explicit', axesMapping: v })],
  ],
  // undefined axesMapping is no axesMapping: explicit mode then lacks one (a case below).
  skipUndefined: ['axesMapping'],
  options: {
    call: (o) => ops.broadcast(x4, [2, 1, 4, 4, 2], o),
    unknown: ['Mode', 'axes_mapping', 'axes', 'specialZero'],
    values: [
      ['mode misspelled', { mode: 'nmupy' }, ['mode', "'nmupy'"]],
      ['mode in capitals', { mode: 'NUMPY' }, ['mode', "'NUMPY'"]],
      ['mode with a space', { mode: 'numpy ' }, ['mode', "'numpy '"]],
      ['mode explict', { mode: 'explict' }, ['mode', "'explict'"]],
      ['mode ONNX\'s name', { mode: 'unidirectional' }, ['mode', "'unidirectional'"]],
      ['mode empty', { mode: '' }, ['mode', "''"]],
      ['mode a number', { mode: 0 }, ['mode', '0']],
      ['mode null', { mode: null }, ['mode', 'null']],
      ['mode an object', { mode: {} }, ['mode', 'an object']],
      ['mode a String object', { mode: new String('numpy') }, ['mode', 'a String']],
      ['axesMapping without explicit', { axesMapping: [1, 2, 3, 4] }, ['axesMapping', '[1, 2, 3, 4]', 'explicit']],
      ['explicit without axesMapping', { mode: 'explicit' }, ['axesMapping', 'explicit']],
    ],
  },
  cases: [
    ['targetShape with a negative dim', () => ops.broadcast(x4, [2, -4, 4, 2]), IA, ['targetShape', '-4']],
    ['targetShape with 2^53 + 1 as a bigint', () => ops.broadcast(x4, [2n ** 53n + 1n, 4, 4, 2]), IA,
      ['targetShape', '9007199254740993']],
    ['targetShape of volume 2^64', () => ops.broadcast(x4, [2 ** 32, 2 ** 32, 4, 2]), IA,
      ['targetShape', '64 bits']],
    ['targetShape needing 128 GiB', () => ops.broadcast(x4, [2 ** 30, 4, 4, 2]), OOM,
      ['[1073741824, 4, 4, 2]']],
    ['targetShape of 2^52 elements', () => ops.broadcast(x4, [2 ** 47, 1, 4, 4, 2]), OOM,
      ['[140737488355328, 1, 4, 4, 2]']],
    ['axesMapping with 2^32', () => ops.broadcast(f32([4]), [4, 4], { mode: 'explicit', axesMapping: [2 ** 32] }), IA,
      ['axesMapping', '4294967296']],
    ['axesMapping negative', () => ops.broadcast(f32([4]), [4, 4], { mode: 'explicit', axesMapping: [-1] }), IA,
      ['axesMapping', '-1']],
    ['axesMapping repeated', () => ops.broadcast(f32([1, 1]), [4, 4], { mode: 'explicit', axesMapping: [1, 1] }), IA,
      ['axesMapping', '[1, 1]']],
    ['axesMapping too long', () => ops.broadcast(f32([4]), [4, 4], { mode: 'explicit', axesMapping: [0, 1] }), IA,
      ['axesMapping', '[0, 1]']],
    ['numpy dims not matching', () => ops.broadcast(x4, [1, 4, 3, 2]), SM, ['targetShape', '[1, 4, 3, 2]']],
    ['out too short', () => ops.broadcast(x4, [2, 1, 4, 4, 2], { out: new Float32Array(63) }), IA, ['out', '63', '64']],
  ],
});

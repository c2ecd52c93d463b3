// 5. Greedy decoding's input: the last token's logits of [1, 128, 32000].
//
// Library: one plain slice into the caller's array (out). JavaScript: one
// TypedArray.set of the row's subarray (a bare subarray would copy nothing,
// but the model's next run reuses the logits' buffer, so both copy).
import { floats } from './common.mjs';

const T = 128;
const V = 32000;

export default {
  id: 'last-token',
  title: 'last-token logits (slice, plain)',
  sizes: '[1,128,32000] f32 -> [1,1,32000] f32',
  make(ops) {
    const logits = floats(T * V, -10, 10, 13);
    const outL = new Float32Array(V);
    const outJ = new Float32Array(V);
    const x = { data: logits, shape: [1, T, V] };
    const tiny = { data: new Float32Array(16), shape: [1, 2, 8] };
    const tinyOut = new Float32Array(8);
    return {
      calls: 'slice (plain, out)',
      inJs: '',
      library: () => ops.slice(x, [T - 1], [T], { axes: [1], out: outL }),
      js: () => outJ.set(logits.subarray((T - 1) * V, T * V)),
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['the same call on a [1, 2, 8] tensor (the fixed cost of a call)', () => ops.slice(tiny, [1], [2], { axes: [1], out: tinyOut }), 'alt'],
      ],
      dispose: () => {},
    };
  },
};

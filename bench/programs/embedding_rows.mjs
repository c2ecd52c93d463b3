// 4. Embedding lookup: 128 token ids -> their rows of a [32000, 512]
// float32 table held as a plain array (as a model's weights are).
//
// Library: one plain gather into the caller's array (out). JavaScript: one
// TypedArray.set of a subarray per row.
import { floats } from './common.mjs';

const V = 32000;
const D = 512;
const T = 128;

export default {
  id: 'embedding-rows',
  title: 'embedding rows (gather, plain table)',
  sizes: '[32000,512] f32, 128 ids -> [128,512] f32',
  make(ops) {
    const table = floats(V * D, -1, 1, 11);
    const ids = Int32Array.from({ length: T }, (_, i) => (i * 7919 + 13) % V);
    const outL = new Float32Array(T * D);
    const outJ = new Float32Array(T * D);
    const x = { data: table, shape: [V, D] };
    const tiny = { data: new Float32Array(16), shape: [2, 8] };
    const tinyOut = new Float32Array(8);
    const oneId = new Int32Array([1]);
    return {
      calls: 'gather (plain, out)',
      inJs: '',
      library: () => ops.gather(x, ids, { out: outL }),
      js: () => {
        for (let i = 0; i < T; i++) {
          const at = ids[i] * D;
          outJ.set(table.subarray(at, at + D), i * D);
        }
      },
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['one row of a [2, 8] table (the fixed cost of a call)', () => ops.gather(tiny, oneId, { out: tinyOut }), 'alt'],
      ],
      dispose: () => {},
    };
  },
};

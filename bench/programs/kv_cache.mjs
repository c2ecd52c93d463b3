// 13. A KV-cache update: the keys of 8 new tokens written as rows 500-507
// of a [1024, 512] float32 cache, into the array the next step reads.
//
// Library: one scatterND of the kept cache, the positions and the new rows
// into the caller's array (out): the result is a copy of the cache with the
// rows written, so it moves the whole cache. JavaScript: the same result,
// a set of the cache then one of the new rows. (A user who owns the cache
// array updates it in place, one set of the rows: 64x fewer bytes; the
// library has no in-place scatter.)
import { floats } from './common.mjs';

const L = 1024;
const D = 512;
const N = 8;

export default {
  id: 'kv-cache',
  title: 'KV-cache rows (scatterND, kept cache)',
  sizes: '[1024,512] f32 + [8,512] f32 -> [1024,512] f32',
  make(ops) {
    const start = floats(L * D, -1, 1, 23);
    const cache = ops.tensor(start, [L, D]);
    const positions = { data: Int32Array.from({ length: N }, (_, i) => 500 + i), shape: [N, 1] };
    const rows = { data: floats(N * D, -1, 1, 29), shape: [N, D] };
    const outL = new Float32Array(L * D);
    const outJ = new Float32Array(L * D);
    return {
      calls: 'scatterND (kept cache, out)',
      inJs: '',
      library: () => ops.scatterND(cache, positions, rows, { out: outL }),
      js: () => {
        outJ.set(start);
        outJ.set(rows.data, 500 * D);
      },
      outputs: { library: [outL], js: [outJ] },
      steps: [],
      dispose: () => cache.dispose(),
    };
  },
};

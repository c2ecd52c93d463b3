// 13. A KV-cache update: the keys of 8 new tokens written as rows 500-507
// of a [1024, 512] float32 cache that the caller owns, in place.
//
// Library: one scatterND of the cache, the positions and the new rows with
// `out` the cache's own array: JavaScript runs a scatter of plain arrays
// without a reduction, so only the rows are written (checked before any is).
// JavaScript: one set of the new rows.
import { floats } from './common.mjs';

const L = 1024;
const D = 512;
const N = 8;

export default {
  id: 'kv-cache',
  title: 'KV-cache rows (scatterND in place)',
  sizes: '[1024,512] f32 + [8,512] f32 -> the same [1024,512] f32',
  make(ops) {
    const start = floats(L * D, -1, 1, 23);
    const cacheL = { data: start.slice(), shape: [L, D] };
    const cacheJ = start.slice();
    const positions = { data: Int32Array.from({ length: N }, (_, i) => 500 + i), shape: [N, 1] };
    const rows = { data: floats(N * D, -1, 1, 29), shape: [N, D] };
    return {
      calls: 'scatterND (plain cache, out: the cache)',
      inJs: '',
      library: () => ops.scatterND(cacheL, positions, rows, { out: cacheL.data }),
      js: () => {
        cacheJ.set(rows.data, 500 * D);
      },
      outputs: { library: [cacheL.data], js: [cacheJ] },
      steps: [],
      restore: () => {
        cacheL.data.set(start);
        cacheJ.set(start);
      },
      dispose: () => {},
    };
  },
};

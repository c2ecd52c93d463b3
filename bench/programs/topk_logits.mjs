// 11. Sampling's candidates: the 50 best of a language model's logits
// [1, 32000], values and token ids (top-k sampling, beam search).
//
// Library: one topK into the caller's arrays (out). JavaScript: the partial
// sort a competent developer writes, the 50 best kept sorted, most logits
// turned away by one comparison with the worst of them (ties: the smaller
// id first, as topK's rule).
import { floats } from './common.mjs';

const V = 32000;
const K = 50;

export default {
  id: 'topk-logits',
  title: 'top-50 of logits (topK, plain)',
  sizes: '[1,32000] f32 -> [1,50] f32 + [1,50] i32',
  make(ops) {
    const logits = floats(V, -10, 10, 17);
    const x = { data: logits, shape: [1, V] };
    const outL = [new Float32Array(K), new Int32Array(K)];
    const values = new Float32Array(K);
    const ids = new Int32Array(K);
    const js = () => {
      let n = 0;
      for (let i = 0; i < V; i++) {
        const v = logits[i];
        if (n === K && !(v > values[K - 1])) continue;
        let j = n < K ? n++ : K - 1;
        for (; j > 0 && values[j - 1] < v; j--) {
          values[j] = values[j - 1];
          ids[j] = ids[j - 1];
        }
        values[j] = v;
        ids[j] = i;
      }
    };
    return {
      calls: 'topK (plain, out)',
      inJs: '',
      library: () => ops.topK(x, K, { out: outL }),
      js,
      outputs: { library: outL, js: [values, ids] },
      steps: [],
      dispose: () => {},
    };
  },
};

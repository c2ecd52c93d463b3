// 12. An attention mask for 1024 tokens: 0 where a token may look (itself
// and before), -Infinity after, [1024, 1024] float32.
//
// Library: triangular of a kept square of ones (a bool view would do: the
// ones are made once, as a user keeps them), then where into the caller's
// array with a float32 zero and -Infinity. JavaScript: the double loop.
const T = 1024;

export default {
  id: 'causal-mask',
  title: 'causal attention mask (triangular + where)',
  sizes: '[1024,1024] bool -> [1024,1024] f32',
  make(ops) {
    const ones = ops.tensor(new Uint8Array(T * T).fill(1), [T, T], 'bool');
    const zero = { data: new Float32Array(1), shape: [] };
    const outL = new Float32Array(T * T);
    const outJ = new Float32Array(T * T);
    return {
      calls: 'triangular (kept) + where (out)',
      inJs: '',
      library: () => {
        const allowed = ops.triangular(ones, { upper: false });
        ops.where(allowed, zero, -Infinity, { out: outL });
        allowed.dispose();
      },
      js: () => {
        for (let i = 0, at = 0; i < T; i++) {
          for (let j = 0; j < T; j++, at++) outJ[at] = j <= i ? 0 : -Infinity;
        }
      },
      outputs: { library: [outL], js: [outJ] },
      steps: [
        ['triangular alone (kept)', () => ops.triangular(ones, { upper: false }).dispose(), 'alt'],
      ],
      dispose: () => ones.dispose(),
    };
  },
};

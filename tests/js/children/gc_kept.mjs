// Run by kept_tensors.test.mjs as `node --expose-gc gc_kept.mjs`: kept tensors
// dropped without dispose() are freed by the garbage collector, and a
// reshaped view that is still referenced keeps its memory readable. The
// second batch forgets more tensors in one synchronous run than wait to be
// registered at the end of a job (kept_tensor.mjs's nursery), between
// tensors disposed at once.
import { loadOps } from '../load_ops.mjs';

const ops = await loadOps();
ops.tensor(new Int32Array(4), [4]).dispose();
const base = ops.memory();

function makeGarbage() {
  for (let i = 0; i < 20; i++) {
    const t = ops.tensor(new Float32Array(1000).fill(i), [10, 100]);
    ops.roll(ops.reshape(t, [100, 10]), 1, 0); // two more kept tensors, all dropped
  }
  const small = ops.tensor(Int8Array.from([1, 2, 3, 4]), [4]);
  for (let i = 0; i < 3000; i++) {
    const r = ops.roll(small, 1, 0);
    if (i % 3 !== 0) r.dispose(); // 1000 of them forgotten
  }
  small.dispose();
  const original = ops.tensor(Int32Array.from([7, 8, 9, 10]), [2, 2]);
  return ops.reshape(original, [4]); // the original is dropped, its view kept
}
const survivor = makeGarbage();
const during = ops.memory();

const tick = () => new Promise((resolve) => setImmediate(resolve));
for (let i = 0; i < 50 && ops.memory().keptTensors > 1; i++) {
  globalThis.gc();
  await tick();
}
const after = ops.memory();
const values = Array.from(survivor.toArray());
survivor.dispose();
console.log(JSON.stringify({ base, during, after, values, end: ops.memory() }));

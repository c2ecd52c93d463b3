// How a call's time depends on the pool size: the same large calls on
// modules loaded with 1, 2, 3, 4 and 8 threads, rounds interleaved (a
// shared machine's drifts hit every pool alike), kept tensors so that only
// the operation runs. Runs in Node and in a browser page alike.

const MiB = 1024 * 1024;
const CASES = [
  { name: 'transpose float32 [2048, 2048] (16 MiB)', shape: [2048, 2048], Array: Float32Array, call: (ops, t) => ops.transpose(t, [1, 0]) },
  { name: 'transpose float32 [4096, 4096] (64 MiB)', shape: [4096, 4096], Array: Float32Array, call: (ops, t) => ops.transpose(t, [1, 0]) },
  { name: 'roll uint8 [4096, 4096] (16 MiB)', shape: [4096, 4096], Array: Uint8Array, call: (ops, t) => ops.roll(t, [1, 1], [0, 1]) },
  { name: 'pad reflect float32 [1, 1024, 1024, 4] (16 MiB)', shape: [1, 1024, 1024, 4], Array: Float32Array,
    call: (ops, t) => ops.pad(t, [0, 8, 8, 0], [0, 8, 8, 0], { mode: 'reflect' }) },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * @param load the package's load()
 * @returns {{ threads: Record<number, number>, cases: { name, bytes, median: Record<n, ms>, best: Record<n, ms> }[] }}
 */
export async function measurePools(load, { threadCounts = [1, 2, 3, 4, 8], rounds = 9 } = {}) {
  const modules = {};
  const running = {};
  for (const n of threadCounts) {
    modules[n] = await load({ threads: n });
    running[n] = modules[n].backend.threads;
  }
  const cases = [];
  for (const c of CASES) {
    const count = c.shape.reduce((a, b) => a * b, 1);
    const data = new c.Array(count);
    for (let i = 0; i < count; i++) data[i] = i % 251;
    const inputs = Object.fromEntries(threadCounts.map((n) => [n, modules[n].tensor(data, c.shape)]));
    const times = Object.fromEntries(threadCounts.map((n) => [n, []]));
    for (const n of threadCounts) c.call(modules[n], inputs[n]).dispose(); // warm-up: memory grown, pages touched
    for (let r = 0; r < rounds; r++) {
      for (const n of threadCounts) {
        const t0 = performance.now();
        const y = c.call(modules[n], inputs[n]);
        times[n].push(performance.now() - t0);
        y.dispose();
      }
    }
    for (const n of threadCounts) inputs[n].dispose();
    cases.push({
      name: c.name,
      bytes: count * c.Array.BYTES_PER_ELEMENT / MiB,
      median: Object.fromEntries(threadCounts.map((n) => [n, median(times[n])])),
      best: Object.fromEntries(threadCounts.map((n) => [n, Math.min(...times[n])])),
    });
  }
  return { threads: running, cases };
}

// Timing on a shared, noisy machine: every contender of a case runs once per
// round, rounds interleave them, and each keeps its best time, so drifts in
// machine load hit all contenders alike and ratios stay meaningful.

/** Rounds for a case moving `bytes`: more for small ones, fewer for 64 MiB. */
export function roundsFor(bytes, scale = 1) {
  const base = bytes <= 64 * 1024 ? 40 : bytes <= 2 * 1024 * 1024 ? 20 : 7;
  return Math.max(3, Math.round(base * scale));
}

// Warms a contender up for ~20 ms (V8 optimizes a function only after
// many calls: one warm-up call left microsecond calls timed half
// interpreted, 2-3x slow), then returns the calls one sample makes so that
// it lasts ~2 ms (timer resolution, and the await of async contenders, then
// cost little per call).
async function warmUp(fn, isAsync) {
  let calls = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (elapsed < 20 && calls < 20000) {
    if (isAsync) await fn();
    else fn();
    calls++;
    elapsed = performance.now() - t0;
  }
  const once = Math.max(elapsed / calls, 0.001);
  return Math.max(1, Math.min(2000, Math.ceil(2 / once)));
}

/**
 * @param {Record<string, () => (void|Promise<void>)>} contenders  async ones return a promise
 * @returns {Promise<Record<string, number>>} best milliseconds per call of each
 */
export async function bestTimes(contenders, rounds) {
  const names = Object.keys(contenders);
  const calls = {};
  const isAsync = {};
  for (const name of names) {
    const first = contenders[name](); // first-touch page faults
    isAsync[name] = first instanceof Promise;
    if (isAsync[name]) await first;
    calls[name] = await warmUp(contenders[name], isAsync[name]);
  }
  const best = Object.fromEntries(names.map((n) => [n, Infinity]));
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      const fn = contenders[name];
      const k = calls[name];
      const t0 = performance.now();
      if (isAsync[name]) {
        for (let i = 0; i < k; i++) await fn();
      } else {
        for (let i = 0; i < k; i++) fn();
      }
      best[name] = Math.min(best[name], (performance.now() - t0) / k);
    }
  }
  return best;
}

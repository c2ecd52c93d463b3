// Timing on a shared, noisy machine: every contender of a case runs once per
// round, rounds interleave them, and each keeps its best time, so drifts in
// machine load hit all contenders alike and ratios stay meaningful.

/** Rounds for a case moving `bytes`: more for small ones, fewer for 64 MiB. */
export function roundsFor(bytes, scale = 1) {
  const base = bytes <= 64 * 1024 ? 40 : bytes <= 2 * 1024 * 1024 ? 20 : 7;
  return Math.max(3, Math.round(base * scale));
}

// Warms a contender up until V8 has optimized its whole path, then returns
// the calls one sample makes so that it lasts ~2 ms (timer resolution, and
// the await of async contenders, then cost little per call). The path is
// many JavaScript functions and wasm tiered up from its baseline compiler:
// a kept 16 KiB where() took 91 µs a call over its first 1000 calls and
// reached its steady 2.7-3 µs only after about 12000 calls (200 ms). A
// 20 ms warm-up sized its samples to 22 calls from the slow start, and its
// best of 60 rounds was 8.3 µs. So: at least 20 ms, then up to 20000 calls
// or 400 ms, and the sample sized by a last 5 ms of warm calls.
async function warmUp(fn, isAsync) {
  const run = async (until) => {
    let calls = 0;
    const t0 = performance.now();
    let elapsed = 0;
    while (!until(calls, elapsed)) {
      if (isAsync) await fn();
      else fn();
      calls++;
      elapsed = performance.now() - t0;
    }
    return elapsed / calls;
  };
  await run((calls, elapsed) => elapsed >= 20 && (calls >= 20000 || elapsed >= 400));
  const once = Math.max(await run((calls, elapsed) => elapsed >= 5 && calls >= 1), 0.001);
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

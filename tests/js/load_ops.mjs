// The module under test: the threaded build (simd-mt) when
// TENSOR_OPS_TEST_THREADS is 2 (the default), the single-threaded one at 1.
import { setTimeout as sleep } from 'node:timers/promises';
import { load } from '../../web/node.mjs';

export const THREADS = Number(process.env.TENSOR_OPS_TEST_THREADS ?? 2);

/**
 * load({ threads: THREADS }), then waits until heapBytes has been steady for
 * 50 ms: the threaded build's workers finish starting (and allocate a few
 * bytes) shortly after load() resolves, which would make heap baselines flaky.
 */
export async function loadOps() {
  const ops = await load({ threads: THREADS });
  let last = ops.memory().heapBytes;
  for (let steady = 0, i = 0; steady < 5 && i < 100; i++) {
    await sleep(10);
    const now = ops.memory().heapBytes;
    steady = now === last ? steady + 1 : 0;
    last = now;
  }
  return ops;
}

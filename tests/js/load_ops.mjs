// The module under test: the threaded build (simd-mt) when
// TENSOR_OPS_TEST_THREADS is 2 (the default), the single-threaded one at 1.
// Heap baselines taken right after loading rely on load() returning a module
// whose workers have all started (checked in load.test.mjs).
import { load } from '../../web/node.mjs';

export const THREADS = Number(process.env.TENSOR_OPS_TEST_THREADS ?? 2);

export function loadOps() {
  return load({ threads: THREADS });
}

// A worker thread of concurrency.test.mjs with a module of its own: runs the
// random cases of its seed (each checked against the reference) and the large
// calls, and posts their digests back.
import { parentPort, workerData } from 'node:worker_threads';
import { load } from '../../../web/node.mjs';
import { runLarge, runSeed } from './concurrency_cases.mjs';

const { threads, seed, count, large } = workerData;
try {
  const ops = await load({ threads });
  const before = ops.memory().heapBytes;
  const digests = runSeed(ops, seed, count);
  const largeDigests = large ? runLarge(ops, 2) : [];
  const after = ops.memory();
  parentPort.postMessage({ digests, largeDigests, heapBefore: before, heapAfter: after.heapBytes, kept: after.keptTensors,
    backend: ops.backend });
} catch (error) {
  parentPort.postMessage({ error: String(error && error.stack ? error.stack : error) });
}

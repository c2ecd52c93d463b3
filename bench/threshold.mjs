// Finds the engine's parallel threshold: for copies of 16 KiB to 1 MiB, the
// threaded build's time with the pool always used vs never used, in one run.
// Prints the ratio per size; the threshold is the size from which the pool
// wins. node bench/threshold.mjs
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { createOps } from '../web/api.mjs';
import { bestTimes } from './timing.mjs';

const require = createRequire(import.meta.url);
const dist = fileURLToPath(new URL('../dist/node/', import.meta.url));
const factory = require(`${dist}tensor_ops-simd-mt.js`);
const module = await factory({ wasmBinary: readFileSync(`${dist}tensor_ops-simd-mt.wasm`), tensorOpsPoolSize: 1 });
const ops = createOps(module, { variant: 'simd-mt', simd: true, threads: module.startPool(2) });

const cases = {
  'spaceToDepth NCHW': (t) => ops.spaceToDepth(ops.reshape(t, [1, 4, 8, -1]), 2, { dataFormat: 'NCHW' }),
  'depthToSpace NHWC': (t) => ops.depthToSpace(ops.reshape(t, [1, 8, -1, 16]), 2),
  roll: (t) => ops.roll(ops.reshape(t, [8, -1]), [3, 5], [0, 1]),
  'broadcast inner': (t, n, small) => ops.broadcast(small, [1, 16, n / 16]),
};
console.log('size     ' + Object.keys(cases).map((k) => k.padStart(18)).join('') + '   (never / always: > 1 means the pool helps)');
for (let bytes = 16 * 1024; bytes <= 1024 * 1024; bytes *= 2) {
  const n = bytes / 4;
  const t = ops.tensor(new Float32Array(n), [n]);
  const small = ops.tensor(new Float32Array(16), [16, 1]);
  const row = [];
  for (const f of Object.values(cases)) {
    const run = () => f(t, n, small).dispose();
    const times = await bestTimes({
      never: () => { module.setParallelMinBytes(Number.MAX_SAFE_INTEGER); run(); },
      always: () => { module.setParallelMinBytes(0); run(); },
    }, 30);
    row.push((times.never / times.always).toFixed(2).padStart(18));
  }
  console.log(`${String(bytes / 1024).padStart(5)} KiB${row.join('')}`);
  t.dispose();
  small.dispose();
}
for (const w of [...module.PThread.unusedWorkers, ...module.PThread.runningWorkers]) w.unref();

// The package's entry for Node.js: picks and instantiates a wasm build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

import { createOps } from './api.mjs';
import { MAX_THREADS, readLoadOptions, variantFile } from './load_options.mjs';

export { TensorOpsError } from './errors.mjs';
import { loadFailed } from './errors.mjs';
export { KeptTensor } from './kept_tensor.mjs';
export { DTYPES } from './dtypes.mjs';
export { fromOrt, toOrt } from './ort.mjs';

const require = createRequire(import.meta.url);
const distDir = fileURLToPath(new URL('../dist/node/', import.meta.url));

/** True where the threaded build can run: in Node, always (worker threads, SharedArrayBuffer). */
export function threadsAvailable() {
  return true;
}

function defaultThreads() {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

// Pthread workers keep Node's event loop alive; an idle library must not.
// Every worker the module will use exists once the pool has started (the
// pool never grows), so unref'ing them at load is enough.
function unrefWorkers(module) {
  const pool = module.PThread;
  if (!pool) return;
  for (const worker of pool.unusedWorkers) worker.unref();
  for (const worker of pool.runningWorkers) worker.unref();
}

/**
 * Loads a ready module. Node always runs threads: the simd-mt build unless
 * `threads: 1` asks for the single-threaded one.
 */
export async function load(opts) {
  const { threads: wanted, locateFile, wasmBinary } = readLoadOptions(opts);
  const threads = wanted ?? Math.max(1, Math.min(defaultThreads(), MAX_THREADS));
  const variant = threads > 1 ? 'simd-mt' : 'simd-st';
  // As in browsers: backend.reason says why the single-threaded build runs.
  const reason = wanted === 1 ? 'load({ threads: 1 }) asked for one thread' : 'this machine has one core';
  const locate = (name) => (locateFile ? locateFile(name) : distDir + name);
  // What the glue prints while it loads is kept for the error, not written to stderr.
  const printed = [];
  let loading = true;
  // The glue fills in this object; keep it to stop its pool if loading fails.
  const moduleArg = {
    locateFile: locate,
    // The calling thread works too, so the pool holds threads - 1 workers.
    tensorOpsPoolSize: threads - 1,
    printErr: (text) => (loading ? printed.push(text) : console.error(text)),
  };
  let module;
  try {
    const factory = require(distDir + variantFile(variant, 'js'));
    // 3.1.6 would fetch() a file path under Node 18+ and fail: hand it the bytes.
    moduleArg.wasmBinary = wasmBinary ?? readFileSync(locate(variantFile(variant, 'wasm')));
    module = await factory(moduleArg);
  } catch (error) {
    moduleArg.PThread?.terminateAllThreads();
    throw loadFailed(variant, wasmBinary ? 'wasmBinary' : locate(variantFile(variant, 'wasm')), error, printed);
  }
  loading = false;
  const running = module.startPool(threads);
  unrefWorkers(module);
  const backend = { variant, simd: true, threads: running };
  if (variant === 'simd-st') backend.reason = reason;
  return createOps(module, backend);
}

// The package's entry for Node.js, Deno and Bun: picks and instantiates a wasm build.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

import { createOps } from './api.mjs';
import { IS_DENO, denoWorker } from './deno_worker.mjs';
import { MAX_THREADS, readLoadOptions, variantFile } from './load_options.mjs';
import { watchPoolStart } from './pool_start.mjs';

export { TensorOpsError } from './errors.mjs';
import { loadFailed } from './errors.mjs';
export { KeptTensor } from './kept_tensor.mjs';
export { DTYPES } from './dtypes.mjs';
export { fromOrt, toOrt } from './ort.mjs';

const require = createRequire(import.meta.url);
const distDir = fileURLToPath(new URL('../dist/node/', import.meta.url));

/** True where the threaded build can run: in Node, Deno and Bun, always (worker threads, SharedArrayBuffer). */
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

const WORKER = variantFile('simd-mt', 'worker.js');

// Copies between the threaded build's memory (a SharedArrayBuffer) and the
// caller's arrays. V8's TypedArray.prototype.set copies shared memory one
// relaxed atomic word at a time, and byte by byte where the two sides are
// not 8-byte aligned alike. Node's Buffer.prototype.fill with an array as
// the value is one memcpy of it when the range is the value's length, in
// every Node from 20 on and at any alignment. 1 MiB, Node 20, 24 and 26,
// one run each: set 84-196 µs aligned and 660-750 misaligned, fill 29-44
// µs either way, a copy between plain arrays 29-32 µs. Below 2 KiB, set's
// call costs less. Inside one buffer (where memcpy's ranges could overlap)
// set stays. Node alone: Deno's and Bun's Buffer are their own.
const bufferFill = Buffer.prototype.fill;
const IS_NODE = !IS_DENO && typeof process?.versions?.bun !== 'string';
function copyRangeByFill(from, start, end, to, at) {
  if (end - start >= 2048 && from.buffer !== to.buffer) bufferFill.call(to, from.subarray(start, end), at, at + end - start);
  else to.set(from.subarray(start, end), at);
}

let warned = false;
function warnOnce(message) {
  if (!warned) console.warn(`wasm-tensor-ops: ${message}`);
  warned = true;
}

// A build's glue factory and .wasm bytes, or LOAD_FAILED: a missing or
// unreadable file is no reason to try the other build.
function readBuild(variant, locate, wasmBinary) {
  const from = () => (wasmBinary ? 'wasmBinary' : locate(variantFile(variant, 'wasm')));
  try {
    const factory = require(distDir + variantFile(variant, 'js'));
    // 3.1.6 would fetch() a file path under Node 18+ and fail: hand it the bytes.
    const bytes = wasmBinary ?? readFileSync(locate(variantFile(variant, 'wasm')));
    return { variant, factory, bytes, from };
  } catch (error) {
    throw loadFailed(variant, from(), error);
  }
}

// The build started, or LOAD_FAILED with the cause and what the glue printed
// meanwhile (kept for the error rather than written to stderr).
async function startBuild({ variant, factory, bytes, from }, threads, locate) {
  const printed = [];
  let loading = true;
  // The glue fills in this object; keep it to stop its pool if the start fails.
  const moduleArg = {
    locateFile: (name) => (IS_DENO && name === WORKER ? denoWorker(locate(name)) : locate(name)),
    // The calling thread works too, so the pool holds threads - 1 workers.
    tensorOpsPoolSize: threads - 1,
    printErr: (text) => (loading ? printed.push(text) : console.error(text)),
    wasmBinary: bytes,
  };
  try {
    const ready = factory(moduleArg); // creates the pool's workers before it returns
    const pool = watchPoolStart(moduleArg);
    const module = await Promise.race([ready, pool.failed]);
    pool.started();
    loading = false;
    return module;
  } catch (error) {
    // Terminated, the pool's workers cannot keep the process alive.
    moduleArg.PThread?.terminateAllThreads();
    throw loadFailed(variant, from(), error, printed);
  }
}

/**
 * Loads a ready module: the simd-mt build unless `threads: 1` asks for the
 * single-threaded one, or the threaded build fails to start on this host
 * (then simd-st runs, backend.reason says why, and a warning is printed once).
 */
export async function load(opts) {
  const { threads: wanted, locateFile, wasmBinary } = readLoadOptions(opts);
  const locate = (name) => (locateFile ? locateFile(name) : distDir + name);
  let threads = wanted ?? Math.max(1, Math.min(defaultThreads(), MAX_THREADS));
  // As in browsers: backend.reason says why the single-threaded build runs.
  let reason = wanted === 1 ? 'load({ threads: 1 }) asked for one thread' : 'this machine has one core';
  let build = readBuild(threads > 1 ? 'simd-mt' : 'simd-st', locate, wasmBinary);
  let module;
  try {
    module = await startBuild(build, threads, locate);
  } catch (error) {
    // wasmBinary holds one build's bytes: there is no other to fall back to.
    if (build.variant === 'simd-st' || wasmBinary) throw error;
    reason = `the threaded build failed to start (${error.cause?.message ?? error.message})`;
    warnOnce(`${reason}; running the single-threaded build`);
    threads = 1;
    build = readBuild('simd-st', locate, undefined);
    module = await startBuild(build, threads, locate);
  }
  const running = module.startPool(threads);
  unrefWorkers(module);
  const backend = { variant: build.variant, simd: true, threads: running };
  if (build.variant === 'simd-st') backend.reason = reason;
  return createOps(module, backend, IS_NODE && build.variant === 'simd-mt' ? copyRangeByFill : undefined);
}

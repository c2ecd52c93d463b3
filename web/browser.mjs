// The package's entry for browsers and bundlers: picks and instantiates a
// wasm build. Threads need a cross-origin isolated page (COOP + COEP
// headers); anywhere else the single-threaded build runs, and says so once.
import { createOps } from './api.mjs';
import { MAX_THREADS, readLoadOptions } from './load_options.mjs';

export { TensorOpsError } from './errors.mjs';
export { KeptTensor } from './kept_tensor.mjs';
export { DTYPES } from './dtypes.mjs';

/** True where the threaded build can run: SharedArrayBuffer on an isolated page. */
export function threadsAvailable() {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true;
}

let warned = false;
function warnOnce(message) {
  if (!warned) console.warn(`wasm-tensor-ops: ${message}`);
  warned = true;
}

// Literal URLs, so that bundlers (Vite, webpack) see and emit the files.
const factories = {
  'simd-mt': () => import('../dist/web/tensor_ops-simd-mt.mjs'),
  'simd-st': () => import('../dist/web/tensor_ops-simd-st.mjs'),
};

async function instantiate(variant, threads, locateFile, wasmBinary) {
  const { default: factory } = await factories[variant]();
  const moduleArg = { tensorOpsPoolSize: threads - 1 };
  if (locateFile) moduleArg.locateFile = (name) => locateFile(name);
  if (wasmBinary) moduleArg.wasmBinary = wasmBinary;
  try {
    // 3.1.6's threaded glue throws synchronously without SharedArrayBuffer.
    return await factory(moduleArg);
  } catch (error) {
    moduleArg.PThread?.terminateAllThreads();
    throw error;
  }
}

/**
 * Loads a ready module: simd-mt with `threads` threads (default: every core)
 * on a cross-origin isolated page, else simd-st.
 */
export async function load(opts) {
  const { threads: wanted, locateFile, wasmBinary } = readLoadOptions(opts);
  const cores = Math.max(1, Math.min(globalThis.navigator?.hardwareConcurrency || 1, MAX_THREADS));
  let threads = wanted ?? (threadsAvailable() ? cores : 1);
  if (threads > 1 && !threadsAvailable()) {
    warnOnce(`threads: ${threads} needs a cross-origin isolated page (Cross-Origin-Opener-Policy: same-origin ` +
      'and Cross-Origin-Embedder-Policy: require-corp); running the single-threaded build');
    threads = 1;
  }
  let variant = threads > 1 ? 'simd-mt' : 'simd-st';
  let module;
  try {
    module = await instantiate(variant, threads, locateFile, wasmBinary);
  } catch (error) {
    if (variant === 'simd-st' || wasmBinary) throw error;
    warnOnce(`the threaded build failed to start (${error.message ?? error}); running the single-threaded build`);
    variant = 'simd-st';
    threads = 1;
    module = await instantiate(variant, threads, locateFile, undefined);
  }
  const running = module.startThreads(threads);
  return createOps(module, { variant, simd: true, threads: running });
}

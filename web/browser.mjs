// The package's entry for browsers and bundlers: picks and instantiates a
// wasm build. Threads need a cross-origin isolated page (COOP + COEP
// headers); anywhere else the single-threaded build runs, and says so once.
import { createOps } from './api.mjs';
import { BROWSER_DEFAULT_MAX_THREADS, readLoadOptions } from './load_options.mjs';

export { TensorOpsError } from './errors.mjs';
import { loadFailed } from './errors.mjs';
export { KeptTensor } from './kept_tensor.mjs';
export { DTYPES } from './dtypes.mjs';
export { fromOrt, toOrt } from './ort.mjs';

/** True where the threaded build can run: SharedArrayBuffer on an isolated page. */
export function threadsAvailable() {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true;
}

let warned = false;
function warnOnce(message) {
  if (!warned) console.warn(`wasm-tensor-ops: ${message}`);
  warned = true;
}

// An info, not a warning: the page did everything right and the caller
// cannot change the browser's choice; a warning would flag a sound page.
let told = false;
function infoOnce(message) {
  if (!told) console.info(`wasm-tensor-ops: ${message}`);
  told = true;
}

const NOT_ISOLATED = 'this page is not cross-origin isolated (it needs Cross-Origin-Opener-Policy: same-origin ' +
  'and Cross-Origin-Embedder-Policy: require-corp)';
const HIDDEN_SAB = 'this browser hides SharedArrayBuffer even on this cross-origin isolated page';

/** Why the single-threaded build runs by default here, or undefined where threads can run. */
function noThreadsReason(cores) {
  if (globalThis.crossOriginIsolated !== true) return NOT_ISOLATED;
  if (typeof SharedArrayBuffer !== 'function') return HIDDEN_SAB;
  if (cores === 1) return 'the browser reports one core (navigator.hardwareConcurrency)';
  return undefined;
}

// Literal URLs, so that bundlers (Vite, webpack) see and emit the files.
const factories = {
  'simd-mt': () => import('../dist/web/tensor_ops-simd-mt.mjs'),
  'simd-st': () => import('../dist/web/tensor_ops-simd-st.mjs'),
};

const WORKER = 'tensor_ops-simd-mt.worker.js';
const MT_GLUE = 'tensor_ops-simd-mt.mjs';

function isCrossOrigin(url) {
  const here = globalThis.location?.href;
  return here !== undefined && new URL(url, here).origin !== new URL(here).origin;
}

// This file's URL, read once and held in a variable, so that bundlers leave
// packageFile() alone (webpack turns any new URL(…, import.meta.url) into
// a search for files): they find the files through the glue instead.
const moduleUrl = import.meta.url;

// Whether this file was loaded from another origin (a CDN). Only an http(s)
// URL tells: webpack writes the build machine's file: path in place of
// import.meta.url, and its bundle is served from the page's origin.
function loadedFromAnotherOrigin() {
  return /^https?:/.test(moduleUrl) && isCrossOrigin(moduleUrl);
}

// The package's own files beside this one.
function packageFile(name) {
  return new URL(`../dist/web/${name}`, moduleUrl).href;
}

/**
 * Where the threaded build's pthread worker and the glue it imports are.
 * By default the glue finds both next to itself (bundlers see and emit them).
 * With `locateFile`, or when this file was loaded from another origin (a
 * CDN), the worker imports the glue at locateFile('tensor_ops-simd-mt.mjs')
 * (mainScriptUrlOrBlob); and a worker script on another origin, which
 * `new Worker()` refuses, is fetched and started from a blob: URL.
 */
const workerBlobs = new Map(); // worker URL on another origin -> blob: URL

async function threadedLocations(locateFile) {
  const locate = locateFile ?? (loadedFromAnotherOrigin() ? packageFile : null);
  if (!locate) return {};
  const here = globalThis.location?.href;
  const absolute = (url) => (here === undefined ? String(url) : new URL(url, here).href);
  const workerUrl = absolute(locate(WORKER));
  let worker = workerUrl;
  if (isCrossOrigin(workerUrl)) {
    worker = workerBlobs.get(workerUrl);
    if (worker === undefined) {
      const response = await fetch(workerUrl);
      if (!response.ok) throw new Error(`cannot fetch ${workerUrl}: HTTP ${response.status}`);
      worker = URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
      workerBlobs.set(workerUrl, worker); // kept: the pool may start workers later
    }
  }
  return {
    locateFile: (name) => (name === WORKER ? worker : locate(name)),
    mainScriptUrlOrBlob: absolute(locate(MT_GLUE)),
  };
}

// A started module, or LOAD_FAILED with the cause and what the glue printed
// while loading (kept for the error rather than logged).
async function instantiate(variant, threads, locateFile, wasmBinary) {
  const printed = [];
  let loading = true;
  const moduleArg = {
    tensorOpsPoolSize: threads - 1,
    printErr: (text) => (loading ? printed.push(text) : console.error(text)),
  };
  try {
    const { default: factory } = await factories[variant]();
    if (locateFile) moduleArg.locateFile = (name) => locateFile(name);
    if (variant === 'simd-mt') Object.assign(moduleArg, await threadedLocations(locateFile));
    if (wasmBinary) moduleArg.wasmBinary = wasmBinary;
    // 3.1.6's threaded glue throws synchronously without SharedArrayBuffer.
    const module = await factory(moduleArg);
    loading = false;
    return module;
  } catch (error) {
    moduleArg.PThread?.terminateAllThreads();
    const from = wasmBinary ? 'wasmBinary' : locateFile ? 'the locateFile URL' : 'the package';
    throw loadFailed(variant, from, error, printed);
  }
}

/**
 * Loads a ready module: simd-mt with `threads` threads (default: the
 * reported cores, at most 4) on a cross-origin isolated page, else simd-st.
 * `backend.reason` says why simd-st runs.
 */
export async function load(opts) {
  const { threads: wanted, locateFile, wasmBinary } = readLoadOptions(opts);
  // hardwareConcurrency may exceed the real cores (WebKit reports 4 on two),
  // and a pool larger than the cores slows large calls (bench/pool_size.mjs).
  const cores = Math.max(1, Math.min(globalThis.navigator?.hardwareConcurrency || 1, BROWSER_DEFAULT_MAX_THREADS));
  let reason = wanted === 1 ? 'load({ threads: 1 }) asked for one thread' : noThreadsReason(cores);
  let threads = wanted ?? (reason === undefined ? cores : 1);
  if (threads > 1 && !threadsAvailable()) {
    warnOnce(`threads: ${threads} needs a cross-origin isolated page with SharedArrayBuffer (` +
      `${reason}); running the single-threaded build`);
    threads = 1;
  } else if (wanted === undefined && reason === HIDDEN_SAB) {
    infoOnce(`${reason}, so the threaded build cannot run; running the single-threaded build`);
  }
  let variant = threads > 1 ? 'simd-mt' : 'simd-st';
  let module;
  try {
    module = await instantiate(variant, threads, locateFile, wasmBinary);
  } catch (error) {
    if (variant === 'simd-st' || wasmBinary) throw error;
    reason = `the threaded build failed to start (${error.cause?.message ?? error.message})`;
    warnOnce(`${reason}; running the single-threaded build`);
    variant = 'simd-st';
    threads = 1;
    module = await instantiate(variant, threads, locateFile, undefined);
  }
  const running = module.startPool(threads);
  const backend = { variant, simd: true, threads: running };
  if (variant === 'simd-st') backend.reason = reason;
  return createOps(module, backend);
}

// load(opts): the options every host understands, checked the same way.
import { describe, invalidArgument } from './errors.mjs';

const KNOWN = ['threads', 'locateFile', 'wasmBinary'];

/** The largest pool a module starts; more threads than cores only add overhead. */
export const MAX_THREADS = 64;

/**
 * The default pool in browsers: navigator.hardwareConcurrency, at most this.
 * Browsers may report more than the real cores, and a pool larger than the
 * cores measured up to 1.5x slower (bench/pool_size.mjs).
 */
export const BROWSER_DEFAULT_MAX_THREADS = 4;

export function readLoadOptions(opts) {
  if (opts === undefined || opts === null) opts = {};
  if (typeof opts !== 'object' || Array.isArray(opts)) {
    throw invalidArgument('load', `options must be an object, got ${describe(opts)}`);
  }
  for (const key of Object.keys(opts)) {
    if (!KNOWN.includes(key)) {
      throw invalidArgument('load', `unknown option '${key}'; the options are ${KNOWN.map((k) => `'${k}'`).join(', ')}`);
    }
  }
  const { threads, locateFile, wasmBinary } = opts;
  if (threads !== undefined && !(Number.isInteger(threads) && threads >= 1 && threads <= MAX_THREADS)) {
    throw invalidArgument('load', `threads ${describe(threads)} must be an integer from 1 to ${MAX_THREADS}`);
  }
  if (locateFile !== undefined && typeof locateFile !== 'function') {
    throw invalidArgument('load', `locateFile must be a function (name) => url, got ${describe(locateFile)}`);
  }
  if (wasmBinary !== undefined && !(wasmBinary instanceof ArrayBuffer || ArrayBuffer.isView(wasmBinary))) {
    throw invalidArgument('load', `wasmBinary must be an ArrayBuffer or a Uint8Array, got ${describe(wasmBinary)}`);
  }
  return { threads, locateFile, wasmBinary };
}

/** The file name of a variant's glue, wasm and worker. */
export function variantFile(variant, ext) {
  return `tensor_ops-${variant}.${ext}`;
}

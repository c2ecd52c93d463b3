// The JavaScript side of one wasm module instance: heap views that follow
// memory growth, the scratch area that carries a call's arguments in and its
// result out, and the translation of core errors into TensorOpsError.
import { copyWithinBytes, setRange } from './copy_within.mjs';
import { DTYPE_NAMES } from './dtypes.mjs';
import { LOAD_FAILED, OUT_OF_MEMORY, TensorOpsError } from './errors.mjs';
import { keptTensorRegistry } from './kept_tensor.mjs';
import { readInt64 } from './params.mjs';

// Every buffer object each module's memory has had, and its runtime: views
// made before growth (shared memory hands out a new object per size) still
// alias that memory.
const MEMORIES = new WeakMap();

/** The runtime whose module memory `buffer` is (or was, before growth), or undefined. */
export function runtimeOfMemory(buffer) {
  return MEMORIES.get(buffer);
}

// The constants of the call format, from the core (top_constants), checked
// for what this package uses: a wasm file of another version fails here.
function readConstants(module) {
  let constants;
  try {
    constants = JSON.parse(module.constants());
  } catch (cause) {
    throw new TensorOpsError(LOAD_FAILED, 'load: the wasm module does not describe its call format (a wasm file of another version?)', { cause });
  }
  const { scratchWords, buffers, indexTypes } = constants;
  const ok = Number.isInteger(scratchWords) && scratchWords > 0 && buffers !== null && typeof buffers === 'object' &&
    ['none', 'output', 'inputAndOutput', 'indexRoom', 'viewResult', 'longRuns', 'runsAlone'].every((k) => Number.isInteger(buffers[k])) &&
    Number.isInteger(constants.longRunWords) &&
    Array.isArray(indexTypes) && indexTypes.length > 0 &&
    Array.isArray(constants.dtypes) && DTYPE_NAMES.every((name) => constants.dtypes.includes(name)) &&
    Array.isArray(constants.viewArrays) && constants.viewArrays.every((name) => typeof globalThis[name] === 'function');
  if (!ok) throw new TensorOpsError(LOAD_FAILED, `load: the wasm module's call format ${JSON.stringify(constants)} is not the one this package writes`);
  constants.indexCodes = Object.fromEntries(indexTypes.map((name, code) => [name, code]));
  constants.dtypeCodes = Object.fromEntries(constants.dtypes.map((name, code) => [name, code]));
  // tensorView's code of each typed-array class.
  constants.viewCodes = new Map(constants.viewArrays.map((name, code) => [globalThis[name], code]));
  return Object.freeze(constants);
}

/**
 * `copyRange(from, start, end, to, at)`: copies bytes [start, end) of the
 * Uint8Array `from` into the Uint8Array `to` at byte `at`, one side the
 * module's memory (see node.mjs).
 */
export function createRuntime(module, copyRange = setRange) {
  // The threaded build exports its (shared) memory; the single-threaded glue
  // replaces Module.HEAPU8 itself whenever its memory grows.
  const memoryBuffer = module.wasmMemory
    ? () => module.wasmMemory.buffer
    : () => module.HEAPU8.buffer;
  let buffer = null;
  let u8;
  let i32;
  let u32;
  let scratchPtr = 0;
  let scratchCapacity = 0;
  let SCRATCH_WORDS = 0;

  // Views go stale when memory grows (detached, or for shared memory, short).
  // Reading the memory's buffer is not free (V8 checks, and freezes, a shared
  // one's each time): where a view already reaches every byte a caller reads
  // (a detached view reaches none), it is kept.
  function reach(end) {
    if (end > u8.length) refresh();
  }

  function refresh() {
    const current = memoryBuffer();
    if (buffer !== current) {
      buffer = current;
      MEMORIES.set(current, runtime);
      u8 = new Uint8Array(buffer);
      i32 = new Int32Array(buffer);
      u32 = new Uint32Array(buffer);
    }
  }

  // A NUL-terminated UTF-8 string in wasm memory (the core's error code and
  // message live in static storage: reporting an error allocates nothing),
  // copied out first, as TextDecoder refuses views of shared memory.
  function cString(ptr) {
    refresh();
    const start = ptr >>> 0;
    let end = start;
    while (u8[end] !== 0) end++;
    return new TextDecoder().decode(u8.slice(start, end));
  }

  const runtime = {
    module,
    keptTensors: 0,
    keptBytes: 0,
    registry: null,
    storages: [], // the live kept storages, in no order (kept_tensor.mjs)

    /** The memory's current buffer (refreshing the views): call first in every call. */
    buffer() {
      refresh();
      return buffer;
    },

    /** The byte view, refreshed first unless it reaches byte `end` (exclusive). */
    heapU8To(end) {
      reach(end);
      return u8;
    },
    /** The word views, for the scratch area (which scratch() and readScratch() make them reach). */
    heap32() {
      return i32;
    },
    heapU32() {
      return u32;
    },

    /**
     * The int64 index of a scratch area with room for `words` values (the
     * call's arguments, and then its result), growing it when needed.
     */
    scratch(words, op) {
      // Grown for a call with long parameters; shrunk back by the next one.
      if (words > scratchCapacity || (scratchCapacity > SCRATCH_WORDS && words <= SCRATCH_WORDS)) {
        const ptr = module.scratch(words) >>> 0;
        if (ptr === 0) {
          throw new TensorOpsError(OUT_OF_MEMORY, `${op}: out of WebAssembly memory for ${words} integer parameters`);
        }
        scratchPtr = ptr;
        scratchCapacity = Math.max(words, SCRATCH_WORDS);
      }
      reach(scratchPtr + 8 * scratchCapacity); // (growing the scratch area may have grown the memory)
      return scratchPtr / 8;
    },

    /**
     * Follows the scratch area after a call whose report, `words` long at
     * most, may have grown it in the core (many outputs, views).
     */
    adoptScratch(words) {
      if (words <= scratchCapacity) return; // the core grows it only for a longer report
      const now = module.scratchWords();
      if (now !== scratchCapacity) {
        scratchPtr = module.scratch(now) >>> 0;
        scratchCapacity = now;
        reach(scratchPtr + 8 * scratchCapacity);
      }
    },

    /** The int64 values a call left at the start of the scratch area, as numbers. */
    readScratch(count) {
      reach(scratchPtr + 8 * count);
      return readInt64(i32, u32, scratchPtr / 4, count);
    },

    /** The int64 value at `index` of the scratch area, as a number (an address, a dim). */
    scratchWord(index) {
      const k = scratchPtr / 4 + 2 * index;
      return i32[k + 1] * 4294967296 + u32[k];
    },

    cString,

    /** copyRange(from, start, end, to, at): a copy between the module's memory and the caller's arrays. */
    copyRange,
    /** Copies bytes [start, end) of the caller's Uint8Array `bytes` into the module's memory at `at`. */
    copyIn(at, bytes, start = 0, end = bytes.byteLength) {
      copyRange(bytes, start, end, runtime.heapU8To(at + end - start), at);
    },
    /** Fills `target` (a Uint8Array of the caller's) with the module's bytes from `at` on. */
    copyOut(target, at) {
      const end = at + target.byteLength;
      copyRange(runtime.heapU8To(end), at, end, target, 0);
    },

    /** Copies `bytes` of the module's memory from `from` to `to` (see copy_within.mjs). */
    copyWithin(to, from, bytes) {
      copyWithinBytes(runtime.heapU8To(Math.max(to, from) + bytes), to, from, bytes);
    },

    /** A typed array of class `ArrayClass` over `length` elements of kept data at `address`. */
    tensorView(ArrayClass, address, length) {
      refresh();
      const code = runtime.constants.viewCodes.get(ArrayClass);
      // A class Embind does not know (Uint8ClampedArray): the same bytes, viewed again.
      const view = code !== undefined ? module.tensorView(code, address, length)
        : new ArrayClass(module.tensorView(1, address, length * ArrayClass.BYTES_PER_ELEMENT).buffer, address, length);
      MEMORIES.set(view.buffer, runtime);
      return view;
    },

    /**
     * The live kept storage whose bytes hold [at, at + bytes), or undefined:
     * only such a range of the module's memory may be read or written by
     * address (anything else may be freed memory or the module's own data).
     */
    ownerOf(at, bytes) {
      for (const storage of runtime.storages) {
        if (at >= storage.ptr && at + bytes <= storage.ptr + storage.bytes) return storage;
      }
      return undefined;
    },

    lastError() {
      const code = cString(module.errorCode());
      return new TensorOpsError(code, cString(module.errorMessage()));
    },

    free(ptr) {
      module.releaseBlock(ptr);
    },
  };
  runtime.registry = keptTensorRegistry(runtime);
  runtime.constants = readConstants(module);
  SCRATCH_WORDS = runtime.constants.scratchWords;
  scratchPtr = module.scratch(SCRATCH_WORDS) >>> 0;
  scratchCapacity = SCRATCH_WORDS;
  refresh();
  return runtime;
}

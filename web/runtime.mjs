// The JavaScript side of one wasm module instance: heap views that follow
// memory growth, the scratch area that carries a call's arguments in and its
// result out, and the translation of core errors into TensorOpsError.
import { OUT_OF_MEMORY, TensorOpsError } from './errors.mjs';
import { keptTensorRegistry } from './kept_tensor.mjs';
import { readInt64 } from './params.mjs';

export function createRuntime(module) {
  // The threaded build exports its (shared) memory; the single-threaded glue
  // replaces Module.HEAPU8 itself whenever its memory grows.
  const memoryBuffer = module.wasmMemory
    ? () => module.wasmMemory.buffer
    : () => module.HEAPU8.buffer;
  let buffer = null;
  let u8;
  let i32;
  let u32;
  const SCRATCH_WORDS = 256; // as kScratchWords in the bindings
  let scratchPtr = module._top_scratch(SCRATCH_WORDS) >>> 0;
  let scratchCapacity = SCRATCH_WORDS;

  // Views go stale when memory grows (detached, or for shared memory, short).
  function refresh() {
    const current = memoryBuffer();
    if (buffer !== current) {
      buffer = current;
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

    /** The memory's current buffer (refreshing the views): call first in every call. */
    buffer() {
      refresh();
      return buffer;
    },

    /** The views as of the last refresh: valid until the module allocates again. */
    heapU8() {
      return u8;
    },
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
        const ptr = module._top_scratch(words) >>> 0;
        if (ptr === 0) {
          throw new TensorOpsError(OUT_OF_MEMORY, `${op}: out of WebAssembly memory for ${words} integer parameters`);
        }
        scratchPtr = ptr;
        scratchCapacity = Math.max(words, SCRATCH_WORDS);
      }
      refresh(); // growing the scratch area may have grown the memory
      return scratchPtr / 8;
    },

    /**
     * Follows the scratch area after a call that may have grown it in the
     * core (a long report: many outputs).
     */
    adoptScratch() {
      const words = module._top_scratch_words();
      if (words !== scratchCapacity) {
        scratchPtr = module._top_scratch(words) >>> 0;
        scratchCapacity = words;
      }
    },

    /** The int64 values a call left at the start of the scratch area, as numbers. */
    readScratch(count) {
      refresh();
      return readInt64(i32, u32, scratchPtr / 4, count);
    },

    /** The int64 value at `index` of the scratch area, as a number (an address, a dim). */
    scratchWord(index) {
      const k = scratchPtr / 4 + 2 * index;
      return i32[k + 1] * 4294967296 + u32[k];
    },

    cString,

    lastError() {
      const code = cString(module._top_error_code());
      return new TensorOpsError(code, cString(module._top_error_message()));
    },

    free(ptr) {
      module._top_release(ptr);
    },
  };
  runtime.registry = keptTensorRegistry(runtime);
  return runtime;
}

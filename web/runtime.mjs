// The JavaScript side of one wasm module instance: heap views that follow
// memory growth, the scratch array that carries integer parameters in and
// results out, and the translation of core errors into TensorOpsError.
import { TensorOpsError } from './errors.mjs';
import { keptTensorRegistry } from './kept_tensor.mjs';
import { readInt64, writeInt64 } from './params.mjs';

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
  let scratchPtr = module.scratch(256) >>> 0;
  let scratchCapacity = 256;

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

    /** The byte view as of the last refresh: valid until the module allocates again. */
    heapU8() {
      return u8;
    },

    /** Writes the integer lists one after another into the scratch array. */
    writeLists(lists, op) {
      // Room for the lists, and for the result: an output rank never exceeds
      // their total, plus two addresses.
      let count = 2;
      for (const list of lists) count += list.length;
      if (count > scratchCapacity) {
        const ptr = module.scratch(count) >>> 0;
        if (ptr === 0) {
          throw new TensorOpsError('OUT_OF_MEMORY', `${op}: out of WebAssembly memory for ${count} integer parameters`);
        }
        scratchPtr = ptr;
        scratchCapacity = count;
        refresh(); // scratch() may have grown the memory
      }
      let at = scratchPtr / 8;
      for (const list of lists) {
        writeInt64(i32, u32, at, list);
        at += list.length;
      }
    },

    /**
     * What a prepare call left in the scratch array: the output shape and the
     * input and output addresses it allocated; or its error, thrown.
     */
    readResult(rank) {
      if (rank < 0) throw runtime.lastError();
      refresh();
      const at = scratchPtr / 4;
      const shape = readInt64(i32, u32, at, rank);
      const [inPtr, outPtr] = readInt64(i32, u32, at + 2 * rank, 2);
      return { shape, inPtr, outPtr };
    },

    lastError() {
      const code = cString(module.takeErrorCode());
      return new TensorOpsError(code, cString(module.takeErrorMessage()));
    },

    free(ptr) {
      module.release(ptr);
    },
  };
  runtime.registry = keptTensorRegistry(runtime);
  return runtime;
}

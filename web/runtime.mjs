// The JavaScript side of one wasm module instance: heap views that follow
// memory growth, the scratch array for integer parameters, allocation, and
// the translation of core errors into TensorOpsError.
import { TensorOpsError, OUT_OF_MEMORY } from './errors.mjs';
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

  const runtime = {
    module,
    keptTensors: 0,
    keptBytes: 0,
    registry: null,

    buffer() {
      refresh();
      return buffer;
    },

    heapU8() {
      refresh();
      return u8;
    },

    /** Writes the integer lists one after another into the scratch array. */
    writeLists(lists) {
      let count = 0;
      for (const list of lists) count += list.length;
      if (count > scratchCapacity) {
        scratchPtr = module.scratch(count) >>> 0;
        scratchCapacity = count;
      }
      refresh();
      let at = scratchPtr / 8;
      for (const list of lists) {
        writeInt64(i32, u32, at, list);
        at += list.length;
      }
    },

    /** The output shape a prepare call left in the scratch array, or its error. */
    readShape(rank) {
      if (rank < 0) throw runtime.lastError();
      refresh();
      const offset = scratchPtr / 4;
      return readInt64(i32.subarray(offset), u32.subarray(offset), rank);
    },

    lastError() {
      const code = module.lastErrorCode();
      return new TensorOpsError(code, module.takeErrorMessage());
    },

    /** malloc, or OUT_OF_MEMORY naming the operation and the size. */
    allocate(op, bytes, shape) {
      const ptr = module.allocate(bytes) >>> 0;
      if (ptr === 0) {
        throw new TensorOpsError(OUT_OF_MEMORY, `${op}: output of shape [${shape.join(', ')}] ` +
          `(${bytes} bytes) does not fit in WebAssembly memory ` +
          `(${memoryBuffer().byteLength} bytes now, 4 GiB at most)`);
      }
      return ptr;
    },

    free(ptr) {
      module.release(ptr);
    },
  };
  runtime.registry = keptTensorRegistry(runtime);
  return runtime;
}

// Tensors kept in WebAssembly memory: results stay there between operations,
// reshape shares memory, and the memory is freed by dispose() or, as a
// backstop, when the garbage collector takes a tensor that was not disposed.
import { DISPOSED, TensorOpsError } from './errors.mjs';

// One malloc'd block, shared by a tensor and its reshaped views (and by the
// parts of a split, each at its own offset in the block).
export class Storage {
  constructor(runtime, ptr, bytes) {
    this.runtime = runtime;
    this.ptr = ptr;
    this.bytes = bytes;
    this.refs = 0;
    runtime.keptBytes += bytes;
  }

  retain() {
    this.refs++;
  }

  release() {
    if (--this.refs > 0) return;
    this.runtime.keptBytes -= this.bytes;
    this.runtime.free(this.ptr);
  }
}

export class KeptTensor {
  #storage;
  #shape;
  #dtype;
  #ArrayClass;
  #length;
  #offset;
  #disposed = false;

  /**
   * @internal Made by ops.tensor() and by operations on kept tensors;
   * `offset`: where its bytes start in the storage (a part of a split).
   */
  constructor(storage, shape, dtype, ArrayClass, length, offset = 0) {
    this.#storage = storage;
    this.#offset = offset;
    this.#shape = Object.freeze(shape);
    this.#dtype = dtype;
    this.#ArrayClass = ArrayClass;
    this.#length = length;
    storage.retain();
    storage.runtime.keptTensors++;
    storage.runtime.registry.register(this, storage, this);
  }

  get shape() {
    return this.#shape;
  }

  get dtype() {
    return this.#dtype;
  }

  /** Number of elements. */
  get size() {
    return this.#length;
  }

  get disposed() {
    return this.#disposed;
  }

  /** A view into wasm memory: read it again after any later call into the module. */
  get data() {
    this.#check('KeptTensor.data');
    const buffer = this.#storage.runtime.buffer();
    return new this.#ArrayClass(buffer, this.#storage.ptr + this.#offset, this.#length);
  }

  /** A copy owned by JavaScript. */
  toArray() {
    this.#check('KeptTensor.toArray()');
    const copy = new this.#ArrayClass(this.#length);
    const bytes = this.#length * copy.BYTES_PER_ELEMENT;
    const heap = this.#storage.runtime.heapU8();
    const at = this.#storage.ptr + this.#offset;
    new Uint8Array(copy.buffer).set(heap.subarray(at, at + bytes));
    return copy;
  }

  /** Frees this tensor's hold on its memory; later use throws DISPOSED. Idempotent. */
  dispose() {
    if (this.#disposed) return;
    this.#disposed = true;
    const runtime = this.#storage.runtime;
    runtime.registry.unregister(this);
    runtime.keptTensors--;
    this.#storage.release();
  }

  /** @internal The storage behind this tensor, for operations and views. */
  storage(op) {
    this.#check(op);
    return this.#storage;
  }

  /** @internal Where its bytes start in its storage. */
  storageOffset() {
    return this.#offset;
  }

  /** @internal */
  arrayClass() {
    return this.#ArrayClass;
  }

  #check(what) {
    if (this.#disposed) {
      throw new TensorOpsError(DISPOSED, `${what}: the kept tensor of shape [${this.#shape.join(', ')}] was disposed`);
    }
  }
}

if (typeof Symbol.dispose === 'symbol') {
  KeptTensor.prototype[Symbol.dispose] = function dispose() {
    this.dispose();
  };
}

/** The FinalizationRegistry that frees kept tensors the program forgot. */
export function keptTensorRegistry(runtime) {
  return new FinalizationRegistry((storage) => {
    runtime.keptTensors--;
    storage.release();
  });
}

// Tensors kept in WebAssembly memory: results stay there between operations,
// reshape shares memory, and the memory is freed by dispose() or, as a
// backstop, when the garbage collector takes a tensor that was not disposed.
import { DISPOSED, TensorOpsError, invalidArgument } from './errors.mjs';

// The tensor and storage each `.data` view was made for: a view kept past
// its tensor's disposal may alias memory that another tensor now holds.
const VIEWS = new WeakMap();

/**
 * For a view handed out by KeptTensor.data: whether it is stale (its tensor
 * disposed, or its memory freed); undefined for any other array.
 */
export function isStaleView(view) {
  const madeFor = VIEWS.get(view);
  return madeFor && (madeFor.tensor.disposed || !madeFor.storage.alive);
}

// One malloc'd block, shared by a tensor and its views (and by the parts of
// a split, each at its own place in the block). The runtime knows every live
// one: only their bytes may be read by address. `out` may write only the
// elements of a sole holder, so it knows where its holders' elements are:
// the first holder's ([start, end) from ptr, start -1 for a strided view),
// and each later holder's whose elements are dense, in a list of records.
// A strided view never writes, so it costs no record. (Each later holder
// was a Map entry, set and deleted: a view's call and dispose took 1.5x as
// long.)
const FIRST = Object.freeze({}); // the first holder's hold

export class Storage {
  constructor(runtime, ptr, bytes) {
    this.runtime = runtime;
    this.ptr = ptr;
    this.bytes = bytes;
    this.alive = true;
    this.refs = 0;
    this.firstHeld = false;
    this.firstStart = -1;
    this.firstEnd = -1;
    this.dense = null; // the later dense holders' records, { start, end, prev, next }
    runtime.keptBytes += bytes;
    // In the runtime's list of live storages (removed by swapping the last in).
    this.at = runtime.storages.length;
    runtime.storages.push(this);
  }

  /** Whether the one tensor holding it has its elements in bytes [start, end) from ptr. */
  writableBy(start, end) {
    if (this.refs !== 1) return false;
    // The one holder: the first, else the one dense record left (none: a strided view).
    const one = this.firstHeld ? { start: this.firstStart, end: this.firstEnd } : this.dense;
    return one !== null && one.start >= 0 && start >= one.start && end <= one.end;
  }

  /** Holds it, with elements in bytes [start, end) (start -1: strided); returns the hold, for release(). */
  retain(start, end) {
    if (this.refs++ === 0) {
      this.firstHeld = true;
      this.firstStart = start;
      this.firstEnd = end;
      return FIRST;
    }
    if (start < 0) return null;
    const record = { start, end, prev: null, next: this.dense };
    if (this.dense !== null) this.dense.prev = record;
    this.dense = record;
    return record;
  }

  release(hold) {
    if (hold === FIRST) {
      this.firstHeld = false;
    } else if (hold !== null) {
      if (hold.prev !== null) hold.prev.next = hold.next;
      else this.dense = hold.next;
      if (hold.next !== null) hold.next.prev = hold.prev;
    }
    if (--this.refs > 0) return;
    this.alive = false;
    this.runtime.keptBytes -= this.bytes;
    const list = this.runtime.storages;
    const last = list.pop();
    if (last !== this) {
      list[this.at] = last;
      last.at = this.at;
    }
    this.runtime.free(this.ptr);
  }
}

/** The row-major strides (in elements) of `shape`. */
export function rowMajorStrides(shape) {
  const strides = new Array(shape.length);
  for (let k = shape.length - 1, n = 1; k >= 0; k--) {
    strides[k] = n;
    n *= shape[k];
  }
  return strides;
}

// Whether strides lay a shape's elements out densely in row-major order
// (dims of 1 may have any stride; an empty tensor is dense).
function isDense(shape, strides) {
  let n = 1;
  for (let k = shape.length - 1; k >= 0; k--) {
    if (shape[k] === 0) return true;
    if (shape[k] !== 1 && strides[k] !== n) return false;
    n *= shape[k];
  }
  return true;
}

// Registering a tensor with the FinalizationRegistry costs V8 0.3-0.5 µs,
// as much as a whole 16 KiB call, and most results of a chain are disposed
// in the job that made them. So a new tensor waits in the nursery: those
// still live at the end of the job (a microtask), or when NURSERY_LIMIT have
// gathered, are registered then. Nothing is freed later than before: the
// registry's callbacks never run before the job ends either.
const NURSERY_LIMIT = 1024;

export class KeptTensor {
  #held = null; // its hold on #storage (Storage.retain)
  #storage;
  #shape;
  #dtype;
  #ArrayClass;
  #length;
  #offset;
  #strides;
  #disposed = false;
  #registered = false;
  static #nursery = [];
  static #flushQueued = false;

  /**
   * @internal Made by ops.tensor() and by operations on kept tensors: the
   * elements at `offset` + sum(i[k] * strides[k]) (in elements) of
   * `storage`; `strides` left out: row-major, contiguous.
   */
  constructor(storage, shape, dtype, ArrayClass, length, offset = 0, strides = undefined) {
    this.#storage = storage;
    this.#offset = offset;
    // Frozen when first handed out (#frozenShape, the strides getter): most results of a chain never are.
    this.#shape = shape;
    // null: contiguous (row-major strides made only when asked for).
    this.#strides = strides === undefined || isDense(shape, strides) ? null : strides;
    this.#dtype = dtype;
    this.#ArrayClass = ArrayClass;
    this.#length = length;
    this.#hold(storage);
    storage.runtime.keptTensors++;
    KeptTensor.#enroll(this);
  }

  /**
   * True for a real kept tensor: not an object made from the prototype
   * (Object.create), not a Proxy of one. Never throws.
   */
  static isKept(x) {
    return x !== null && typeof x === 'object' && #storage in x;
  }

  get shape() {
    return KeptTensor.#own(this, 'KeptTensor.shape').#frozenShape();
  }

  get dtype() {
    return KeptTensor.#own(this, 'KeptTensor.dtype').#dtype;
  }

  /** Number of elements. */
  get size() {
    return KeptTensor.#own(this, 'KeptTensor.size').#length;
  }

  get disposed() {
    return KeptTensor.#own(this, 'KeptTensor.disposed').#disposed;
  }

  /** Its strides in elements (row-major for a contiguous tensor; negative or 0 in views). */
  get strides() {
    const self = KeptTensor.#own(this, 'KeptTensor.strides');
    return self.#strides !== null ? Object.freeze(self.#strides) : Object.freeze(rowMajorStrides(self.#shape));
  }

  /** True when its elements lie densely in row-major order (`data` is then a plain view). */
  get contiguous() {
    return KeptTensor.#own(this, 'KeptTensor.contiguous').#strides === null;
  }

  /** A view into wasm memory: read it again after any later call into the module. */
  get data() {
    KeptTensor.#own(this, 'KeptTensor.data').#check('KeptTensor.data');
    this.#makeContiguous();
    const view = this.#storage.runtime.tensorView(this.#ArrayClass, this.#storage.ptr + this.#offset * this.#elem(), this.#length);
    VIEWS.set(view, { tensor: this, storage: this.#storage });
    return view;
  }

  /** A copy owned by JavaScript. */
  toArray() {
    KeptTensor.#own(this, 'KeptTensor.toArray()').#check('KeptTensor.toArray()');
    this.#makeContiguous();
    const copy = new this.#ArrayClass(this.#length);
    const bytes = this.#length * copy.BYTES_PER_ELEMENT;
    const at = this.#storage.ptr + this.#offset * this.#elem();
    this.#storage.runtime.copyOut(new Uint8Array(copy.buffer, 0, bytes), at);
    return copy;
  }

  /** Frees this tensor's hold on its memory; later use throws DISPOSED. Idempotent. */
  dispose() {
    if (KeptTensor.#own(this, 'KeptTensor.dispose()').#disposed) return;
    this.#disposed = true;
    const runtime = this.#storage.runtime;
    if (this.#registered) runtime.registry.unregister(this);
    runtime.keptTensors--;
    this.#storage.release(this.#held);
  }

  /** @internal The storage behind this tensor, for operations and views. */
  storage(op) {
    this.#check(op);
    return this.#storage;
  }

  /**
   * @internal What a call reads of it, in one step: its storage (checked
   * live), where element [0, ..., 0] is (bytes from `rt`'s memory, or -1 for
   * another module's), its shape, dtype, class, element width, size, element
   * offset and strides (null when contiguous).
   */
  callFields(op, rt) {
    this.#check(op);
    const storage = this.#storage;
    const elem = this.#ArrayClass.BYTES_PER_ELEMENT;
    return {
      kept: this, storage, address: storage.runtime === rt ? storage.ptr + this.#offset * elem : -1, bytes: null,
      data: null, shape: this.#shape, dtype: this.#dtype, ArrayClass: this.#ArrayClass, elem, length: this.#length,
      offset: this.#offset, strides: this.#strides,
    };
  }

  #frozenShape() {
    return Object.isFrozen(this.#shape) ? this.#shape : Object.freeze(this.#shape);
  }

  #elem() {
    return this.#ArrayClass.BYTES_PER_ELEMENT;
  }

  // Holds `storage`, telling it where its elements are when they are dense
  // (only those bytes may be written by `out`).
  #hold(storage) {
    if (this.#strides !== null) {
      this.#held = storage.retain(-1, -1);
      return;
    }
    const start = this.#offset * this.#elem();
    this.#held = storage.retain(start, start + this.#length * this.#elem());
  }

  // A view's elements are made contiguous once, when they are first read:
  // the tensor then holds a storage of its own (its elements never change).
  #makeContiguous() {
    if (this.#strides === null) return;
    const runtime = this.#storage.runtime;
    const dense = runtime.copyContiguous(this);
    const storage = dense.storage('KeptTensor.data');
    if (this.#registered) runtime.registry.unregister(this);
    this.#storage.release(this.#held);
    this.#storage = storage;
    this.#offset = 0;
    this.#strides = null;
    this.#hold(storage);
    dense.dispose(); // its hold passes to this tensor
    if (this.#registered) runtime.registry.register(this, { storage, held: this.#held }, this);
  }

  static #enroll(tensor) {
    const nursery = KeptTensor.#nursery;
    nursery.push(tensor);
    if (nursery.length >= NURSERY_LIMIT) {
      KeptTensor.#registerNursery();
    } else if (!KeptTensor.#flushQueued) {
      KeptTensor.#flushQueued = true;
      queueMicrotask(() => {
        KeptTensor.#flushQueued = false;
        KeptTensor.#registerNursery();
      });
    }
  }

  // Registers the nursery's tensors not yet disposed, and empties it.
  static #registerNursery() {
    const nursery = KeptTensor.#nursery;
    for (let i = 0; i < nursery.length; i++) {
      const t = nursery[i];
      if (t.#disposed) continue;
      t.#registered = true;
      t.#storage.runtime.registry.register(t, { storage: t.#storage, held: t.#held }, t);
    }
    nursery.length = 0;
  }

  // `self` as a kept tensor, or INVALID_ARGUMENT: a method called on a
  // look-alike would otherwise fail with the engine's TypeError.
  static #own(self, what) {
    // The brand checked here, not by isKept: this check sees kept tensors
    // alone (isKept sees any input), so V8 keeps it a fast one.
    if (self === null || typeof self !== 'object' || !(#storage in self)) {
      throw invalidArgument(what, `called on ${self === null || typeof self !== 'object' ? String(self) : 'an object that is not a kept tensor (made from its prototype, or a Proxy)'}`);
    }
    return self;
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
  return new FinalizationRegistry(({ storage, held }) => {
    runtime.keptTensors--;
    storage.release(held);
  });
}

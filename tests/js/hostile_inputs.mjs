// Hostile inputs shared by memory_safety.test.mjs and boundary_fuzz.test.mjs:
// typed arrays whose own properties or subclass getters lie, getters that
// answer differently on each read, proxies, detached buffers, stale views of
// disposed kept tensors and views of wasm memory that no kept tensor owns.
// Also the child-process runner both files use: a call that corrupts the
// heap can leave the module looping forever inside wasm, which no timer in
// the same process can interrupt.
import { spawn } from 'node:child_process';

/** Thrown by the tests' own getters and traps, to tell their throws from the package's. */
export class HostileError extends Error {
  constructor(message = 'thrown by a hostile getter or trap') {
    super(message);
    this.name = 'HostileError';
  }
}

// ---- What a typed array really is: the intrinsic getters that own
// properties and subclass getters cannot change.
const TypedArrayPrototype = Object.getPrototypeOf(Int8Array.prototype);
const getter = (name) => Object.getOwnPropertyDescriptor(TypedArrayPrototype, name).get;
const GET = {
  length: getter('length'),
  byteLength: getter('byteLength'),
  byteOffset: getter('byteOffset'),
  buffer: getter('buffer'),
  tag: getter(Symbol.toStringTag),
};

export const intrinsic = {
  length: (a) => GET.length.call(a),
  byteLength: (a) => GET.byteLength.call(a),
  byteOffset: (a) => GET.byteOffset.call(a),
  buffer: (a) => GET.buffer.call(a),
  /** 'Float32Array' and so on, for any typed array, whatever its constructor says. */
  className: (a) => GET.tag.call(a),
};

/** True for a genuine typed array (a subclass too), whatever it claims. */
export function isTypedArray(v) {
  return ArrayBuffer.isView(v) && GET.tag.call(v) !== undefined;
}

/** A copy of the bytes a typed array really holds. */
export function trueBytes(a) {
  return new Uint8Array(intrinsic.buffer(a), intrinsic.byteOffset(a), intrinsic.byteLength(a)).slice();
}

export function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// ---- Lies.

/** Own properties that shadow the typed array's getters (length, byteLength, byteOffset, buffer). */
export function withOwnProps(array, props) {
  for (const [key, value] of Object.entries(props)) Object.defineProperty(array, key, { value, configurable: true });
  return array;
}

// One subclass per base class and set of lied-about names; cached so that
// the fuzz does not make a class per call.
const liarClasses = new Map();

/**
 * A Base subclass instance of `length` real elements whose getters answer
 * `lies` ({ length, byteLength, byteOffset, buffer }); its own `constructor`
 * says Base, so that it passes a check of `data.constructor`.
 */
export function liarSubclass(Base, length, lies) {
  const names = Object.keys(lies).sort();
  const key = `${Base.name}:${names.join(',')}`;
  let Liar = liarClasses.get(key);
  if (!Liar) {
    Liar = class extends Base {};
    for (const name of names) {
      Object.defineProperty(Liar.prototype, name, {
        configurable: true,
        get() {
          return this.lies[name];
        },
      });
    }
    liarClasses.set(key, Liar);
  }
  const array = new Liar(length);
  Object.defineProperty(array, 'lies', { value: lies });
  Object.defineProperty(array, 'constructor', { value: Base });
  return array;
}

/**
 * A getter that answers values[0], values[1], ... and then the last value
 * for ever; `counter.reads` counts its reads. A value that is a HostileError
 * instance is thrown instead.
 */
export function sequence(values, counter = { reads: 0 }) {
  const next = () => {
    const v = values[Math.min(counter.reads++, values.length - 1)];
    if (v instanceof HostileError) throw v;
    return v;
  };
  next.counter = counter;
  return next;
}

/** Defines `key` on `object` as a getter answering `values` in turn; returns the read counter. */
export function flipping(object, key, values) {
  const next = sequence(values);
  Object.defineProperty(object, key, { get: next, enumerable: true, configurable: true });
  return next.counter;
}

/**
 * A Proxy of `array` (Array.isArray says true) whose `length` answers
 * `lengths` in turn; any index reads the element at that index, or the last
 * element beyond the array.
 */
export function lengthFlippingProxy(array, lengths) {
  const length = sequence(lengths);
  const proxy = new Proxy(array, {
    get(target, key, receiver) {
      if (key === 'length') return length();
      if (typeof key === 'string' && /^\d+$/.test(key)) return target[Math.min(Number(key), target.length - 1)];
      return Reflect.get(target, key, receiver);
    },
  });
  return { proxy, counter: length.counter };
}

/** A Proxy whose every trap throws a HostileError. */
export function throwingProxy(target) {
  const trap = () => {
    throw new HostileError('thrown by a Proxy trap');
  };
  return new Proxy(target, {
    get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap,
    set: trap, defineProperty: trap, deleteProperty: trap, apply: trap, construct: trap,
  });
}

// ---- Buffers and views.

/** Transfers the array's buffer away (the array then has length 0); returns the array. */
export function detach(array) {
  structuredClone(intrinsic.buffer(array), { transfer: [intrinsic.buffer(array)] });
  return array;
}

/**
 * A view of a kept tensor that is then disposed: `.data` taken while it was
 * live. The next allocation of the module likely reuses its bytes.
 */
export function staleView(ops, data, shape = [intrinsic.length(data)], dtype = undefined) {
  const kept = ops.tensor(data, shape, dtype);
  const view = kept.data;
  kept.dispose();
  return view;
}

/** The module's memory (an ArrayBuffer or SharedArrayBuffer), through a kept tensor's view. */
export function moduleBuffer(ops) {
  const kept = ops.tensor(new Uint8Array(1), [1]);
  const buffer = kept.data.buffer;
  kept.dispose();
  return buffer;
}

// ---- Children.

/**
 * Runs `node ...args` with `env` added, and resolves with { status, signal,
 * stdout, stderr, timedOut } once it exits or was killed after `timeout` ms
 * (or when `signal`, e.g. a test's t.signal, aborts). `onLine` sees each
 * stdout line as it comes, and may return a number of ms: the child is then
 * killed unless another line comes within that time (a watchdog).
 */
export function runNode(args, { env = {}, timeout = 30000, signal, onLine } = {}) {
  const childEnv = { ...process.env, ...env };
  delete childEnv.NODE_TEST_CONTEXT; // the child is a plain script, not a test file
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let timedOut = false;
    let watchdog;
    const kill = () => {
      timedOut = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, timeout);
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      if (!onLine) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      let end;
      while ((end = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        const wait = onLine(line);
        if (typeof wait === 'number') {
          clearTimeout(watchdog);
          watchdog = setTimeout(kill, wait);
        }
      }
    });
    child.stderr.on('data', (chunk) => {
      if (stderr.length < 100000) stderr += chunk;
    });
    child.on('error', () => {}); // a kill after an abort; 'close' still follows
    child.on('close', (status, exitSignal) => {
      clearTimeout(timer);
      clearTimeout(watchdog);
      signal?.removeEventListener('abort', abort);
      if (onLine && pending) onLine(pending);
      resolve({ status, signal: exitSignal, stdout, stderr, timedOut });
    });
  });
}

// What a typed array really is, read through the engine's own getters: an
// own `length` property, a subclass's getters or a Proxy cannot make a typed
// array look longer, shorter or elsewhere than it is. Everything that sizes
// or addresses memory in this package reads arrays through these.

const TypedArray = Object.getPrototypeOf(Int8Array.prototype);
const intrinsic = (name) => Object.getOwnPropertyDescriptor(TypedArray, name).get;
const tagOf = intrinsic(Symbol.toStringTag);
const lengthOf = intrinsic('length');
const byteLengthOf = intrinsic('byteLength');
const byteOffsetOf = intrinsic('byteOffset');
const bufferOf = intrinsic('buffer');
const detachedOf = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached')?.get;
const arrayBufferBytesOf = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;

// The engine's typed-array classes by name; Float16Array where the runtime has it.
const CLASSES = new Map([
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array,
].map((C) => [C.name, C]));
if (typeof globalThis.Float16Array === 'function') CLASSES.set('Float16Array', globalThis.Float16Array);

/**
 * The facts of a typed array, each read once: { Class (the engine's class,
 * never a subclass), name, length, byteLength, byteOffset, buffer }, or
 * undefined for anything that is not a typed array (a DataView, a Proxy).
 */
export function typedArrayFacts(value) {
  if (value === null || typeof value !== 'object') return undefined;
  const name = tagOf.call(value); // undefined for every non-typed-array
  const Class = name === undefined ? undefined : CLASSES.get(name);
  if (Class === undefined) return undefined;
  return {
    Class,
    name,
    length: lengthOf.call(value),
    byteLength: byteLengthOf.call(value),
    byteOffset: byteOffsetOf.call(value),
    buffer: bufferOf.call(value),
  };
}

/** True for a typed array of the engine's (subclasses included), false for anything else. */
export function isTypedArray(value) {
  return value !== null && typeof value === 'object' && tagOf.call(value) !== undefined;
}

/** A typed array's ArrayBuffer was transferred away (a SharedArrayBuffer never is). */
export function isDetachedBuffer(buffer) {
  if (typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer) return false;
  if (detachedOf) return detachedOf.call(buffer);
  // Before Node 22: a detached buffer has no bytes and refuses new views.
  if (arrayBufferBytesOf.call(buffer) !== 0) return false;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

/** The bytes of a typed array described by `facts`, as a Uint8Array over the same memory. */
export function bytesView(facts) {
  return new Uint8Array(facts.buffer, facts.byteOffset, facts.byteLength);
}

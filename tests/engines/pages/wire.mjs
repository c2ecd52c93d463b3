// Typed arrays and bigints through JSON, both ways: how the cases computed
// in Node reach the test page. A typed array keeps its class, its bytes
// (base64) and, for a subarray, its offset into a larger buffer.
const CLASSES = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array,
};

/** The bytes of a typed array (its own range only) as base64. */
export function toBase64(data) {
  const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function encode(value) {
  if (typeof value === 'bigint') return { $bigint: String(value) };
  if (ArrayBuffer.isView(value)) {
    const offset = value.byteOffset / value.BYTES_PER_ELEMENT;
    return { $typed: value.constructor.name, base64: toBase64(value), offset };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

export function decode(value) {
  if (Array.isArray(value)) return value.map(decode);
  if (value && typeof value === 'object') {
    if ('$bigint' in value) return BigInt(value.$bigint);
    if ('$typed' in value) {
      const Class = CLASSES[value.$typed];
      const bytes = Uint8Array.from(atob(value.base64), (c) => c.charCodeAt(0));
      const length = bytes.length / Class.BYTES_PER_ELEMENT;
      const whole = new Class(value.offset + length);
      new Uint8Array(whole.buffer, value.offset * Class.BYTES_PER_ELEMENT).set(bytes);
      return value.offset ? whole.subarray(value.offset) : whole;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
  }
  return value;
}

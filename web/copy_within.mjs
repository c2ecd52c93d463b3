// Copies of byte ranges. Between two buffers: TypedArray.prototype.set (the
// runtime's copies in and out of the module's memory, where the entry has
// no faster one). Inside one buffer: around a slow case of memmove. On AMD
// Zen 3 and 4, `rep movsb` (glibc's memmove from 2 KiB up, which V8's
// copyWithin and set reach on non-shared buffers, and wasm's memory.copy)
// runs 15-35x slower when the destination starts 1 to 31 bytes after the
// source modulo 4 KiB. The engine's copy_run (src/engine/kernels.hpp) does
// the same in wasm.

/**
 * Copies `bytes` of `array` (a Uint8Array) from index `from` to `to`: by
 * pieces of 2 KiB when the two ranges are apart and `to` is in that window.
 */
export function copyWithinBytes(array, to, from, bytes) {
  const gap = (to - from) & 4095;
  const apart = to >= from + bytes || from >= to + bytes;
  let at = 0;
  if (apart && gap >= 1 && gap <= 31) for (; bytes - at > 2048; at += 2048) array.copyWithin(to + at, from + at, from + at + 2048);
  array.copyWithin(to + at, from + at, from + bytes);
}

/** Copies bytes [start, end) of the Uint8Array `from` into the Uint8Array `to` at byte `at`. */
export const setRange = (from, start, end, to, at) => to.set(from.subarray(start, end), at);

// Copies inside one buffer around a slow case of memmove: on AMD Zen 3 and 4,
// `rep movsb` (glibc's memmove from 2 KiB up, which V8's copyWithin and set
// reach on non-shared buffers, and wasm's memory.copy) runs 15-35x slower
// when the destination starts 1 to 31 bytes after the source modulo 4 KiB.
// The engine's copy_run (src/engine/kernels.hpp) does the same in wasm.

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

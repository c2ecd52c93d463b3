// Pictures in the pipeline: the page's drawings as RGBA tensors
// [1, H, W, 4] of uint8 (the canvas's own bytes: nothing is converted, and a
// copied program can carry them exactly), and a tensor that is an image
// (NHWC [1, H, W, 3|4] or NCHW [1, 3|4, H, W]) drawn back onto a canvas by toImage.
import { el } from './controls.mjs';
import { PICTURES, SIZE } from './drawings.mjs';

/** Picture `id` of drawings.mjs as { data: Uint8Array, shape: [1, SIZE, SIZE, 4] }. */
export function pictureRGBA(id) {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  PICTURES.find((p) => p.id === id).draw(g);
  return { data: Uint8Array.from(g.getImageData(0, 0, SIZE, SIZE).data), shape: [1, SIZE, SIZE, 4] };
}

/** How `shape` reads as one image: { layout, h, w, c }, or null when it is not one. */
export function imageLayout(shape) {
  if (shape.length !== 4 || shape[0] !== 1) return null;
  const [, a, b, c] = shape;
  if ((c === 3 || c === 4) && a > 0 && b > 0) return { layout: 'NHWC', h: a, w: b, c };
  if ((a === 3 || a === 4) && b > 0 && c > 0) return { layout: 'NCHW', h: b, w: c, c: a };
  return null;
}

/**
 * A canvas of the image tensor `t` (uint8 values), shown at about 200 px
 * wide: the library's toImage brings it back (uint8 in, so its default
 * scale of 1 keeps every byte; a missing alpha is 255).
 */
export function imageCanvas(ops, t, { layout, h, w }, label) {
  const canvas = el('canvas', { width: String(w), height: String(h), role: 'img', 'aria-label': label, 'data-layout': layout });
  const scale = Math.max(1, Math.min(4, Math.floor(200 / w)));
  canvas.style.width = `${w * scale}px`;
  canvas.getContext('2d', { willReadFrequently: true }).putImageData(ops.toImage(t, { layout }), 0, 0);
  return canvas;
}

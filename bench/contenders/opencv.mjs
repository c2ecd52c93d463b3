// OpenCV.js (@techstark/opencv-js, OpenCV's own wasm build, 8+ MB): the
// image steps a user of it writes, each from the caller's array to the
// caller's array, as the library's calls with `out` are timed. Mats are
// made once; a run copies the pixels into OpenCV's memory, runs, and
// copies the result out.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * { cv }: OpenCV.js, its runtime initialized. (Wrapped: the module object
 * is a thenable resolving to itself, so awaiting it never ends.)
 */
export async function loadOpenCV() {
  const cv = require('@techstark/opencv-js');
  if (!cv.Mat) await new Promise((resolve) => { cv.onRuntimeInitialized = resolve; });
  return { cv };
}

/** Bilinear resize of an RGBA uint8 image (`cv.resize`, INTER_LINEAR: half-pixel centres, no antialias). */
export function resizeRgba(cv, width, height, outWidth, outHeight) {
  const src = new cv.Mat(height, width, cv.CV_8UC4);
  const dst = new cv.Mat(outHeight, outWidth, cv.CV_8UC4);
  const size = new cv.Size(outWidth, outHeight);
  return {
    run(pixels, out) {
      src.data.set(pixels);
      cv.resize(src, dst, size, 0, 0, cv.INTER_LINEAR);
      out.set(dst.data);
    },
    // The frame already in its Mat (as a kept tensor is in wasm memory).
    load(pixels) {
      src.data.set(pixels);
    },
    runLoaded(out) {
      cv.resize(src, dst, size, 0, 0, cv.INTER_LINEAR);
      out.set(dst.data);
    },
    release() {
      src.delete();
      dst.delete();
    },
  };
}

/** An RGBA frame -> float32 NCHW * scale: `cvtColor` (RGBA -> RGB) then `blobFromImage`. */
export function frameToBlob(cv, width, height, scale) {
  const src = new cv.Mat(height, width, cv.CV_8UC4);
  const rgb = new cv.Mat();
  const size = new cv.Size(width, height);
  const mean = new cv.Scalar(0, 0, 0, 0);
  return {
    run(pixels, out) {
      src.data.set(pixels);
      cv.cvtColor(src, rgb, cv.COLOR_RGBA2RGB);
      const blob = cv.blobFromImage(rgb, scale, size, mean, false, false);
      out.set(blob.data32F);
      blob.delete();
    },
    release() {
      src.delete();
      rgb.delete();
    },
  };
}

/**
 * A YOLO letterbox as an OpenCV.js user writes it: `resize` (INTER_LINEAR)
 * to `rh` x `rw`, `copyMakeBorder` with a constant to size x size,
 * `cvtColor` RGBA -> RGB, `blobFromImage` with `scale`.
 */
export function letterboxBlob(cv, width, height, rh, rw, size, padValue, scale) {
  const src = new cv.Mat(height, width, cv.CV_8UC4);
  const small = new cv.Mat();
  const boxed = new cv.Mat();
  const rgb = new cv.Mat();
  const top = Math.floor((size - rh) / 2);
  const left = Math.floor((size - rw) / 2);
  const pad = new cv.Scalar(padValue, padValue, padValue, 255);
  const mean = new cv.Scalar(0, 0, 0, 0);
  return {
    run(pixels, out) {
      src.data.set(pixels);
      cv.resize(src, small, new cv.Size(rw, rh), 0, 0, cv.INTER_LINEAR);
      cv.copyMakeBorder(small, boxed, top, size - rh - top, left, size - rw - left, cv.BORDER_CONSTANT, pad);
      cv.cvtColor(boxed, rgb, cv.COLOR_RGBA2RGB);
      const blob = cv.blobFromImage(rgb, scale, new cv.Size(size, size), mean, false, false);
      out.set(blob.data32F);
      blob.delete();
    },
    release() {
      for (const m of [src, small, boxed, rgb]) m.delete();
    },
  };
}

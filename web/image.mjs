// Images in and out: ops.fromImage makes a model's input from an image,
// ops.toImage an image from a model's output. Both are views and one cast:
// the image (only the rows of its crop) is copied into WebAssembly memory
// once, cropped, its channels picked and its axes laid out as views, and the
// conversion with scale, mean and std reads that view in place (cast's
// per-channel scale and bias). A size other than the crop's adds a resize
// and, for a letterbox, one concat (image_fit.mjs). Rules: docs/images.md.
import { DTYPES, isKnownDtype } from './dtypes.mjs';
import { SHAPE_MISMATCH, TensorOpsError, describe, invalidArgument } from './errors.mjs';
import { fitCrop, placeInFrame } from './image_fit.mjs';
import { KeptTensor } from './kept_tensor.mjs';
import { checkOptions, readIntegers, readNumbers } from './params.mjs';
import { typedArrayFacts } from './typed_arrays.mjs';

const FROM_OPTIONS = ['crop', 'size', 'fit', 'resize', 'antialias', 'channels', 'dtype', 'scale', 'mean', 'std',
  'layout', 'padValue', 'keep', 'out'];
const TO_OPTIONS = ['layout', 'channels', 'scale', 'mean', 'std', 'alpha'];
const CHANNELS = ['rgb', 'bgr', 'rgba', 'bgra', 'gray'];
const LAYOUTS = ['NCHW', 'NHWC', 'CHW', 'HWC'];
const FITS = ['fill', 'contain', 'cover'];
const FILTERS = ['bilinear', 'nearest', 'bicubic'];
const RESIZE_MODES = { bilinear: 'linear', nearest: 'nearest', bicubic: 'cubic' };
const PIXEL_ARRAYS = ['Uint8Array', 'Uint8ClampedArray'];
// Luma of ITU-R BT.601, as PIL's convert('L') and OpenCV's cvtColor weigh R, G and B.
const GRAY = [0.299, 0.587, 0.114];

const isFloat = (dtype) => dtype === 'float16' || dtype === 'bfloat16' || dtype === 'float32' || dtype === 'float64';

function oneOf(op, param, value, names, fallback) {
  if (value === undefined) return fallback;
  if (!names.includes(value)) throw invalidArgument(op, `${param} ${describe(value)} is not one of ${names.map((n) => `'${n}'`).join(', ')}`);
  return value;
}

function positiveInt(op, param, v) {
  if (!Number.isInteger(v) || v < 0 || v > 2 ** 31) throw invalidArgument(op, `${param} must be a whole number of pixels, got ${describe(v)}`);
  return v;
}

// A number or one per channel: an array of `count` numbers.
function perChannel(op, param, value, count, fallback, whose = 'the output') {
  if (value === undefined) return new Array(count).fill(fallback);
  const list = readNumbers(op, param, value);
  if (list.length === 1 && typeof value === 'number') return new Array(count).fill(list[0]);
  if (list.length !== count) {
    throw new TensorOpsError(SHAPE_MISMATCH, `${op}: ${param} ${describe(value)} has ${list.length} values, but ${whose} has ${count} channels`);
  }
  return Array.from(list);
}

// An error of an operation these are made of (cast's `out` of the wrong
// class, a memory limit) worded as the caller's.
function asOwn(op, error) {
  if (error instanceof TensorOpsError && !error.message.startsWith(`${op}: `)) {
    error.message = error.message.replace(/^\w+: /, `${op}: `);
  }
  return error;
}

export function createImageOps(ops) {
  /**
   * The image as [height, width, channels] uint8 pixels: { kept (a kept
   * tensor, or null), data (a plain image's Uint8Array view), height, width,
   * channels }.
   */
  function readImage(op, image) {
    if (KeptTensor.isKept(image)) {
      if (image.dtype !== 'uint8' || image.shape.length !== 3 || ![1, 3, 4].includes(image.shape[2])) {
        throw invalidArgument(op, `image, a kept tensor, must be uint8 [height, width, 1, 3 or 4], got ${image.dtype} [${image.shape.join(', ')}]`);
      }
      return { kept: image, data: null, height: image.shape[0], width: image.shape[1], channels: image.shape[2] };
    }
    if (image === null || typeof image !== 'object') {
      throw invalidArgument(op, `image must be an ImageData, { data, width, height, channels } or a uint8 tensor [H, W, C], got ${describe(image)}`);
    }
    if ('shape' in image && !('width' in image)) {
      const shape = readIntegers(op, 'image.shape', image.shape, false);
      const dtype = image.dtype ?? 'uint8';
      if (dtype !== 'uint8' || shape.length !== 3) throw invalidArgument(op, `image, a tensor, must be uint8 [height, width, channels], got ${describe(dtype)} [${shape.join(', ')}]`);
      return pixels(op, image.data, Number(shape[0]), Number(shape[1]), Number(shape[2]), 'image.data');
    }
    const data = image.data;
    const width = positiveInt(op, 'image.width', image.width);
    const height = positiveInt(op, 'image.height', image.height);
    const channels = image.channels === undefined ? 4 : image.channels;
    return pixels(op, data, height, width, channels, 'image.data');
  }

  function pixels(op, data, height, width, channels, param) {
    if (![1, 3, 4].includes(channels)) throw invalidArgument(op, `image.channels must be 1, 3 or 4, got ${describe(channels)}`);
    const facts = typedArrayFacts(data);
    if (!facts || !PIXEL_ARRAYS.includes(facts.name)) {
      throw invalidArgument(op, `${param} must be a Uint8Array, Uint8ClampedArray or Buffer, got ${describe(data)}`);
    }
    const needed = height * width * channels;
    if (facts.length !== needed) {
      throw invalidArgument(op, `${param} has ${facts.length} bytes, but ${height} x ${width} pixels of ${channels} channels need ${needed}`);
    }
    return { kept: null, data: new Uint8Array(facts.buffer, facts.byteOffset, facts.length), height, width, channels };
  }

  // [top, left, height, width] inside the image.
  function readCrop(op, crop, img) {
    if (crop === undefined) return [0, 0, img.height, img.width];
    const c = readIntegers(op, 'crop', crop, false).map(Number);
    if (c.length !== 4) throw invalidArgument(op, `crop ${describe(crop)} must be [top, left, height, width]`);
    const [top, left, h, w] = c;
    if (top < 0 || left < 0 || h < 1 || w < 1 || top + h > img.height || left + w > img.width) {
      throw new TensorOpsError(SHAPE_MISMATCH, `${op}: crop [${c.join(', ')}] is not inside the ${img.height} x ${img.width} image ` +
        '(top and left from 0, height and width from 1)');
    }
    return c;
  }

  // The crop as a kept [h, w, C] view: a plain image's crop rows copied in once.
  function keptCrop(img, [top, left, h, w], temps) {
    let base = img.kept;
    let rowTop = top;
    if (base === null) {
      const row = img.width * img.channels;
      base = ops.tensor(img.data.subarray(top * row, (top + h) * row), [h, img.width, img.channels], 'uint8');
      temps.push(base);
      rowTop = 0;
    }
    if (rowTop === 0 && left === 0 && h === base.shape[0] && w === base.shape[1]) return base;
    const view = ops.slice(base, [rowTop, left], [rowTop + h, left + w], { axes: [0, 1] });
    temps.push(view);
    return view;
  }

  // The output channels of `pixels` ([h, w, C] kept, C = 1, 3 or 4) as a
  // kept [h, w, K] tensor: a view where the channels are a strided pick, a
  // copy where they are not (BGRA, or alpha added).
  function pickChannels(op, px, wanted, temps) {
    const C = px.shape[2];
    const keep = (t) => (temps.push(t), t);
    if (wanted === 'gray') return C === 1 ? px : keep(gray(px, temps));
    const grey = C === 1;
    if (wanted === 'rgb' || wanted === 'bgr') {
      if (grey) return keep(ops.broadcast(px, [px.shape[0], px.shape[1], 3]));
      if (wanted === 'rgb') return C === 3 ? px : keep(ops.slice(px, [0], [3], { axes: [2] }));
      return keep(ops.slice(px, [2], [-C - 1], { axes: [2], steps: [-1] }));
    }
    // rgba / bgra: an alpha of 255 where the image has none.
    let rgba = px;
    if (grey) rgba = keep(ops.broadcast(px, [px.shape[0], px.shape[1], 3]));
    if (rgba.shape[2] === 3) rgba = keep(ops.pad(rgba, [0, 0, 0], [0, 0, 1], { value: 255 }));
    return wanted === 'rgba' ? rgba : keep(ops.gather(rgba, [2, 1, 0, 3], { axis: 2 }));
  }

  // Luma of [h, w, 3 or 4] pixels, as float32 [h, w, 1]: three casts with the
  // weights as scale, summed by a fourth pass over the planes.
  function gray(px, temps) {
    const [h, w] = px.shape;
    const plane = (c) => {
      const one = ops.slice(px, [c], [c + 1], { axes: [2] });
      temps.push(one);
      return ops.cast(one, 'float32', { scale: GRAY[c], out: new Float32Array(h * w) }).data;
    };
    const r = plane(0);
    const g = plane(1);
    const b = plane(2);
    const sum = new Float32Array(h * w);
    for (let i = 0; i < sum.length; i++) sum[i] = r[i] + g[i] + b[i];
    return ops.tensor(sum, [h, w, 1], 'float32');
  }

  // [height, width] of the output: the crop's when not given.
  function readSize(op, value, [, , h, w]) {
    if (value === undefined) return [h, w];
    const size = readIntegers(op, 'size', value, false).map(Number);
    if (size.length !== 2 || !(size[0] >= 1 && size[1] >= 1)) {
      throw invalidArgument(op, `size ${describe(value)} must be [height, width] of at least one pixel each`);
    }
    return size;
  }

  // The crop's pixels resized and placed in the output's frame (padded or
  // cropped by fit), as a kept [H, W, C] uint8 tensor; the crop itself when
  // it already fills the frame. Resizing uint8 pixels rounds them, as PIL's,
  // OpenCV's and torchvision's uint8 resizes do, and costs a quarter of
  // resizing floats.
  function resized(px, place, size, { filter, antialias, padValue }, temps) {
    let t = px;
    if (place.rh !== px.shape[0] || place.rw !== px.shape[1]) {
      t = ops.resize(px, {
        sizes: [place.rh, place.rw], axes: [0, 1], mode: RESIZE_MODES[filter], antialias, excludeOutside: filter !== 'nearest',
      });
      temps.push(t);
    }
    if (t.shape[0] === size[0] && t.shape[1] === size[1]) return t;
    const padPixel = ops.tensor(Uint8Array.from(padValue), [1, 1, padValue.length], 'uint8');
    temps.push(padPixel);
    return placeInFrame(ops, t, place, size, padPixel, temps);
  }

  /** ops.fromImage(image, options): see docs/images.md. */
  function fromImage(image, options) {
    const op = 'fromImage';
    const o = checkOptions(op, options, FROM_OPTIONS);
    const img = readImage(op, image);
    const crop = readCrop(op, o.crop, img);
    const [top, left, h, w] = crop;
    const size = readSize(op, o.size, crop);
    const fit = oneOf(op, 'fit', o.fit, FITS, 'fill');
    const filter = oneOf(op, 'resize', o.resize, FILTERS, 'bilinear');
    if (o.antialias !== undefined && typeof o.antialias !== 'boolean') throw invalidArgument(op, `antialias must be true or false, got ${describe(o.antialias)}`);
    const antialias = o.antialias ?? true;
    const channels = oneOf(op, 'channels', o.channels, CHANNELS, 'rgb');
    const dtype = o.dtype === undefined ? 'float32' : o.dtype;
    if (!isKnownDtype(dtype)) throw invalidArgument(op, `dtype ${describe(dtype)} is not one of ${Object.keys(DTYPES).map((n) => `'${n}'`).join(', ')}`);
    const layout = oneOf(op, 'layout', o.layout, LAYOUTS, 'NCHW');
    const K = channels === 'gray' ? 1 : channels.length;
    const scale = o.scale === undefined ? (isFloat(dtype) ? 1 / 255 : 1) : readNumbers(op, 'scale', o.scale);
    if (typeof scale !== 'number' && scale.length !== 1) throw invalidArgument(op, `scale ${describe(o.scale)} must be one number`);
    const s = typeof scale === 'number' ? scale : scale[0];
    const mean = perChannel(op, 'mean', o.mean, K, 0);
    const std = perChannel(op, 'std', o.std, K, 1);
    const padValue = perChannel(op, 'padValue', o.padValue, img.channels, 0, 'the image');
    if (!padValue.every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) {
      throw invalidArgument(op, `padValue ${describe(o.padValue)} must be pixel values, integers of 0 to 255`);
    }
    if (o.keep !== undefined && typeof o.keep !== 'boolean') throw invalidArgument(op, `keep must be true or false, got ${describe(o.keep)}`);
    if (o.keep && o.out !== undefined) throw invalidArgument(op, 'keep and out: give one of them (out receives a plain result)');

    const temps = [];
    try {
      const place = fitCrop(h, w, size, fit);
      const sized = resized(keptCrop(img, crop, temps), place, size, { filter, antialias, padValue }, temps);
      const planar = layout === 'NCHW' || layout === 'CHW';
      // Channels picked by a strided view are read in place into planes (the
      // conversion's deinterleaving kernel), but made contiguous first for a
      // channels-last result: a uint8 copy by the engine's lane kernels, then
      // the conversion in long rows (a 640 x 640 frame to NHWC: 3.2-4.1 -> 1.2-1.3 ms).
      let px = pickChannels(op, sized, channels, temps);
      if (!planar && !px.contiguous) temps.push((px = ops.contiguous(px)));
      let laid = planar ? ops.transpose(px, [2, 0, 1]) : px;
      if (laid !== px) temps.push(laid);
      if (layout === 'NCHW' || layout === 'NHWC') {
        laid = ops.unsqueeze(laid, [0]);
        temps.push(laid);
      }
      const axis = planar ? laid.shape.length - 3 : laid.shape.length - 1;
      // y = (pixel * scale - mean) / std: cast's scale s / std and bias -mean / std per channel.
      // A plain result is written by the cast straight into a new array (or out).
      const out = o.out ?? (o.keep ? undefined : new DTYPES[dtype].arrays[0](K * size[0] * size[1]));
      // (One value for every channel is given as one: the conversion's dims then merge into long rows.)
      const scales = std.map((d) => s / d);
      const biases = mean.map((m, c) => -m / std[c]);
      const uniform = scales.every((v) => v === scales[0]) && biases.every((v) => v === biases[0]);
      const coefficients = uniform ? { scale: scales[0], bias: biases[0] } : { scale: scales, bias: biases, axis };
      const result = ops.cast(laid, dtype, { ...coefficients, out });
      // The output's point is the crop's times scale plus offset; the crop's is the image's minus (top, left).
      const { scaleY, scaleX } = place;
      const transform = { scaleY, scaleX, offsetY: place.offsetY - top * scaleY || 0, offsetX: place.offsetX - left * scaleX || 0 };
      Object.defineProperty(result, 'transform', { value: Object.freeze(transform), enumerable: true });
      return result;
    } catch (error) {
      throw asOwn(op, error);
    } finally {
      for (const t of temps.reverse()) t.dispose();
    }
  }

  /** ops.toImage(x, options): see docs/images.md. */
  function toImage(x, options) {
    const op = 'toImage';
    const o = checkOptions(op, options, TO_OPTIONS);
    const layout = oneOf(op, 'layout', o.layout, LAYOUTS, 'NCHW');
    const temps = [];
    try {
      let t = x;
      if (!KeptTensor.isKept(x)) {
        if (x === null || typeof x !== 'object' || !('data' in x) || !('shape' in x)) {
          throw invalidArgument(op, `x must be a tensor { data, shape, dtype? } or a kept tensor, got ${describe(x)}`);
        }
        t = ops.tensor(x.data, x.shape, x.dtype);
        temps.push(t);
      }
      const rank = t.shape.length;
      const batched = layout === 'NCHW' || layout === 'NHWC';
      if (rank !== (batched ? 4 : 3) || (batched && t.shape[0] !== 1)) {
        throw new TensorOpsError(SHAPE_MISMATCH, `${op}: x.shape [${t.shape.join(', ')}] is not one image in layout ${layout} ` +
          `(${batched ? '[1, ' : '['}${layout.slice(batched ? 1 : 0).split('').join(', ')}])`);
      }
      const planar = layout === 'NCHW' || layout === 'CHW';
      const image = batched ? ops.squeeze(t, [0]) : t; // [C, H, W] or [H, W, C]
      if (image !== t) temps.push(image);
      const [C, height, width] = planar ? image.shape : [image.shape[2], image.shape[0], image.shape[1]];
      if (![1, 3, 4].includes(C)) throw new TensorOpsError(SHAPE_MISMATCH, `${op}: x has ${C} channels; an image has 1, 3 or 4`);
      const channels = oneOf(op, 'channels', o.channels, CHANNELS, C === 1 ? 'gray' : C === 3 ? 'rgb' : 'rgba');
      const expected = channels === 'gray' ? 1 : channels.length;
      if (expected !== C) throw new TensorOpsError(SHAPE_MISMATCH, `${op}: channels '${channels}' needs ${expected} channels, but x has ${C}`);
      const scale = o.scale === undefined ? (isFloat(t.dtype) ? 1 / 255 : 1) : readNumbers(op, 'scale', o.scale)[0];
      const mean = perChannel(op, 'mean', o.mean, C, 0);
      const std = perChannel(op, 'std', o.std, C, 1);
      const alpha = o.alpha === undefined ? 255 : o.alpha;
      if (!Number.isInteger(alpha) || alpha < 0 || alpha > 255) throw invalidArgument(op, `alpha must be an integer of 0 to 255, got ${describe(alpha)}`);
      // pixel = clamp(round((x * std + mean) / scale)): cast to uint8 with scale std / scale and bias mean / scale,
      // in x's own layout (contiguous rows: the vector kernels).
      const px = ops.cast(image, 'uint8', {
        scale: std.map((d) => d / scale), bias: mean.map((m) => m / scale), axis: planar ? 0 : 2, rounding: 'nearest',
      });
      temps.push(px);
      const data = new Uint8ClampedArray(height * width * 4);
      const bytes = new Uint8Array(data.buffer);
      // R, G, B and A: the channel of x each one is (BGR(A) swapped back, gray thrice), -1 for alpha.
      const order = channels === 'gray' ? [0, 0, 0, -1] : channels.startsWith('bgr') ? [2, 1, 0, C === 4 ? 3 : -1] : [0, 1, 2, C === 4 ? 3 : -1];
      if (planar) {
        // Planes [H, W, 1] (views), interleaved by one concat into the image's bytes.
        const plane = (c) => {
          const one = ops.slice(px, [c], [c + 1], { axes: [0] });
          temps.push(one);
          const hw1 = ops.transpose(one, [1, 2, 0]);
          temps.push(hw1);
          return hw1;
        };
        // (A plane of its own, not a broadcast view: concat's interleaving kernel reads dense planes.)
        let alphaPlane = null;
        if (order[3] < 0) {
          alphaPlane = ops.tensor(new Uint8Array(height * width).fill(alpha), [height, width, 1]);
          temps.push(alphaPlane);
        }
        ops.concat(order.map((c) => (c < 0 ? alphaPlane : plane(c))), 2, { out: bytes });
      } else {
        let rgba = px;
        if (C === 1) rgba = ops.broadcast(px, [height, width, 3]);
        // x's channels in BGR(A) order: R and B swapped back (a view for BGR, a copy for BGRA).
        if (channels === 'bgr') rgba = ops.slice(px, [2], [-4], { axes: [2], steps: [-1] });
        if (channels === 'bgra') rgba = ops.gather(px, order, { axis: 2 });
        if (rgba !== px) temps.push(rgba);
        if (rgba.shape[2] === 3) ops.pad(rgba, [0, 0, 0], [0, 0, 1], { value: alpha, out: bytes });
        else ops.reshape(rgba, rgba.shape, { out: bytes });
      }
      if (typeof globalThis.ImageData === 'function') return new globalThis.ImageData(data, width, height);
      return { data, width, height };
    } catch (error) {
      throw asOwn(op, error);
    } finally {
      for (const t of temps.reverse()) t.dispose();
    }
  }

  return { fromImage, toImage };
}

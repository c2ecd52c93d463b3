// The Images tab: your picture (a file, a drop, a paste or the camera; the
// page's own landscape until then) goes through ops.fromImage with the
// options of the form, shown as the call; the tensor is described (shape,
// dtype, transform, a checksum of its bytes, its first values) and
// ops.toImage brings it back to a canvas. With the camera on, every frame
// goes through both calls and their time per frame is shown.
import { buildControls, el } from './controls.mjs';
import { formatShape } from './layout.mjs';
import { ms } from './numbers.mjs';
import { js } from './operations.mjs';
import { choice, options } from './ops/fields.mjs';
import { DTYPE_CHOICES, oneOrList } from './ops/typed_fields.mjs';
import { pictureInput } from './picture_input.mjs';
import { pictureRGBA } from './pipeline_picture.mjs';
import { imageReadings } from './image_readings.mjs';
import { describeResult } from './pipeline_code.mjs';
import { onUserPicture, userPicture } from './user_picture.mjs';

const FORM = {
  title: 'fromImage',
  fields: [
    { name: 'crop', label: 'crop', kind: 'optionalList', example: '0, 0, 32, 32', hint: '[top, left, height, width] in pixels (empty: the whole picture)' },
    { name: 'size', label: 'size', kind: 'optionalList', example: '224, 224', hint: '[height, width] of the output (empty: the crop’s): the crop is resized' },
    choice('fit', 'fit', ['fill', 'contain', 'cover'], 'how to reach size: fill stretches, contain letterboxes (padValue around), cover crops the centre'),
    choice('resize', 'resize', ['bilinear', 'nearest', 'bicubic'], 'the filter of the resize'),
    choice('antialias', 'antialias', ['true', 'false'], 'true: a downscale averages every pixel it covers (PIL); false: OpenCV’s INTER_LINEAR'),
    { name: 'padValue', label: 'padValue', kind: 'optionalList', example: '114', hint: 'the letterbox’s pixel: one value, or one per picture channel (RGBA: 4); empty: 0' },
    choice('channels', 'channels', ['rgb', 'bgr', 'rgba', 'bgra', 'gray'], 'the channels kept, in this order; gray is the BT.601 luma'),
    choice('dtype', 'dtype', DTYPE_CHOICES, 'the output’s dtype'),
    { name: 'scale', label: 'scale', kind: 'optionalScalar', example: '0.00392', hint: 'empty: 1/255 for a float dtype, 1 for an integer one' },
    { name: 'mean', label: 'mean', kind: 'optionalList', example: '0.485, 0.456, 0.406', hint: 'one number, or one per channel: y = (pixel · scale − mean) / std' },
    { name: 'std', label: 'std', kind: 'optionalList', example: '0.229, 0.224, 0.225', hint: 'one number, or one per channel' },
    choice('layout', 'layout', ['NCHW', 'NHWC', 'CHW', 'HWC'], 'the output’s layout'),
  ],
};
const DEFAULTS = { crop: '', size: '', fit: 'fill', resize: 'bilinear', antialias: 'true', padValue: '', channels: 'rgb', dtype: 'float32', scale: '', mean: '', std: '', layout: 'NCHW' };
const IMAGENET = { mean: '0.485, 0.456, 0.406', std: '0.229, 0.224, 0.225' };
const PRESETS = [
  { label: 'A model’s input', note: 'RGB, float32, NCHW, / 255', set: {} },
  { label: 'ImageNet normalization', note: 'mean and std per channel', set: IMAGENET },
  { label: 'BGR bytes, HWC', note: 'OpenCV’s order, uint8', set: { channels: 'bgr', dtype: 'uint8', layout: 'HWC' } },
  { label: 'Gray, centre crop', note: 'crop [8, 8, 32, 32], one channel', set: { crop: '8, 8, 32, 32', channels: 'gray' } },
  { label: 'Letterbox to 224 × 224', note: 'YOLO’s input: fit contain, grey 114 around', set: { size: '224, 224', fit: 'contain', padValue: '114' } },
  { label: 'Cover 64 × 64, nearest', note: 'the centre, pixels kept sharp', set: { size: '64, 64', fit: 'cover', resize: 'nearest' } },
];

/** fromImage's options from the parsed form: only what differs from its defaults. */
export function fromImageOptions(p) {
  return options({
    crop: p.crop, size: p.size, fit: p.fit === 'fill' ? undefined : p.fit,
    resize: p.resize === 'bilinear' ? undefined : p.resize, antialias: p.antialias === 'false' ? false : undefined, padValue: oneOrList(p.padValue),
    channels: p.channels === 'rgb' ? undefined : p.channels,
    dtype: p.dtype === 'float32' ? undefined : p.dtype, scale: p.scale, mean: oneOrList(p.mean), std: oneOrList(p.std),
    layout: p.layout === 'NCHW' ? undefined : p.layout,
  });
}

export function createImagesView(panel, ops, { TensorOpsError, onTiming }) {
  panel.setAttribute('aria-labelledby', 'tab-images');
  const controls = buildControls(FORM, 'images', () => update());
  const presetList = el('div', { class: 'preset-list' }, ...PRESETS.map((p, k) => {
    const b = el('button', { type: 'button', class: 'preset', 'data-preset': String(k) },
      el('span', { class: 'preset-label' }, p.label), el('span', { class: 'preset-note' }, p.note));
    b.addEventListener('click', () => { controls.set({ ...DEFAULTS, ...p.set }); update(); });
    return b;
  }));
  const code = el('code', { class: 'call', 'data-role': 'call' });
  const summary = el('p', { class: 'summary', role: 'status', 'aria-live': 'polite', 'data-role': 'summary' });
  const described = el('code', { 'data-role': 'result' });
  const inFigure = el('figure', { class: 'pic pic-input', 'data-role': 'pic-input' });
  const outFigure = el('figure', { class: 'pic pic-output', 'data-role': 'pic-output' });
  const readings = el('div', { class: 'pictures readings', 'data-role': 'readings' });
  panel.append(
    el('header', { class: 'op-head' },
      el('h2', {}, 'Images ', el('span', { class: 'spec' }, 'fromImage and toImage')),
      el('p', { class: 'intro', html: 'Your picture, as the browser decoded it (RGBA bytes), becomes a model’s input in one call: ' +
        '<code>ops.fromImage</code> crops it (a view), resizes it to a size (stretched, letterboxed or covering), picks the channels (a view), lays it out (a view) and converts it once, ' +
        'with <code>(pixel · scale − mean) / std</code> per channel. <code>ops.toImage</code> undoes the normalization and ' +
        'brings the tensor back to a canvas. Until you give one, the page’s own landscape is used.' }),
      el('p', { class: 'look' }, 'Look for: the call as you change it, the same picture coming back (gray, BGR, a crop or a letterbox as asked), ' +
        'and the transform that maps the output’s pixels back to your picture’s.')),
    el('div', { class: 'op-layout' },
      el('div', { class: 'side side-controls' }, pictureInput('images'), controls.form),
      el('div', { class: 'stage' }, el('div', { class: 'call-row' }, el('span', { class: 'small' }, 'The call:'), code),
        summary, el('p', { class: 'image-result' }, described), el('div', { class: 'pictures' }, inFigure, el('div', { class: 'arrow', 'aria-hidden': 'true' }, '→'), outFigure),
        el('h3', {}, 'What the model reads'), readings),
      el('section', { class: 'side presets', 'aria-labelledby': 'images-presets' }, el('h3', { id: 'images-presets' }, 'Examples'), presetList)));

  let version = 0;
  let fallback = null;
  const source = () => {
    const mine = userPicture();
    if (mine) return { image: mine.image, label: mine.label, live: mine.live };
    fallback ??= pictureRGBA('landscape');
    return { image: { data: fallback.data, width: fallback.shape[2], height: fallback.shape[1] }, label: 'the page’s landscape', live: false };
  };

  function canvasOf(image, label, role) {
    const canvas = el('canvas', { width: String(image.width), height: String(image.height), role: 'img', 'aria-label': label, 'data-role': role });
    canvas.style.width = `${Math.min(320, image.width * Math.max(1, Math.floor(200 / image.width)))}px`;
    const g = canvas.getContext('2d');
    g.putImageData(image instanceof ImageData ? image : new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
    return canvas;
  }

  function update() {
    version++;
    controls.clearErrors();
    const { params, errors } = controls.read();
    try {
      if (errors.size) {
        for (const [name, message] of errors) controls.showError(name, message);
        throw new Error('Some text is not a list of numbers (see the marked field).');
      }
      const { image, label, live } = source();
      const opts = fromImageOptions(params);
      const back = options({ layout: opts.layout, channels: opts.channels, scale: opts.scale, mean: opts.mean, std: opts.std });
      const call = (name, input, o) => `ops.${name}(${input}${Object.keys(o).length ? `, ${js(o)}` : ''})`;
      code.textContent = `const x = ${call('fromImage', 'picture', opts)};\nconst image = ${call('toImage', 'x', back)};`;
      inFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'picture'), ` ${image.width} × ${image.height}, ${label}`),
        canvasOf(image, `your picture: ${label}`, 'picture'));
      const t0 = performance.now();
      let x;
      try {
        x = ops.fromImage(image, opts);
      } catch (e) {
        if (!(e instanceof TensorOpsError)) throw e;
        const { at, named } = controls.faultOf(e.message, 'crop');
        controls.showError(at, e.message, { code: e.code, also: named });
        throw new Error(`The library rejected the options: ${e.code} at “${at}”.`);
      }
      const t1 = performance.now();
      let out;
      try {
        out = ops.toImage(x, back);
      } catch (e) {
        if (!(e instanceof TensorOpsError)) throw e;
        out = null;
        outFigure.replaceChildren(el('p', { class: 'verdict bad' }, `toImage: ${e.code} ${e.message}`));
      }
      const t2 = performance.now();
      described.textContent = `${describeResult(x.shape, x.data)}; transform ${JSON.stringify(x.transform)}`;
      try {
        readings.replaceChildren(...imageReadings(ops, x, opts));
      } catch (e) {
        if (!(e instanceof TensorOpsError)) throw e;
        readings.replaceChildren(el('p', { class: 'verdict bad' }, `${e.code} ${e.message}`));
      }
      if (out) {
        outFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'toImage(x)'), ` ${out.width} × ${out.height}`),
          canvasOf(out, 'the tensor brought back by toImage', 'result'));
      }
      panel.dataset.state = 'ok';
      summary.dataset.state = 'ok';
      summary.replaceChildren(`x: `, el('strong', { 'data-role': 'out-shape' }, `${formatShape(x.shape)} ${x.dtype}`),
        ` · fromImage `, el('strong', { 'data-role': 'time' }, ms(t1 - t0)), ` + toImage ${ms(t2 - t1)}`,
        live ? el('span', { 'data-role': 'per-frame' }, ` per frame (${label}, ${ops.backend.variant})`) : ` (${ops.backend.variant})`);
      onTiming?.('fromImage', t1 - t0);
    } catch (e) {
      panel.dataset.state = 'error';
      summary.dataset.state = 'error';
      summary.textContent = e.message;
    }
    panel.dataset.version = String(version);
  }

  controls.set(DEFAULTS);
  let shown = false;
  onUserPicture(() => { if (shown && !panel.hidden) update(); });
  return {
    show() {
      shown = true;
      update();
    },
    update,
  };
}

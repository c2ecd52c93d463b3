// The resize tab's pictures: the modes side by side. Your picture (a file, a
// drop, a paste or the camera: user_picture.mjs), else the page's drawn
// landscape, becomes a uint8 [H, W, 4] tensor by ops.fromImage (HWC, RGBA,
// scale 1: the bytes as they are); ops.resize brings its longest side to
// the length chosen with each mode ('not_larger': one scale for both axes,
// so the aspect ratio stays); ops.toImage draws each result on a canvas.
import { buildControls, el } from './controls.mjs';
import { ms } from './numbers.mjs';
import { js } from './operations.mjs';
import { choice } from './ops/fields.mjs';
import { tileList } from './picture.mjs';
import { pictureInput } from './picture_input.mjs';
import { pictureRGBA } from './pipeline_picture.mjs';
import { onUserPicture, userPicture } from './user_picture.mjs';

const FORM = {
  title: 'Resize’s pictures',
  fields: [choice('side', 'longest side', ['192', '96', '32', '16'], 'the output’s longest side in pixels: the page’s 48 × 48 drawing is enlarged to 192 or 96 and shrunk to 32 or 16')],
};
const MODES = [
  { id: 'nearest', options: { mode: 'nearest' }, note: 'one pixel copied' },
  { id: 'linear', options: { mode: 'linear' }, note: '2 × 2 pixels weighed' },
  { id: 'cubic', options: { mode: 'cubic' }, note: '4 × 4 pixels, sharper edges' },
  { id: 'linear-antialias', options: { mode: 'linear', antialias: true }, note: 'when shrinking, every pixel covered' },
];
const FROM_IMAGE = { layout: 'HWC', dtype: 'uint8', scale: 1, channels: 'rgba' };
const SHOWN = 160; // every picture is shown this wide (pixelated), so that the modes compare pixel for pixel

/** resize's options for the longest side `side` and a mode's own. */
export const modeCall = (side, mode) => ({ sizes: [side, side], axes: [0, 1], keepAspectRatioPolicy: 'not_larger', ...mode });

/** The section, and show() (also run on every new picture or camera frame while it is on screen). */
export function resizeModes(ops, { TensorOpsError, onTiming }) {
  const controls = buildControls(FORM, 'resize-modes', () => update());
  const code = el('code', { class: 'call', 'data-role': 'modes-call' });
  const status = el('p', { class: 'summary', role: 'status', 'aria-live': 'polite', 'data-role': 'modes-summary' });
  const tiles = el('div', { class: 'pictures', 'data-role': 'modes' });
  const element = el('section', { class: 'resize-modes', 'data-role': 'resize-modes', 'aria-labelledby': 'resize-modes-title' },
    el('h3', { id: 'resize-modes-title' }, 'The modes side by side on a picture'),
    el('p', { class: 'small' }, 'Your picture (a file, a drop, a paste or the camera; the page’s landscape until you give one) ' +
      'through the same call in each mode. Enlarged, nearest shows blocks and cubic the sharpest edges; shrunk, only antialias reads every pixel, the others skip some.'),
    el('div', { class: 'resize-modes-controls' }, pictureInput('resize-modes'), controls.form),
    el('div', { class: 'call-row' }, el('span', { class: 'small' }, 'The calls:'), code), status, tiles);

  let fallback = null;
  let version = 0;
  const source = () => {
    const mine = userPicture();
    if (mine) return { image: mine.image, label: mine.label };
    fallback ??= pictureRGBA('landscape');
    return { image: { data: fallback.data, width: fallback.shape[2], height: fallback.shape[1] }, label: 'the page’s landscape' };
  };
  const canvasOf = (image, attrs) => {
    const canvas = el('canvas', { width: String(image.width), height: String(image.height), role: 'img', ...attrs });
    canvas.style.width = `${SHOWN}px`;
    canvas.getContext('2d').putImageData(image instanceof ImageData ? image : new ImageData(new Uint8ClampedArray(image.data), image.width, image.height), 0, 0);
    return canvas;
  };

  function update() {
    version++;
    const side = Number(controls.read().params.side);
    const { image, label } = source();
    const call = js(modeCall(side, {})).replace(/ }$/, ', ...mode }');
    code.textContent = `const x = ops.fromImage(picture, ${js(FROM_IMAGE)});\n` +
      `const y = ops.resize(x, ${call});   // for each mode: ${MODES.map((m) => js(m.options)).join(', ')}\n` +
      'const image = ops.toImage(y, { layout: \'HWC\' });';
    try {
      const x = ops.fromImage(image, FROM_IMAGE);
      const shown = [{ canvas: canvasOf(image, { 'data-role': 'modes-source', 'aria-label': `the picture: ${label}` }), title: 'picture', label: `${image.width} × ${image.height}, ${label} (drawn by the browser)` }];
      for (const mode of MODES) {
        // A first call makes the taps of this shape (cached), then the timed one.
        ops.resize(x, modeCall(side, mode.options));
        const t0 = performance.now();
        const y = ops.resize(x, modeCall(side, mode.options));
        const time = performance.now() - t0;
        const out = ops.toImage(y, { layout: 'HWC' });
        onTiming?.('resize (picture)', time);
        shown.push({
          canvas: canvasOf(out, { 'data-role': 'modes-result', 'data-mode': mode.id, 'aria-label': `resized with ${js(mode.options)}` }),
          title: mode.id.replace('-', ' + '), label: `${out.width} × ${out.height} · ${ms(time)} · ${mode.note}`,
        });
      }
      tiles.replaceChildren(tileList(shown));
      element.dataset.state = 'ok';
      status.dataset.state = 'ok';
      status.textContent = `x: [${x.shape.join(', ')}] uint8 → y: longest side ${side} (${ops.backend.variant}).`;
    } catch (e) {
      if (!(e instanceof TensorOpsError)) throw e;
      element.dataset.state = 'error';
      status.dataset.state = 'error';
      status.textContent = `The library rejected the call: ${e.code} ${e.message}`;
    }
    element.dataset.version = String(version);
  }

  controls.set({ side: '192' });
  onUserPicture(() => { if (element.isConnected && !element.closest('[hidden]')) update(); });
  return { element, show: update };
}

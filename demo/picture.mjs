// The picture mode: a small picture drawn by the page goes through
// spaceToDepth, depthToSpace or roll in the wasm module, and the channels
// or blocks of the result are shown side by side. As in the grids, where a
// pixel came from is read off the same operation run on pixel indices.
import { el } from './controls.mjs';
import { PICTURES, SIZE, makePicture } from './drawings.mjs';
import { formatShape, unravel, volume } from './layout.mjs';
import { iota, ms } from './numbers.mjs';
import { js } from './operations.mjs';
import { FAMILY_FIELDS, FAMILY_OPS, runFamilyMode } from './picture_family.mjs';
import { pictureInput } from './picture_input.mjs';
import { onUserPicture, squareCopy, userPicture } from './user_picture.mjs';

const CHANNEL = ['R', 'G', 'B'];
const SCALE = 4;

/** A canvas of h x w pixels, shown `scale` times larger; `rgb(y, x, out)` fills out[0..2]. */
export function canvasOf(h, w, rgb, scale, attrs = {}) {
  const canvas = el('canvas', { width: String(w), height: String(h), ...attrs });
  canvas.style.width = `${w * scale}px`;
  canvas.style.height = `${h * scale}px`;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const image = g.createImageData(w, h);
  const px = [0, 0, 0];
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i += 4) {
      rgb(y, x, px);
      image.data[i] = px[0];
      image.data[i + 1] = px[1];
      image.data[i + 2] = px[2];
      image.data[i + 3] = 255;
    }
  }
  g.putImageData(image, 0, 0);
  return canvas;
}

/** An NHWC [1, h, w, 3] tensor as one picture. */
export function pictureCanvas(t, scale, attrs) {
  const [, h, w] = t.shape;
  return canvasOf(h, w, (y, x, px) => {
    const i = (y * w + x) * 3;
    px[0] = t.data[i];
    px[1] = t.data[i + 1];
    px[2] = t.data[i + 2];
  }, scale, attrs);
}

/**
 * The channels of an NHWC [1, h, w, C] tensor side by side: in threes as RGB
 * pictures, or one by one, each tinted with the colour channel of the
 * picture its pixels came from. `prov`: picture index of each element.
 */
function channelTiles(t, prov, b, grouping) {
  const [, h, w, C] = t.shape;
  const scale = Math.max(2, Math.round((SCALE * SIZE) / w / 2));
  const source = (y, x, c) => unravel(prov[(y * w + x) * C + c], [1, SIZE, SIZE, 3]);
  const origin = (c) => {
    const [, sy, sx, sc] = source(0, 0, c);
    return { by: sy % b, bx: sx % b, sc };
  };
  const tiles = [];
  if (grouping === 'rgb') {
    for (let g = 0; g < C / 3; g++) {
      const o = [0, 1, 2].map((k) => origin(3 * g + k));
      const plain = o.every((k, i) => k.sc === i && k.by === o[0].by && k.bx === o[0].bx);
      const label = plain
        ? `block offset (${o[0].by}, ${o[0].bx})`
        : o.map((k) => `${CHANNEL[k.sc]} (${k.by}, ${k.bx})`).join(' · ');
      const canvas = canvasOf(h, w, (y, x, px) => {
        const i = (y * w + x) * C + 3 * g;
        px[0] = t.data[i];
        px[1] = t.data[i + 1];
        px[2] = t.data[i + 2];
      }, scale, { 'data-channels': `${3 * g},${3 * g + 1},${3 * g + 2}`, role: 'img', 'aria-label': `channels ${3 * g} to ${3 * g + 2}: ${label}` });
      tiles.push({ canvas, title: `ch ${3 * g}–${3 * g + 2}`, label });
    }
  } else {
    for (let c = 0; c < C; c++) {
      const o = origin(c);
      const label = `${CHANNEL[o.sc]} at (${o.by}, ${o.bx})`;
      const canvas = canvasOf(h, w, (y, x, px) => {
        const sc = source(y, x, c)[3];
        px[0] = px[1] = px[2] = 0;
        px[sc] = t.data[(y * w + x) * C + c];
      }, scale, { 'data-channels': String(c), role: 'img', 'aria-label': `channel ${c}: ${label}` });
      tiles.push({ canvas, title: `ch ${c}`, label });
    }
  }
  return tiles;
}

export function tileList(tiles) {
  return el('div', { class: 'tiles' }, ...tiles.map(({ canvas, title, label }) => el('figure', { class: 'tile' },
    canvas, el('figcaption', {}, el('strong', {}, title), el('br'), label))));
}

// A picture with a frame around one pixel (the picture's top-left pixel).
function marked(canvas, y, x, scale, what) {
  const mark = el('span', { class: 'pixel-mark', 'aria-hidden': 'true', title: what });
  mark.style.cssText = `left:${x * scale - 3}px;top:${y * scale - 3}px;width:${scale + 6}px;height:${scale + 6}px`;
  return el('div', { class: 'pic-wrap' }, canvas, mark);
}

export function createPictureView(panel, ops, { TensorOpsError, onTiming }) {
  panel.setAttribute('aria-labelledby', 'tab-pictures');
  const id = (name) => `pictures-${name}`;
  const field = (name, label, control, hint) => el('div', { class: 'field', 'data-field': name },
    el('label', { for: id(name) }, label), control, hint ? el('p', { class: 'hint' }, hint) : '');
  const select = (name, options) => el('select', { id: id(name) },
    ...options.map(([value, text]) => el('option', { value }, text)));
  const range = (name) => el('input', { type: 'range', id: id(name), min: String(-SIZE), max: String(SIZE), step: '1', value: '0' });

  const picture = select('picture', [...PICTURES.map((p) => [p.id, p.label]), ['user', `Your picture (its centre, drawn at ${SIZE} × ${SIZE})`]]);
  const yours = pictureInput('pictures');
  const opRadios = ['spaceToDepth', 'depthToSpace', 'roll', ...FAMILY_OPS].map((name, k) => {
    const input = el('input', { type: 'radio', name: 'pictures-op', id: id(`op-${name}`), value: name, checked: k === 0 });
    return el('div', { class: 'radio' }, input, el('label', { for: id(`op-${name}`) }, name));
  });
  const opField = el('fieldset', { class: 'field' }, el('legend', {}, 'operation'), ...opRadios);
  const blockSize = select('blockSize', [['2', '2'], ['3', '3'], ['4', '4'], ['1', '1 (identity)']]);
  const mode = select('mode', [['blocks_first', 'blocks_first'], ['depth_first', 'depth_first']]);
  const grouping = select('grouping', [['rgb', 'RGB, 3 channels each'], ['single', 'single channels']]);
  const shiftY = range('shiftY');
  const shiftX = range('shiftX');
  const shiftYOut = el('output', { for: id('shiftY') }, '0');
  const shiftXOut = el('output', { for: id('shiftX') }, '0');
  const blockFields = [
    field('blockSize', 'blockSize', blockSize, `${SIZE} × ${SIZE} pixels, so any of these divides them`),
    field('mode', 'mode', mode),
    field('grouping', 'show the channels as', grouping),
  ];
  const rollFields = [
    field('shiftY', 'shift along H (axis 1)', el('div', { class: 'range' }, shiftY, shiftYOut)),
    field('shiftX', 'shift along W (axis 2)', el('div', { class: 'range' }, shiftX, shiftXOut)),
  ];
  const familyControls = {};
  const familyFields = {};
  for (const [op, list] of Object.entries(FAMILY_FIELDS)) {
    familyFields[op] = list.map(([name, label, options]) => {
      familyControls[name] = select(name, options);
      return field(name, label, familyControls[name]);
    });
  }
  const form = el('form', { class: 'controls', 'aria-label': 'Picture parameters' },
    field('picture', 'picture (drawn by this page, or yours)', picture), yours, opField, ...blockFields, ...rollFields,
    ...Object.values(familyFields).flat());
  form.addEventListener('submit', (e) => e.preventDefault());

  const code = el('code', { class: 'call' });
  const summary = el('p', { class: 'summary', role: 'status', 'aria-live': 'polite', 'data-role': 'summary' });
  const inFigure = el('figure', { class: 'pic pic-input', 'data-role': 'pic-input' });
  const outFigure = el('figure', { class: 'pic pic-output', 'data-role': 'pic-output' });
  const note = el('p', { class: 'pic-note', 'aria-live': 'polite' });
  panel.append(
    el('header', { class: 'op-head' },
      el('h2', {}, 'Pictures ', el('span', { class: 'spec' }, 'the operations on real pixels')),
      el('p', { class: 'intro' }, `A ${SIZE} × ${SIZE} picture, drawn by this page, is an NHWC tensor [1, ${SIZE}, ${SIZE}, 3] of bytes. ` +
        'spaceToDepth turns each block of pixels into channels: every group of channels is a smaller copy of the picture, ' +
        'taken at one position inside the blocks. depthToSpace weaves such channels back into one picture. roll shifts the ' +
        'picture around, what falls off one edge coming back at the other. pad shows its five modes side by side; transpose ' +
        'to NCHW gives one plane per colour; tile, reverse and slice repeat, flip and crop it.')),
    el('div', { class: 'op-layout' }, el('div', { class: 'side' }, form),
      el('div', { class: 'stage' }, el('div', { class: 'call-row' }, el('span', { class: 'small' }, 'The call:'), code),
        summary, el('div', { class: 'pictures' }, inFigure, el('div', { class: 'arrow', 'aria-hidden': 'true' }, '→'), outFigure), note)));

  let source = null;
  let sourceId = '';
  let version = 0;

  function update() {
    version++;
    const op = form.querySelector('input[name="pictures-op"]:checked').value;
    for (const f of blockFields) f.hidden = op !== 'spaceToDepth' && op !== 'depthToSpace';
    for (const f of rollFields) f.hidden = op !== 'roll';
    for (const [name, fields] of Object.entries(familyFields)) for (const f of fields) f.hidden = op !== name;
    shiftYOut.textContent = shiftY.value;
    shiftXOut.textContent = shiftX.value;
    yours.hidden = picture.value !== 'user';
    if (picture.value === 'user') {
      // Your picture through the library's fromImage: RGB bytes, NHWC (the canvas made it 48 x 48).
      if (!userPicture()) {
        panel.dataset.state = 'error';
        summary.textContent = 'Give a picture first: a file, a drop, a paste or the camera (beside).';
        panel.dataset.version = String(version);
        return;
      }
      const x = ops.fromImage(squareCopy(SIZE), { channels: 'rgb', dtype: 'uint8', layout: 'NHWC' });
      source = { data: x.data, shape: x.shape };
      sourceId = 'user';
    } else if (sourceId !== picture.value) {
      source = makePicture(picture.value);
      sourceId = picture.value;
    }
    const b = Number(blockSize.value);
    const options = { mode: mode.value };
    const indices = { data: iota(volume(source.shape)), shape: source.shape };
    const { variant, threads } = ops.backend;
    const by = `by the ${variant} build (${threads} thread${threads > 1 ? 's' : ''})`;
    try {
      let time;
      if (op === 'spaceToDepth') {
        code.textContent = `ops.spaceToDepth(picture, ${b}, { mode: ${js(mode.value)} })`;
        const t0 = performance.now();
        const y = ops.spaceToDepth(source, b, options);
        time = performance.now() - t0;
        const prov = ops.spaceToDepth(indices, b, options).data;
        inFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'picture'), ` ${formatShape(source.shape)}`),
          pictureCanvas(source, SCALE, { 'data-role': 'picture', role: 'img', 'aria-label': 'the picture' }));
        outFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'spaceToDepth'), ` ${formatShape(y.shape)}: `,
          `${y.shape[3]} channels of ${y.shape[1]} × ${y.shape[2]}`), tileList(channelTiles(y, prov, b, grouping.value)));
        summary.textContent = `${formatShape(source.shape)} → ${formatShape(y.shape)}, computed ${by} in ${ms(time)}.`;
        note.textContent = mode.value === 'blocks_first'
          ? 'blocks_first: channels 3k, 3k+1 and 3k+2 hold the R, G and B of block position k, so each group of three is the picture sampled at one offset.'
          : 'depth_first: the colour channel is the high part of the channel index, so each group of three holds one colour at three offsets.';
      } else if (op === 'depthToSpace') {
        code.textContent = `ops.depthToSpace(ops.spaceToDepth(picture, ${b}, o), ${b}, o)   // o = { mode: ${js(mode.value)} }`;
        const z = ops.spaceToDepth(source, b, options);
        const zProv = ops.spaceToDepth(indices, b, options).data;
        const t0 = performance.now();
        const y = ops.depthToSpace(z, b, options);
        time = performance.now() - t0;
        const same = y.data.length === source.data.length && y.data.every((v, i) => v === source.data[i]);
        inFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'input: spaceToDepth(picture)'), ` ${formatShape(z.shape)}`),
          tileList(channelTiles(z, zProv, b, grouping.value)));
        outFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'depthToSpace'), ` ${formatShape(y.shape)}`),
          pictureCanvas(y, SCALE, { 'data-role': 'result', role: 'img', 'aria-label': 'the result of depthToSpace' }),
          el('p', { class: same ? 'verdict ok' : 'verdict bad', 'data-role': 'same' },
            same ? '✓ identical to the picture, byte for byte' : '✗ differs from the picture'));
        summary.textContent = `${formatShape(z.shape)} → ${formatShape(y.shape)}, computed ${by} in ${ms(time)}.`;
        note.textContent = 'The channel groups on the left are woven back pixel by pixel: each block of the output takes one pixel from every group.';
      } else if (FAMILY_OPS.includes(op)) {
        const values = Object.fromEntries(Object.entries(familyControls).map(([name, c]) => [name, c.value]));
        const r = runFamilyMode(ops, op, source, values);
        time = r.time;
        code.textContent = r.code;
        inFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'picture'), ` ${formatShape(source.shape)}`),
          pictureCanvas(source, SCALE, { 'data-role': 'picture', role: 'img', 'aria-label': 'the picture' }));
        outFigure.replaceChildren(el('figcaption', {}, el('strong', {}, op), ` ${formatShape(r.y.shape)}`), r.output);
        summary.textContent = `${formatShape(source.shape)} → ${formatShape(r.y.shape)}, computed ${by} in ${ms(time)}.`;
        note.textContent = r.note;
      } else {
        const shift = [Number(shiftY.value), Number(shiftX.value)];
        code.textContent = `ops.roll(picture, ${js(shift)}, [1, 2])`;
        const t0 = performance.now();
        const y = ops.roll(source, shift, [1, 2]);
        time = performance.now() - t0;
        const prov = ops.roll(indices, shift, [1, 2]).data;
        // Where did the picture's top-left pixel go? The output position holding index 0.
        const [, ty, tx] = unravel(prov.indexOf(0), y.shape);
        inFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'picture'), ` ${formatShape(source.shape)}`),
          marked(pictureCanvas(source, SCALE, { 'data-role': 'picture', role: 'img', 'aria-label': 'the picture' }), 0, 0, SCALE, 'top-left pixel'));
        outFigure.replaceChildren(el('figcaption', {}, el('strong', {}, 'roll'), ` ${formatShape(y.shape)}`),
          marked(pictureCanvas(y, SCALE, { 'data-role': 'result', role: 'img', 'aria-label': `the picture rolled by ${shift.join(', ')}` }), ty, tx, SCALE, 'the former top-left pixel'));
        summary.textContent = `${formatShape(source.shape)} → ${formatShape(y.shape)}, computed ${by} in ${ms(time)}.`;
        note.textContent = `The picture’s top-left pixel (framed) is now at row ${ty}, column ${tx}.`;
      }
      panel.dataset.state = 'ok';
      onTiming?.(op, time);
    } catch (e) {
      if (!(e instanceof TensorOpsError)) throw e;
      panel.dataset.state = 'error';
      summary.textContent = `${e.code}: ${e.message}`;
    }
    panel.dataset.version = String(version);
  }

  form.addEventListener('input', update);
  onUserPicture(() => { if (shown && !panel.hidden && picture.value === 'user') update(); });
  let shown = false;
  return {
    show() {
      if (!shown) update();
      shown = true;
    },
    update,
  };
}

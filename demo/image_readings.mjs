// What a model reads from fromImage's tensor, drawn back: each channel's
// plane as a grey picture (a slice of the channel axis, through toImage),
// and a segmentation-style map: argMax over the channels (which channel is
// largest at each pixel) coloured by a gather of palette rows, the
// post-processing a segmentation model's output gets. Each with its call.
import { el } from './controls.mjs';
import { ms } from './numbers.mjs';
import { js } from './operations.mjs';

const CHANNEL_AXIS = { NCHW: 1, CHW: 0, NHWC: 3, HWC: 2 };
// Each channel's colour in the map, by its name: R red, G green, B blue, A grey, gray white.
const COLOURS = { r: [220, 50, 47, 255], g: [60, 170, 60, 255], b: [38, 110, 210, 255], a: [150, 150, 150, 255], gray: [240, 240, 240, 255] };

const names = (channels) => (channels === 'gray' ? ['gray'] : channels.split(''));
const nth = (v, c) => (Array.isArray(v) ? v[c] : v);

function canvasOf(image, label, role) {
  const canvas = el('canvas', { width: String(image.width), height: String(image.height), role: 'img', 'aria-label': label, 'data-role': role });
  canvas.style.width = `${Math.min(160, image.width * Math.max(1, Math.floor(120 / image.width)))}px`;
  const data = image.data instanceof Uint8ClampedArray ? image.data : new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  canvas.getContext('2d').putImageData(new ImageData(data, image.width, image.height), 0, 0);
  return canvas;
}

const figure = (role, title, code, canvas, time) => el('figure', { class: 'pic pic-reading', 'data-role': role },
  el('figcaption', {}, el('strong', {}, title), ` ${ms(time)}`), el('code', { class: 'call' }, code), canvas);

/**
 * The readings of x = fromImage(picture, opts) as a list of figures:
 * planes, then the argMax map. `opts` are fromImage's options (layout,
 * channels, scale, mean, std as given).
 */
export function imageReadings(ops, x, opts) {
  const layout = opts.layout ?? 'NCHW';
  const axis = CHANNEL_AXIS[layout];
  const channels = names(opts.channels ?? 'rgb');
  const figures = [];
  channels.forEach((name, c) => {
    const t0 = performance.now();
    const plane = ops.slice(x, [c], [c + 1], { axes: [axis] });
    const back = { layout, channels: 'gray', scale: opts.scale, mean: nth(opts.mean, c), std: nth(opts.std, c) };
    for (const k of Object.keys(back)) if (back[k] === undefined) delete back[k];
    const image = ops.toImage(plane, back);
    const code = `ops.toImage(ops.slice(x, [${c}], [${c + 1}], { axes: [${axis}] }), ${js(back)})`;
    figures.push(figure(`plane-${c}`, `plane ${c}: ${name.toUpperCase()}`, code, canvasOf(image, `channel ${name} as grey`, `plane-${c}`), performance.now() - t0));
  });
  if (channels.length > 1) {
    const t0 = performance.now();
    const palette = { data: Uint8Array.from(channels.flatMap((n) => COLOURS[n])), shape: [channels.length, 4], dtype: 'uint8' };
    const classes = ops.argMax(x, axis);
    const map = ops.gather(palette, classes, { axis: 0 });
    const [h, w] = classes.shape.slice(-2);
    const code = `const classes = ops.argMax(x, ${axis});\nconst colours = ops.gather(palette, classes);   // palette: [${channels.length}, 4] uint8`;
    figures.push(figure('argmax-map', 'argMax over the channels, coloured', code,
      canvasOf({ data: map.data, width: w, height: h }, 'the largest channel of each pixel, in its colour', 'argmax-map'), performance.now() - t0));
  }
  return figures;
}

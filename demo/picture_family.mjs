// The Pictures tab's modes for the operations of version 0.2, on the same
// NHWC [1, 48, 48, 3] picture: the padding modes side by side, the channel
// planes after NHWC -> NCHW, tiles, flips and crops. Every pixel shown is
// the module's output.
import { canvasOf, pictureCanvas, tileList } from './picture.mjs';
import { formatShape } from './layout.mjs';
import { js } from './operations.mjs';

const SCALE = 4;
const PLANE = ['R', 'G', 'B'];

/** The modes' own controls: [name, label, options as [value, text]]. */
export const FAMILY_FIELDS = {
  pad: [['padAmount', 'pad on each side', [['8', '8 pixels'], ['16', '16 pixels'], ['47', '47 pixels (reflect’s most)'], ['-8', '-8 (a crop)']]]],
  transpose: [['perm', 'perm', [['0,3,1,2', '[0, 3, 1, 2]: NHWC → NCHW'], ['0,2,1,3', '[0, 2, 1, 3]: swap H and W']]]],
  tile: [['repeats', 'repeats', [['1,2,2,1', '[1, 2, 2, 1]'], ['1,1,3,1', '[1, 1, 3, 1]'], ['1,3,3,1', '[1, 3, 3, 1]']]]],
  reverse: [['flip', 'axes', [['2', '[2]: mirror left–right'], ['1', '[1]: upside down'], ['1,2', '[1, 2]: both (a half turn)'], ['3', '[3]: RGB → BGR']]]],
  slice: [['crop', 'window', [['8,40,1', 'centre, step 1'], ['0,48,2', 'whole, step 2 (half size)'], ['47,-49,-1', 'whole, step -1 (a half turn)'], ['8,40,3', 'centre, step 3']]]],
};
export const FAMILY_OPS = Object.keys(FAMILY_FIELDS);

const ints = (text) => text.split(',').map(Number);
const picture = (y, label, attrs = {}) => pictureCanvas(y, SCALE, { 'data-role': 'result', role: 'img', 'aria-label': label, ...attrs });

// The three planes of an NCHW [1, 3, h, w] tensor, each tinted with its colour.
function planes(y) {
  const [, C, h, w] = y.shape;
  return Array.from({ length: C }, (_, c) => ({
    canvas: canvasOf(h, w, (r, x, px) => {
      px[0] = px[1] = px[2] = 0;
      px[c % 3] = y.data[(c * h + r) * w + x];
    }, SCALE, { 'data-plane': String(c), role: 'img', 'aria-label': `plane ${c}: ${PLANE[c % 3]}` }),
    title: `y[0, ${c}]`,
    label: `the ${PLANE[c % 3]} plane`,
  }));
}

/**
 * Runs mode `op` on `source` with the mode's control values `v`; returns
 * what to show: { code, y, time, output (an element), note }.
 */
export function runFamilyMode(ops, op, source, v) {
  const timed = (f) => {
    const t0 = performance.now();
    const y = f();
    return { y, time: performance.now() - t0 };
  };
  if (op === 'pad') {
    const p = Number(v.padAmount);
    const pads = [0, p, p, 0];
    const modes = p < 0 ? ['constant'] : ['reflect', 'symmetric', 'edge', 'wrap', 'constant'];
    let time = 0;
    let last;
    const tiles = modes.map((mode) => {
      const r = timed(() => ops.pad(source, pads, pads, { mode }));
      time += r.time;
      last = r.y;
      return { canvas: pictureCanvas(r.y, 2, { 'data-mode': mode, role: 'img', 'aria-label': `padded, ${mode}` }), title: mode, label: formatShape(r.y.shape) };
    });
    return {
      code: `ops.pad(picture, ${js(pads)}, ${js(pads)}, { mode })   // mode: ${modes.map(js).join(', ')}`,
      y: last, time, output: tileList(tiles),
      note: p < 0 ? 'A negative pad removes pixels: the picture cropped by 8 on every side.'
        : 'reflect mirrors without the edge pixel, symmetric with it, edge repeats it, wrap continues from the other side, constant fills 0 (black).',
    };
  }
  if (op === 'transpose') {
    const perm = ints(v.perm);
    const { y, time } = timed(() => ops.transpose(source, perm));
    const nchw = perm.join() === '0,3,1,2';
    return {
      code: `ops.transpose(picture, ${js(perm)})`, y, time,
      output: nchw ? tileList(planes(y)) : picture(y, 'the picture with H and W swapped'),
      note: nchw ? 'NCHW keeps each channel as one plane: three pictures of one colour each, as most models want them.'
        : 'Swapping H and W mirrors the picture along its diagonal.',
    };
  }
  if (op === 'tile') {
    const repeats = ints(v.repeats);
    const { y, time } = timed(() => ops.tile(source, repeats));
    return { code: `ops.tile(picture, ${js(repeats)})`, y, time, output: picture(y, `the picture tiled ${repeats.join(' × ')}`), note: 'The whole picture repeated as a block along H and W.' };
  }
  if (op === 'reverse') {
    const axes = ints(v.flip);
    const { y, time } = timed(() => ops.reverse(source, axes));
    return {
      code: `ops.reverse(picture, ${js(axes)})`, y, time, output: picture(y, `the picture reversed on axes ${axes.join(', ')}`),
      note: axes.join() === '3' ? 'Reversing the channel axis swaps red and blue.' : 'Each reversed axis runs backwards.',
    };
  }
  const [start, end, step] = ints(v.crop);
  const args = [[start, start], [end, end], { axes: [1, 2], steps: [step, step] }];
  const { y, time } = timed(() => ops.slice(source, ...args));
  return {
    code: `ops.slice(picture, ${args.map(js).join(', ')})`, y, time, output: picture(y, `the picture sliced ${start}:${end}:${step}`),
    note: step < 0 ? 'A negative step walks backwards from the start; an end of -49 is before the first pixel, so it runs to the edge.'
      : `Rows and columns ${start}, ${start + step}, … up to ${end} (not included).`,
  };
}

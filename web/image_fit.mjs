// fromImage's size and fit: where the crop lands in the output. The crop of
// h x w pixels is resized to rh x rw, then placed at (offsetY, offsetX) of
// the output: an offset >= 0 is the letterbox's padding before the picture
// (contain), a negative one the part cut away (cover). Rules: docs/images.md, "Size and fit".

/** Nearest, ties to even (Math.round rounds ties up). */
function roundEven(v) {
  const r = Math.round(v);
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * { rh, rw, offsetY, offsetX, transform } for a crop of h x w reaching
 * `size` = [H, W] by `fit`. transform maps the output back to the crop:
 * crop point = (output point - offset) / scale, with scale = rh / h as
 * resize uses it (sizes given: the scale is out / in per axis).
 */
export function fitCrop(h, w, [H, W], fit) {
  let rh = H;
  let rw = W;
  if (fit !== 'fill') {
    const s = fit === 'contain' ? Math.min(H / h, W / w) : Math.max(H / h, W / w);
    // At least one pixel: a 1 x 1000 strip in a 10 x 10 letterbox keeps a row.
    rh = Math.max(1, roundEven(h * s));
    rw = Math.max(1, roundEven(w * s));
  }
  // contain: the padding before the picture; cover: minus the part cut before it.
  const offsetY = rh <= H ? Math.floor((H - rh) / 2) : -Math.floor((rh - H) / 2) || 0;
  const offsetX = rw <= W ? Math.floor((W - rw) / 2) : -Math.floor((rw - W) / 2) || 0;
  return { rh, rw, offsetY, offsetX, scaleY: rh / h, scaleX: rw / w };
}

/**
 * The kept [rh, rw, C] pixels `resized` laid into the output's H x W:
 * padded with `padPixel` (a kept [1, 1, C]) where offsets are positive,
 * cropped where they are negative. Pads are broadcast views joined by one
 * concat per padded axis; a crop is a view. New tensors go to `temps`.
 */
export function placeInFrame(ops, resized, { offsetY, offsetX }, [H, W], padPixel, temps) {
  const keep = (t) => (temps.push(t), t);
  let t = resized;
  if (t.shape[0] > H || t.shape[1] > W) {
    const y0 = Math.max(0, -offsetY);
    const x0 = Math.max(0, -offsetX);
    const rows = Math.min(H, t.shape[0]);
    const cols = Math.min(W, t.shape[1]);
    t = keep(ops.slice(t, [y0, x0], [y0 + rows, x0 + cols], { axes: [0, 1] }));
  }
  const C = t.shape[2];
  const band = (rows, cols) => keep(ops.broadcast(padPixel, [rows, cols, C]));
  const pad = (axis, before, after) => {
    const [rows, cols] = t.shape;
    const edge = (n) => (axis === 0 ? band(n, cols) : band(rows, n));
    const parts = [before > 0 ? edge(before) : null, t, after > 0 ? edge(after) : null].filter(Boolean);
    t = keep(ops.concat(parts, axis));
  };
  if (t.shape[1] < W) pad(1, offsetX, W - t.shape[1] - offsetX);
  if (t.shape[0] < H) pad(0, offsetY, H - t.shape[0] - offsetY);
  return t;
}

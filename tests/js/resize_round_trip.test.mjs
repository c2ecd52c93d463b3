// Resize's round trip: nearest 2x up then 2x down gives x back, bit for bit,
// on random shapes, axes and dtypes, kept and plain, where the coordinate
// rule makes it an identity (half_pixel with either rounding of ties, and
// asymmetric with floor: output j of the way down reads up's 2j or 2j + 1,
// both copies of x's j).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DTYPES } from '../../web/node.mjs';
import { makeRng } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const RULES = [
  { coordinateTransformationMode: 'half_pixel', nearestMode: 'round_prefer_floor' },
  { coordinateTransformationMode: 'half_pixel', nearestMode: 'round_prefer_ceil' },
  { coordinateTransformationMode: 'asymmetric', nearestMode: 'floor' },
];
const KINDS = ['uint8', 'int8', 'float16', 'bfloat16', 'float32', 'int32', 'float64', 'int64'];

test('resize: nearest 2x up then 2x down is the identity (200 random shapes, axes and dtypes)', () => {
  const rng = makeRng(0x2e512e);
  const before = ops.memory();
  for (let n = 0; n < 200; n++) {
    const rank = rng.int(1, 4);
    const shape = Array.from({ length: rank }, () => rng.int(1, 7));
    const axes = [...Array(rank).keys()].filter(() => rng() < 0.6);
    if (!axes.length) axes.push(rng.int(0, rank - 1));
    const dtype = rng.pick(KINDS);
    const rule = rng.pick(RULES);
    const size = shape.reduce((p, d) => p * d, 1);
    const bytes = new Uint8Array(size * DTYPES[dtype].bytes).map(() => rng.int(0, 255));
    const Array_ = DTYPES[dtype].arrays[0];
    const data = new Array_(bytes.buffer);
    const what = `${dtype} [${shape}] axes [${axes}] ${JSON.stringify(rule)}`;
    const bySizes = rng() < 0.5;
    const twice = () => (bySizes ? { sizes: axes.map((a) => 2 * shape[a]) } : { scales: axes.map(() => 2) });
    const half = bySizes ? { sizes: axes.map((a) => shape[a]) } : { scales: axes.map(() => 0.5) };
    if (rng() < 0.5) {
      const x = ops.tensor(data, shape, dtype);
      const up = ops.resize(x, { ...twice(), axes, ...rule });
      assert.deepEqual(up.shape, shape.map((d, a) => (axes.includes(a) ? 2 * d : d)), what);
      const down = ops.resize(up, { ...half, axes, ...rule });
      assert.deepEqual(new Uint8Array(down.data.buffer, down.data.byteOffset, down.data.byteLength), bytes, `${what} kept`);
      for (const t of [down, up, x]) t.dispose();
    } else {
      const up = ops.resize({ data, shape, dtype }, { ...twice(), axes, ...rule });
      const down = ops.resize(up, { ...half, axes, ...rule });
      assert.deepEqual(down.shape, shape, what);
      assert.deepEqual(new Uint8Array(down.data.buffer, down.data.byteOffset, down.data.byteLength), bytes, `${what} plain`);
    }
  }
  assert.equal(ops.memory().keptTensors, before.keptTensors);
});

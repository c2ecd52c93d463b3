// ops.shapes.* give the output shape of the operation without data, and
// throw exactly what the operation throws; both agree with the reference
// on a few hundred random cases, valid and invalid (one violation each).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeRng, volume } from './helpers.mjs';
import { loadOps } from './load_ops.mjs';
import { ref } from './reference.mjs';

const ops = await loadOps();
const rng = makeRng(0x54a9e);
const dim = (max = 3) => (rng() < 0.08 ? 0 : rng.int(1, max));
const shapeOf = (rank, max) => Array.from({ length: rank }, () => dim(max));
const bad = () => rng() < 0.35; // the chance of one violation per case

// Each generator returns { op, input, args (for ops.shapes.op after inputShape), ref() }.
const GENERATORS = {
  reshape() {
    const input = shapeOf(rng.int(0, 4));
    const n = volume(input);
    const target = [];
    let rest = n;
    for (let k = rng.int(0, 2); k > 0; k--) {
      const f = rest % 2 === 0 && rest > 0 ? 2 : 1;
      target.push(f);
      rest /= f;
    }
    target.push(rest);
    const specialZero = rng() < 0.5;
    if (specialZero) target.forEach((v, i) => { if (i < input.length && v === input[i] && rng() < 0.4) target[i] = 0; });
    if (n > 0 && rng() < 0.5) target[rng.int(0, target.length - 1)] = -1;
    if (bad()) {
      const v = rng.int(0, 3);
      if (v === 0) target.push(7); // volume
      else if (v === 1) target.push(-1, -1); // two -1s
      else if (v === 2) target[0] = -rng.int(2, 9); // below -1
      else target.push(...Array(Math.max(0, input.length - target.length)).fill(1), 0); // special zero beyond the rank
    }
    return { op: 'reshape', input, args: [target, { specialZero }], ref: () => ref.reshape(input, target, specialZero) };
  },
  broadcast() {
    const mode = rng.pick(['numpy', 'bidirectional', 'explicit']);
    const input = shapeOf(rng.int(0, 3)).map((d) => (rng() < 0.4 ? 1 : d));
    let target;
    let mapping;
    if (mode === 'explicit') {
      const rank = input.length + rng.int(input.length ? 0 : 1, 2);
      const axes = Array.from({ length: rank }, (_, i) => i).sort(() => rng() - 0.5).slice(0, Math.max(input.length, 1));
      mapping = axes.sort((a, b) => a - b);
      target = Array.from({ length: rank }, () => rng.int(1, 3));
      if (input.length) mapping.forEach((a, i) => { if (input[i] !== 1) target[a] = input[i]; });
    } else {
      target = Array.from({ length: rng.int(0, 2) }, () => rng.int(1, 3));
      target.push(...input.map((d) => (mode === 'bidirectional' && rng() < 0.3 ? 1 : d === 1 ? dim() : d)));
    }
    const options = { mode };
    if (mapping) options.axesMapping = mapping;
    if (bad()) {
      const v = rng.int(0, 4);
      const i = input.length - 1;
      if (v === 0 && i >= 0) { // dims: 2 against 3
        input[i] = 2;
        target[mapping ? mapping[i] : target.length - 1] = 3;
      } else if (v === 1 && target.length) target[rng.int(0, target.length - 1)] = -rng.int(1, 3); // negative
      else if (v === 2) options.mode = rng.pick(['Numpy', 'pdpd', '']); // unknown mode
      else if (v === 3 && mapping) delete options.axesMapping; // explicit without a mapping
      else if (v === 3) options.axesMapping = [0]; // a mapping in another mode
      else if (mapping && input.every((d) => d === 1) && mapping.length > 1) mapping.reverse(); // order
      else if (mapping) mapping[mapping.length - 1] = target.length; // out of range
    }
    return {
      op: 'broadcast', input, args: [target, options],
      ref: () => ref.broadcast(input, target, options.mode, options.axesMapping),
    };
  },
  block() {
    const op = rng.pick(['spaceToDepth', 'depthToSpace']);
    const dataFormat = rng.pick(['NHWC', 'NCHW', 'NCHW_VECT_C']);
    const mode = rng.pick(['blocks_first', 'depth_first']);
    let b = rng.int(1, 3);
    const k = dataFormat === 'NCHW' ? rng.int(1, 3) : 2;
    const spatial = Array.from({ length: k }, () => dim() * (op === 'spaceToDepth' ? b : 1));
    let c = dataFormat === 'NCHW_VECT_C' ? rng.int(1, 2) : dim();
    if (op === 'depthToSpace') c *= b ** k;
    let input = dataFormat === 'NHWC' ? [dim(2), ...spatial, c]
      : dataFormat === 'NCHW' ? [dim(2), c, ...spatial] : [dim(2), c, ...spatial, 4];
    const options = { dataFormat, mode };
    if (bad()) {
      const v = rng.int(0, 4);
      const lastSpatial = dataFormat === 'NHWC' ? 2 : dataFormat === 'NCHW' ? input.length - 1 : 3;
      if (v === 0 && op === 'spaceToDepth') input[lastSpatial] += 1; // divisibility
      else if (v === 0) input[dataFormat === 'NHWC' ? 3 : 1] += 1; // depth divisibility
      else if (v === 1) b = rng.pick([0, -1]);
      else if (v === 2) input = input.slice(1); // rank
      else if (v === 3 && dataFormat === 'NCHW_VECT_C') input[4] = 3;
      else options.mode = 'dcr';
    }
    return {
      op, input, args: [b, options],
      ref: () => ref[op](input, b, dataFormat, options.mode),
    };
  },
  roll() {
    const input = shapeOf(rng.int(1, 4));
    const count = rng.int(1, 3);
    const axes = Array.from({ length: count }, () => rng.int(-input.length, input.length - 1));
    let shift = rng() < 0.3 ? rng.int(-9, 9) : axes.map(() => rng.int(-9, 9));
    let shapeIn = input;
    if (bad()) {
      const v = rng.int(0, 2);
      if (v === 0) shapeIn = [];
      else if (v === 1) shift = [...axes, 1].map(() => 1);
      else axes[0] = rng() < 0.5 ? input.length : -input.length - 1;
    }
    return { op: 'roll', input: shapeIn, args: [shift, axes], ref: () => ref.roll(shapeIn, shift, axes) };
  },
  // A list of input shapes in: the operation's twin takes the shapes, the
  // operation one tensor per shape.
  concat() {
    const rank = rng.int(1, 4);
    const base = shapeOf(rank);
    let axis = rng.int(-rank, rank - 1);
    const shapes = Array.from({ length: rng.int(1, 4) }, () => {
      const s = base.slice();
      s[axis < 0 ? axis + rank : axis] = dim();
      return s;
    });
    if (bad()) {
      const v = rng.int(0, 3);
      if (v === 0) shapes.push(base.map((d) => d + 1)); // other dims differ
      else if (v === 1) axis = rank; // out of range
      else if (v === 2) shapes.push(base.slice(1)); // another rank
      else shapes.length = 0; // empty list
    }
    return {
      op: 'concat', input: shapes, args: [axis], ref: () => ref.concat(shapes, axis),
      call: () => ops.concat(shapes.map((s) => ({ data: new Int8Array(volume(s)), shape: s })), axis).shape,
    };
  },
  // Several outputs: the twin and the operation give one shape per part.
  split() {
    const input = shapeOf(rng.int(1, 4));
    const rank = input.length;
    const axis = rng.int(-rank, rank - 1);
    const d = input[axis < 0 ? axis + rank : axis];
    let splits = rng() < 0.5 ? rng.pick([1, 2, 3].filter((k) => d % k === 0)) : [rng.int(0, d), -1];
    if (bad()) splits = rng.pick([0, d + 1 + (d === 0 ? 1 : 0), [d + 1], [-1, -1], [-2, d + 2], []]);
    return {
      op: 'split', input, args: [splits, { axis }], ref: () => ref.split(input, splits, axis).map((p) => p.shape),
      call: () => ops.split({ data: new Int8Array(volume(input)), shape: input }, splits, { axis }).map((p) => p.shape),
      shapesOnly: true,
    };
  },
};

const outcome = (fn) => {
  try {
    return { shape: fn() };
  } catch (e) {
    return { code: e.code, message: e.message };
  }
};

test('shapes.* agree with the operations and the reference', () => {
  const counts = { valid: 0, invalid: 0 };
  const generators = Object.values(GENERATORS);
  for (let i = 0; i < 900; i++) {
    const g = generators[i % generators.length]();
    const what = `${g.op} ${JSON.stringify(g.input)} ${JSON.stringify(g.args)}`;
    const viaShapes = outcome(() => ops.shapes[g.op](g.input, ...g.args));
    const viaOp = outcome(() => {
      if (g.call) return g.call();
      const r = ops[g.op]({ data: new Int8Array(volume(g.input)), shape: g.input }, ...g.args);
      return r.shape;
    });
    assert.deepEqual(viaShapes, viaOp, what);
    const expected = outcome(() => (g.shapesOnly ? g.ref() : g.ref().shape));
    if (expected.code) {
      counts.invalid++;
      assert.equal(viaShapes.code, expected.code, `${what}: ${viaShapes.message ?? 'no error'}`);
    } else {
      counts.valid++;
      assert.deepEqual(viaShapes.shape, expected.shape, `${what}: ${viaShapes.message ?? ''}`);
    }
  }
  assert.ok(counts.valid > 350 && counts.invalid > 150, JSON.stringify(counts));
});

test('shapes.* return plain arrays of numbers and need no data', () => {
  const s = ops.shapes.spaceToDepth([1, 2 ** 20, 2 ** 20, 3], 2, { dataFormat: 'NHWC' });
  assert.deepEqual(s, [1, 2 ** 19, 2 ** 19, 12]);
  assert.deepEqual(ops.shapes.reshape([2 ** 26, 2 ** 26], [-1]), [2 ** 52]);
  assert.deepEqual(ops.shapes.broadcast([16, 1, 1], [1, 1, 50, 50], { mode: 'bidirectional' }), [1, 16, 50, 50]);
  assert.deepEqual(ops.shapes.depthToSpace([1, 16, 2, 2, 2], 2, { dataFormat: 'NCHW' }), [1, 2, 4, 4, 4]);
  assert.deepEqual(ops.shapes.roll([3, 0, 2], 2n ** 60n, -2), [3, 0, 2]);
});

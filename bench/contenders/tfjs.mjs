// @tensorflow/tfjs-backend-wasm: the operations it has (depthToSpace NHWC,
// broadcastTo, transpose, stridedSlice, reverse, pad and mirrorPad, tile,
// concat, split, spaceToBatchND, batchToSpaceND), in float32; each call
// uploads the inputs, runs, downloads the results, as a plain-typed-array
// call of ours does.
import { createRequire } from 'node:module';
import path from 'node:path';

import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);
export const version = tf.version_core;

let ready = null;
export function initTfjs() {
  ready ??= (async () => {
    setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')) + '/dist/');
    await tf.setBackend('wasm');
  })();
  return ready;
}

export function tfjs(c, xs) {
  if (c.dtype !== 'float32') return null;
  const x = xs[0];
  let op = null;
  if (c.op === 'depthToSpace' && !c.args[1]) op = (t) => tf.depthToSpace(t, c.args[0]);
  if (c.op === 'broadcast') op = (t) => tf.broadcastTo(t, c.output);
  if (c.op === 'transpose') op = (t) => tf.transpose(t, c.args[0]);
  const padding = () => c.input.map((_, k) => [c.args[0][k], c.args[1][k]]);
  if (c.op === 'slice') {
    const [starts, ends, { axes, steps = axes.map(() => 1) }] = c.args;
    const begin = c.input.map(() => 0), end = [...c.input], strides = c.input.map(() => 1);
    axes.forEach((a, j) => { begin[a] = starts[j]; end[a] = ends[j]; strides[a] = steps[j]; });
    op = (t) => tf.stridedSlice(t, begin, end, strides);
  }
  if (c.op === 'reverse') op = (t) => tf.reverse(t, c.args[0]);
  if (c.op === 'pad' && c.args[2].mode === 'constant') op = (t) => tf.pad(t, padding());
  if (c.op === 'pad' && ['reflect', 'symmetric'].includes(c.args[2].mode)) op = (t) => tf.mirrorPad(t, padding(), c.args[2].mode);
  if (c.op === 'tile') op = (t) => tf.tile(t, c.args[0]);
  if (c.op === 'split') op = (t) => tf.split(t, c.args[0], c.args[1].axis);
  // TensorFlow's form: block shape and paddings of the spatial dims only.
  const spatial = (list) => list.slice(1, -1);
  if (c.op === 'spaceToBatch') op = (t) => tf.spaceToBatchND(t, spatial(c.args[0]), spatial(c.args[0]).map((_, i) => [c.args[1][i + 1], c.args[2][i + 1]]));
  if (c.op === 'batchToSpace') op = (t) => tf.batchToSpaceND(t, spatial(c.args[0]), spatial(c.args[0]).map((_, i) => [c.args[1][i + 1], c.args[2][i + 1]]));
  if (c.op === 'gather') {
    const indices = tf.tensor(c.args[0].data, c.args[0].shape, 'int32');
    op = (t) => tf.gather(t, indices);
  }
  if (c.op === 'concat') {
    return () => {
      const ts = xs.map((xi, i) => tf.tensor(xi, c.inputs[i], 'float32'));
      const y = tf.concat(ts, c.args[0]);
      y.dataSync();
      ts.forEach((t) => t.dispose());
      y.dispose();
    };
  }
  if (!op) return null;
  return () => {
    const t = tf.tensor(x, c.input, 'float32');
    const y = op(t);
    for (const part of [y].flat()) {
      part.dataSync();
      part.dispose();
    }
    t.dispose();
  };
}

// @tensorflow/tfjs-backend-wasm: depthToSpace (NHWC) and broadcastTo, for
// the dtypes it has (float32, int32); each call uploads the input, runs,
// downloads the result, as a plain-typed-array call of ours does.
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

export function tfjs(c, x) {
  if (c.dtype !== 'float32') return null;
  let op = null;
  if (c.op === 'depthToSpace' && !c.args[1]) op = (t) => tf.depthToSpace(t, c.args[0]);
  if (c.op === 'broadcast') op = (t) => tf.broadcastTo(t, c.output);
  if (c.op === 'transpose') op = (t) => tf.transpose(t, c.args[0]);
  if (!op) return null;
  return () => {
    const t = tf.tensor(x, c.input, 'float32');
    const y = op(t);
    y.dataSync();
    t.dispose();
    y.dispose();
  };
}

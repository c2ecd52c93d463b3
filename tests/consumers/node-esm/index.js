// An ES-module project ("type": "module"): import the package next to
// onnxruntime-web, run every operation on both builds with ORT's own Tensor
// class, print one JSON line, and let Node exit by itself.
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-web';
import * as pkg from 'wasm-tensor-ops';
import { exercise } from './exercise.mjs';

const require = createRequire(import.meta.url);
// One package, not two: require() and import give the same classes.
if (require('wasm-tensor-ops').TensorOpsError !== pkg.TensorOpsError) throw new Error('require() and import differ');

const reports = [
  await exercise(pkg, {}, { Tensor: ort.Tensor, large: true }),
  await exercise(pkg, { threads: 1 }, { Tensor: ort.Tensor }),
];
console.log(JSON.stringify({ entry: import.meta.resolve('wasm-tensor-ops'), reports }));

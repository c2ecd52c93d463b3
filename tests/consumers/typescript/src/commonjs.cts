// A CommonJS module of the same project: require() resolves the same types.
import pkg = require('wasm-tensor-ops');

async function main(): Promise<number[]> {
  const ops = await pkg.load({ threads: 1 });
  const r = ops.roll({ data: new Int32Array([1, 2, 3]), shape: [3] }, 1, 0);
  const error: typeof pkg.TensorOpsError = pkg.TensorOpsError;
  return r.shape;
}
export = main;

// A CommonJS file (this package.json has no "type"): require() in both
// spellings gets web/index.d.ts, and import() of the same package gets the
// ES-module declarations (web/index.d.mts), which must be the same types.
import pkg = require('wasm-tensor-ops');
import { load, threadsAvailable, KeptTensor, TensorOpsError, type Ops, type TensorResult } from 'wasm-tensor-ops';
// The same names as the ES-module declarations have them.
type EsmKeptTensor<A extends Float32Array> = import('wasm-tensor-ops', { with: { 'resolution-mode': 'import' } }).KeptTensor<A>;

export async function main(): Promise<number[]> {
  const ops: Ops = await pkg.load({ threads: threadsAvailable() ? 2 : 1 });
  const again: Ops = await load({ threads: 1 });
  const rolled: TensorResult<Int32Array> = ops.roll({ data: new Int32Array([1, 2, 3]), shape: [3] }, 1, 0);
  const kept: KeptTensor<Float32Array> = again.tensor(new Float32Array(4), [2, 2]);

  // import() from CommonJS: the ES module's declarations, with the same types.
  const esm = await import('wasm-tensor-ops');
  const keptAsEsm: EsmKeptTensor<Float32Array> = kept;
  const keptBack: KeptTensor = keptAsEsm;
  const errorClass: typeof esm.TensorOpsError = TensorOpsError;
  const sameLoad: typeof esm.load = pkg.load;
  const available: boolean = esm.threadsAvailable();
  keptBack.dispose();
  if (!available || errorClass.name !== 'TensorOpsError' || sameLoad !== load) return [];
  return rolled.shape;
}

// onnxruntime-web's own Tensor type, in and out.
import * as ort from 'onnxruntime-web';
import { load, toOrt, fromOrt, type TensorResult } from 'wasm-tensor-ops';

const ops = await load();
const input = new ort.Tensor('int64', new BigInt64Array([1n, 2n, 3n, 4n, 5n, 6n]), [2, 3]);
const rolled: TensorResult<BigInt64Array> = ops.roll(input, 1, 1);
const asOrt: ort.Tensor = toOrt(rolled, ort);
const viaClass: ort.Tensor = toOrt(rolled, ort.Tensor);
const general: ort.Tensor = asOrt;
const anyOrt: TensorResult = ops.spaceToDepth(general, 2, { dataFormat: 'NCHW' });
const back: TensorResult = fromOrt(general);
const typedBack: TensorResult<BigInt64Array> = fromOrt(input);
const kept = ops.tensor(input);
const keptBack: ort.Tensor = toOrt(kept, ort);
kept.dispose();

export { viaClass, anyOrt, back, typedBack, keptBack };

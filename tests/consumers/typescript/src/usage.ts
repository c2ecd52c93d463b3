// How users write it: every operation, with the types they should get back.
import {
  load, TensorOpsError, DTYPES, KeptTensor,
  type Ops, type Backend, type DType, type Tensor, type TensorResult, type LoadOptions, type MemoryInfo,
} from 'wasm-tensor-ops';

const options: LoadOptions = { threads: 1, locateFile: (name) => `/assets/${name}` };
const ops: Ops = await load(options);
const backend: Readonly<Backend> = ops.backend;
const variant: 'simd-mt' | 'simd-st' = backend.variant;

const x: Tensor<Float32Array> = { data: new Float32Array(12), shape: [4, 3] };
const rolled: TensorResult<Float32Array> = ops.roll(x, [-1, 2], [0, 1]);
const f32: Float32Array = rolled.data;
const shape: number[] = rolled.shape;
const dtype: DType = rolled.dtype;

const i64 = ops.roll({ data: new BigInt64Array(3), shape: [3] }, 1n, 0);
const big: BigInt64Array = i64.data;
const fromTyped = ops.roll(x, new Int32Array([1]), new BigInt64Array([0n]));

const r1 = ops.reshape(x, [0, -1], { specialZero: true });
const b1 = ops.broadcast({ data: new Int32Array([1, 2, 3]), shape: [3, 1] }, [2, 3, 4]);
const b2 = ops.broadcast(x, [4, 3], { mode: 'bidirectional' });
const b3 = ops.broadcast({ data: new Uint8Array(3), shape: [3], dtype: 'bool' }, [3, 2], { mode: 'explicit', axesMapping: [0] });
const s1 = ops.spaceToDepth({ data: new Uint8Array(48), shape: [1, 4, 4, 3] }, 2);
const d1 = ops.depthToSpace({ data: new Uint16Array(32), shape: [1, 8, 2, 2], dtype: 'float16' }, 2,
  { dataFormat: 'NCHW', mode: 'depth_first' });
const u16: Uint16Array = d1.data;
const onnxNamed: Uint16Array = ops.depthToSpace({ data: u16, shape: [1, 8, 2, 2], dtype: 'float16' }, 2,
  { dataFormat: 'NCHW', mode: 'CRD' }).data;  // ONNX's name of depth_first
const out = new Float32Array(12);
const intoOut: TensorResult<Float32Array> = ops.roll(x, 1, 0, { out });

const shapes: number[][] = [
  ops.shapes.reshape([2, 6], [3, -1]),
  ops.shapes.broadcast([3], [2, 3], { mode: 'numpy' }),
  ops.shapes.spaceToDepth([1, 4, 4, 3], 2, { dataFormat: 'NHWC' }),
  ops.shapes.depthToSpace([1, 2, 2, 12], 2),
  ops.shapes.roll([4, 3], 1, 0),
];

// The operations of 0.2, with the types they give back.
const t1: TensorResult<Float32Array> = ops.transpose(x);
const sl: TensorResult<Float32Array> = ops.slice(x, [1], [2n ** 63n - 1n], { axes: [0], steps: [2] });
const rv: TensorResult<Float32Array> = ops.reverse(x, [-1]);
const pd: TensorResult<Float32Array> = ops.pad(x, [1, 0], [0, 1], { mode: 'constant', value: 0.5 });
const pd64 = ops.pad({ data: new BigInt64Array(2), shape: [2] }, [1], [1], { value: 7n });
const cc: TensorResult<Float32Array> = ops.concat([x, x], 0);
const parts: TensorResult<Float32Array>[] = ops.split(x, [1, -1], { axis: 0 });
const thirds = ops.split(x, 3, { axis: 1, out: [new Float32Array(4), new Float32Array(4), new Float32Array(4)] });
const tl: TensorResult<Float32Array> = ops.tile(x, [2, 1]);
const sb: TensorResult<Float32Array> = ops.spaceToBatch({ data: new Float32Array(16), shape: [1, 4, 4, 1] }, [1, 2, 2, 1], [0, 0, 0, 0], [0, 0, 0, 0]);
const bs: TensorResult<Float32Array> = ops.batchToSpace(sb, [1, 2, 2, 1], [0, 0, 0, 0], [0, 0, 0, 0]);
const familyShapes: number[][] = [
  ops.shapes.transpose([2, 3]),
  ops.shapes.slice([4, 3], [1], [3]),
  ops.shapes.pad([4, 3], [1, 1], [1, 1], { mode: 'wrap' }),
  ops.shapes.concat([[2, 3], [1, 3]], 0),
  ...ops.shapes.split([6, 2], 3),
  ops.shapes.tile([2], [3]),
];
// @ts-expect-error: pad's mode is one of five names
ops.pad(x, [1, 0], [0, 1], { mode: 'reflection' });
// @ts-expect-error: concat takes a list of tensors
ops.concat(x, 0);

// Kept tensors stay kept; plain tensors stay plain.
const kept: KeptTensor<Float32Array> = ops.tensor(new Float32Array(48), [1, 3, 4, 4]);
const keptOut: KeptTensor<Float32Array> = ops.spaceToDepth(kept, 2, { dataFormat: 'NCHW' });
const view: Float32Array = keptOut.data;
const copy: Float32Array = keptOut.toArray();
const readonlyShape: readonly number[] = keptOut.shape;
const bools = ops.tensor(new Uint8Array(4), [2, 2], 'bool');
keptOut.dispose();
kept.dispose();
bools.dispose();
{
  // `using` disposes at the end of the block (under the consumers' lib ES2022 too).
  using scratch = ops.tensor(new Float32Array(4), [2, 2]);
  const scratchShape: readonly number[] = scratch.shape;
}
const memory: MemoryInfo = ops.memory();

try {
  ops.reshape(x, [-1, 4, -1]);
} catch (e) {
  if (e instanceof TensorOpsError) {
    const code: 'INVALID_ARGUMENT' | 'SHAPE_MISMATCH' | 'OUT_OF_MEMORY' | 'DISPOSED' | 'LOAD_FAILED' = e.code;
    const message: string = e.message;
  }
}
const widths: number = DTYPES.int64.bytes;

// Views of kept tensors.
const keptRow: KeptTensor<Float32Array> = ops.tensor(new Float32Array(4), [1, 4]);
const squeezed: KeptTensor<Float32Array> = ops.squeeze(keptRow);
const unsqueezed: TensorResult<Float32Array> = ops.unsqueeze(x, [0]);
const flat: KeptTensor<Float32Array> = ops.flatten(keptRow, 0);
const viewStrides: readonly number[] = squeezed.strides;
const isDense: boolean = squeezed.contiguous;
const dense: KeptTensor<Float32Array> = ops.contiguous(squeezed);
const shapeOfFlat: number[] = ops.shapes.flatten([2, 3, 4], -1);

export { variant, f32, shape, dtype, big, fromTyped, r1, b1, b2, b3, s1, u16, intoOut, shapes, view, copy, readonlyShape, memory, widths };
export { unsqueezed, flat, viewStrides, isDense, dense, shapeOfFlat };
export { t1, sl, rv, pd, pd64, cc, parts, thirds, tl, sb, bs, familyShapes };

// gather, gatherElements, gatherND: indices as a number, an array, an index tensor or a kept one.
const rows: TensorResult<Float32Array> = ops.gather(x, [3, -1], { axis: 0 });
const one: TensorResult<Float32Array> = ops.gather(x, 1, { axis: 1 });
const keptIdx = ops.tensor(BigInt64Array.from([2n, 0n, 1n, 2n]), [4, 1]);
const along: TensorResult<Float32Array> = ops.gatherElements(x, keptIdx, { axis: -1 });
const pairs: TensorResult<Float32Array> = ops.gatherND(x, { data: Uint32Array.from([0, 1, 3, 2]), shape: [2, 2] });
const gatherShape: number[] = ops.shapes.gather([4, 3], [2, 5], { axis: 1 });
keptIdx.dispose();
export { rows, one, along, pairs, gatherShape };

// cast, fromImage, toImage: the output's array class follows the dtype asked for.
const halves: TensorResult<Uint16Array> = ops.cast(x, 'float16');
const bytesOut: TensorResult<Uint8Array | Uint8ClampedArray> = ops.cast(x, 'uint8', { scale: [1, 2, 3], axis: 1, rounding: 'nearest' });
const pixels = { data: new Uint8ClampedArray(4 * 4 * 4), width: 4, height: 4 };
const input = ops.fromImage(pixels, { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] });
const inputData: Float32Array = input.data;
const offsetY: number = input.transform.offsetY;
const keptInput = ops.fromImage(pixels, { dtype: 'float16', layout: 'NHWC', keep: true });
const picture = ops.toImage(keptInput, { layout: 'NHWC' });
const pictureData: Uint8ClampedArray = picture.data;
keptInput.dispose();
export { halves, bytesOut, inputData, offsetY, pictureData };

// where: a bool condition, a and b of one class (or a plain number), broadcast.
const mask = { data: Uint8Array.from([1, 0, 1]), shape: [3], dtype: 'bool' as const };
const picked: TensorResult<Float32Array> = ops.where(mask, x, -Infinity);
const keptB = ops.tensor(new BigInt64Array(3), [3]);
const keptWhere = ops.where(mask, 0n, keptB);
const int64Where: BigInt64Array = keptWhere.data;
keptWhere.dispose();
keptB.dispose();
const whereShape: number[] = ops.shapes.where([3], [4, 3], [], { dtype: 'float32' });
export { picked, int64Where, whereShape };

// scatterElements, scatterND: indices of any integer class, updates of x's.
const histogram: TensorResult<Int32Array> = ops.scatterElements({ data: new Int32Array(4), shape: [4] },
  { data: Uint8Array.from([2, 0, 2]), shape: [3] }, { data: new Int32Array(3).fill(1), shape: [3] }, { reduction: 'add' });
const rowsSet: TensorResult<Float32Array> = ops.scatterND(x, { data: BigInt64Array.from([1n]), shape: [1, 1] },
  { data: new Float32Array(3), shape: [1, 3] }, { reduction: 'max', out: new Float32Array(12) });
const scatterShape: number[] = ops.shapes.scatterElements([4, 3], [2, 3], [2, 3], { axis: -1, dtype: 'int8' });
export { histogram, rowsSet, scatterShape };

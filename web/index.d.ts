// Type declarations of wasm-tensor-ops (written by hand: Emscripten 3.1.6 has no --emit-tsd).

/** The element types every operation supports. */
export type DType =
  | 'int8' | 'uint8' | 'bool'
  | 'int16' | 'uint16' | 'float16' | 'bfloat16'
  | 'int32' | 'uint32' | 'float32'
  | 'int64' | 'uint64' | 'float64';

/** The typed arrays that hold tensor data (float16/bfloat16 as raw bits in Uint16Array). */
export type TypedArray =
  | Int8Array | Uint8Array | Uint8ClampedArray
  | Int16Array | Uint16Array
  | Int32Array | Uint32Array | Float32Array
  | BigInt64Array | BigUint64Array | Float64Array;

/** Which typed arrays each dtype accepts. */
export interface DTypeArrays {
  int8: Int8Array;
  uint8: Uint8Array | Uint8ClampedArray;
  bool: Uint8Array | Uint8ClampedArray;
  int16: Int16Array;
  uint16: Uint16Array;
  float16: Uint16Array;
  bfloat16: Uint16Array;
  int32: Int32Array;
  uint32: Uint32Array;
  float32: Float32Array;
  int64: BigInt64Array;
  uint64: BigUint64Array;
  float64: Float64Array;
}

/** A shape: non-negative integers, `[]` for a scalar. */
export type ShapeLike = ReadonlyArray<number | bigint> | Int32Array | BigInt64Array;

/** Shifts, axes, target shapes: a number, a list, an Int32Array or a BigInt64Array. */
export type IntegerList = number | bigint | ShapeLike;

/** A plain tensor: data in row-major order; dtype inferred from data when left out. */
export interface Tensor<A extends TypedArray = TypedArray> {
  data: A;
  shape: ShapeLike;
  dtype?: DType;
}

/** What an operation on a plain tensor returns: a fresh shape, the input's dtype and array class. */
export interface TensorResult<A extends TypedArray = TypedArray> {
  data: A;
  shape: number[];
  dtype: DType;
}

/**
 * An onnxruntime tensor (onnxruntime-web, -node, -react-native) or anything
 * with its fields: operations take it wherever they take a tensor. Its
 * `type` must be one of our dtypes (not 'string', 'int4' or 'uint4') and
 * its data on the CPU.
 */
export interface OrtTensorLike<A = unknown> {
  readonly type: string;
  readonly data: A;
  readonly dims: readonly number[];
  readonly location?: string;
}

/** A tensor kept in WebAssembly memory; operations on it copy nothing in or out. */
export class KeptTensor<A extends TypedArray = TypedArray> {
  private constructor();
  readonly shape: readonly number[];
  readonly dtype: DType;
  /** Number of elements. */
  readonly size: number;
  readonly disposed: boolean;
  /** Its strides in elements: row-major when contiguous; a view's may be negative or 0. */
  readonly strides: readonly number[];
  /** True when its elements lie densely in row-major order. */
  readonly contiguous: boolean;
  /**
   * A view into wasm memory of the elements in row-major order, valid until the
   * next call into the module: read it again after. A strided view is made
   * contiguous once, here.
   */
  readonly data: A;
  /** A copy owned by JavaScript, in row-major order. */
  toArray(): A;
  /** Frees the memory (shared views keep it alive); any later use throws DISPOSED. */
  dispose(): void;
  /** dispose(), for `using t = ops.tensor(...)`: freed at the end of the block. */
  [Symbol.dispose](): void;
}

declare global {
  // Symbol.dispose and Disposable are in TypeScript's lib only from
  // esnext.disposable on; declared here too (as @types/node does), so that
  // `using` type-checks under any lib.
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
  interface Disposable {
    [Symbol.dispose](): void;
  }
}

export type BroadcastMode = 'numpy' | 'bidirectional' | 'explicit';
export type DataFormat = 'NHWC' | 'NCHW' | 'NCHW_VECT_C';
/** ONNX's 'DCR' and 'CRD' name the same two modes. */
export type BlockMode = 'blocks_first' | 'depth_first' | 'DCR' | 'CRD';

export interface ReshapeOptions { specialZero?: boolean }
export type BroadcastOptions =
  | { mode?: 'numpy' | 'bidirectional'; axesMapping?: undefined }
  | { mode: 'explicit'; axesMapping: IntegerList };
export interface BlockOptions { dataFormat?: DataFormat; mode?: BlockMode }

/** A, not widened by inference: `out` must have the class that `x` gave (the [T][...] form works before TS 5.4's NoInfer). */
type Exactly<A> = [A][A extends any ? 0 : never];

export type PadMode = 'constant' | 'edge' | 'reflect' | 'symmetric' | 'wrap';
/**
 * pad's options. `value` (constant mode only; default 0) is converted to x's
 * dtype: an integer the dtype holds exactly, a bigint for int64/uint64,
 * rounded to nearest-even for float16/bfloat16/float32, false/true or 0/1 for bool.
 */
export interface PadOptions { mode?: PadMode; value?: number | bigint | boolean }

/** Options with `out`: the result is written into `out` (same class and length), and returned as its data. */
export type WithOut<O, A> = O & { out: Exactly<A> };

export interface Backend {
  variant: 'simd-mt' | 'simd-st';
  simd: true;
  /** Threads that run an operation (the calling thread included). */
  threads: number;
  /**
   * Only on simd-st: why the single-threaded build runs (the page is not
   * cross-origin isolated; the browser hides SharedArrayBuffer; the threaded
   * build failed to start; `threads: 1` was asked; one core).
   */
  reason?: string;
}

export interface MemoryInfo {
  keptTensors: number;
  keptBytes: number;
  /**
   * Bytes the module's allocator has in use now, less what cached operations of their own dtypes
   * (cast) hold beyond the cache's fixed memory: that part comes and goes with the cache
   * (planCacheBytes counts it), so heapBytes returns to its baseline once everything is disposed.
   */
  heapBytes: number;
  /** The most memory the allocator has ever held: the peak of every call so far. */
  heapPeakBytes: number;
  /** The size of the module's WebAssembly memory. */
  wasmBytes: number;
  /** The cache of prepared operations: its fixed memory (taken at load, part of heapBytes) and what its typed operations hold. */
  planCacheBytes: number;
  /** Entries of that cache in use. */
  cachedPlans: number;
}

/** One parameter of an operation, after x, in the order the function takes it. */
export interface OperationParam {
  readonly name: string;
  /**
   * 'ints': an IntegerList; 'int': one integer; 'bool': true or false; 'name': one of `names`;
   * 'value': one tensor element (pad's fill value), converted to x's dtype;
   * 'intOrInts': one integer or an IntegerList, told apart (split's splits: 3 parts, or [3], one part of 3);
   * 'indices': an index tensor (gather*: an Indices value);
   * 'floats': a number or a list of numbers (cast's scale and bias).
   */
  readonly kind: 'ints' | 'int' | 'bool' | 'name' | 'value' | 'intOrInts' | 'indices' | 'floats';
  /** An entry of the options object; else a positional argument. */
  readonly option: boolean;
  /** May be left out (every option; some positional parameters, such as transpose's perm). */
  readonly optional: boolean;
  /** For 'name': the allowed values, the default first. */
  readonly names?: readonly string[];
}

/** An entry of the operation table that ops.* and ops.shapes.* are generated from. */
export interface Operation {
  readonly name: keyof Shapes;
  /** 'view': the result shares the input's elements (reshape). */
  readonly result: 'copy' | 'view';
  /** 'tensor': one input x; 'tensors': a list of tensors, the first argument (concat); 'named': `inputs` (where). */
  readonly input: 'tensor' | 'tensors' | 'named';
  /** The named inputs, first arguments in this order: data (the call's dtype), condition (bool/uint8) or index (an integer dtype). */
  readonly inputs?: readonly { readonly name: string; readonly kind: 'data' | 'condition' | 'index'; readonly number: boolean }[];
  /** What a single input is called when not x (oneHot's 'indices'). */
  readonly inputName?: string;
  /** true: `out` may be x's own elements, updated in place (the scatters, triangular). */
  readonly inPlace?: true;
  /** 'tensor': one result; 'tensors': an array of results (split). */
  readonly output: 'tensor' | 'tensors';
  /** true: its outputs' dtypes are its own, decided by its parameters (cast); false: x's dtype. */
  readonly typed: boolean;
  readonly params: readonly OperationParam[];
}

/**
 * `dtype` sizes the memory check (OUT_OF_MEMORY) as the operation on that
 * dtype would; without it, elements count as 1 byte.
 */
export interface ShapeOptions { dtype?: DType }

/**
 * cast's options: `scale` and `bias` (a number, or one per index of `axis`); `rounding` of floats to
 * integers: 'auto' (truncate, or nearest with scale or bias), 'truncate' or 'nearest' (ties to even).
 */
/** An image: ImageData, interleaved uint8 pixels with their size, or a uint8 tensor [H, W, C]. */
export type ImageLike =
  | { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels?: 1 | 3 | 4 }
  | Tensor<Uint8Array | Uint8ClampedArray>
  | KeptTensor<Uint8Array | Uint8ClampedArray>;

/** How a result's pixels map back to the image: (y, x) comes from ((y - offsetY) / scaleY, (x - offsetX) / scaleX). */
export interface ImageTransform {
  readonly scaleY: number;
  readonly scaleX: number;
  readonly offsetY: number;
  readonly offsetX: number;
}

/** fromImage's options (docs/images.md): crop, then size and fit (a resize, a letterbox's padding or a cover's crop), channels, values, layout. */
export interface FromImageOptions<D extends DType = 'float32'> {
  crop?: readonly [number, number, number, number];
  size?: readonly [number, number];
  fit?: 'fill' | 'contain' | 'cover';
  resize?: 'bilinear' | 'nearest' | 'bicubic';
  antialias?: boolean;
  channels?: 'rgb' | 'bgr' | 'rgba' | 'bgra' | 'gray';
  dtype?: D;
  scale?: number;
  mean?: number | readonly number[];
  std?: number | readonly number[];
  layout?: 'NCHW' | 'NHWC' | 'CHW' | 'HWC';
  padValue?: number | readonly number[];
  keep?: boolean;
  out?: DTypeArrays[D];
}

/** toImage's options (docs/images.md). */
export interface ToImageOptions {
  layout?: 'NCHW' | 'NHWC' | 'CHW' | 'HWC';
  channels?: 'rgb' | 'bgr' | 'rgba' | 'bgra' | 'gray';
  scale?: number;
  mean?: number | readonly number[];
  std?: number | readonly number[];
  alpha?: number;
}

/** ImageData where the host has one, else this. */
export interface ImageDataLike {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface CastOptions {
  scale?: number | readonly number[] | Float32Array | Float64Array;
  bias?: number | readonly number[] | Float32Array | Float64Array;
  axis?: number | bigint;
  rounding?: 'auto' | 'truncate' | 'nearest';
}

/**
 * triangular's options: `upper` (default true) keeps element [i, j] of each matrix where
 * j - i >= diagonal, `upper: false` where j - i <= diagonal; `diagonal` is any int64 (default 0).
 */
export interface TriangularOptions {
  upper?: boolean;
  diagonal?: number | bigint;
}

/**
 * resize's options (ONNX Resize-19): exactly one of `sizes` (output dims) and `scales`
 * (output dim floor(d * scale)), one value per axis of `axes` (default: every axis).
 */
export interface ResizeOptions {
  sizes?: IntegerList;
  scales?: number | readonly number[] | Float32Array | Float64Array;
  axes?: IntegerList;
  mode?: 'nearest' | 'linear' | 'cubic';
  coordinateTransformationMode?: 'half_pixel' | 'half_pixel_symmetric' | 'pytorch_half_pixel' | 'align_corners' | 'asymmetric';
  nearestMode?: 'round_prefer_floor' | 'round_prefer_ceil' | 'floor' | 'ceil';
  cubicCoeffA?: number;
  excludeOutside?: boolean;
  antialias?: boolean;
  keepAspectRatioPolicy?: 'stretch' | 'not_larger' | 'not_smaller';
}

/** A plain number for one element (where's a or b): a bigint for int64/uint64, a boolean for bool. */
export type ElementNumber = number | bigint | boolean;

/** The scatters' options: how several updates to one place combine ('none': the last wins). */
export interface ScatterOptions {
  reduction?: 'none' | 'add' | 'mul' | 'max' | 'min';
}
export interface ScatterElementsOptions extends ScatterOptions {
  axis?: number | bigint;
}

/** The dtypes argMax, argMin and topK write their indices in. */
export type IndexDType = 'int32' | 'int64';

/**
 * argMax's and argMin's options: `keepDims` keeps the axis as a dim of 1; `selectLastIndex` gives
 * the last of equal best values instead of the first; `dtype` is the indices' (default 'int32').
 */
export interface ArgReduceOptions<D extends IndexDType = IndexDType> {
  keepDims?: boolean;
  selectLastIndex?: boolean;
  dtype?: D;
}

/** The dtypes oneHot's indices may have. */
export type OneHotIndexDType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64';

/**
 * oneHot's options: `axis` (in [-rank - 1, rank], default -1: last) places the new axis; `values`
 * is [off, on] (default [0, 1]), each converted to `dtype` exactly (integers, bool) or rounded once
 * (floats), bigints for int64/uint64; `dtype` is the output's (default 'float32').
 */
export interface OneHotOptions<D extends DType = DType> {
  axis?: number | bigint;
  values?: readonly [number | bigint | boolean, number | bigint | boolean];
  dtype?: D;
}

/**
 * topK's options: `axis` (default -1, the last), `largest` (default true; false: the smallest),
 * `sorted` (default true: best first; false: in index order), `dtype` the indices' (default 'int32').
 */
export interface TopKOptions<D extends IndexDType = IndexDType> {
  axis?: number | bigint;
  largest?: boolean;
  sorted?: boolean;
  dtype?: D;
}

/**
 * slice's options: `axes` (default 0..n-1) and `steps` (default all 1, none
 * 0), each with one value per entry of starts and ends.
 */
export interface SliceOptions {
  axes?: IntegerList;
  steps?: IntegerList;
}

/** Output shapes without data: each throws exactly what the operation would. */
export interface Shapes {
  reshape(inputShape: ShapeLike, shape: IntegerList, options?: ReshapeOptions & ShapeOptions): number[];
  broadcast(inputShape: ShapeLike, targetShape: IntegerList, options?: BroadcastOptions & ShapeOptions): number[];
  spaceToDepth(inputShape: ShapeLike, blockSize: number | bigint, options?: BlockOptions & ShapeOptions): number[];
  depthToSpace(inputShape: ShapeLike, blockSize: number | bigint, options?: BlockOptions & ShapeOptions): number[];
  roll(inputShape: ShapeLike, shift: IntegerList, axes: IntegerList, options?: ShapeOptions): number[];
  transpose(inputShape: ShapeLike, perm?: IntegerList, options?: ShapeOptions): number[];
  slice(inputShape: ShapeLike, starts: IntegerList, ends: IntegerList, options?: SliceOptions & ShapeOptions): number[];
  reverse(inputShape: ShapeLike, axes?: IntegerList, options?: ShapeOptions): number[];
  /** With `dtype`, `value` is checked for that dtype too. */
  pad(inputShape: ShapeLike, padsBegin: IntegerList, padsEnd: IntegerList, options?: PadOptions & ShapeOptions): number[];
  /** The input tensors' shapes in, the joined shape out. */
  concat(inputShapes: readonly ShapeLike[], axis: number | bigint, options?: ShapeOptions): number[];
  /** One shape per part. */
  split(inputShape: ShapeLike, splits: Splits, options?: SplitOptions & ShapeOptions): number[][];
  tile(inputShape: ShapeLike, repeats: IntegerList, options?: ShapeOptions): number[];
  spaceToBatch(inputShape: ShapeLike, blockShape: IntegerList, padsBegin: IntegerList, padsEnd: IntegerList, options?: ShapeOptions): number[];
  batchToSpace(inputShape: ShapeLike, blockShape: IntegerList, cropsBegin: IntegerList, cropsEnd: IntegerList, options?: ShapeOptions): number[];
  /** The indices' shape instead of the indices (their values are only checked with data). */
  gather(inputShape: ShapeLike, indicesShape: ShapeLike, options?: GatherOptions & ShapeOptions): number[];
  gatherElements(inputShape: ShapeLike, indicesShape: ShapeLike, options?: GatherElementsOptions & ShapeOptions): number[];
  gatherND(inputShape: ShapeLike, indicesShape: ShapeLike, options?: GatherNDOptions & ShapeOptions): number[];
  squeeze(inputShape: ShapeLike, axes?: IntegerList, options?: ShapeOptions): number[];
  unsqueeze(inputShape: ShapeLike, axes: IntegerList, options?: ShapeOptions): number[];
  flatten(inputShape: ShapeLike, axis?: number | bigint, options?: ShapeOptions): number[];
  /** `dtype` positional: the output's; the options' dtype: the input's (it sizes the memory check). */
  cast(inputShape: ShapeLike, dtype: DType, options?: CastOptions & ShapeOptions): number[];
  triangular(inputShape: ShapeLike, options?: TriangularOptions & ShapeOptions): number[];
  /** The options' `dtype` is the input's (bool is refused; it sizes the memory check). */
  resize(inputShape: ShapeLike, options: ResizeOptions & ShapeOptions): number[];
  /** The options' `dtype` is the indices' ('int32' or 'int64'): x's dtype does not change the output. */
  argMax(inputShape: ShapeLike, axis: number | bigint, options?: ArgReduceOptions): number[];
  argMin(inputShape: ShapeLike, axis: number | bigint, options?: ArgReduceOptions): number[];
  /** The options' `dtype` is a's and b's (it sizes the memory check). */
  where(conditionShape: ShapeLike, aShape: ShapeLike, bShape: ShapeLike, options?: ShapeOptions): number[];
  scatterElements(xShape: ShapeLike, indicesShape: ShapeLike, updatesShape: ShapeLike, options?: ScatterElementsOptions & ShapeOptions): number[];
  scatterND(xShape: ShapeLike, indicesShape: ShapeLike, updatesShape: ShapeLike, options?: ScatterOptions & ShapeOptions): number[];
  /** The two outputs' shapes, [values, indices]; the options' `dtype` is the indices'. */
  topK(inputShape: ShapeLike, k: number | bigint, options?: TopKOptions): [number[], number[]];
  /** The options' `dtype` is the output's: `values` are checked for it; the indices' dtype does not change the output. */
  oneHot(indicesShape: ShapeLike, depth: number | bigint, options?: OneHotOptions): number[];
}

/** The typed arrays an index tensor may hold: every integer dtype, int8 to uint64. */
export type IndexArray = Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | BigInt64Array | BigUint64Array;
/** The same: the scatters' and oneHot's indices. */
export type IntegerArray = IndexArray;
/**
 * gather*'s indices: a tensor of an index dtype (plain, kept or onnxruntime),
 * a bare index typed array (1-D), a number (a scalar index, shape []) or an
 * array of numbers or bigints (1-D). Negative values count from the end.
 */
export type Indices =
  | number
  | bigint
  | ReadonlyArray<number | bigint>
  | IndexArray
  | Tensor<IndexArray>
  | KeptTensor<IndexArray>
  | OrtTensorLike<IndexArray>;
export interface GatherOptions { axis?: number | bigint; batchDims?: number | bigint }
export interface GatherElementsOptions { axis?: number | bigint }
export interface GatherNDOptions { batchDims?: number | bigint }

/** split's splits: a number k (k equal parts) or the parts' lengths (one may be -1: the rest). */
export type Splits = number | bigint | IntegerList;
export interface SplitOptions { axis?: number | bigint }
/** A tensor of any form that an operation takes. */
type AnyTensor<A extends TypedArray = TypedArray> = Tensor<A> | KeptTensor<A> | OrtTensorLike<A>;

export interface Ops {
  readonly backend: Readonly<Backend>;
  readonly shapes: Shapes;
  /** The operation table: every operation with its parameters. */
  readonly operations: readonly Operation[];

  reshape<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, shape: IntegerList, options: WithOut<ReshapeOptions, A>): TensorResult<A>;
  reshape<A extends TypedArray>(x: KeptTensor<A>, shape: IntegerList, options?: ReshapeOptions): KeptTensor<A>;
  reshape<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, shape: IntegerList, options?: ReshapeOptions): TensorResult<A>;
  reshape(x: OrtTensorLike, shape: IntegerList, options?: ReshapeOptions): TensorResult;

  broadcast<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, targetShape: IntegerList, options: WithOut<BroadcastOptions, A>): TensorResult<A>;
  broadcast<A extends TypedArray>(x: KeptTensor<A>, targetShape: IntegerList, options?: BroadcastOptions): KeptTensor<A>;
  broadcast<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, targetShape: IntegerList, options?: BroadcastOptions): TensorResult<A>;
  broadcast(x: OrtTensorLike, targetShape: IntegerList, options?: BroadcastOptions): TensorResult;

  spaceToDepth<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, blockSize: number | bigint, options: WithOut<BlockOptions, A>): TensorResult<A>;
  spaceToDepth<A extends TypedArray>(x: KeptTensor<A>, blockSize: number | bigint, options?: BlockOptions): KeptTensor<A>;
  spaceToDepth<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, blockSize: number | bigint, options?: BlockOptions): TensorResult<A>;
  spaceToDepth(x: OrtTensorLike, blockSize: number | bigint, options?: BlockOptions): TensorResult;

  depthToSpace<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, blockSize: number | bigint, options: WithOut<BlockOptions, A>): TensorResult<A>;
  depthToSpace<A extends TypedArray>(x: KeptTensor<A>, blockSize: number | bigint, options?: BlockOptions): KeptTensor<A>;
  depthToSpace<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, blockSize: number | bigint, options?: BlockOptions): TensorResult<A>;
  depthToSpace(x: OrtTensorLike, blockSize: number | bigint, options?: BlockOptions): TensorResult;

  roll<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, shift: IntegerList, axes: IntegerList, options: { out: Exactly<A> }): TensorResult<A>;
  roll<A extends TypedArray>(x: KeptTensor<A>, shift: IntegerList, axes: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  roll<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, shift: IntegerList, axes: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  roll(x: OrtTensorLike, shift: IntegerList, axes: IntegerList, options?: { out?: undefined }): TensorResult;
  /** Output dim i is input dim perm[i] (negative entries count from the end); perm left out reverses the axes. */
  transpose<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, perm: IntegerList | undefined, options: { out: Exactly<A> }): TensorResult<A>;
  transpose<A extends TypedArray>(x: KeptTensor<A>, perm?: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  transpose<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, perm?: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  transpose(x: OrtTensorLike, perm?: IntegerList, options?: { out?: undefined }): TensorResult;
  /**
   * x[start:end:step] along each listed axis (OpenVINO Slice-8 = ONNX Slice-13): negative starts and
   * ends count from the end, then are clamped; any int64 value (bigints beyond 2^53 are exact).
   */
  slice<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, starts: IntegerList, ends: IntegerList, options: WithOut<SliceOptions, A>): TensorResult<A>;
  slice<A extends TypedArray>(x: KeptTensor<A>, starts: IntegerList, ends: IntegerList, options?: SliceOptions): KeptTensor<A>;
  slice<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, starts: IntegerList, ends: IntegerList, options?: SliceOptions): TensorResult<A>;
  slice(x: OrtTensorLike, starts: IntegerList, ends: IntegerList, options?: SliceOptions): TensorResult;
  /** numpy.flip: the listed axes run backwards (negative entries count from the end); axes left out: every axis. */
  reverse<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, axes: IntegerList | undefined, options: { out: Exactly<A> }): TensorResult<A>;
  reverse<A extends TypedArray>(x: KeptTensor<A>, axes?: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  reverse<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, axes?: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  reverse(x: OrtTensorLike, axes?: IntegerList, options?: { out?: undefined }): TensorResult;
  /** Pads (or with negative pads crops) every axis: constant, edge, reflect, symmetric or wrap. */
  pad<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, padsBegin: IntegerList, padsEnd: IntegerList, options: WithOut<PadOptions, A>): TensorResult<A>;
  pad<A extends TypedArray>(x: KeptTensor<A>, padsBegin: IntegerList, padsEnd: IntegerList, options?: PadOptions & { out?: undefined }): KeptTensor<A>;
  pad<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, padsBegin: IntegerList, padsEnd: IntegerList, options?: PadOptions & { out?: undefined }): TensorResult<A>;
  pad(x: OrtTensorLike, padsBegin: IntegerList, padsEnd: IntegerList, options?: PadOptions & { out?: undefined }): TensorResult;
  /** Joins tensors of one dtype along `axis` (negative counts from the end); kept when any input is kept. */
  concat<A extends TypedArray>(tensors: readonly AnyTensor<A>[], axis: number | bigint, options: { out: Exactly<A> }): TensorResult<A>;
  concat<A extends TypedArray>(tensors: readonly [KeptTensor<A>, ...AnyTensor<A>[]], axis: number | bigint, options?: { out?: undefined }): KeptTensor<A>;
  concat<A extends TypedArray>(tensors: readonly (Tensor<A> | OrtTensorLike<A>)[], axis: number | bigint, options?: { out?: undefined }): TensorResult<A>;
  concat<A extends TypedArray>(tensors: readonly AnyTensor<A>[], axis: number | bigint, options?: { out?: undefined }): TensorResult<A> | KeptTensor<A>;
  concat(tensors: readonly OrtTensorLike[], axis: number | bigint, options?: { out?: undefined }): TensorResult;
  /** Cuts x along `axis` into k equal parts or parts of the given lengths; `out`: one array per part. */
  split<A extends TypedArray>(x: AnyTensor<A>, splits: Splits, options: SplitOptions & { out: Exactly<A>[] }): TensorResult<A>[];
  split<A extends TypedArray>(x: KeptTensor<A>, splits: Splits, options?: SplitOptions & { out?: undefined }): KeptTensor<A>[];
  split<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, splits: Splits, options?: SplitOptions & { out?: undefined }): TensorResult<A>[];
  split(x: OrtTensorLike, splits: Splits, options?: SplitOptions & { out?: undefined }): TensorResult[];
  /** numpy.tile: the whole tensor repeated repeats[i] times along axis i (ones prepended to the shorter of x.shape and repeats). */
  tile<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, repeats: IntegerList, options: { out: Exactly<A> }): TensorResult<A>;
  tile<A extends TypedArray>(x: KeptTensor<A>, repeats: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  tile<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, repeats: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  tile(x: OrtTensorLike, repeats: IntegerList, options?: { out?: undefined }): TensorResult;
  /** Pads with zeros, then moves blockShape[i] blocks of each axis into the batch (TensorFlow's SpaceToBatchND order); one value per axis, axis 0 unblocked and unpadded. */
  spaceToBatch<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, blockShape: IntegerList, padsBegin: IntegerList, padsEnd: IntegerList, options: { out: Exactly<A> }): TensorResult<A>;
  spaceToBatch<A extends TypedArray>(x: KeptTensor<A>, blockShape: IntegerList, padsBegin: IntegerList, padsEnd: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  spaceToBatch<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, blockShape: IntegerList, padsBegin: IntegerList, padsEnd: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  spaceToBatch(x: OrtTensorLike, blockShape: IntegerList, padsBegin: IntegerList, padsEnd: IntegerList, options?: { out?: undefined }): TensorResult;
  /** The inverse of spaceToBatch: blocks of the batch back into the axes, then cropped. */
  batchToSpace<A extends TypedArray>(x: Tensor<A> | KeptTensor<A> | OrtTensorLike<A>, blockShape: IntegerList, cropsBegin: IntegerList, cropsEnd: IntegerList, options: { out: Exactly<A> }): TensorResult<A>;
  batchToSpace<A extends TypedArray>(x: KeptTensor<A>, blockShape: IntegerList, cropsBegin: IntegerList, cropsEnd: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  batchToSpace<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, blockShape: IntegerList, cropsBegin: IntegerList, cropsEnd: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  batchToSpace(x: OrtTensorLike, blockShape: IntegerList, cropsBegin: IntegerList, cropsEnd: IntegerList, options?: { out?: undefined }): TensorResult;
  /** numpy.take / ONNX Gather: slices of x along `axis` picked by `indices`, with `batchDims` leading dims shared. */
  gather<A extends TypedArray>(x: AnyTensor<A>, indices: Indices, options: WithOut<GatherOptions, A>): TensorResult<A>;
  gather<A extends TypedArray>(x: KeptTensor<A>, indices: Indices, options?: GatherOptions & { out?: undefined }): KeptTensor<A>;
  gather<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, indices: Indices, options?: GatherOptions & { out?: undefined }): TensorResult<A>;
  gather(x: OrtTensorLike, indices: Indices, options?: GatherOptions & { out?: undefined }): TensorResult;
  /** torch.gather / ONNX GatherElements: one element of x per index, along `axis`; the output has indices' shape. */
  gatherElements<A extends TypedArray>(x: AnyTensor<A>, indices: Indices, options: WithOut<GatherElementsOptions, A>): TensorResult<A>;
  gatherElements<A extends TypedArray>(x: KeptTensor<A>, indices: Indices, options?: GatherElementsOptions & { out?: undefined }): KeptTensor<A>;
  gatherElements<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, indices: Indices, options?: GatherElementsOptions & { out?: undefined }): TensorResult<A>;
  gatherElements(x: OrtTensorLike, indices: Indices, options?: GatherElementsOptions & { out?: undefined }): TensorResult;
  /** ONNX GatherND: the indices' last dim holds index tuples into x's dims after `batchDims`. */
  gatherND<A extends TypedArray>(x: AnyTensor<A>, indices: Indices, options: WithOut<GatherNDOptions, A>): TensorResult<A>;
  gatherND<A extends TypedArray>(x: KeptTensor<A>, indices: Indices, options?: GatherNDOptions & { out?: undefined }): KeptTensor<A>;
  gatherND<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, indices: Indices, options?: GatherNDOptions & { out?: undefined }): TensorResult<A>;
  gatherND(x: OrtTensorLike, indices: Indices, options?: GatherNDOptions & { out?: undefined }): TensorResult;
  /** ONNX Squeeze-13: without the listed axes of dim 1 (all of them when none are listed). A view of a kept tensor. */
  squeeze<A extends TypedArray>(x: AnyTensor<A>, axes: IntegerList | undefined, options: { out: Exactly<A> }): TensorResult<A>;
  squeeze<A extends TypedArray>(x: KeptTensor<A>, axes?: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  squeeze<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, axes?: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  squeeze(x: OrtTensorLike, axes?: IntegerList, options?: { out?: undefined }): TensorResult;
  /** ONNX Unsqueeze-13: dims of 1 inserted at the listed positions of the output. A view of a kept tensor. */
  unsqueeze<A extends TypedArray>(x: AnyTensor<A>, axes: IntegerList, options: { out: Exactly<A> }): TensorResult<A>;
  unsqueeze<A extends TypedArray>(x: KeptTensor<A>, axes: IntegerList, options?: { out?: undefined }): KeptTensor<A>;
  unsqueeze<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, axes: IntegerList, options?: { out?: undefined }): TensorResult<A>;
  unsqueeze(x: OrtTensorLike, axes: IntegerList, options?: { out?: undefined }): TensorResult;
  /** ONNX Flatten-13: [prod(dims[:axis]), prod(dims[axis:])], axis in [-rank, rank] (default 1). A view of a kept tensor where strides allow. */
  flatten<A extends TypedArray>(x: AnyTensor<A>, axis: number | bigint | undefined, options: { out: Exactly<A> }): TensorResult<A>;
  flatten<A extends TypedArray>(x: KeptTensor<A>, axis?: number | bigint, options?: { out?: undefined }): KeptTensor<A>;
  flatten<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, axis?: number | bigint, options?: { out?: undefined }): TensorResult<A>;
  flatten(x: OrtTensorLike, axis?: number | bigint, options?: { out?: undefined }): TensorResult;
  /**
   * To another dtype (ONNX Cast, numpy astype), optionally as x * scale + bias first, with one scale
   * and bias or one per index of `axis`; views are read in place (docs/operations/cast.md).
   */
  cast<D extends DType>(x: AnyTensor<TypedArray>, dtype: D, options: CastOptions & { out: DTypeArrays[D] }): TensorResult<DTypeArrays[D]>;
  cast<D extends DType>(x: KeptTensor, dtype: D, options?: CastOptions & { out?: undefined }): KeptTensor<DTypeArrays[D]>;
  cast<D extends DType>(x: Tensor | OrtTensorLike, dtype: D, options?: CastOptions & { out?: undefined }): TensorResult<DTypeArrays[D]>;
  /** A model's input from an image in one call: crop, channels, normalization, layout (docs/images.md). */
  fromImage<D extends DType = 'float32'>(image: ImageLike, options: FromImageOptions<D> & { keep: true }): KeptTensor<DTypeArrays[D]> & { readonly transform: ImageTransform };
  fromImage<D extends DType = 'float32'>(image: ImageLike, options?: FromImageOptions<D>): TensorResult<DTypeArrays[D]> & { readonly transform: ImageTransform };
  /** An image from a model's output: the inverse of fromImage's normalization, clamped and rounded. */
  toImage(x: AnyTensor<TypedArray>, options?: ToImageOptions): ImageDataLike;
  /** The upper (or lower) triangle of each matrix of the last two dims, from `diagonal`; zeros elsewhere (docs/operations/triangular.md). */
  triangular<A extends TypedArray>(x: AnyTensor<A>, options: WithOut<TriangularOptions, A>): TensorResult<A>;
  triangular<A extends TypedArray>(x: KeptTensor<A>, options?: TriangularOptions & { out?: undefined }): KeptTensor<A>;
  triangular<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, options?: TriangularOptions & { out?: undefined }): TensorResult<A>;
  triangular(x: OrtTensorLike, options?: TriangularOptions & { out?: undefined }): TensorResult;
  /** Nearest, linear or cubic resampling of any axes, by sizes or scales, every dtype but bool (docs/operations/resize.md). */
  resize<A extends TypedArray>(x: AnyTensor<A>, options: WithOut<ResizeOptions, A>): TensorResult<A>;
  resize<A extends TypedArray>(x: KeptTensor<A>, options: ResizeOptions & { out?: undefined }): KeptTensor<A>;
  resize<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, options: ResizeOptions & { out?: undefined }): TensorResult<A>;
  resize(x: OrtTensorLike, options: ResizeOptions & { out?: undefined }): TensorResult;
  /** The index of the largest element along `axis` (ONNX ArgMax-13, numpy.argmax); NaN wins, ties the first or the last (docs/operations/argMax.md). */
  argMax(x: AnyTensor, axis: number | bigint, options: ArgReduceOptions<'int64'> & { dtype: 'int64'; out: BigInt64Array }): TensorResult<BigInt64Array>;
  argMax(x: AnyTensor, axis: number | bigint, options: ArgReduceOptions<'int32'> & { out: Int32Array }): TensorResult<Int32Array>;
  argMax(x: KeptTensor, axis: number | bigint, options: ArgReduceOptions<'int64'> & { dtype: 'int64'; out?: undefined }): KeptTensor<BigInt64Array>;
  argMax(x: KeptTensor, axis: number | bigint, options?: ArgReduceOptions<'int32'> & { out?: undefined }): KeptTensor<Int32Array>;
  argMax(x: Tensor | OrtTensorLike, axis: number | bigint, options: ArgReduceOptions<'int64'> & { dtype: 'int64'; out?: undefined }): TensorResult<BigInt64Array>;
  argMax(x: Tensor | OrtTensorLike, axis: number | bigint, options?: ArgReduceOptions<'int32'> & { out?: undefined }): TensorResult<Int32Array>;
  /** Integer indices one-hot along a new axis of size `depth` (ONNX OneHot-11); out-of-range indices give a row of values[0] (docs/operations/oneHot.md). */
  oneHot<D extends DType = 'float32'>(indices: AnyTensor, depth: number | bigint, options: OneHotOptions<D> & { out: DTypeArrays[D] }): TensorResult<DTypeArrays[D]>;
  oneHot<D extends DType = 'float32'>(indices: KeptTensor, depth: number | bigint, options?: OneHotOptions<D> & { out?: undefined }): KeptTensor<DTypeArrays[D]>;
  oneHot<D extends DType = 'float32'>(indices: Tensor | OrtTensorLike, depth: number | bigint, options?: OneHotOptions<D> & { out?: undefined }): TensorResult<DTypeArrays[D]>;
  /** The index of the smallest element along `axis` (ONNX ArgMin-13, numpy.argmin); NaN wins, ties the first or the last (docs/operations/argMin.md). */
  argMin(x: AnyTensor, axis: number | bigint, options: ArgReduceOptions<'int64'> & { dtype: 'int64'; out: BigInt64Array }): TensorResult<BigInt64Array>;
  argMin(x: AnyTensor, axis: number | bigint, options: ArgReduceOptions<'int32'> & { out: Int32Array }): TensorResult<Int32Array>;
  argMin(x: KeptTensor, axis: number | bigint, options: ArgReduceOptions<'int64'> & { dtype: 'int64'; out?: undefined }): KeptTensor<BigInt64Array>;
  argMin(x: KeptTensor, axis: number | bigint, options?: ArgReduceOptions<'int32'> & { out?: undefined }): KeptTensor<Int32Array>;
  argMin(x: Tensor | OrtTensorLike, axis: number | bigint, options: ArgReduceOptions<'int64'> & { dtype: 'int64'; out?: undefined }): TensorResult<BigInt64Array>;
  argMin(x: Tensor | OrtTensorLike, axis: number | bigint, options?: ArgReduceOptions<'int32'> & { out?: undefined }): TensorResult<Int32Array>;
  /**
   * condition ? a : b element by element, the three shapes broadcast (ONNX Where-16, numpy.where);
   * `condition` is bool or uint8, `a` and `b` one dtype, one of them may be a plain number (docs/operations/where.md).
   */
  where<A extends TypedArray>(condition: AnyTensor<Uint8Array>, a: AnyTensor<A>, b: AnyTensor<A> | ElementNumber, options: { out: Exactly<A> }): TensorResult<A>;
  where<A extends TypedArray>(condition: AnyTensor<Uint8Array>, a: ElementNumber, b: AnyTensor<A>, options: { out: Exactly<A> }): TensorResult<A>;
  // A kept input anywhere gives a kept result.
  where<A extends TypedArray>(condition: AnyTensor<Uint8Array>, a: KeptTensor<A>, b: AnyTensor<A> | ElementNumber, options?: { out?: undefined }): KeptTensor<A>;
  where<A extends TypedArray>(condition: AnyTensor<Uint8Array>, a: AnyTensor<A> | ElementNumber, b: KeptTensor<A>, options?: { out?: undefined }): KeptTensor<A>;
  where<A extends TypedArray>(condition: KeptTensor<Uint8Array>, a: AnyTensor<A> | ElementNumber, b: AnyTensor<A> | ElementNumber, options?: { out?: undefined }): KeptTensor<A>;
  where<A extends TypedArray>(condition: Tensor<Uint8Array> | OrtTensorLike<Uint8Array>, a: Tensor<A> | OrtTensorLike<A>, b: Tensor<A> | OrtTensorLike<A> | ElementNumber, options?: { out?: undefined }): TensorResult<A>;
  where<A extends TypedArray>(condition: Tensor<Uint8Array> | OrtTensorLike<Uint8Array>, a: ElementNumber, b: Tensor<A> | OrtTensorLike<A>, options?: { out?: undefined }): TensorResult<A>;
  /**
   * A copy of x with each update written (or combined) at the place its index names along `axis`
   * (ONNX ScatterElements-18); indices of any integer dtype, checked before anything is written.
   */
  scatterElements<A extends TypedArray>(x: AnyTensor<A>, indices: AnyTensor<IntegerArray>, updates: AnyTensor<A>, options: ScatterElementsOptions & { out: Exactly<A> }): TensorResult<A>;
  scatterElements<A extends TypedArray>(x: KeptTensor<A>, indices: AnyTensor<IntegerArray>, updates: AnyTensor<A>, options?: ScatterElementsOptions & { out?: undefined }): KeptTensor<A>;
  scatterElements<A extends TypedArray>(x: AnyTensor<A>, indices: KeptTensor<IntegerArray>, updates: AnyTensor<A>, options?: ScatterElementsOptions & { out?: undefined }): KeptTensor<A>;
  scatterElements<A extends TypedArray>(x: AnyTensor<A>, indices: AnyTensor<IntegerArray>, updates: KeptTensor<A>, options?: ScatterElementsOptions & { out?: undefined }): KeptTensor<A>;
  scatterElements<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, indices: Tensor<IntegerArray> | OrtTensorLike<IntegerArray>, updates: Tensor<A> | OrtTensorLike<A>, options?: ScatterElementsOptions & { out?: undefined }): TensorResult<A>;
  /** A copy of x with each slice of updates written (or combined) at a tuple of leading coordinates (ONNX ScatterND-18). */
  scatterND<A extends TypedArray>(x: AnyTensor<A>, indices: AnyTensor<IntegerArray>, updates: AnyTensor<A>, options: ScatterOptions & { out: Exactly<A> }): TensorResult<A>;
  scatterND<A extends TypedArray>(x: KeptTensor<A>, indices: AnyTensor<IntegerArray>, updates: AnyTensor<A>, options?: ScatterOptions & { out?: undefined }): KeptTensor<A>;
  scatterND<A extends TypedArray>(x: AnyTensor<A>, indices: KeptTensor<IntegerArray>, updates: AnyTensor<A>, options?: ScatterOptions & { out?: undefined }): KeptTensor<A>;
  scatterND<A extends TypedArray>(x: AnyTensor<A>, indices: AnyTensor<IntegerArray>, updates: KeptTensor<A>, options?: ScatterOptions & { out?: undefined }): KeptTensor<A>;
  scatterND<A extends TypedArray>(x: Tensor<A> | OrtTensorLike<A>, indices: Tensor<IntegerArray> | OrtTensorLike<IntegerArray>, updates: Tensor<A> | OrtTensorLike<A>, options?: ScatterOptions & { out?: undefined }): TensorResult<A>;

  /** `t` itself when contiguous, else one copy into a new kept tensor; a plain tensor is returned as it is. */
  contiguous<A extends TypedArray>(t: KeptTensor<A>): KeptTensor<A>;
  contiguous<T>(t: T): T;

  /** Copies data into wasm memory once. */
  tensor<D extends DType>(data: DTypeArrays[D], shape: ShapeLike, dtype: D): KeptTensor<DTypeArrays[D]>;
  tensor<A extends TypedArray>(data: A, shape: ShapeLike): KeptTensor<A>;
  /** Copies an onnxruntime tensor's data into wasm memory once. */
  tensor<A extends TypedArray>(ortTensor: OrtTensorLike<A>): KeptTensor<A>;
  tensor(ortTensor: OrtTensorLike): KeptTensor;

  memory(): MemoryInfo;
}

export interface LoadOptions {
  /** Threads per operation; 1 selects the single-threaded build. Default: every core, where threads can run. */
  threads?: number;
  /** Where to find the .wasm (and worker) files, for bundlers and CDNs. */
  locateFile?: (name: string) => string;
  /** The .wasm bytes themselves, for offline use. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

export type ErrorCode = 'INVALID_ARGUMENT' | 'SHAPE_MISMATCH' | 'OUT_OF_MEMORY' | 'DISPOSED' | 'LOAD_FAILED';

export class TensorOpsError extends Error {
  readonly name: 'TensorOpsError';
  readonly code: ErrorCode;
  /** LOAD_FAILED: the error that stopped the load. */
  readonly cause?: unknown;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown });
}

/** Loads a ready module; each call returns a new, independent one. Rejects with LOAD_FAILED when no build can start. */
export function load(options?: LoadOptions): Promise<Ops>;

/**
 * Whether the threaded build (simd-mt) can run here: in a browser, on a
 * cross-origin isolated page (SharedArrayBuffer); in Node, Deno and Bun, always.
 */
export function threadsAvailable(): boolean;

/** The dtype table: element width and accepted typed-array classes. */
export const DTYPES: Readonly<Record<DType, { bytes: 1 | 2 | 4 | 8; arrays: ReadonlyArray<Function> }>>;

/** The Tensor class of onnxruntime, as far as toOrt() needs it. */
export type OrtTensorConstructor<T> = new (type: any, data: any, dims: readonly number[]) => T;

/**
 * A tensor of ours as an onnxruntime tensor: `new ort.Tensor(dtype, data, shape)`.
 * Plain data is shared; a kept tensor's is copied out of wasm memory.
 * `ort` is the onnxruntime module or its Tensor class. Throws for bfloat16,
 * which onnxruntime lacks.
 */
export function toOrt<T>(tensor: Tensor | TensorResult | KeptTensor, ort: { Tensor: OrtTensorConstructor<T> } | OrtTensorConstructor<T>): T;

/** An onnxruntime tensor as a plain tensor of ours, sharing its data (dims become shape, type dtype). */
export function fromOrt<A extends TypedArray>(tensor: OrtTensorLike<A>): TensorResult<A>;
export function fromOrt(tensor: OrtTensorLike): TensorResult;

// Interop with onnxruntime-web (and onnxruntime-node, onnxruntime-react-native):
// their tensors are { type, data, dims }, ours { data, shape, dtype }. The
// dtype names are the same (ORT has no bfloat16; we have no string, int4 or
// uint4), and so are the typed arrays: int64 in BigInt64Array, bool in
// Uint8Array, float16 as raw bits in Uint16Array (or a Float16Array).
import { DTYPES, inferDtype, isKnownDtype } from './dtypes.mjs';
import { describe, invalidArgument } from './errors.mjs';
import { KeptTensor } from './kept_tensor.mjs';

/**
 * True for an object shaped like an ORT tensor: `type` and `dims`, and no
 * `shape` (which would make it one of ours).
 */
export function isOrtLike(x) {
  return x !== null && typeof x === 'object' && !KeptTensor.isKept(x) &&
    typeof x.type === 'string' && 'dims' in x && !('shape' in x);
}

/**
 * The fields of an ORT tensor as one of ours: { data, shape, dtype }, the data
 * shared, not copied. `op` and `param` name the caller in errors.
 */
export function ortFields(x, op = 'fromOrt', param = 'tensor') {
  if (!isOrtLike(x)) {
    throw invalidArgument(op, `${param} must be an onnxruntime tensor { type, data, dims }, got ${describe(x)}`);
  }
  const type = x.type; // each field read once: what is checked is what is used
  if (!isKnownDtype(type)) {
    throw invalidArgument(op, `${param} is an onnxruntime '${type}' tensor; the dtypes are ${Object.keys(DTYPES).join(', ')}`);
  }
  const location = x.location;
  if (location !== undefined && location !== 'cpu' && location !== 'cpu-pinned') {
    throw invalidArgument(op, `${param} is an onnxruntime tensor on ${describe(location)}: ` +
      'bring its data to the CPU first (await tensor.getData())');
  }
  const dims = x.dims;
  if (!Array.isArray(dims) && !ArrayBuffer.isView(dims)) {
    throw invalidArgument(op, `${param}.dims must be an array of integers, got ${describe(dims)}`);
  }
  return { data: x.data, shape: Array.from(dims), dtype: type };
}

/** An ORT tensor (or any { type, data, dims }) as a plain tensor of ours, sharing its data. */
export function fromOrt(tensor) {
  return ortFields(tensor);
}

/**
 * A tensor of ours (a result, a plain tensor or a kept tensor) as an ORT
 * tensor: `new ort.Tensor(dtype, data, shape)`. Plain data is shared, not
 * copied; a kept tensor's data is copied out of wasm memory first, since its
 * view lasts only until the next call into the module. `ort` is the
 * onnxruntime module (anything with a `Tensor` class) or the class itself.
 */
export function toOrt(tensor, ort) {
  const Tensor = typeof ort === 'function' ? ort : ort?.Tensor;
  if (typeof Tensor !== 'function') {
    throw invalidArgument('toOrt', `ort must be the onnxruntime module (import * as ort from 'onnxruntime-web') or its Tensor class, got ${describe(ort)}`);
  }
  let data;
  let shape;
  let dtype;
  if (KeptTensor.isKept(tensor)) {
    data = tensor.toArray();
    shape = tensor.shape.slice();
    dtype = tensor.dtype;
  } else if (tensor !== null && typeof tensor === 'object' && 'data' in tensor && 'shape' in tensor) {
    data = tensor.data;
    shape = Array.from(tensor.shape, Number);
    dtype = tensor.dtype ?? inferDtype(data);
  } else {
    throw invalidArgument('toOrt', `tensor must be a tensor { data, shape, dtype? } or a kept tensor, got ${describe(tensor)}`);
  }
  if (dtype === undefined || !isKnownDtype(dtype)) {
    throw invalidArgument('toOrt', `tensor.dtype ${describe(dtype)} is not known for tensor.data, a ${describe(data)}`);
  }
  if (dtype === 'bfloat16') {
    throw invalidArgument('toOrt', "onnxruntime has no 'bfloat16' tensor; the bits are in tensor.data (a Uint16Array)");
  }
  // ORT wants a Uint8Array for bool and uint8 (a Uint8ClampedArray would be copied or refused).
  if (data instanceof Uint8ClampedArray) data = new Uint8Array(data.buffer, data.byteOffset, data.length);
  return new Tensor(dtype, data, shape);
}

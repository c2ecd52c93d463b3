// The operations of the public API over one module instance. ops.* and
// ops.shapes.* are generated from the core's operation table (read from the
// module once, at load): each entry names the operation, its parameters in
// the order the API takes them, and their kinds.
import { DTYPES, DTYPE_NAMES, acceptsArray, inferDtype, isKnownDtype } from './dtypes.mjs';
import { checkElementValue, convertElementValues } from './element_value.mjs';
import { describe, invalidArgument } from './errors.mjs';
import { KeptTensor, Storage } from './kept_tensor.mjs';
import { isOrtLike, ortFields } from './ort.mjs';
import { checkIntegers, checkOptions, integerScalar, writeInt64, writeIntegers } from './params.mjs';
import { createRuntime } from './runtime.mjs';

// Which buffers a prepare call allocates (bindings/tensor_ops_bindings.cpp).
const NO_BUFFERS = 0;
const OUTPUT = 1;
const INPUT_AND_OUTPUT = 2;
const INDEX_ROOM = 4; // added to the others: room for plain indices after the output

function bytesOf(data) {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

// A typed array whose ArrayBuffer was transferred away. ArrayBuffer's
// `detached` is Node 22+; before it, a detached buffer has length 0 and
// refuses new views.
function isDetached(data) {
  const { buffer } = data;
  if (typeof buffer.detached === 'boolean') return buffer.detached;
  if (data.byteLength !== 0 || buffer.byteLength !== 0) return false;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * Reads an input tensor: a kept tensor, { data, shape, dtype? } with a
 * typed array of the dtype's table, or an onnxruntime tensor { type, data,
 * dims }. Its shape is checked for form here, for values by the core.
 */
function readTensor(op, x, param = 'x') {
  if (isOrtLike(x)) x = ortFields(x, op, param);
  if (x instanceof KeptTensor) {
    const storage = x.storage(op);
    return {
      kept: x, storage, shape: x.shape, dtype: x.dtype, ArrayClass: x.arrayClass(),
      bytes: DTYPES[x.dtype].bytes, offset: x.storageOffset(),
    };
  }
  if (x === null || typeof x !== 'object' || !('data' in x) || !('shape' in x)) {
    throw invalidArgument(op, `${param} must be a tensor { data, shape, dtype? } or a kept tensor, got ${describe(x)}`);
  }
  const { data } = x;
  const inferred = inferDtype(data);
  if (inferred === undefined) {
    throw invalidArgument(op, `${param}.data must be a typed array (Float32Array, Int32Array, ...), got ${describe(data)}`);
  }
  let dtype = inferred;
  if (x.dtype !== undefined) {
    if (!isKnownDtype(x.dtype)) {
      throw invalidArgument(op, `${param}.dtype ${describe(x.dtype)} is not one of ${DTYPE_NAMES.join(', ')}`);
    }
    if (!acceptsArray(x.dtype, data)) {
      throw invalidArgument(op, `${param}.dtype '${x.dtype}' does not match ${param}.data, a ${data.constructor.name}`);
    }
    dtype = x.dtype;
  }
  if (isDetached(data)) {
    throw invalidArgument(op, `${param}.data is a ${data.constructor.name} whose ArrayBuffer is detached`);
  }
  const { shape } = x;
  checkIntegers(op, `${param}.shape`, shape, false);
  return { kept: null, data, shape, dtype, ArrayClass: data.constructor, bytes: DTYPES[dtype].bytes };
}

// ---- Index tensors (gather*): `indices` as the core is sent it.

// The index dtypes, as their codes in a call's words (IndexType in the core).
const INDEX_TYPES = { int32: 0, uint32: 1, int64: 2, uint64: 3 };
const INDEX_ARRAYS = [[Int32Array, 'int32'], [Uint32Array, 'uint32'], [BigInt64Array, 'int64'], [BigUint64Array, 'uint64']];
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

// An index tensor read for a call: its dtype's code, its shape, its data (a
// typed array; null when kept) or its address when it is already in the
// module's memory (ptr >= 0: kept, or a view of the module's memory), and
// its data's length (-1: not checked, for shape inference).
class IndexArg {
  constructor(code, shape, data, ptr, length, kept = null) {
    this.code = code;
    this.shape = shape;
    this.data = data;
    this.ptr = ptr;
    this.length = length;
    this.kept = kept;
  }

  get wordCount() {
    return 2 + this.shape.length;
  }
}

function notIndices(op, v) {
  return invalidArgument(op, `indices must be an integer tensor (int32, uint32, int64 or uint64), a number or an array of integers, got ${describe(v)}`);
}

// A number or an array of numbers/bigints as a typed array: Int32Array when
// every value fits, else BigInt64Array, else (all non-negative) BigUint64Array.
function indexArrayOf(op, values) {
  let int32 = true;
  let negative = false;
  let beyondInt64 = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) {
        throw invalidArgument(op, `indices[${i}] is ${describe(v)}; indices must be integers`);
      }
      if (v < -2147483648 || v > 2147483647) int32 = false;
      if (v < 0) negative = true;
      if ((v >= 2 ** 63 || v < -(2 ** 63)) && beyondInt64 < 0) beyondInt64 = i;
    } else if (typeof v === 'bigint') {
      int32 = int32 && v >= -2147483648n && v <= 2147483647n;
      if (v < 0n) negative = true;
      if ((v > INT64_MAX || v < INT64_MIN) && beyondInt64 < 0) beyondInt64 = i;
    } else {
      throw invalidArgument(op, `indices[${i}] is ${describe(v)}; indices must be numbers or bigints (integers)`);
    }
  }
  if (int32) return Int32Array.from(values, Number);
  const big = (v) => BigInt(v);
  if (beyondInt64 < 0) return BigInt64Array.from(values, big);
  for (let i = 0; i < values.length; i++) {
    const v = BigInt(values[i]);
    if (negative && (v > INT64_MAX || v < INT64_MIN) || v > UINT64_MAX || v < INT64_MIN) {
      throw invalidArgument(op, `indices[${i}] value ${v} is out of range of every dim (not an int64${negative ? '' : ' or uint64'} value)`);
    }
  }
  return BigUint64Array.from(values, big);
}

// Shape inference: the indices' shape, sent with no data (its dtype does not
// matter to shapes).
function indexShapeArg(op, shape) {
  checkIntegers(op, 'indices.shape', shape, false);
  return new IndexArg(0, shape, null, -1, -1);
}

// One parameter's check: returns what the core is sent for the caller's
// value (integers as given, a name's index, a boolean as 0 or 1), or
// undefined for an option left out.
function paramReader(op, p) {
  switch (p.kind) {
    case 'ints':
      return (v) => {
        if (v === undefined && p.optional) return undefined;
        checkIntegers(op, p.name, v);
        return v;
      };
    case 'int':
      return (v) => (v === undefined && p.optional ? undefined : integerScalar(op, p.name, v));
    case 'intOrInts': // one integer or a list, told apart in the core (see prepare)
      return (v) => {
        checkIntegers(op, p.name, v);
        return v;
      };
    case 'bool':
      return (v) => {
        if (v === undefined) return 0;
        if (typeof v !== 'boolean') throw invalidArgument(op, `${p.name} must be true or false, got ${describe(v)}`);
        return v ? 1 : 0;
      };
    case 'name': {
      const index = new Map(p.names.map((name, i) => [name, i]));
      const list = p.names.map((name) => `'${name}'`).join(', ');
      return (v) => {
        if (v === undefined) return 0;
        if (typeof v !== 'string') throw invalidArgument(op, `${p.name} must be a string, got ${describe(v)}`);
        const i = index.get(v);
        if (i === undefined) throw invalidArgument(op, `${p.name} '${v}' is not one of ${list}`);
        return i;
      };
    }
    case 'indices':
      // Read as an index tensor by the call (readIndices), as a shape by ops.shapes.*.
      return (v) => v;
    case 'value':
      // One tensor element: its type checked here, its bits made for x's dtype once x is read.
      return (v) => (v === undefined ? undefined : checkElementValue(op, p.name, v));
    default:
      throw new Error(`wasm-tensor-ops: unknown parameter kind '${p.kind}' of ${op}`);
  }
}

// The count word of a parameter value: its length, 1 for one integer, and
// -2 for one integer of an 'intOrInts' parameter (kept apart from a list of one).
function countWord(v, single) {
  if (typeof v === 'object') return v.length;
  return single ? -2 : 1;
}

// The words the parameter values take: per value its count word, then its integers.
function paramWords(values) {
  let words = values.length;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof IndexArg) words += v.wordCount;
    else if (v !== undefined) words += typeof v === 'object' ? v.length : 1;
  }
  return words;
}

// Writes the parameter values from int64 index `at` (-1 for one not given); returns the next index.
function writeParams(i32, u32, at, values, single) {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined) {
      writeInt64(i32, u32, at++, -1);
    } else if (v instanceof IndexArg) {
      // [dtype code, data length, dims...]
      writeInt64(i32, u32, at++, v.wordCount);
      writeInt64(i32, u32, at++, v.code);
      writeInt64(i32, u32, at++, v.length);
      at = writeIntegers(i32, u32, at, v.shape);
    } else {
      writeInt64(i32, u32, at++, countWord(v, single[i]));
      at = writeIntegers(i32, u32, at, v);
    }
  }
  return at;
}

export function createOps(module, backend) {
  const rt = createRuntime(module);

  // A view of wasm memory that growth detached (single-threaded build), made
  // again at the same address; any other array as it is.
  function live(data, offset, ArrayClass, length) {
    if (offset < 0 || data.byteLength !== 0 || length === 0) return data;
    return new ArrayClass(rt.buffer(), offset, length);
  }

  // Writes a call's arguments into the scratch area and prepares it in the
  // core: returns the output rank (the output dims, then the input and
  // output addresses, are then the scratch area's first words).
  function prepare(index, op, shape, values, elem, dataLength, outLength, buffers) {
    const words = 1 + shape.length + paramWords(values);
    let at = rt.scratch(words + 3, op);
    const i32 = rt.heap32();
    const u32 = rt.heapU32();
    writeInt64(i32, u32, at++, shape.length);
    at = writeIntegers(i32, u32, at, shape);
    writeParams(i32, u32, at, values, singles[index]);
    const rank = module._top_prepare(index, elem, words, dataLength, outLength, buffers);
    if (rank < 0) throw rt.lastError();
    return rank;
  }

  // `indices` of a call: a tensor of an index dtype (plain, kept or
  // onnxruntime), a bare Int32Array/Uint32Array/BigInt64Array/BigUint64Array
  // (1-D), a number (a scalar) or an array of numbers or bigints (1-D).
  function readIndices(op, v) {
    let data;
    let shape;
    if (typeof v === 'number' || typeof v === 'bigint') {
      if (typeof v === 'number' && !Number.isInteger(v)) {
        throw invalidArgument(op, `indices ${describe(v)} is not an integer`);
      }
      data = indexArrayOf(op, [v]);
      shape = [];
    } else if (Array.isArray(v)) {
      data = indexArrayOf(op, v);
      shape = [v.length];
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      if (!INDEX_ARRAYS.some(([C]) => v instanceof C)) {
        throw invalidArgument(op, `indices is a ${v.constructor.name}; indices must have an integer dtype (int32, uint32, int64 or uint64)`);
      }
      if (isDetached(v)) throw invalidArgument(op, `indices is a ${v.constructor.name} whose ArrayBuffer is detached`);
      data = v;
      shape = [v.length];
    } else if (v instanceof KeptTensor || isOrtLike(v) || (v !== null && typeof v === 'object' && 'data' in v && 'shape' in v)) {
      const t = readTensor(op, v, 'indices');
      const code = INDEX_TYPES[t.dtype];
      if (code === undefined) {
        throw invalidArgument(op, `indices.dtype '${t.dtype}' is not an integer index dtype (int32, uint32, int64 or uint64)`);
      }
      if (t.kept) {
        const n = t.shape.reduce((a, d) => a * d, 1);
        if (t.storage.runtime === rt) return new IndexArg(code, t.shape, null, t.storage.ptr + t.offset, n, t.kept);
        return new IndexArg(code, t.shape, t.kept.data, -1, n); // another module's: copied in
      }
      data = t.data;
      shape = t.shape;
      return new IndexArg(code, shape, data, data.buffer === rt.buffer() ? data.byteOffset : -1, data.length);
    } else {
      throw notIndices(op, v);
    }
    const code = INDEX_TYPES[INDEX_ARRAYS.find(([C]) => data instanceof C)[1]];
    return new IndexArg(code, shape, data, data.buffer === rt.buffer() ? data.byteOffset : -1, data.length);
  }

  // A kept tensor of another module (another load()) lives in that module's
  // memory: bring it into this one first, as ops.tensor() would.
  function localInput(op, x, compute) {
    if (x instanceof KeptTensor && x.storage(op).runtime !== rt) {
      const local = ops.tensor(x.data, x.shape, x.dtype);
      try {
        return compute(local);
      } finally {
        local.dispose();
      }
    }
    return compute(x);
  }

  // One operation of the table, given its checked parameter values. A plain
  // input is copied into the module, unless it is already a view of the
  // module's memory (a kept tensor's .data): then it is read in place, by
  // address, which survives memory growth where the view may not. `out` in
  // the module's memory is written in place the same way.
  function run(index, spec, x, values, out) {
    const op = spec.name;
    return localInput(op, x, (input) => {
      const t = readTensor(op, input);
      convertElementValues(spec, values, t.dtype);
      if (out !== undefined && !(out instanceof t.ArrayClass)) {
        throw invalidArgument(op, `out must be a ${t.ArrayClass.name} (the class of x.data), got ${describe(out)}`);
      }
      const memoryBuffer = rt.buffer();
      const inPlace = !t.kept && t.data.buffer === memoryBuffer ? t.data.byteOffset : -1;
      const outInPlace = out !== undefined && out.buffer === memoryBuffer ? out.byteOffset : -1;
      const view = spec.result === 'view';
      let buffers = INPUT_AND_OUTPUT;
      if (view) buffers = NO_BUFFERS;
      else if (t.kept || inPlace >= 0) buffers = OUTPUT;
      const indices = indexParam[index] >= 0 ? values[indexParam[index]] : undefined;
      // Plain indices outside the module's memory get room in the block, after the output.
      const indexRoom = indices !== undefined && indices.ptr < 0;
      if (indexRoom) buffers += INDEX_ROOM;
      const dataLength = t.kept ? -1 : t.data.length;
      const rank = prepare(index, op, t.shape, values, t.bytes, dataLength, out ? out.length : -1, buffers);
      const shape = rt.readScratch(rank);
      const length = shape.reduce((n, d) => n * d, 1);

      if (view) {
        // Same bytes, new shape: a view for kept tensors, shared data for plain ones.
        if (out !== undefined) {
          const source = t.kept ? input.data : live(t.data, inPlace, t.ArrayClass, t.data.length);
          const target = live(out, outInPlace, t.ArrayClass, length);
          target.set(source);
          return { data: target, shape, dtype: t.dtype };
        }
        if (t.kept) return new KeptTensor(t.storage, shape, t.dtype, t.ArrayClass, length, t.offset);
        return { data: t.data, shape, dtype: t.dtype };
      }

      const inPtr = rt.scratchWord(rank);
      const outPtr = rt.scratchWord(rank + 1);
      const outBytes = length * t.bytes;
      let block = (buffers & ~INDEX_ROOM) === OUTPUT ? outPtr : inPtr; // one block holds all
      let src = inPtr;
      if (t.kept) src = t.storage.ptr + t.offset;
      else if (inPlace >= 0) src = inPlace;
      try {
        if (src === inPtr) rt.heapU8().set(bytesOf(t.data), inPtr);
        if (indices !== undefined) {
          // x and the index tensor as two sources; the index values are
          // checked before anything is written.
          let indexPtr = indices.ptr;
          if (indexRoom) {
            indexPtr = rt.scratchWord(rank + 2);
            rt.heapU8().set(bytesOf(indices.data), indexPtr);
          }
          const at = rt.scratch(2, op);
          writeInt64(rt.heap32(), rt.heapU32(), at, src);
          writeInt64(rt.heap32(), rt.heapU32(), at + 1, indexPtr);
          if (module._top_execute_sources(2, outPtr) < 0) throw rt.lastError();
        } else {
          module._top_execute(src, outPtr);
        }
        if (t.kept && out === undefined) {
          // The block becomes the result's storage, cut down to the output
          // when the indices had room after it.
          const ptr = indexRoom ? module._top_shrink(outPtr, outBytes) >>> 0 : outPtr;
          block = undefined;
          return new KeptTensor(new Storage(rt, ptr, outBytes), shape, t.dtype, t.ArrayClass, length);
        }
        let data;
        if (outInPlace >= 0) {
          rt.buffer();
          rt.heapU8().copyWithin(outInPlace, outPtr, outPtr + outBytes);
          data = live(out, outInPlace, t.ArrayClass, length);
        } else {
          data = out ?? new t.ArrayClass(length);
          bytesOf(data).set(rt.heapU8().subarray(outPtr, outPtr + outBytes));
        }
        rt.free(block);
        block = undefined;
        return { data, shape, dtype: t.dtype };
      } catch (error) {
        if (block !== undefined) rt.free(block);
        throw error;
      }
    });
  }


  // ---- Operations on a list of tensors or with several outputs (concat,
  // split): the same two calls with more words (see top_prepare in the
  // bindings): each input's shape, data length and whether it is copied into
  // the block; each `out` array's length; a report of several shapes.

  // Writes the call and prepares it: `shapes` one per input, `lengths` each
  // input's data length (-1: kept), `rooms` whether it is copied in,
  // `outLengths` the `out` arrays' lengths (or undefined). Returns the report:
  // { shapes (one per output), inPtrs, outPtr }.
  function prepareMany(index, spec, shapes, values, elem, lengths, rooms, outLengths, buffers) {
    const op = spec.name;
    const list = spec.input === 'tensors';
    const several = spec.output === 'tensors';
    let words = (list ? 1 : 0) + paramWords(values);
    for (const shape of shapes) words += 1 + shape.length;
    const extra = (list ? 2 * shapes.length : 0) + (several && outLengths ? outLengths.length : 0);
    let at = rt.scratch(words + extra + shapes.length + 2, op);
    const i32 = rt.heap32();
    const u32 = rt.heapU32();
    if (list) writeInt64(i32, u32, at++, shapes.length);
    for (const shape of shapes) {
      writeInt64(i32, u32, at++, shape.length);
      at = writeIntegers(i32, u32, at, shape);
    }
    at = writeParams(i32, u32, at, values, singles[index]);
    if (list) {
      for (const n of lengths) writeInt64(i32, u32, at++, n);
      for (const r of rooms) writeInt64(i32, u32, at++, r ? 1 : 0);
    }
    if (several && outLengths) for (const n of outLengths) writeInt64(i32, u32, at++, n);
    let outArg = -1;
    if (outLengths) outArg = several ? outLengths.length : outLengths[0];
    const head = module._top_prepare(index, elem, words, list ? -1 : lengths[0], outArg, buffers);
    if (head < 0) throw rt.lastError();
    rt.adoptScratch(); // a long report may have grown it
    const report = rt.readScratch(head + shapes.length + 1);
    let outShapes;
    if (several) {
      const n = report[0];
      outShapes = [];
      for (let k = 0, d = 1 + n; k < n; k++) {
        outShapes.push(report.slice(d, d + report[1 + k]));
        d += report[1 + k];
      }
    } else {
      outShapes = [report.slice(0, head)];
    }
    return { shapes: outShapes, inPtrs: report.slice(head, head + shapes.length), outPtr: report[head + shapes.length] };
  }

  // The inputs of a call: x, or the list of tensors (each read as run()
  // reads x; kept tensors of another module brought in, and disposed after).
  function readInputs(op, list, input, temps) {
    if (list && !Array.isArray(input)) {
      throw invalidArgument(op, `tensors must be an array of tensors, got ${describe(input)}`);
    }
    const xs = list ? input : [input];
    const ts = new Array(xs.length);
    for (let k = 0; k < xs.length; k++) {
      const name = list ? `tensors[${k}]` : 'x';
      let x = xs[k];
      if (x instanceof KeptTensor && x.storage(op).runtime !== rt) {
        x = ops.tensor(x.data, x.shape, x.dtype);
        temps.push(x);
      }
      ts[k] = readTensor(op, x, name);
      if (k > 0 && ts[k].dtype !== ts[0].dtype) {
        throw invalidArgument(op, `${name}.dtype '${ts[k].dtype}' differs from tensors[0].dtype '${ts[0].dtype}'; the tensors must have one dtype`);
      }
    }
    return ts;
  }

  // `out` of an operation with several outputs: an array of typed arrays of x's class.
  function checkOuts(op, out, ArrayClass, what) {
    if (!Array.isArray(out)) {
      throw invalidArgument(op, `out must be an array of ${ArrayClass.name}s, one per output, got ${describe(out)}`);
    }
    for (let k = 0; k < out.length; k++) {
      if (!(out[k] instanceof ArrayClass)) {
        throw invalidArgument(op, `out[${k}] must be a ${ArrayClass.name} (the class of ${what}), got ${describe(out[k])}`);
      }
    }
  }

  // Copies `length` elements at `ptr` out to `target` (a typed array, maybe a
  // view of the module's memory) or a new array; returns the array.
  // `inPlace`: target's byte offset when it is a view of the module's memory
  // (taken before the call, which may detach it), else -1.
  function copyOut(target, inPlace, ptr, ArrayClass, length, bytes) {
    if (inPlace >= 0) {
      const at = inPlace;
      rt.buffer();
      rt.heapU8().copyWithin(at, ptr, ptr + length * bytes);
      return live(target, at, ArrayClass, length);
    }
    const data = target ?? new ArrayClass(length);
    bytesOf(data).set(rt.heapU8().subarray(ptr, ptr + length * bytes));
    return data;
  }

  function runMany(index, spec, input, values, out) {
    const op = spec.name;
    const list = spec.input === 'tensors';
    const several = spec.output === 'tensors';
    const temps = [];
    try {
      const ts = readInputs(op, list, input, temps);
      const first = ts[0];
      const what = list ? 'tensors[0].data' : 'x.data';
      if (ts.length === 0) {
        // The core words the error of an empty list.
        prepareMany(index, spec, [], values, 1, [], [], undefined, NO_BUFFERS);
      }
      if (out !== undefined) {
        if (several) checkOuts(op, out, first.ArrayClass, what);
        else if (!(out instanceof first.ArrayClass)) {
          throw invalidArgument(op, `out must be a ${first.ArrayClass.name} (the class of ${what}), got ${describe(out)}`);
        }
      }
      const memoryBuffer = rt.buffer();
      const inPlace = ts.map((t) => (!t.kept && t.data.buffer === memoryBuffer ? t.data.byteOffset : -1));
      const rooms = ts.map((t, k) => !t.kept && inPlace[k] < 0);
      const lengths = ts.map((t) => (t.kept ? -1 : t.data.length));
      let outLengths;
      let outInPlace;
      if (out !== undefined) {
        const outs = several ? out : [out];
        outLengths = outs.map((o) => o.length);
        outInPlace = outs.map((o) => (o.buffer === memoryBuffer ? o.byteOffset : -1));
      }
      const anyRoom = rooms.some(Boolean);
      const report = prepareMany(index, spec, ts.map((t) => t.shape), values, first.bytes, lengths, rooms,
        outLengths, anyRoom ? INPUT_AND_OUTPUT : OUTPUT);
      const { shapes, inPtrs, outPtr } = report;
      const bytes = first.bytes;
      const volumes = shapes.map((shape) => shape.reduce((n, d) => n * d, 1));
      const total = volumes.reduce((n, v) => n + v, 0);
      // The block to free: the output's for a list (it comes first), else the input's room.
      let block = list || !rooms[0] ? outPtr : inPtrs[0];
      try {
        const heap = rt.heapU8();
        const sources = ts.map((t, k) => {
          if (t.kept) return t.storage.ptr + t.offset;
          if (inPlace[k] >= 0) return inPlace[k];
          heap.set(bytesOf(t.data), inPtrs[k]);
          return inPtrs[k];
        });
        if (list) {
          const at = rt.scratch(sources.length, op);
          const i32 = rt.heap32();
          const u32 = rt.heapU32();
          for (let k = 0; k < sources.length; k++) writeInt64(i32, u32, at + k, sources[k]);
          module._top_execute_sources(sources.length, outPtr);
        } else {
          module._top_execute(sources[0], outPtr);
        }
        const kept = ts.some((t) => t.kept) && out === undefined;
        const { dtype, ArrayClass } = first;
        if (kept) {
          // The block becomes the result's storage; for a list, the inputs
          // copied in after the output are cut off first.
          const ptr = list && anyRoom ? module._top_shrink(outPtr, total * bytes) >>> 0 : outPtr;
          block = undefined;
          const storage = new Storage(rt, ptr, total * bytes);
          if (!several) return new KeptTensor(storage, shapes[0], dtype, ArrayClass, total);
          const parts = new Array(shapes.length);
          for (let k = 0, at = 0; k < shapes.length; at += volumes[k] * bytes, k++) {
            parts[k] = new KeptTensor(storage, shapes[k], dtype, ArrayClass, volumes[k], at);
          }
          return parts;
        }
        let result;
        if (several) {
          result = new Array(shapes.length);
          for (let k = 0, at = outPtr; k < shapes.length; at += volumes[k] * bytes, k++) {
            const data = copyOut(out?.[k], out ? outInPlace[k] : -1, at, ArrayClass, volumes[k], bytes);
            result[k] = { data, shape: shapes[k], dtype };
          }
        } else {
          result = { data: copyOut(out, out ? outInPlace[0] : -1, outPtr, ArrayClass, total, bytes), shape: shapes[0], dtype };
        }
        rt.free(block);
        block = undefined;
        return result;
      } catch (error) {
        if (block !== undefined) rt.free(block);
        throw error;
      }
    } finally {
      for (const t of temps) t.dispose();
    }
  }

  // Shape inference alone: the same core function, no data. `dtype`
  // (optional) sizes the memory check as the operation on that dtype would;
  // without it, the check assumes 1-byte elements.
  function inferShape(index, op, inputShape, values, dtype) {
    checkIntegers(op, 'x.shape', inputShape, false);
    if (dtype !== undefined && !isKnownDtype(dtype)) {
      throw invalidArgument(op, `dtype ${describe(dtype)} is not one of ${DTYPE_NAMES.join(', ')}`);
    }
    const elem = dtype === undefined ? 1 : DTYPES[dtype].bytes;
    convertElementValues(table[index], values, dtype);
    rt.buffer();
    return rt.readScratch(prepare(index, op, inputShape, values, elem, -1, -1, NO_BUFFERS));
  }

  // Shape inference for a list of input shapes or several outputs: the
  // output shape, or for several outputs an array of them.
  function inferShapes(index, spec, input, values, dtype) {
    const op = spec.name;
    const list = spec.input === 'tensors';
    if (list && !Array.isArray(input)) {
      throw invalidArgument(op, `tensors must be an array of shapes, got ${describe(input)}`);
    }
    const shapes = list ? input : [input];
    for (let k = 0; k < shapes.length; k++) checkIntegers(op, list ? `tensors[${k}].shape` : 'x.shape', shapes[k], false);
    if (dtype !== undefined && !isKnownDtype(dtype)) {
      throw invalidArgument(op, `dtype ${describe(dtype)} is not one of ${DTYPE_NAMES.join(', ')}`);
    }
    const elem = dtype === undefined ? 1 : DTYPES[dtype].bytes;
    rt.buffer();
    const none = shapes.map(() => -1);
    const report = prepareMany(index, spec, shapes, values, elem, none, none.map(() => false), undefined, NO_BUFFERS);
    return spec.output === 'tensors' ? report.shapes : report.shapes[0];
  }

  // The operation `spec` (entry `index` of the table) as ops[name] and
  // ops.shapes[name]: positional parameters after x (or after the input's
  // shape), then an options object.
  function generate(index, spec) {
    const op = spec.name;
    const readers = spec.params.map((p) => paramReader(op, p));
    const optionNames = spec.params.filter((p) => p.option).map((p) => p.name);
    const opOptions = [...optionNames, 'out'];
    const shapeOptions = [...optionNames, 'dtype'];
    const positions = spec.params.filter((p) => !p.option).length;
    const values = new Array(spec.params.length); // reused: calls never nest

    // The caller's values, checked in the table's order (after the options' names).
    function read(args, options, known) {
      const o = checkOptions(op, options, known);
      for (let i = 0, k = 0; i < readers.length; i++) {
        const p = spec.params[i];
        values[i] = readers[i](p.option ? o[p.name] : args[k++]);
      }
      return o;
    }

    // A list of input tensors or several outputs take the longer path.
    const many = spec.input === 'tensors' || spec.output === 'tensors';
    const ii = indexParam[index];
    const call = (x, args, options) => {
      const o = read(args, options, opOptions);
      if (ii >= 0) values[ii] = readIndices(op, values[ii]);
      return many ? runMany(index, spec, x, values, o.out) : run(index, spec, x, values, o.out);
    };
    const shapes = (inputShape, args, options) => {
      const o = read(args, options, shapeOptions);
      if (ii >= 0) values[ii] = indexShapeArg(op, values[ii]);
      return many ? inferShapes(index, spec, inputShape, values, o.dtype) : inferShape(index, op, inputShape, values, o.dtype);
    };
    // Fixed arities, so that a call allocates no rest-parameter arrays.
    const args = [undefined, undefined, undefined, undefined];
    const withArity = (f) => {
      switch (positions) {
        case 0: return (x, o) => f(x, args, o);
        case 1: return (x, a, o) => { args[0] = a; return f(x, args, o); };
        case 2: return (x, a, b, o) => { args[0] = a; args[1] = b; return f(x, args, o); };
        case 3: return (x, a, b, c, o) => { args[0] = a; args[1] = b; args[2] = c; return f(x, args, o); };
        default: return (x, ...rest) => f(x, rest, rest[positions]);
      }
    };
    return { call: withArity(call), shapes: withArity(shapes) };
  }

  const table = JSON.parse(rt.cString(module._top_describe()));
  // Per operation, per parameter: an 'intOrInts' one (a single integer is sent as such).
  const singles = table.map((spec) => spec.params.map((p) => p.kind === 'intOrInts'));
  // Per operation: the position of its 'indices' parameter (gather*), or -1.
  const indexParam = table.map((spec) => spec.params.findIndex((p) => p.kind === 'indices'));
  const shapes = {};
  const ops = {
    backend: Object.freeze({ ...backend }),

    /**
     * The operation table: each operation's name, its result ('copy', or
     * 'view' for reshape), its input ('tensor': x; 'tensors': a list, the
     * first argument), its output ('tensor', or 'tensors': an array of
     * them) and its parameters in the order the API takes them:
     * { name, kind: 'ints' | 'int' | 'bool' | 'name' | 'value' | 'intOrInts' | 'indices', option, optional, names? }.
     */
    operations: Object.freeze(table.map((spec) => Object.freeze({
      name: spec.name,
      result: spec.result,
      input: spec.input,
      output: spec.output,
      params: Object.freeze(spec.params.map((p) => Object.freeze({ ...p, names: p.names && Object.freeze([...p.names]) }))),
    }))),

    shapes,

    /** Copies `data` into wasm memory once; operations on the result copy nothing. */
    tensor(data, shape, dtype) {
      // ops.tensor(ortTensor): its data, dims and type.
      if (shape === undefined && dtype === undefined && isOrtLike(data)) ({ data, shape, dtype } = ortFields(data, 'tensor', 'tensor'));
      const t = readTensor('tensor', { data, shape, dtype }, 'tensor');
      const inPlace = data.buffer === rt.buffer() ? data.byteOffset : -1;
      const { length } = data; // read before the call: growth may detach the view
      const words = 1 + t.shape.length;
      const at = rt.scratch(words, 'tensor');
      writeInt64(rt.heap32(), rt.heapU32(), at, t.shape.length);
      writeIntegers(rt.heap32(), rt.heapU32(), at + 1, t.shape);
      if (module._top_alloc_tensor(t.bytes, words, length) < 0) throw rt.lastError();
      const r = rt.readScratch(1 + t.shape.length);
      const ptr = r[0];
      const bytes = length * t.bytes;
      // A view of this module's memory may have been detached by growth: copy by address.
      if (inPlace >= 0) rt.heapU8().copyWithin(ptr, inPlace, inPlace + bytes);
      else rt.heapU8().set(bytesOf(data), ptr);
      return new KeptTensor(new Storage(rt, ptr, bytes), r.slice(1), t.dtype, t.ArrayClass, length);
    },

    memory() {
      return {
        keptTensors: rt.keptTensors,
        keptBytes: rt.keptBytes,
        heapBytes: module._top_heap_bytes(),
        heapPeakBytes: module._top_heap_peak_bytes(),
        wasmBytes: rt.buffer().byteLength,
        planCacheBytes: module._top_plan_cache_bytes(),
        cachedPlans: module._top_cached_plans(),
      };
    },
  };
  table.forEach((spec, index) => {
    const { call, shapes: infer } = generate(index, spec);
    ops[spec.name] = call;
    shapes[spec.name] = infer;
  });
  Object.freeze(shapes);
  return ops;
}

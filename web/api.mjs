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
      bytes: DTYPES[x.dtype].bytes,
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
      return (v) => integerScalar(op, p.name, v);
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
    case 'value':
      // One tensor element: its type checked here, its bits made for x's dtype once x is read.
      return (v) => (v === undefined ? undefined : checkElementValue(op, p.name, v));
    default:
      throw new Error(`wasm-tensor-ops: unknown parameter kind '${p.kind}' of ${op}`);
  }
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
    let words = 1 + shape.length + values.length;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v !== undefined) words += typeof v === 'object' ? v.length : 1;
    }
    let at = rt.scratch(words + 2, op);
    const i32 = rt.heap32();
    const u32 = rt.heapU32();
    writeInt64(i32, u32, at++, shape.length);
    at = writeIntegers(i32, u32, at, shape);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === undefined) {
        writeInt64(i32, u32, at++, -1);
      } else {
        writeInt64(i32, u32, at++, typeof v === 'object' ? v.length : 1);
        at = writeIntegers(i32, u32, at, v);
      }
    }
    const rank = module._top_prepare(index, elem, words, dataLength, outLength, buffers);
    if (rank < 0) throw rt.lastError();
    return rank;
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
        if (t.kept) return new KeptTensor(t.storage, shape, t.dtype, t.ArrayClass, length);
        return { data: t.data, shape, dtype: t.dtype };
      }

      const inPtr = rt.scratchWord(rank);
      const outPtr = rt.scratchWord(rank + 1);
      const outBytes = length * t.bytes;
      const block = buffers === OUTPUT ? outPtr : inPtr; // one block holds both
      let src = inPtr;
      if (t.kept) src = t.storage.ptr;
      else if (inPlace >= 0) src = inPlace;
      try {
        if (src === inPtr) rt.heapU8().set(bytesOf(t.data), inPtr);
        module._top_execute(src, outPtr);
        if (t.kept && out === undefined) {
          return new KeptTensor(new Storage(rt, outPtr, outBytes), shape, t.dtype, t.ArrayClass, length);
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
        return { data, shape, dtype: t.dtype };
      } catch (error) {
        rt.free(block);
        throw error;
      }
    });
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

    const call = (x, args, options) => {
      const o = read(args, options, opOptions);
      return run(index, spec, x, values, o.out);
    };
    const shapes = (inputShape, args, options) => {
      const o = read(args, options, shapeOptions);
      return inferShape(index, op, inputShape, values, o.dtype);
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
  const shapes = {};
  const ops = {
    backend: Object.freeze({ ...backend }),

    /**
     * The operation table: each operation's name, its result ('copy', or
     * 'view' for reshape) and its parameters in the order the API takes them:
     * { name, kind: 'ints' | 'int' | 'bool' | 'name' | 'value', option, optional, names? }.
     */
    operations: Object.freeze(table.map((spec) => Object.freeze({
      name: spec.name,
      result: spec.result,
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

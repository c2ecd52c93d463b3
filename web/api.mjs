// The operations of the public API over one module instance.
import { DTYPES, DTYPE_NAMES, acceptsArray, inferDtype, isKnownDtype } from './dtypes.mjs';
import { OUT_OF_MEMORY, TensorOpsError, describe, invalidArgument } from './errors.mjs';
import { KeptTensor, Storage } from './kept_tensor.mjs';
import { isOrtLike, ortFields } from './ort.mjs';
import { checkOptions, integerList, integerScalar } from './params.mjs';
import { createRuntime } from './runtime.mjs';

// Names the core knows, as the small integers the bindings take.
const BROADCAST_MODES = new Map([['numpy', 0], ['bidirectional', 1], ['explicit', 2]]);
const DATA_FORMATS = new Map([['NHWC', 0], ['NCHW', 1], ['NCHW_VECT_C', 2]]);
const BLOCK_MODES = new Map([['blocks_first', 0], ['depth_first', 1]]);
const NAME_KINDS = { mode: 0, dataFormat: 1, blockMode: 2 };

// Which buffers a prepare call allocates (bindings/tensor_ops_bindings.cpp).
const NO_BUFFERS = 0;
const OUTPUT = 1;
const INPUT_AND_OUTPUT = 2;

function volume(shape) {
  let n = 1;
  for (const d of shape) n *= d;
  return n;
}

function bytesOf(data) {
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

function booleanOption(op, name, value) {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    throw invalidArgument(op, `${name} must be true or false, got ${describe(value)}`);
  }
  return value;
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
 * dims }. The core checks the dims.
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
  const shape = integerList(op, `${param}.shape`, x.shape, { allowScalar: false }).values;
  return { kept: null, data, shape, dtype, ArrayClass: data.constructor, bytes: DTYPES[dtype].bytes };
}

export function createOps(module, backend) {
  const rt = createRuntime(module);

  // A name option as the core's code; an unknown name gets the core's message.
  function nameCode(op, kind, table, value, fallback) {
    if (value === undefined) return table.get(fallback);
    const code = typeof value === 'string' ? table.get(value) : undefined;
    if (code !== undefined) return code;
    const param = kind === 'blockMode' ? 'mode' : kind;
    if (typeof value !== 'string') throw invalidArgument(op, `${param} must be a string, got ${describe(value)}`);
    try {
      module.rejectName(NAME_KINDS[kind], op, value);
    } catch (error) {
      // Passing the name in allocates: only a full memory fails here.
      throw error instanceof Error ? error : new TensorOpsError(OUT_OF_MEMORY, `${op}: out of WebAssembly memory`);
    }
    throw rt.lastError();
  }

  // Parameters of each operation, parsed once for the operation and for its
  // shapes.* twin: option object, integer lists, and the prepare call.
  const params = {
    reshape(shape, options, known) {
      const o = checkOptions('reshape', options, known);
      const target = integerList('reshape', 'shape', shape).values;
      const specialZero = booleanOption('reshape', 'specialZero', o.specialZero);
      return {
        o, lists: [target],
        prepare: (e, r, ...io) => module.prepareReshape(e, r, target.length, specialZero, ...io),
      };
    },
    broadcast(targetShape, options, known) {
      const o = checkOptions('broadcast', options, known);
      const target = integerList('broadcast', 'targetShape', targetShape).values;
      const mode = nameCode('broadcast', 'mode', BROADCAST_MODES, o.mode, 'numpy');
      const mapping = o.axesMapping === undefined ? null : integerList('broadcast', 'axesMapping', o.axesMapping).values;
      const mappingLength = mapping ? mapping.length : -1;
      return {
        o, lists: mapping ? [target, mapping] : [target],
        prepare: (e, r, ...io) => module.prepareBroadcast(e, r, target.length, mappingLength, mode, ...io),
      };
    },
    block(op, blockSize, options, known) {
      const o = checkOptions(op, options, known);
      const b = integerScalar(op, 'blockSize', blockSize);
      const format = nameCode(op, 'dataFormat', DATA_FORMATS, o.dataFormat, 'NHWC');
      const mode = nameCode(op, 'blockMode', BLOCK_MODES, o.mode, 'blocks_first');
      const prepare = op === 'spaceToDepth' ? module.prepareSpaceToDepth : module.prepareDepthToSpace;
      return { o, lists: [[b]], prepare: (e, r, ...io) => prepare(e, r, format, mode, ...io) };
    },
    roll(shift, axes, options, known) {
      const o = checkOptions('roll', options, known);
      const s = integerList('roll', 'shift', shift).values;
      const a = integerList('roll', 'axes', axes).values;
      return { o, lists: [s, a], prepare: (e, r, ...io) => module.prepareRoll(e, r, s.length, a.length, ...io) };
    },
  };

  // Plans in the core (which checks the parameters, x.data's and out's
  // lengths, and allocates). Callers refresh the heap views first.
  function plan(op, t, p, out, buffers) {
    if (out !== undefined && !(out instanceof t.ArrayClass)) {
      throw invalidArgument(op, `out must be a ${t.ArrayClass.name} (the class of x.data), got ${describe(out)}`);
    }
    rt.writeLists([t.shape, ...p.lists], op);
    const dataLength = t.kept ? -1 : t.data.length;
    return rt.readResult(p.prepare(t.bytes, t.shape.length, dataLength, out ? out.length : -1, buffers));
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

  // The shared path of every operation but reshape. A plain input is copied
  // into the module, unless it is already a view of the module's memory (a
  // kept tensor's .data): then it is read in place, as its address survives
  // memory growth while the view itself may not.
  function run(op, x, p) {
    return localInput(op, x, (input) => {
      const t = readTensor(op, input);
      const { out } = p.o;
      const memoryBuffer = rt.buffer();
      const inPlace = !t.kept && t.data.buffer === memoryBuffer ? t.data.byteOffset : -1;
      const r = plan(op, t, p, out, t.kept || inPlace >= 0 ? OUTPUT : INPUT_AND_OUTPUT);
      const length = volume(r.shape);
      const outBytes = length * t.bytes;
      const block = t.kept || inPlace >= 0 ? r.outPtr : r.inPtr; // one block holds both
      let src = r.inPtr;
      if (t.kept) src = t.storage.ptr;
      else if (inPlace >= 0) src = inPlace;
      try {
        if (src === r.inPtr) rt.heapU8().set(bytesOf(t.data), r.inPtr);
        module.execute(src, r.outPtr);
        if (t.kept && out === undefined) {
          return new KeptTensor(new Storage(rt, r.outPtr, outBytes), r.shape, t.dtype, t.ArrayClass, length);
        }
        const data = out ?? new t.ArrayClass(length);
        bytesOf(data).set(rt.heapU8().subarray(r.outPtr, r.outPtr + outBytes));
        rt.free(block);
        return { data, shape: r.shape, dtype: t.dtype };
      } catch (error) {
        module.discard();
        rt.free(block);
        throw error;
      }
    });
  }

  // Shape inference alone: the same core function, no data.
  // `dtype` (optional) sizes the memory check as the operation on that dtype
  // would; without it, the check assumes 1-byte elements.
  function inferShape(op, inputShape, p) {
    const shape = integerList(op, 'x.shape', inputShape, { allowScalar: false }).values;
    const { dtype } = p.o;
    if (dtype !== undefined && !isKnownDtype(dtype)) {
      throw invalidArgument(op, `dtype ${describe(dtype)} is not one of ${DTYPE_NAMES.join(', ')}`);
    }
    const elem = dtype === undefined ? 1 : DTYPES[dtype].bytes;
    rt.buffer();
    rt.writeLists([shape, ...p.lists], op);
    const r = rt.readResult(p.prepare(elem, shape.length, -1, -1, NO_BUFFERS));
    module.discard();
    return r.shape;
  }

  const ops = {
    backend: Object.freeze({ ...backend }),

    reshape(x, shape, options) {
      const p = params.reshape(shape, options, ['specialZero', 'out']);
      return localInput('reshape', x, (input) => {
        const t = readTensor('reshape', input);
        const { out } = p.o;
        rt.buffer();
        const r = plan('reshape', t, p, out, NO_BUFFERS);
        module.discard();
        if (out !== undefined) {
          out.set(t.kept ? input.data : t.data);
          return { data: out, shape: r.shape, dtype: t.dtype };
        }
        // Same bytes, new shape: a view for kept tensors, shared data for plain ones.
        if (t.kept) return new KeptTensor(t.storage, r.shape, t.dtype, t.ArrayClass, volume(r.shape));
        return { data: t.data, shape: r.shape, dtype: t.dtype };
      });
    },

    broadcast(x, targetShape, options) {
      return run('broadcast', x, params.broadcast(targetShape, options, ['mode', 'axesMapping', 'out']));
    },

    spaceToDepth(x, blockSize, options) {
      return run('spaceToDepth', x, params.block('spaceToDepth', blockSize, options, ['dataFormat', 'mode', 'out']));
    },

    depthToSpace(x, blockSize, options) {
      return run('depthToSpace', x, params.block('depthToSpace', blockSize, options, ['dataFormat', 'mode', 'out']));
    },

    roll(x, shift, axes, options) {
      return run('roll', x, params.roll(shift, axes, options, ['out']));
    },

    shapes: Object.freeze({
      reshape: (inputShape, shape, options) =>
        inferShape('reshape', inputShape, params.reshape(shape, options, ['specialZero', 'dtype'])),
      broadcast: (inputShape, targetShape, options) =>
        inferShape('broadcast', inputShape, params.broadcast(targetShape, options, ['mode', 'axesMapping', 'dtype'])),
      spaceToDepth: (inputShape, blockSize, options) =>
        inferShape('spaceToDepth', inputShape, params.block('spaceToDepth', blockSize, options, ['dataFormat', 'mode', 'dtype'])),
      depthToSpace: (inputShape, blockSize, options) =>
        inferShape('depthToSpace', inputShape, params.block('depthToSpace', blockSize, options, ['dataFormat', 'mode', 'dtype'])),
      roll: (inputShape, shift, axes, options) =>
        inferShape('roll', inputShape, params.roll(shift, axes, options, ['dtype'])),
    }),

    /** Copies `data` into wasm memory once; operations on the result copy nothing. */
    tensor(data, shape, dtype) {
      // ops.tensor(ortTensor): its data, dims and type.
      if (shape === undefined && dtype === undefined && isOrtLike(data)) ({ data, shape, dtype } = ortFields(data, 'tensor', 'tensor'));
      const t = readTensor('tensor', { data, shape, dtype }, 'tensor');
      const inPlace = data.buffer === rt.buffer() ? data.byteOffset : -1;
      const { length } = data; // read before the call: growth may detach the view
      rt.writeLists([t.shape], 'tensor');
      const r = rt.readResult(module.prepareTensor(t.bytes, t.shape.length, length));
      module.discard();
      const bytes = length * t.bytes;
      // A view of this module's memory may have been detached by growth: copy by address.
      if (inPlace >= 0) rt.heapU8().copyWithin(r.outPtr, inPlace, inPlace + bytes);
      else rt.heapU8().set(bytesOf(data), r.outPtr);
      return new KeptTensor(new Storage(rt, r.outPtr, bytes), r.shape, t.dtype, t.ArrayClass, length);
    },

    memory() {
      return {
        keptTensors: rt.keptTensors,
        keptBytes: rt.keptBytes,
        heapBytes: module.heapBytes(),
        heapPeakBytes: module.heapPeakBytes(),
        wasmBytes: rt.buffer().byteLength,
      };
    },
  };
  return ops;
}

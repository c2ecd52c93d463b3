// The operations of the public API over one module instance.
import { DTYPES, DTYPE_NAMES, acceptsArray, inferDtype, isKnownDtype } from './dtypes.mjs';
import { describe, invalidArgument } from './errors.mjs';
import { KeptTensor, Storage } from './kept_tensor.mjs';
import { checkOptions, integerList, integerScalar } from './params.mjs';
import { createRuntime } from './runtime.mjs';

function volume(shape) {
  let n = 1;
  for (const d of shape) n *= Number(d);
  return n;
}

// A string option: its value, or its default when left out.
function stringOption(op, name, value, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') {
    throw invalidArgument(op, `${name} must be a string, got ${describe(value)}`);
  }
  return value;
}

function booleanOption(op, name, value) {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    throw invalidArgument(op, `${name} must be true or false, got ${describe(value)}`);
  }
  return value;
}

/**
 * Reads an input tensor: a kept tensor, or { data, shape, dtype? } with a
 * typed array of the dtype's table.
 */
function readTensor(op, x, param = 'x') {
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
  if (data.buffer.detached === true) {
    throw invalidArgument(op, `${param}.data is a ${data.constructor.name} whose ArrayBuffer is detached`);
  }
  const shape = integerList(op, `${param}.shape`, x.shape, { allowScalar: false }).values;
  return { kept: null, data, shape, dtype, ArrayClass: data.constructor, bytes: DTYPES[dtype].bytes };
}

export function createOps(module, backend, afterCall = () => {}) {
  const rt = createRuntime(module);

  // Validates a plain input's length against its shape, once the core has
  // accepted the shape itself.
  function checkLength(op, t) {
    if (t.kept) return;
    const needed = volume(t.shape);
    if (t.data.length !== needed) {
      module.discard();
      throw invalidArgument(op, `x.data has ${t.data.length} elements, but x.shape [${t.shape.join(', ')}] needs ${needed}`);
    }
  }

  function checkOut(op, out, t, outShape) {
    const length = volume(outShape);
    if (!(out instanceof t.ArrayClass) || out.length !== length) {
      module.discard();
      throw invalidArgument(op, `out must be a ${t.ArrayClass.name} of length ${length}, got ${describe(out)}`);
    }
  }

  // Runs the plan a prepare call made: from kept memory or a copy of the
  // plain input, into a new kept tensor, `out`, or a new typed array.
  function execute(op, t, outShape, out) {
    const length = volume(outShape);
    const outBytes = length * t.bytes;
    let src = 0;
    let dst = 0;
    try {
      if (t.kept) {
        src = t.storage.ptr;
      } else {
        const inBytes = t.data.length * t.bytes;
        src = rt.allocate(op, inBytes, t.shape);
        rt.heapU8().set(new Uint8Array(t.data.buffer, t.data.byteOffset, inBytes), src);
      }
      dst = rt.allocate(op, outBytes, outShape);
      module.execute(src, dst);
      if (t.kept && out === undefined) {
        const result = new KeptTensor(new Storage(rt, dst, outBytes), outShape, t.dtype, t.ArrayClass, length);
        dst = 0;
        return result;
      }
      const data = out ?? new t.ArrayClass(length);
      new Uint8Array(data.buffer, data.byteOffset, outBytes).set(rt.heapU8().subarray(dst, dst + outBytes));
      return { data, shape: outShape, dtype: t.dtype };
    } catch (error) {
      module.discard();
      throw error;
    } finally {
      if (src !== 0 && !t.kept) rt.free(src);
      if (dst !== 0) rt.free(dst);
      afterCall();
    }
  }

  // The shared path of every operation: validate, plan in the core, run.
  function run(op, x, lists, prepare, out) {
    const t = readTensor(op, x);
    rt.writeLists([t.shape, ...lists]);
    const outShape = rt.readShape(prepare(t.bytes, t.shape.length));
    checkLength(op, t);
    if (out !== undefined) checkOut(op, out, t, outShape);
    return execute(op, t, outShape, out);
  }

  // Shape inference alone: the same core function, no data.
  function inferShape(op, inputShape, lists, prepare) {
    const shape = integerList(op, 'inputShape', inputShape, { allowScalar: false }).values;
    rt.writeLists([shape, ...lists]);
    const outShape = rt.readShape(prepare(1, shape.length));
    module.discard();
    return outShape;
  }

  // Parameters of each operation, parsed once for the operation and its shapes.* twin.
  const params = {
    reshape(shape, options, known) {
      const o = checkOptions('reshape', options, known);
      const target = integerList('reshape', 'shape', shape).values;
      const specialZero = booleanOption('reshape', 'specialZero', o.specialZero);
      return { o, lists: [target], prepare: (e, r) => module.prepareReshape(e, r, target.length, specialZero) };
    },
    broadcast(targetShape, options, known) {
      const o = checkOptions('broadcast', options, known);
      const target = integerList('broadcast', 'targetShape', targetShape).values;
      const mode = stringOption('broadcast', 'mode', o.mode, 'numpy');
      const mapping = o.axesMapping === undefined ? null : integerList('broadcast', 'axesMapping', o.axesMapping).values;
      const lists = mapping ? [target, mapping] : [target];
      const mappingLength = mapping ? mapping.length : -1;
      return { o, lists, prepare: (e, r) => module.prepareBroadcast(e, r, target.length, mappingLength, mode) };
    },
    block(op, blockSize, options, known) {
      const o = checkOptions(op, options, known);
      const b = integerScalar(op, 'blockSize', blockSize);
      const format = stringOption(op, 'dataFormat', o.dataFormat, 'NHWC');
      const mode = stringOption(op, 'mode', o.mode, 'blocks_first');
      const prepare = op === 'spaceToDepth' ? module.prepareSpaceToDepth : module.prepareDepthToSpace;
      return { o, lists: [[b]], prepare: (e, r) => prepare(e, r, format, mode) };
    },
    roll(shift, axes, options, known) {
      const o = checkOptions('roll', options, known);
      const s = integerList('roll', 'shift', shift).values;
      const a = integerList('roll', 'axes', axes).values;
      return { o, lists: [s, a], prepare: (e, r) => module.prepareRoll(e, r, s.length, a.length) };
    },
  };

  const ops = {
    backend: Object.freeze({ ...backend }),

    reshape(x, shape, options) {
      const p = params.reshape(shape, options, ['specialZero', 'out']);
      const t = readTensor('reshape', x);
      rt.writeLists([t.shape, ...p.lists]);
      const outShape = rt.readShape(p.prepare(t.bytes, t.shape.length));
      module.discard();
      checkLength('reshape', t);
      if (p.o.out !== undefined) {
        checkOut('reshape', p.o.out, t, outShape);
        const source = t.kept ? x.data : t.data;
        p.o.out.set(source);
        return { data: p.o.out, shape: outShape, dtype: t.dtype };
      }
      // Same bytes, new shape: a view for kept tensors, shared data for plain ones.
      if (t.kept) return new KeptTensor(t.storage, outShape, t.dtype, t.ArrayClass, volume(outShape));
      return { data: t.data, shape: outShape, dtype: t.dtype };
    },

    broadcast(x, targetShape, options) {
      const p = params.broadcast(targetShape, options, ['mode', 'axesMapping', 'out']);
      return run('broadcast', x, p.lists, p.prepare, p.o.out);
    },

    spaceToDepth(x, blockSize, options) {
      const p = params.block('spaceToDepth', blockSize, options, ['dataFormat', 'mode', 'out']);
      return run('spaceToDepth', x, p.lists, p.prepare, p.o.out);
    },

    depthToSpace(x, blockSize, options) {
      const p = params.block('depthToSpace', blockSize, options, ['dataFormat', 'mode', 'out']);
      return run('depthToSpace', x, p.lists, p.prepare, p.o.out);
    },

    roll(x, shift, axes, options) {
      const p = params.roll(shift, axes, options, ['out']);
      return run('roll', x, p.lists, p.prepare, p.o.out);
    },

    shapes: Object.freeze({
      reshape(inputShape, shape, options) {
        const p = params.reshape(shape, options, ['specialZero']);
        return inferShape('reshape', inputShape, p.lists, p.prepare);
      },
      broadcast(inputShape, targetShape, options) {
        const p = params.broadcast(targetShape, options, ['mode', 'axesMapping']);
        return inferShape('broadcast', inputShape, p.lists, p.prepare);
      },
      spaceToDepth(inputShape, blockSize, options) {
        const p = params.block('spaceToDepth', blockSize, options, ['dataFormat', 'mode']);
        return inferShape('spaceToDepth', inputShape, p.lists, p.prepare);
      },
      depthToSpace(inputShape, blockSize, options) {
        const p = params.block('depthToSpace', blockSize, options, ['dataFormat', 'mode']);
        return inferShape('depthToSpace', inputShape, p.lists, p.prepare);
      },
      roll(inputShape, shift, axes) {
        const p = params.roll(shift, axes, undefined, []);
        return inferShape('roll', inputShape, p.lists, p.prepare);
      },
    }),

    /** Copies `data` into wasm memory once; operations on the result copy nothing. */
    tensor(data, shape, dtype) {
      const t = readTensor('tensor', { data, shape, dtype }, 'tensor');
      // The core checks the dims, as every operation does.
      rt.writeLists([t.shape]);
      const shapeNumbers = rt.readShape(module.checkTensor(t.bytes, t.shape.length));
      module.discard();
      const needed = volume(shapeNumbers);
      if (data.length !== needed) {
        throw invalidArgument('tensor', `data has ${data.length} elements, but shape [${t.shape.join(', ')}] needs ${needed}`);
      }
      const bytes = needed * t.bytes;
      const ptr = rt.allocate('tensor', bytes, shapeNumbers);
      rt.heapU8().set(new Uint8Array(data.buffer, data.byteOffset, bytes), ptr);
      afterCall();
      return new KeptTensor(new Storage(rt, ptr, bytes), shapeNumbers, t.dtype, t.ArrayClass, needed);
    },

    memory() {
      return {
        keptTensors: rt.keptTensors,
        keptBytes: rt.keptBytes,
        heapBytes: module.heapBytes(),
        wasmBytes: rt.buffer().byteLength,
      };
    },
  };
  return ops;
}

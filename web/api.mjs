// The operations of the public API over one module instance. ops.* and
// ops.shapes.* are generated from the core's operation table (read from the
// module once, at load): each entry names the operation, its parameters in
// the order the API takes them, and their kinds. Every call goes through
// call.mjs.
import { DTYPES, DTYPE_NAMES, isKnownDtype } from './dtypes.mjs';
import { convertElementValues } from './element_value.mjs';
import { describe, invalidArgument } from './errors.mjs';
import { KeptTensor, Storage, rowMajorStrides } from './kept_tensor.mjs';
import { createCalls } from './call.mjs';
import { createCallFormat } from './call_format.mjs';
import { createImageOps } from './image.mjs';
import { isOrtLike, ortFields } from './ort.mjs';
import { checkOptions, NO_OPTIONS, paramReader, readIntegers, writeInt64, writeIntegers } from './params.mjs';
import { createRuntime } from './runtime.mjs';
import { oneHotShortcut } from './one_hot_in_js.mjs';
import { scatterShortcuts } from './scatter_in_js.mjs';
import { triangularShortcut } from './triangular_in_js.mjs';
import { indexShapeArg, readIndices, readTensor, tensorReadOnce } from './tensor_input.mjs';

// An entry of the core's table with every field the call path reads, in one
// order (a field the core left out is undefined, as it read before).
function uniformSpec(s) {
  return {
    name: s.name, result: s.result, input: s.input, inputs: s.inputs, inputName: s.inputName, output: s.output,
    typed: s.typed, inPlace: s.inPlace,
    hasValues: s.params.some((p) => p.kind === 'value'), // (element values, converted to x's dtype per call)
    params: s.params.map((p) => ({
      name: p.name, kind: p.kind, option: p.option, optional: p.optional, names: p.names, aliases: p.aliases,
      count: p.count, dtypeFrom: p.dtypeFrom,
    })),
  };
}

export function createOps(module, backend, copyRange) {
  const rt = createRuntime(module, copyRange);
  const described = JSON.parse(module.describeOps());
  // One object shape for every entry and every parameter: the call path
  // reads the same fields of all of them, so its property loads stay
  // monomorphic in a program that calls many operations.
  const table = described.map(uniformSpec);
  const format = createCallFormat(module, rt, table, rt.constants);
  const calls = createCalls(module, rt, table, format, (x) => ops.tensor(x.data, x.shape, x.dtype));

  // The input shapes of ops.shapes.*: one shape, for a list of tensors an
  // array of them, for named inputs one per name.
  function readShapes(op, spec, input) {
    if (spec.input === 'named') return spec.inputs.map((n, k) => readIntegers(op, `${n.name}.shape`, input[k], false));
    if (spec.input !== 'tensors') return [readIntegers(op, `${spec.inputName ?? 'x'}.shape`, input, false)];
    if (!Array.isArray(input)) throw invalidArgument(op, `tensors must be an array of shapes, got ${describe(input)}`);
    const n = input.length;
    const shapes = new Array(n);
    for (let k = 0; k < n; k++) shapes[k] = readIntegers(op, `tensors[${k}].shape`, input[k], false);
    return shapes;
  }

  // ops.shapes.*'s dtype option: sizes the memory check as the operation on
  // that dtype would; without it, the check assumes uint8 (1-byte elements).
  function dtypeOf(op, dtype) {
    if (dtype === undefined) return 'uint8';
    if (!isKnownDtype(dtype)) throw invalidArgument(op, `dtype ${describe(dtype)} is not one of ${DTYPE_NAMES.join(', ')}`);
    return dtype;
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
    // An operation with a dtype option of its own (its output's dtype): ops.shapes' dtype is that option, not x's.
    const ownDtype = optionNames.includes('dtype');
    const positions = spec.params.filter((p) => !p.option).length;

    // The caller's values, checked in the table's order (after the options'
    // names), into an array of the call's own: a getter may call the
    // package again before this call is done.
    function read(values, args, options, known) {
      const o = checkOptions(op, options, known);
      // (Options are read by name: a keyed load that goes megamorphic, skipped when there are none.)
      const given = o !== NO_OPTIONS;
      for (let i = 0, k = 0; i < readers.length; i++) {
        const p = spec.params[i];
        values[i] = readers[i](p.option ? (given ? o[p.name] : undefined) : args[k++]);
      }
      return o;
    }

    const ii = spec.params.findIndex((p) => p.kind === 'indices');
    const shortcut = shortcuts[op];
    const call = (x, args, options) => {
      if (shortcut !== undefined) {
        // The shortcut and then perhaps the call path see the inputs' fields
        // and the options' values as read once: a getter may answer
        // otherwise the next time.
        x = spec.input === 'named' ? x.map(tensorReadOnce) : tensorReadOnce(x);
        options = optionsReadOnce(options, opOptions);
        const result = shortcut(x, args, options);
        if (result !== undefined) return result;
      }
      const values = new Array(readers.length);
      const o = read(values, args, options, opOptions);
      const out = o.out; // read once
      if (ii >= 0) values[ii] = readIndices(rt, op, values[ii]);
      return calls.run(index, spec, ii, x, values, out);
    };
    const shapes = (input, args, options) => {
      const values = new Array(readers.length);
      const o = read(values, args, options, shapeOptions);
      const dtype = o.dtype;
      if (ii >= 0) values[ii] = indexShapeArg(op, values[ii]);
      const inputShapes = readShapes(op, spec, input);
      convertElementValues(spec, values, dtype);
      const xDtype = dtypeOf(op, dtype); // checked either way, as before
      return calls.infer(index, spec, inputShapes, values, ownDtype ? 'uint8' : xDtype);
    };
    if (spec.input === 'named') return { call: withNames(spec, positions, call), shapes: withNames(spec, positions, shapes) };
    // Fixed arities: `ops.roll.length` says how many positional arguments it takes.
    const withArity = (f) => {
      switch (positions) {
        case 0: return (x, o) => f(x, [], o);
        case 1: return (x, a, o) => f(x, [a], o);
        case 2: return (x, a, b, o) => f(x, [a, b], o);
        case 3: return (x, a, b, c, o) => f(x, [a, b, c], o);
        default: return (x, ...rest) => f(x, rest, rest[positions]);
      }
    };
    return { call: withArity(call), shapes: withArity(shapes) };
  }

  // A plain object of `options`' values, each known name read once (an
  // inherited value too, as the call path reads them); an unknown own key is
  // kept, unread, for checkOptions to name. Anything else is returned as it is.
  function optionsReadOnce(options, known) {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) return options;
    const values = {};
    for (const key in options) {
      if (Object.prototype.hasOwnProperty.call(options, key) && !known.includes(key)) values[key] = undefined;
    }
    for (const key of known) if (key in options) values[key] = options[key];
    return values;
  }

  // An operation of named inputs (where's condition, a, b) takes them first,
  // then its positional parameters, then options; `f` gets them as an array.
  function withNames(spec, positions, f) {
    const n = spec.inputs.length;
    const g = (...args) => f(args.slice(0, n), args.slice(n, n + positions), args[n + positions]);
    Object.defineProperty(g, 'length', { value: n + positions + 1 });
    return g;
  }

  // gather with one index (a number) on a kept tensor: the slice at that
  // index without its axis, a view like slice's. Anything unusual (another
  // option, an index out of range) takes the call path, which words the error.
  function gatherAt(x, index, options) {
    if (!KeptTensor.isKept(x) || (typeof index !== 'number' && typeof index !== 'bigint')) return undefined;
    if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) return undefined;
    const keys = options === undefined ? [] : Object.keys(options);
    if (keys.some((k) => k !== 'axis') || x.disposed) return undefined;
    const f = x.callFields('gather', rt);
    if (f.address < 0) return undefined; // another module's tensor: brought in by the call path
    // (The options' values, read once by the call: optionsReadOnce.)
    if (options !== undefined && (options.out !== undefined || options.batchDims !== undefined)) return undefined;
    const rank = f.shape.length;
    const axisGiven = options?.axis ?? 0;
    if (!Number.isInteger(axisGiven) || axisGiven < -rank || axisGiven >= rank) return undefined;
    const axis = axisGiven < 0 ? axisGiven + rank : axisGiven;
    const d = f.shape[axis];
    const i = typeof index === 'bigint' ? Number(index) : index;
    if (!Number.isInteger(i) || i < -d || i >= d) return undefined;
    const at = i < 0 ? i + d : i;
    // The view made here, as slice then squeeze would make it (two calls: 4.0 µs, this 0.6).
    const strides = f.strides ?? rowMajorStrides(f.shape);
    return new KeptTensor(f.storage, f.shape.filter((_, k) => k !== axis), f.dtype, f.ArrayClass, f.length / d,
      f.offset + at * strides[axis], strides.filter((_, k) => k !== axis));
  }

  const shapes = {};
  // Calls some operations answer without the call path (undefined: take it).
  const shortcuts = {
    gather: (x, args, options) => gatherAt(x, args[0], options),
    ...scatterShortcuts(rt, shapes),
    ...triangularShortcut(rt, shapes),
    ...oneHotShortcut(rt, shapes),
  };

  const ops = {
    backend: Object.freeze({ ...backend }),

    /**
     * The operation table: each operation's name, its result ('copy', or
     * 'view' for reshape), its input ('tensor': x; 'tensors': a list, the
     * first argument; 'named': the tensors `inputs` names, { name, kind:
     * 'data' | 'condition' | 'index', number }, the first arguments), its output ('tensor', or 'tensors': an array of
     * them), whether it is typed (its outputs' dtypes are its own, decided by
     * its parameters) and its parameters in the order the API takes them:
     * { name, kind: 'ints' | 'int' | 'bool' | 'name' | 'value' | 'intOrInts' | 'indices', option, optional, names? }
     * ('value': count? elements, for the dtype of option dtypeFrom? rather than x's); inputName: what a
     * single input is called when not x ('indices', say).
     */
    operations: Object.freeze(described.map((spec) => Object.freeze({
      name: spec.name,
      result: spec.result,
      input: spec.input,
      ...(spec.inputs && { inputs: Object.freeze(spec.inputs.map((i) => Object.freeze({ ...i }))) }),
      output: spec.output,
      typed: spec.typed,
      ...(spec.inputName !== undefined && { inputName: spec.inputName }),
      params: Object.freeze(spec.params.map((p) => Object.freeze({ ...p, names: p.names && Object.freeze([...p.names]) }))),
    }))),

    shapes,

    /** Copies `data` into wasm memory once; operations on the result copy nothing. */
    tensor(data, shape, dtype) {
      // ops.tensor(ortTensor): its data, dims and type.
      if (shape === undefined && dtype === undefined && isOrtLike(data)) ({ data, shape, dtype } = ortFields(data, 'tensor', 'tensor'));
      const t = readTensor(rt, 'tensor', { data, shape, dtype }, 'tensor');
      const words = 1 + t.shape.length;
      const at = rt.scratch(words, 'tensor');
      writeInt64(rt.heap32(), rt.heapU32(), at, t.shape.length);
      writeIntegers(rt.heap32(), rt.heapU32(), at + 1, t.shape);
      if (module.allocTensor(t.elem, words, t.length) < 0) throw rt.lastError();
      const r = rt.readScratch(1 + t.shape.length);
      const ptr = r[0];
      const bytes = t.length * t.elem;
      // Data in this module's memory (a kept tensor's view) is copied by address: growth may have detached the view.
      if (t.address >= 0) rt.copyWithin(ptr, t.address, bytes);
      else if (t.bytes.byteLength === bytes) rt.copyIn(ptr, t.bytes);
      else {
        rt.free(ptr);
        throw invalidArgument('tensor', 'data changed size during the call (a resizable buffer)');
      }
      return new KeptTensor(new Storage(rt, ptr, bytes), r.slice(1), t.dtype, t.ArrayClass, t.length);
    },

    /** `t` itself when its elements lie densely in row-major order, else one copy into a new kept tensor. */
    contiguous(t) {
      if (!KeptTensor.isKept(t)) {
        readTensor(rt, 'contiguous', t, 't'); // a plain tensor is contiguous: checked, returned as it is
        return t;
      }
      t.storage('contiguous');
      return t.contiguous ? t : calls.contiguousCopy(t);
    },

    memory() {
      return {
        keptTensors: rt.keptTensors,
        keptBytes: rt.keptBytes,
        heapBytes: module.heapBytes(),
        heapPeakBytes: module.heapPeakBytes(),
        wasmBytes: rt.buffer().byteLength,
        planCacheBytes: module.planCacheBytes(),
        cachedPlans: module.cachedPlans(),
      };
    },
  };
  table.forEach((spec, index) => {
    const { call, shapes: infer } = generate(index, spec);
    ops[spec.name] = call;
    shapes[spec.name] = infer;
  });
  Object.freeze(shapes);
  Object.assign(ops, createImageOps(ops));
  return ops;
}

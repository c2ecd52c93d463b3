// One call path for every operation of the table: one input or a list,
// named inputs, one output or several, with or without an index tensor, a
// copy or a view.
// It reads what the caller gave (call_inputs.mjs), writes the call
// (call_format.mjs), copies in only the inputs that are not already in the
// module's memory, runs the plan, and hands back new arrays, `out` filled,
// or kept tensors.
import { acceptsClass } from './dtypes.mjs';
import { createCallInputs } from './call_inputs.mjs';
import { convertElementValues } from './element_value.mjs';
import { DISPOSED, TensorOpsError, describe, invalidArgument, withArticle } from './errors.mjs';
import { KeptTensor, Storage } from './kept_tensor.mjs';
import { createLongRunsResult, volume } from './long_runs_result.mjs';
import { createOutputStream, plainTarget } from './output_stream.mjs';
import { isDetachedBuffer } from './typed_arrays.mjs';
import { readTensor } from './tensor_input.mjs';

// Whether two byte views share any byte.
function overlaps(a, b) {
  return a.buffer === b.buffer && a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;
}

// Whether any input's bytes (plain inputs) share a byte with `bytes`.
function overlapsAny(ts, bytes) {
  for (let k = 0; k < ts.length; k++) if (ts[k].bytes !== null && overlaps(ts[k].bytes, bytes)) return true;
  return false;
}

// One input's data length not checked, and no room for it (shape inference).
const ONE_UNCHECKED = Object.freeze([-1]);
const ONE_IN_PLACE = Object.freeze([false]);

// Whether the out arrays given differ from the outputs in number or length.
function lengthsDiffer(outs, places) {
  if (outs.length !== places.length) return true;
  for (let k = 0; k < outs.length; k++) if (outs[k].length !== places[k].length) return true;
  return false;
}
// The API's name of input k: x (or the input's own name), tensors[k], or a named input's name.
function inputName(spec, k) {
  return spec.input === 'named' ? spec.inputs[k].name : spec.input !== 'tensor' ? `tensors[${k}]` : spec.inputName ?? 'x';
}

// Input k's address for the kernel: where it is, or its room in the call's
// block, into which the elements the plan reads (its footprint) are copied.
function sourceOf(rt, spec, ts, rooms, footprints, inPtrs, k) {
  const t = ts[k];
  if (!rooms[k]) return t.address;
  if (t.bytes.byteLength !== t.length * t.elem) throw invalidArgument(spec.name, `${inputName(spec, k)}.data changed size during the call`);
  const first = footprints[2 * k] * t.elem;
  const end = footprints[2 * k + 1] * t.elem;
  const at = (inPtrs[k] + first) >>> 0;
  rt.copyIn(at, t.bytes, first, end);
  return inPtrs[k];
}

export function createCalls(module, rt, table, format, toLocal) {
  const { BUFFERS, prepare, writeSources } = format;
  const DTYPE_CODES = rt.constants.dtypeCodes;
  const CODE_OF = new Map(Object.entries(DTYPE_CODES)); // (one lookup for every dtype: an object's keyed load is not, once a program uses many)
  const TRANSPOSE = table.findIndex((spec) => spec.name === 'transpose');

  const { readInputs, readOuts } = createCallInputs(rt, toLocal);
  const longRunsResult = createLongRunsResult(rt);
  const stream = createOutputStream(module, rt);

  // Everything read by address must still be live when the plan runs: the
  // caller's getters, which ran after it was read, may have disposed it.
  function confirmLive(op, what, address, bytes, storage = null) {
    const live = storage !== null ? storage.alive : address < 0 || rt.ownerOf(address, bytes) !== undefined;
    if (!live) throw new TensorOpsError(DISPOSED, `${op}: ${what} was disposed during the call`);
  }

  // A typed array for `place` (an input or an out): its memory at its
  // address, or the caller's own bytes.
  function arrayOf(place, ArrayClass, length) {
    if (place.address >= 0) return new ArrayClass(rt.buffer(), place.address, length);
    return new ArrayClass(place.bytes.buffer, place.bytes.byteOffset, length);
  }

  // The array handed back for an `out`: the caller's own, unless growth of
  // the module's memory detached it (then the same place, viewed again).
  function outArray(o, ArrayClass, length) {
    if (o.address >= 0 && isDetachedBuffer(o.facts.buffer)) return new ArrayClass(rt.buffer(), o.address, length);
    return o.target;
  }

  // Copies `length` elements at `ptr` into `o` (or a new array); returns the array.
  function copyOut(o, ptr, ArrayClass, length, elem) {
    const bytes = length * elem;
    if (o !== undefined && o.address >= 0) {
      rt.copyWithin(o.address, ptr, bytes);
      return outArray(o, ArrayClass, length);
    }
    const { data, target } = plainTarget(o, ArrayClass, length, bytes);
    rt.copyOut(target, ptr);
    return data;
  }

  // Whether `o` (an out in wasm memory) may be the kernel's destination: no
  // byte shared with an input read in place (inputs copied into the call's
  // block cannot share one), unless it is exactly x's dense elements and the
  // operation writes over x in place.
  function writableInPlace(spec, ts, indices, o) {
    const start = o.address;
    const end = start + o.facts.byteLength;
    const apart = (a, b) => b <= start || a >= end;
    for (let k = 0; k < ts.length; k++) {
      const t = ts[k];
      if (t.address < 0) continue;
      const [a, b] = t.storage !== null ? [t.storage.ptr, t.storage.ptr + t.storage.bytes] : [t.address, t.address + t.length * t.elem];
      if (apart(a, b)) continue;
      if (!(k === 0 && spec.inPlace && t.strides === null && t.address === start && t.length * t.elem === end - start)) return false;
    }
    return indices === undefined || indices.address < 0 || apart(indices.address, indices.address + indices.byteLength);
  }

  // Each output's dtype, array class, element size, length and byte offset
  // in the output block: x's dtype back to back, or for a typed operation
  // as the core reports them (then the class of each `out` array is checked
  // here, against its output's dtype, and its length after that).
  function outputPlaces(op, report, first, outs) {
    const shapes = report.shapes;
    const places = new Array(shapes.length);
    for (let k = 0, at = 0; k < shapes.length; k++) {
      const length = volume(shapes[k]);
      if (report.outputs === undefined) {
        places[k] = { dtype: first.dtype, ArrayClass: first.ArrayClass, elem: first.elem, length, offset: at };
        at += length * first.elem;
        continue;
      }
      const { dtype, facts, offset } = report.outputs[k];
      let ArrayClass = facts.arrays[0];
      const o = outs?.[k];
      if (o !== undefined) {
        ArrayClass = o.facts.Class;
        if (!acceptsClass(dtype, ArrayClass)) {
          const param = outs.length > 1 || report.shapes.length > 1 ? `out[${k}]` : 'out';
          throw invalidArgument(op, `${param} must be ${withArticle(facts.arrays.map((c) => c.name).join(' or '))} (the output's dtype is ${dtype}), got ${describe(o.target)}`);
        }
      }
      places[k] = { dtype, ArrayClass, elem: facts.bytes, length, offset };
    }
    return places;
  }

  // Same bytes, new shape (reshape): a kept view for a kept input, the
  // caller's data for a plain one, or the elements copied into `out`.
  function viewResult(t, shape, outs) {
    const length = volume(shape);
    if (outs !== undefined) {
      const o = outs[0];
      if (o.address >= 0 && t.address >= 0) rt.copyWithin(o.address, t.address, length * t.elem);
      else if (t.address >= 0) rt.copyOut(o.bytes.subarray(0, length * t.elem), t.address);
      else arrayOf(o, t.ArrayClass, length).set(arrayOf(t, t.ArrayClass, length));
      return { data: outArray(o, t.ArrayClass, length), shape, dtype: t.dtype };
    }
    if (t.kept) return new KeptTensor(t.storage, shape, t.dtype, t.ArrayClass, length, t.offset);
    return { data: t.data, shape, dtype: t.dtype };
  }

  // The outputs as views of a kept input: new kept tensors over its storage.
  function viewsOf(t, report, several) {
    const parts = report.shapes.map((shape, k) => {
      const v = report.views[k];
      return new KeptTensor(t.storage, shape, t.dtype, t.ArrayClass, volume(shape), t.offset + v.offset, v.strides);
    });
    return several ? parts : parts[0];
  }

  /**
   * Runs entry `index` of the table (`spec`) on `input` with the checked
   * parameter values (`indexParam`: the position of an index tensor among
   * them, or -1) and `out`.
   */
  function run(index, spec, indexParam, input, values, out, dense = false) {
    const op = spec.name;
    const list = spec.input !== 'tensor';
    const named = spec.input === 'named' ? spec.inputs : null;
    const several = spec.output === 'tensors';
    const xName = spec.inputName ?? 'x'; // what the API calls a single input (x, unless it has a name of its own)
    // Kept tensors made for this call alone (brought in, made contiguous).
    // No closure in this function: V8 then keeps its variables in registers,
    // where a context allocated per call held them (view calls and most small
    // calls 6-13% faster, in one process against closures).
    const temps = [];
    try {
      const ts = readInputs(op, spec, input, temps);
      if (ts.length === 0) {
        // The core words the error of an empty list.
        prepare(index, spec, [], values, DTYPE_CODES.uint8, [], [], undefined, BUFFERS.none);
      }
      const first = ts[0];
      // The call's dtype: x's, the list's, or the named inputs' data dtype (their first data input's).
      const dataAt = named === null ? 0 : Math.max(0, named.findIndex((n) => n.kind === 'data'));
      const callDtype = CODE_OF.get(ts[dataAt].dtype);
      const inputDtypes = named === null ? undefined : ts.map((t) => CODE_OF.get(t.dtype));
      convertElementValues(spec, values, ts[dataAt].dtype);
      // A typed operation's out arrays are checked against its outputs' dtypes, once the core has told them.
      const outs = out === undefined ? undefined
        : readOuts(op, out, several, spec.typed ? null : first.ArrayClass, list ? 'tensors[0].data' : `${xName}.data`);
      const indices = indexParam >= 0 ? values[indexParam] : undefined;
      for (let k = 0; k < ts.length; k++) {
        confirmLive(op, inputName(spec, k), ts[k].address, ts[k].length * ts[k].elem, ts[k].storage);
      }
      if (indices !== undefined) confirmLive(op, 'indices', indices.address, indices.byteLength);
      if (outs !== undefined) for (const o of outs) confirmLive(op, 'out', o.address, o.facts.byteLength);

      // Reshape of a plain or contiguous tensor shares its data; of a strided
      // view it goes through the plan (a view again where the strides allow).
      const view = spec.result === 'view' && first.strides === null;
      const viewWelcome = !dense && !list && first.kept !== null && first.address >= 0 && out === undefined;
      // A plain out (or none, from plain inputs): a plan of long runs is copied by JavaScript.
      let runsWelcome = !several && !dense && (indices === undefined || indices.address < 0) &&
        (outs === undefined || (outs[0].address < 0 && !overlapsAny(ts, outs[0].bytes)));
      const indexRoom = indices !== undefined && indices.address < 0;
      const n = ts.length;
      const shapes = new Array(n);
      const lengths = new Array(n);
      const rooms = new Array(n);
      let strides;
      const outLengths = outs === undefined ? undefined : new Array(outs.length);
      if (outs !== undefined) for (let k = 0; k < outs.length; k++) outLengths[k] = outs[k].length;
      let report;
      let anyRoom;
      let anyKept;
      for (;;) {
        anyRoom = false;
        anyKept = false;
        let allRoom = true;
        strides = undefined;
        for (let k = 0; k < n; k++) {
          const t = ts[k];
          shapes[k] = t.shape;
          lengths[k] = t.kept ? -1 : t.length;
          rooms[k] = t.address < 0;
          anyRoom ||= rooms[k];
          allRoom &&= rooms[k];
          anyKept ||= t.kept !== null;
          if (t.strides !== null) strides ??= ts.map((u) => u.strides);
        }
        let buffers = BUFFERS.none;
        if (!view) {
          buffers = (anyRoom ? BUFFERS.inputAndOutput : BUFFERS.output) + (indexRoom ? BUFFERS.indexRoom : 0) +
            (viewWelcome ? BUFFERS.viewResult : 0) + (runsWelcome && (allRoom || outs !== undefined) ? BUFFERS.longRuns : 0) +
            // Kept inputs only for runs alone: JavaScript's sets from the module's
            // memory cost more per element, and then the engine's kernel and one
            // copy out win (a reflect pad: 274-354 µs that way, 476 µs in JavaScript).
            (runsWelcome && !allRoom && outs !== undefined ? BUFFERS.runsAlone : 0);
        }
        // A typed operation's out lengths are checked after their class (see outputPlaces).
        report = prepare(index, spec, shapes, values, callDtype, lengths, rooms, spec.typed ? undefined : outLengths,
          buffers, strides, inputDtypes);
        if (report.longRuns !== undefined) {
          const result = longRunsResult(op, report, ts, indices, outs, first);
          if (result !== undefined) return result;
          runsWelcome = false; // or an index value out of range: the call through the core words the error
          continue;
        }
        if (report.needsContiguous === undefined) break;
        // A view the plan cannot read in place: made contiguous for this call.
        const k = report.needsContiguous;
        if (dense) throw new Error(`wasm-tensor-ops: ${op} cannot read a view it made contiguous`);
        const copy = contiguousCopy(ts[k].kept);
        temps.push(copy);
        ts[k] = readTensor(rt, op, copy, inputName(spec, k));
      }
      if (view) return viewResult(first, report.shapes[0], outs);
      if (report.views !== undefined) return viewsOf(first, report, several);

      const { inPtrs, outPtr, footprints } = report;
      const outShapes = report.shapes;
      const { elem } = first;
      let block = report.blockPtr; // the one block the call allocated

      try {
        // One output of x's dtype, the common case: no places to make.
        const places = !several && !spec.typed ? null : outputPlaces(op, report, first, outs);
        // (Fewer arrays than outputs, too: each array given may fit its output.)
        if (spec.typed && outs !== undefined && lengthsDiffer(outs, places)) {
          // The core words the length error: asked again, with the lengths, allocating nothing.
          rt.free(block);
          block = undefined;
          prepare(index, spec, shapes, values, callDtype, lengths, rooms, outLengths, BUFFERS.none, strides, inputDtypes);
        }
        const last = places === null ? null : places[places.length - 1];
        const length = places === null ? volume(outShapes[0]) : 0;
        const totalBytes = places === null ? length * elem : last === undefined ? 0 : last.offset + last.length * last.elem;
        // An `out` in wasm memory is written by the kernel itself when it
        // shares no byte with an input (or is x's own elements, for an
        // operation that updates x in place), not copied there afterwards.
        const direct = outs !== undefined && outs.length === 1 && (places === null || (places.length === 1 && places[0].offset === 0)) &&
          outs[0].address >= 0 && writableInPlace(spec, ts, indices, outs[0]);
        const dst = direct ? outs[0].address : outPtr;
        // One plain output: copied out as the pool makes it, where the kernel can.
        const one = places === null ? null : places[0];
        const streamed = !direct && !(anyKept && out === undefined) && !several &&
          (one === null || (places.length === 1 && one.offset === 0))
          ? stream.target(outs?.[0], one?.ArrayClass ?? first.ArrayClass, one?.length ?? length, totalBytes) : null;
        if (n === 1 && indices === undefined) {
          if (streamed !== null) stream.execute(sourceOf(rt, spec, ts, rooms, footprints, inPtrs, 0), dst, streamed);
          else module.execute(sourceOf(rt, spec, ts, rooms, footprints, inPtrs, 0), dst, 0);
        } else {
          const sources = new Array(n);
          for (let k = 0; k < n; k++) sources[k] = sourceOf(rt, spec, ts, rooms, footprints, inPtrs, k);
          if (indices !== undefined) {
            let indexPtr = indices.address;
            if (indexRoom) {
              indexPtr = report.indexPtr;
              rt.copyIn(indexPtr, indices.bytes);
            }
            sources.push(indexPtr);
          }
          writeSources(op, sources);
          const result = streamed !== null ? stream.execute(undefined, dst, streamed, sources.length)
            : module.executeSources(sources.length, dst, 0);
          if (result < 0) throw rt.lastError();
        }
        if (anyKept && out === undefined) {
          // The block becomes the result's storage, cut down to the output
          // when inputs or indices had room after it.
          const ptr = (list && anyRoom) || indexRoom ? module.shrinkBlock(outPtr, totalBytes) >>> 0 : outPtr;
          block = undefined;
          const storage = new Storage(rt, ptr, totalBytes);
          if (places === null) return new KeptTensor(storage, outShapes[0], first.dtype, first.ArrayClass, length);
          if (!several) {
            const p = places[0];
            return new KeptTensor(storage, outShapes[0], p.dtype, p.ArrayClass, p.length, p.offset / p.elem);
          }
          return places.map((p, k) =>
            new KeptTensor(storage, outShapes[k], p.dtype, p.ArrayClass, p.length, p.offset / p.elem));
        }
        if (direct) {
          rt.free(block);
          block = undefined;
          const p = places === null ? { ArrayClass: first.ArrayClass, length, dtype: first.dtype } : places[0];
          const result = { data: outArray(outs[0], p.ArrayClass, p.length), shape: outShapes[0], dtype: p.dtype };
          return several ? [result] : result;
        }
        if (streamed !== null) {
          if (!streamed.taken) rt.copyOut(streamed.target, outPtr);
          rt.free(block);
          block = undefined;
          return { data: streamed.data, shape: outShapes[0], dtype: one?.dtype ?? first.dtype };
        }
        const result = new Array(places === null ? 1 : places.length);
        for (let k = 0; k < result.length; k++) {
          const p = places === null ? { offset: 0, ArrayClass: first.ArrayClass, length, elem, dtype: first.dtype } : places[k];
          result[k] = { data: copyOut(outs?.[k], outPtr + p.offset, p.ArrayClass, p.length, p.elem), shape: outShapes[k], dtype: p.dtype };
        }
        rt.free(block);
        block = undefined;
        return several ? result : result[0];
      } catch (error) {
        if (block !== undefined) rt.free(block);
        throw error;
      }
    } finally {
      for (const t of temps) t.dispose();
    }
  }

  // A contiguous copy of a kept view: transpose by the identity, read in
  // place from the view, never answered with a view.
  function contiguousCopy(kept) {
    const perm = kept.shape.map((_, i) => i);
    try {
      return run(TRANSPOSE, table[TRANSPOSE], -1, kept, [perm], undefined, true);
    } catch (error) {
      // Worded as the caller's: ops.contiguous, or the first read of a view's data.
      if (error instanceof TensorOpsError && error.message.startsWith('transpose: ')) {
        error.message = `contiguous: ${error.message.slice('transpose: '.length)}`;
      }
      throw error;
    }
  }

  // For KeptTensor's data and toArray(): a contiguous copy of a view.
  rt.copyContiguous = contiguousCopy;

  /**
   * Shape inference alone: the same core function, no data. `shapes`: one
   * per input. `dtype` sizes the memory check as the operation on that
   * dtype would. Returns the output shape, or for several outputs an array.
   */
  function infer(index, spec, shapes, values, dtype) {
    const none = shapes.length === 1 ? ONE_UNCHECKED : shapes.map(() => -1);
    rt.buffer();
    // Named inputs: the data ones of `dtype`, a condition uint8, indices int64.
    const inputDtypes = spec.input !== 'named' ? undefined
      : spec.inputs.map((n) => DTYPE_CODES[n.kind === 'data' ? dtype : n.kind === 'index' ? 'int64' : 'uint8']);
    const report = prepare(index, spec, shapes, values, DTYPE_CODES[dtype], none, shapes.length === 1 ? ONE_IN_PLACE : none.map(() => false),
      undefined, BUFFERS.none, undefined, inputDtypes);
    return spec.output === 'tensors' ? report.shapes : report.shapes[0];
  }

  return { run, infer, contiguousCopy };
}

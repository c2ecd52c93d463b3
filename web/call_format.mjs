// The call format: the int64 words a call writes into the module's scratch
// area and the report the core leaves there (see top_prepare in the
// bindings). This module is the only JavaScript that writes or reads them.
//
// Words: the input's rank and dims (for a list of tensors: their number,
// then each one's rank and dims; for named inputs then each one's dtype
// code); per parameter its count word (-1: not
// given; -2: an 'intOrInts' given as one integer) and values (an index
// tensor: [dtype code, data length, dims...]); for a list, each tensor's data
// length (-1: kept) and whether it is copied in; with several outputs and
// `out`, each out array's length. When an input is a strided view (a kept
// tensor), the call's words end with, per input, -1 (contiguous) or its rank
// and strides.
//
// Report: the output dims (several outputs: [count, each rank..., all
// dims...]), one address per input (0: read in place; else where its
// element 0 would be), the output block's address, and the index tensor's
// room (gather*; else 0); then the allocated block's address and per input
// the elements [first, end) its plan reads, the only ones copied in. When a
// view result was welcome and the outputs are views of the input, every
// address is 0 and each output's offset and strides (elements) follow.
import { DTYPES } from './dtypes.mjs';
import { entryLength } from './long_runs.mjs';
import { writeInt64, writeIntegers } from './params.mjs';
import { IndexArg } from './tensor_input.mjs';

function paramWords(values) {
  let words = values.length;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof IndexArg) words += v.wordCount;
    else if (v !== undefined) words += typeof v === 'object' ? v.length : 1;
  }
  return words;
}

// A float64's bits as two uint32 halves (floats parameters cross as bits).
const F64 = new Float64Array(1);
const F64_HALVES = new Uint32Array(F64.buffer);

function writeParams(i32, u32, at, values, single, floats) {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined) {
      writeInt64(i32, u32, at++, -1);
    } else if (floats[i]) {
      writeInt64(i32, u32, at++, v.length);
      for (let k = 0; k < v.length; k++, at++) {
        F64[0] = v[k];
        u32[2 * at] = F64_HALVES[0];
        u32[2 * at + 1] = F64_HALVES[1];
      }
    } else if (v instanceof IndexArg) {
      writeInt64(i32, u32, at++, v.wordCount);
      writeInt64(i32, u32, at++, v.code);
      writeInt64(i32, u32, at++, v.length);
      at = writeIntegers(i32, u32, at, v.shape);
    } else {
      const count = typeof v === 'object' ? v.length : single[i] ? -2 : 1;
      writeInt64(i32, u32, at++, count);
      at = writeIntegers(i32, u32, at, v);
    }
  }
  return at;
}

/**
 * The call format of one module: `constants` are the core's (top_constants),
 * read at load. Returns { BUFFERS, prepare }.
 */
export function createCallFormat(module, rt, table, constants) {
  const BUFFERS = constants.buffers;
  const LONG_RUN_WORDS = constants.longRunWords;
  const DTYPE_NAME = constants.dtypes;
  const FACTS = DTYPE_NAME.map((name) => DTYPES[name]); // each code's entry of DTYPES
  const singles = table.map((spec) => spec.params.map((p) => p.kind === 'intOrInts'));
  const floats = table.map((spec) => spec.params.map((p) => p.kind === 'floats'));

  /**
   * Writes a call and prepares it in the core. `dtype`: x's dtype's code
   * (the core's constants.dtypeCodes). `shapes`: one per input;
   * `lengths`: each input's data length (-1: not checked); `rooms`: whether
   * each is copied into the block; `outLengths`: the out arrays' lengths
   * (undefined: no out). Returns { shapes (one per output), inPtrs, outPtr,
   * indexPtr, blockPtr, footprints ([first, end) per input), views,
   * longRuns (the plan for web/long_runs.mjs, when asked for and it is one),
   * and for a typed operation outputs: [{ dtype, facts (its DTYPES entry), offset (bytes) }] per output }.
   */
  function prepare(index, spec, shapes, values, dtype, lengths, rooms, outLengths, buffers, strides, inputDtypes) {
    const op = spec.name;
    const list = spec.input !== 'tensor';
    const named = spec.input === 'named';
    const several = spec.output === 'tensors';
    const viewed = strides !== undefined; // (the caller passes them only when an input is a view)
    let words = (list ? 1 : 0) + paramWords(values);
    for (const shape of shapes) words += 1 + shape.length;
    if (named) words += shapes.length;
    if (viewed) for (const s of strides) words += s === null ? 1 : 1 + s.length;
    const extra = (list ? 2 * shapes.length : 0) + (several && outLengths ? outLengths.length : 0);
    let at = rt.scratch(words + extra + shapes.length + 3, op);
    const i32 = rt.heap32();
    const u32 = rt.heapU32();
    if (list) writeInt64(i32, u32, at++, shapes.length);
    for (const shape of shapes) {
      writeInt64(i32, u32, at++, shape.length);
      at = writeIntegers(i32, u32, at, shape);
    }
    if (named) for (const code of inputDtypes) writeInt64(i32, u32, at++, code);
    at = writeParams(i32, u32, at, values, singles[index], floats[index]);
    if (viewed) {
      for (const s of strides) {
        writeInt64(i32, u32, at++, s === null ? -1 : s.length);
        if (s !== null) at = writeIntegers(i32, u32, at, s);
      }
    }
    if (list) {
      for (const n of lengths) writeInt64(i32, u32, at++, n);
      for (const r of rooms) writeInt64(i32, u32, at++, r ? 1 : 0);
    }
    if (several && outLengths) for (const n of outLengths) writeInt64(i32, u32, at++, n);
    let outArg = -1;
    if (outLengths) outArg = several ? outLengths.length : outLengths[0];
    const dataLength = list ? -1 : lengths[0];
    const head = module.prepare(index, dtype, words, dataLength, outArg, buffers);
    if (head === -2) return { needsContiguous: rt.readScratch(1)[0] };
    if (head < 0) throw rt.lastError();
    const inputs = shapes.length;
    // The longest report: head, addresses, and per output its views' offset
    // and strides (no more words than the head's dims and one per output).
    rt.adoptScratch(Math.max(2 * head + inputs + 3, head + 3 * inputs + 3 + 2 * (head + 1), head + inputs + 2 + LONG_RUN_WORDS));
    let outShapes;
    if (several) {
      const report = rt.readScratch(head);
      const n = report[0];
      outShapes = [];
      for (let k = 0, d = 1 + n; k < n; k++) {
        outShapes.push(report.slice(d, d + report[1 + k]));
        d += report[1 + k];
      }
    } else {
      outShapes = [rt.readScratch(head)];
    }
    const inPtrs = new Array(inputs);
    for (let k = 0; k < inputs; k++) inPtrs[k] = rt.scratchWord(head + k);
    const outPtr = rt.scratchWord(head + inputs);
    let views;
    let blockPtr = 0;
    let footprints;
    let longRuns;
    let outputs;
    if (outPtr !== 0) {
      blockPtr = rt.scratchWord(head + inputs + 2);
      footprints = new Array(2 * inputs);
      for (let i = 0; i < 2 * inputs; i++) footprints[i] = rt.scratchWord(head + inputs + 3 + i);
      if (spec.typed) {
        outputs = new Array(outShapes.length);
        for (let k = 0, at = head + 3 * inputs + 3; k < outShapes.length; k++, at += 2) {
          const code = rt.scratchWord(at);
          outputs[k] = { dtype: DTYPE_NAME[code], facts: FACTS[code], offset: rt.scratchWord(at + 1) };
        }
      }
    } else if (buffers & BUFFERS.longRuns) {
      longRuns = readLongRuns(head + inputs + 2);
    } else if (buffers & BUFFERS.viewResult) {
      views = [];
      for (let k = 0, at = head + inputs + 2; k < outShapes.length; k++) {
        const rank = outShapes[k].length;
        const strides = new Array(rank);
        for (let d = 0; d < rank; d++) strides[d] = rt.scratchWord(at + 1 + d);
        views.push({ offset: rt.scratchWord(at), strides });
        at += 1 + rank;
      }
    }
    return { shapes: outShapes, inPtrs, outPtr, indexPtr: rt.scratchWord(head + inputs + 1), blockPtr, footprints, views, longRuns, outputs };
  }

  // The plan as long runs (web/long_runs.mjs), from word `at` of the report.
  function readLongRuns(at) {
    const count = rt.scratchWord(at);
    let end = at + 1;
    for (let e = 0; e < count; e++) end += entryLength(rt.scratchWord, end);
    return rt.readScratch(end).slice(at);
  }

  /** Writes the source addresses of a call of several sources; returns nothing. */
  function writeSources(op, sources) {
    const at = rt.scratch(sources.length, op);
    const i32 = rt.heap32();
    const u32 = rt.heapU32();
    for (let k = 0; k < sources.length; k++) writeInt64(i32, u32, at + k, sources[k]);
  }

  return { BUFFERS, prepare, writeSources };
}

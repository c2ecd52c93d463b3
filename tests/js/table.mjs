// Calling any operation of the table from a case written as { shape, args },
// its parameters keyed by their names in the table (as the numpy fixtures and
// the samples are), so that suites iterate over ops.operations instead
// of listing the operations by hand.
import assert from 'node:assert/strict';
import { loadEach } from './op_files.mjs';

/**
 * ops[name](x, ...positional parameters, options) from `args` keyed by
 * parameter name; for named inputs (where) `x` is the array of them.
 */
export function callOp(ops, name, x, args = {}, extraOptions = {}) {
  const spec = specOf(ops, name);
  const positional = spec.params.filter((p) => !p.option).map((p) => args[p.name]);
  const options = { ...extraOptions };
  for (const p of spec.params) if (p.option && args[p.name] != null) options[p.name] = args[p.name];
  return spec.input === 'named' ? ops[name](...x, ...positional, options) : ops[name](x, ...positional, options);
}

/** ops[name] called with `inputs` (one per input shape) and its arguments as the API takes them. */
export function callWith(ops, spec, inputs, args) {
  return spec.input === 'named' ? ops[spec.name](...inputs, ...args) : ops[spec.name](inputArg(spec, inputs), ...args);
}

/**
 * The dtype of input k of `spec` in a call on `dtype`: every input's, but
 * for named inputs only the data ones'; a condition is bool, indices int32.
 */
export function inputDtype(spec, k, dtype) {
  if (spec.input !== 'named') return dtype;
  const { kind } = spec.inputs[k];
  return kind === 'data' ? dtype : kind === 'condition' ? 'bool' : 'int32';
}

/** The JS reference (tests/js/ops/<op>/reference.mjs) of `name`: ref[name](shape, ...parameters in table order). */
export function callRef(ref, ops, name, shape, args = {}) {
  const fn = ref[name];
  assert.equal(typeof fn, 'function', `tests/js/ops/${name}/reference.mjs has no function '${name}'`);
  return fn(shape, ...specOf(ops, name).params.map((p) => args[p.name]));
}

// Operations on a list of tensors (concat) take `shapes` in their cases
// instead of `shape`; their references index the inputs laid end to end.
// Operations with several outputs (split) return an array, and so do their
// references. These helpers let a suite treat every operation alike.

/** The input shapes of a case: [shape], or its `shapes` for a list of tensors or named inputs. */
export function inputShapes(spec, c) {
  return spec.input === 'tensor' ? [c.shape] : c.shapes;
}

/** What the operation takes as its first argument (callOp's x), from one tensor per input shape. */
export function inputArg(spec, tensors) {
  return spec.input === 'tensor' ? tensors[0] : tensors;
}

/** The inputs' data end to end, as the references index them: one array of the first's class. */
export function joinData(datas) {
  if (datas.length === 1) return datas[0];
  const out = new datas[0].constructor(datas.reduce((n, d) => n + d.length, 0));
  let at = 0;
  for (const d of datas) {
    new Uint8Array(out.buffer, at * out.BYTES_PER_ELEMENT, d.byteLength).set(new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
    at += d.length;
  }
  return out;
}

/** A result (or a reference's { shape, src }) as an array of outputs. */
export function outputsOf(spec, r) {
  return spec.output === 'tensors' ? r : [r];
}

export function specOf(ops, name) {
  const spec = ops.operations.find((o) => o.name === name);
  assert.ok(spec, `'${name}' is not in the operation table`);
  return spec;
}

/** snake_case of an operation's name, as its C++ files spell it (spaceToDepth -> space_to_depth). */
export function snakeCase(name) {
  // A run of capitals is one word: gatherND -> gather_nd, spaceToDepth -> space_to_depth.
  return name.replace(/[A-Z]+/g, (c) => `_${c.toLowerCase()}`);
}

// A few calls of every operation, on small shapes (tests/js/ops/<op>/samples.mjs,
// found by directory). Suites that run "every operation" take their cases
// from here and fail for an operation of the table that has none.
export const SAMPLES = Object.fromEntries(Object.entries(await loadEach('samples.mjs')).map(([op, m]) => [op, m.samples]));

/**
 * The input dtypes operation `name` takes, from its samples' `dtypes`
 * (an operation of index inputs: the integer ones), or undefined: every dtype. Suites that run
 * every operation on every dtype run it on these only.
 */
export function inputDtypesOf(name) {
  return SAMPLES[name]?.find((s) => s.dtypes)?.dtypes;
}

/** The samples of `name`, failing when the table has an operation with none. */
export function samplesOf(name) {
  const samples = SAMPLES[name];
  assert.ok(samples && samples.length > 0, `tests/js/ops/${name}/samples.mjs has no samples`);
  return samples;
}

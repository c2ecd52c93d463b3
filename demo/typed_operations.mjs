// The typed operations as the page presents them (demo/ops/typed_*.mjs): they
// compute values rather than move them, so their tabs show values before
// and after. Here: running one, the call shown, and where each output
// element came from (the description's `sources`, which ask the library;
// or its `trace`: every element an output reads, with its weight).
// Each description carries its tab's examples as `presets`: those of its
// document (docs/operations/<op>.md) and a few more marked `extra`, as the
// field texts of the page's controls (fields left out keep their defaults).
import { iota } from './numbers.mjs';
import { volume } from './layout.mjs';
import { js } from './operations.mjs';
import { INDEX_OPERATIONS } from './ops/typed_index.mjs';
import { RESIZE_OPERATIONS } from './ops/typed_resize.mjs';
import { SELECT_OPERATIONS } from './ops/typed_select.mjs';
import { VALUE_OPERATIONS } from './ops/typed_values.mjs';

export const TYPED_OPERATIONS = [...VALUE_OPERATIONS, ...SELECT_OPERATIONS, ...INDEX_OPERATIONS, ...RESIZE_OPERATIONS]
  .map((op) => ({ inputNames: ['x'], outputs: ['y'], typed: true, ...op }));

export function typedOperation(id) {
  return TYPED_OPERATIONS.find((op) => op.id === id);
}

/** Runs `op` on its input tensors `xs`: the output tensors as a list. */
export function runTyped(ops, op, xs, p) {
  const y = ops[op.id](...xs, ...op.args(p));
  return Array.isArray(y) ? y : [y];
}

/** The call as JavaScript, on the inputs by name, with trailing empty options left out. */
export function typedCode(op, p) {
  const args = op.args(p);
  while (args.length && typeof args.at(-1) === 'object' && !Array.isArray(args.at(-1)) && !Object.keys(args.at(-1)).length) args.pop();
  const call = `ops.${op.id}(${[...op.inputNames, ...args.map(js)].join(', ')})`;
  return op.outputs.length > 1 ? `const [${op.outputs.join(', ')}] = ${call}` : call;
}

/**
 * Where each output element came from: per output an Int32Array of the
 * position over all inputs (offsets: where each input starts), -1 for none;
 * and, for where, the condition element that chose. Each is the library's
 * own call on int32 marks holding those positions + 1 (0 is none).
 */
export function typedSources(ops, op, xs, ys, p) {
  const offsets = [];
  let next = 0;
  for (const x of xs) {
    offsets.push(next);
    next += volume(x.shape);
  }
  // An operation that reads several elements per output traces them
  // instead: its colour is the element of largest weight.
  if (op.trace) {
    const trace = op.trace(ops, xs, ys, p);
    return { offsets, total: next, sources: [trace.sources], deciders: null, trace };
  }
  const marks = xs.map((x, k) => ({ data: iota(volume(x.shape), offsets[k] + 1, Int32Array), shape: x.shape }));
  const minusOne = (list) => list.map((t) => Int32Array.from(t.data, (v) => Number(v) - 1));
  return {
    offsets,
    total: next,
    trace: null,
    sources: minusOne(op.sources(ops, xs, marks, ys, p)),
    deciders: op.deciders ? minusOne(op.deciders(ops, xs, marks, ys, p)) : null,
  };
}

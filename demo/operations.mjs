// Every operation as the page presents it, each from one description
// (demo/ops/*.mjs): an introduction, the form's fields, and the call's
// arguments `args(params)`. Everything else (running it, its output shape,
// the call shown as code) follows from those here. The page never computes
// an operation itself: every result comes from the module.
import { defaultAxes } from './layout.mjs';
import { GATHER_OPERATIONS } from './ops/gathers.mjs';
import { JOIN_OPERATIONS } from './ops/joins.mjs';
import { PADDING_OPERATIONS } from './ops/padding.mjs';
import { REARRANGE_OPERATIONS } from './ops/rearrange.mjs';
import { SEED_OPERATIONS } from './ops/seed.mjs';

export const OPERATIONS = [
  ...SEED_OPERATIONS, ...REARRANGE_OPERATIONS, ...PADDING_OPERATIONS, ...JOIN_OPERATIONS, ...GATHER_OPERATIONS,
].map((op) => ({ inputs: 'x', outputs: 'y', axes: (shape) => defaultAxes(shape.length), ...op }));

export function operation(id) {
  return OPERATIONS.find((op) => op.id === id);
}

/** A value as JavaScript source, for the call shown above the grids and the copied pipelines. */
export function js(value) {
  if (Array.isArray(value)) return `[${value.map(js).join(', ')}]`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return `'${value}'`;
  if (ArrayBuffer.isView(value)) return `new ${value.constructor.name}(${js([...value])})`;
  if (value && typeof value === 'object') {
    return `{ ${Object.entries(value).map(([k, v]) => `${k}: ${js(v)}`).join(', ')} }`;
  }
  return String(value);
}

/** The input shapes a form describes: one, or a list for concat. */
export function inputShapesOf(op, p) {
  return op.inputs === 'xs' ? p.inputShapes : [p.inputShape];
}

/** The output shapes (one, or one per part for split), from `ops.shapes`: it throws what the operation would. */
export function outputShapesOf(ops, op, p) {
  const shapes = inputShapesOf(op, p);
  const args = op.shapeArgs ? op.shapeArgs(p) : op.args(p);
  const out = ops.shapes[op.id](op.inputs === 'xs' ? shapes : shapes[0], ...args);
  return op.outputs === 'ys' ? out : [out];
}

/** Runs the operation on `xs` (its input tensors); returns the output tensors as a list. */
export function runOp(ops, op, xs, p, { provenance = false } = {}) {
  const y = ops[op.id](op.inputs === 'xs' ? xs : xs[0], ...op.args(p, { provenance }));
  return op.outputs === 'ys' ? y : [y];
}

/** The call as JavaScript, on `x` (or `xs`), with trailing empty options left out. */
export function codeOf(op, p, input = op.inputs === 'xs' ? 'xs' : 'x') {
  const args = op.args(p);
  while (args.length && isEmptyOptions(args.at(-1))) args.pop();
  return `ops.${op.id}(${[input, ...args.map(js)].join(', ')})`;
}

function isEmptyOptions(v) {
  return v && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v) && Object.keys(v).length === 0;
}

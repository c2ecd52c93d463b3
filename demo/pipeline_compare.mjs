// What the Pipeline tab shows beside its result: the same stages on kept
// tensors, where each stage is a view (no bytes allocated: a new shape and
// strides over the same memory) or a pass (its output written), and the same
// stages as plain JavaScript loops (pipeline_js.mjs), timed, their result
// compared with the library's byte for byte.
import { el } from './controls.mjs';
import { ms } from './numbers.mjs';
import { outputShapesOf, runOp } from './operations.mjs';
import { hasLoop, runLoop } from './pipeline_js.mjs';

/**
 * Runs `stages` ([{ op, params }], all valid) on `x` twice: kept in wasm
 * memory, and as loops. Returns { kept: [{ view, bytes, time }], keptTime,
 * loops: { time, same } | { missing: op id } }.
 */
export function compareRuns(ops, x, stages, want) {
  const kept = [];
  const tensors = [ops.tensor(x.data, x.shape)];
  let keptTime = 0;
  try {
    for (const { op, params } of stages) {
      const before = ops.memory().heapBytes;
      const t0 = performance.now();
      const y = runOp(ops, op, [tensors.at(-1)], params)[0];
      const time = performance.now() - t0;
      tensors.push(y);
      const bytes = ops.memory().heapBytes - before;
      kept.push({ view: bytes <= 0, bytes, time });
      keptTime += time;
    }
  } finally {
    for (const t of tensors) t.dispose();
  }
  const missing = stages.find(({ op }) => !hasLoop(op.id));
  if (missing) return { kept, keptTime, loops: { missing: missing.op.id } };
  const shapes = [];
  let shape = x.shape;
  for (const { op, params } of stages) shapes.push(shape = outputShapesOf(ops, op, { ...params, inputShape: shape })[0]);
  const t0 = performance.now();
  let cur = x;
  for (const [k, { op, params }] of stages.entries()) {
    cur = runLoop(op.id, op.args(params), cur, shapes[k]);
    if (!cur) return { kept, keptTime, loops: { missing: op.id } };
  }
  const time = performance.now() - t0;
  const same = cur.data.length === want.data.length && cur.data.every((v, i) => Object.is(v, want.data[i]));
  return { kept, keptTime, loops: { time, same } };
}

/** The comparison as a paragraph. */
export function comparisonText(r, callsTime) {
  const views = r.kept.filter((k) => k.view).length;
  const loops = r.loops.missing
    ? el('span', { 'data-role': 'loops' }, `No plain-loop version of ${r.loops.missing} in this page, so no JavaScript time.`)
    : el('span', { 'data-role': 'loops' }, 'The same stages as plain JavaScript loops: ', el('strong', { 'data-role': 'loops-time' }, ms(r.loops.time)),
      r.loops.same ? ', the same result byte for byte.' : ', a different result (a bug in the page’s loops).');
  return el('p', { class: 'small', 'data-role': 'compare' },
    `On kept tensors: ${views} of ${r.kept.length} stage${r.kept.length === 1 ? ' is a view' : 's are views'} (no copy), in `,
    el('strong', { 'data-role': 'kept-time' }, ms(r.keptTime)), ` (plain tensors: ${ms(callsTime)}). `, loops);
}

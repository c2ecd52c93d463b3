// The explainers of the operations, by op id: explain(call, out) gives the
// index formula of one output cell ("why this element moved"), checked
// against the library by tests/js/demo_explain.test.mjs.
//
// No list here: each operation the page shows (demo/operations.mjs) has its
// explainer in demo/explain/<op>.mjs, exporting explain<Op> (a family's
// members re-export theirs from the family's file). A browser cannot read a
// directory, so the page's own list of operations names the files.
import { OPERATIONS } from '../operations.mjs';

const exportName = (id) => `explain${id[0].toUpperCase()}${id.slice(1)}`;

// A missing or broken explainer costs only that operation's formulas (the
// page shows none where explain throws), not the page.
const modules = await Promise.all(OPERATIONS.map(({ id }) => import(`./${id}.mjs`).catch((error) => {
  console.warn(`demo/explain/${id}.mjs: ${error.message}`);
  return {};
})));

export const EXPLAINERS = Object.fromEntries(OPERATIONS.map(({ id }, k) => [id, modules[k][exportName(id)]])
  .filter(([, explainer]) => typeof explainer === 'function'));

/**
 * explain({ op, inputs: [shape, ...], args: [...] }, { output, index }) ->
 * { lhs, rhs, filled, where, source, note? } for a valid call.
 */
export function explain(call, out) {
  const explainer = EXPLAINERS[call.op];
  if (!explainer) throw new Error(`explain: unknown operation '${call.op}'`);
  return explainer(call, { output: 0, ...out });
}

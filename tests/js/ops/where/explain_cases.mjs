// Random valid calls of where, for the suites that run every operation on
// random calls (tests/js/views.test.mjs: the call on strided views against
// the materialized inputs; the condition is bool, a and b take the dtype
// under test). where is a typed operation (its kernel is the engine's
// select), so the demo's "where did this element move from" formulas do not
// cover it.

// A shape that broadcasts to `out`: a suffix of it, some dims made 1.
function operand({ int, chance }, out) {
  return out.slice(out.length - int(0, out.length)).map((d) => (chance(0.3) ? 1 : d));
}

/** A call { op, inputs: [condition, a, b shapes], args: [] } (helpers: random_kit.mjs). */
export function randomCall(kit) {
  const out = kit.dims(kit.int(0, 4));
  return { op: 'where', inputs: [operand(kit, out), operand(kit, out), operand(kit, out)], args: [] };
}

// The kinds of call its random calls must include.
export const variants = ['a broadcast condition', 'a broadcast operand', 'operands of different ranks'];

export function tags(call) {
  const ranks = call.inputs.map((s) => s.length);
  const volumes = call.inputs.map((s) => s.reduce((p, d) => p * d, 1));
  const most = Math.max(...volumes);
  const tags = [];
  if (volumes[0] < most) tags.push('a broadcast condition');
  if (volumes[1] < most || volumes[2] < most) tags.push('a broadcast operand');
  if (new Set(ranks).size > 1) tags.push('operands of different ranks');
  return tags;
}

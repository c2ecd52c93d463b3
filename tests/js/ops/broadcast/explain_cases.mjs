// Random valid calls of broadcast for the demo's explainer (demo/explain/broadcast.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, form }) {
  const mode = pick(['numpy', 'bidirectional', 'explicit']);
  const target = dims(int(mode === 'explicit' ? 1 : 0, 5), 1, 3);
  if (mode === 'numpy') {
    const x = target.slice(target.length - int(0, target.length)).map((t) => (chance(0.4) ? 1 : t));
    return { op: 'broadcast', inputs: [x], args: [form(target), { mode }] };
  }
  if (mode === 'bidirectional') {
    const x = dims(int(0, 5), 1, 3);
    for (let a = 1; a <= Math.min(x.length, target.length); a++) {
      const i = x.length - a;
      const t = target.length - a;
      if (x[i] !== target[t] && x[i] !== 1 && target[t] !== 1) {
        if (chance(0.5)) x[i] = 1;
        else target[t] = 1;
      }
    }
    return { op: 'broadcast', inputs: [x], args: [target, { mode }] };
  }
  const mapping = target.map((_, a) => a).filter(() => chance(0.5));
  const x = mapping.map((a) => (chance(0.3) ? 1 : target[a]));
  if (!x.length && chance(0.5)) return { op: 'broadcast', inputs: [[]], args: [target, { mode, axesMapping: [int(0, target.length - 1)] }] };
  return { op: 'broadcast', inputs: [x], args: [form(target), { mode, axesMapping: mapping }] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['numpy', 'bidirectional', 'explicit'];

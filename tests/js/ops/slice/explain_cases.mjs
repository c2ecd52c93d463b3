// Random valid calls of slice for the demo's explainer (demo/explain/slice.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, negAxis, shuffle }) {
  const x = dims(int(0, 5), 0, 5);
  const n = int(0, x.length);
  const withAxes = chance(0.5);
  const axes = withAxes ? shuffle(x.map((_, a) => a)).slice(0, n) : x.map((_, a) => a).slice(0, n);
  const edge = () => pick([2n ** 63n - 1n, -(2n ** 63n)]);
  const point = (d) => (chance(0.1) ? edge() : int(-d - 3, d + 3));
  const steps = axes.map(() => (chance(0.5) ? 1 : pick([-3, -2, -1, 2, 3])));
  // Mostly a start and an end that select something, each sometimes
  // written from the end (negative); now and then anything at all.
  const starts = [];
  const ends = [];
  axes.forEach((a, k) => {
    const d = x[a];
    if (chance(0.15) || d === 0) {
      starts.push(point(d));
      ends.push(point(d));
      return;
    }
    if (chance(0.25)) { // a start beyond the end it comes from: clamped to 0 or d - 1
      const far = chance(0.3) ? 2n ** 63n - 1n : BigInt(d + int(0, 3));
      starts.push(steps[k] > 0 ? -far - 1n : far);
      ends.push(steps[k] > 0 ? int(1, d) : -d - int(1, 3));
      return;
    }
    const start = int(0, d - 1);
    let end = start + steps[k] * int(1, d);
    if (end < 0) end = chance(0.5) ? -d - int(1, 3) : -(2n ** 63n);
    starts.push(chance(0.3) ? start - d : start);
    ends.push(typeof end === 'number' && end < d && chance(0.3) ? end - d : end);
  });
  const options = {};
  if (withAxes) options.axes = axes.map((a) => negAxis(a, x.length));
  if (chance(0.7) || steps.some((s) => s !== 1)) options.steps = steps;
  return { op: 'slice', inputs: [x], args: [starts, ends, options] };
}

// The kinds of call its random calls must include (with cells).
export const variants = ['negative step', 'clamped start'];

/** The kinds of call among `variants` that `call` is (`options`: its options). */
export function tags(call, options) {
  const tags = [];
  if (options.steps?.some((v) => v < 0)) tags.push('negative step');
  const axes = options.axes ?? call.args[0].map((_, k) => k);
  call.args[0].forEach((v, k) => {
    const d = BigInt(call.inputs[0][Number(axes[k]) < 0 ? Number(axes[k]) + call.inputs[0].length : Number(axes[k])]);
    if (BigInt(v) >= d || BigInt(v) < -d) tags.push('clamped start');
  });
  return tags;
}

// Formulas as the page shows them, pinned: [call, output index, rhs, filled, where, output = 0].
export const pinned = [
  [{ op: 'slice', inputs: [[3, 4]], args: [[-1, 1], [-(2n ** 63n), 2n ** 63n - 1n], { steps: [-2, 2] }] }, [1, 1],
    'x[2 - i*2, 1 + j*2]', 'x[0, 3]', [['i', 1], ['j', 1]]],
];

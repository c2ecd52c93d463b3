// Random valid calls of reshape for the demo's explainer (demo/explain/reshape.mjs),
// checked cell by cell by tests/js/demo_explain.test.mjs.
import { vol } from '../_shared/random_kit.mjs';

/** A call { op, inputs: [shape, ...], args: [...after the input(s)] } (helpers: random_kit.mjs). */
export function randomCall({ int, pick, chance, dims, form, factor }) {
  const x = dims(int(0, 5));
  const n = vol(x);
  const rank = int(n === 1 ? 0 : 1, 5);
  const shape = factor(n, rank);
  // An empty x keeps its factored shape: a -1 or a copied 0 next to a 0 is refused.
  const specialZero = n > 0 && chance(0.5);
  if (specialZero) shape.forEach((d, i) => { if (i < x.length && d === x[i] && chance(0.5)) shape[i] = 0; });
  const candidates = shape.map((d, i) => i).filter((i) => shape[i] !== 0);
  if (n > 0 && candidates.length && chance(0.6)) shape[pick(candidates)] = -1;
  return { op: 'reshape', inputs: [x], args: [rank ? form(shape) : shape, { specialZero }] };
}

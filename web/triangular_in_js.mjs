// triangular of a plain array with long rows (or of a dense kept x into an
// `out`), run by JavaScript: x's elements copied once into the result (not
// at all when `out` is x's own array), then, row by row, the other
// triangle's part of the row zeroed with one fill. Through the core, x
// would be copied into WebAssembly memory and the result out again (a kept
// x: into the call's block, then out). [512, 512] float32 into out, Node
// 20: 70-83 µs against 134-193 µs through the core (the loop alone 47-65
// µs, a copy of x 30 µs). Short rows (a fill call per few bytes) stay with
// the core.
//
// Only calls valid by the core's rules run here (ops.shapes.triangular
// checks them first); anything else takes the call path, which words the
// error.
import { denseInput, quietly, resultFromX, resultPlace } from './plain_in_js.mjs';

const OPTIONS = ['upper', 'diagonal', 'out'];
const MIN_ROW_BYTES = 256;

/** The shortcut by operation name, (x, args, options) -> result or undefined; `shapes` is ops.shapes. */
export function triangularShortcut(rt, shapes) {
  function triangular(input, options) {
    if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) return undefined;
    // Read as the call path reads options: inherited values too.
    for (const key in options) if (!OPTIONS.includes(key)) return undefined;
    const upper = options?.upper ?? true;
    const diagonal = options?.diagonal ?? 0;
    const out = options?.out;
    if (typeof upper !== 'boolean' || !(Number.isSafeInteger(diagonal) || typeof diagonal === 'bigint')) return undefined;
    const x = denseInput(rt, 'triangular', input, 'x', out);
    if (x === undefined) return undefined;
    shapes.triangular(x.shape, { upper, diagonal, dtype: x.dtype }); // throws where the core would
    const rank = x.shape.length;
    const rows = x.shape[rank - 2];
    const cols = x.shape[rank - 1];
    if (cols * x.elem < MIN_ROW_BYTES || x.length === 0) return undefined;
    const place = resultPlace(rt, 'triangular', x, out, []);
    // A kept x in place: the core's kernel writes the zeros alone, where
    // fill() of the threaded build's shared memory goes element by element
    // ([512, 512] float32: 27 µs, against 77 in JavaScript).
    if (place === undefined || (place.inPlace && x.address >= 0)) return undefined;
    // Past the matrix every diagonal acts alike: a bigint comes down to a number.
    const k = Number(diagonal < -rows ? -rows : diagonal > cols ? cols : diagonal);
    const matrices = x.length / (rows * cols);
    return resultFromX(x, place, [], (dst) => {
      const zero = x.elem === 8 ? 0n : 0;
      for (let m = 0, at = 0; m < matrices; m++) {
        for (let i = 0; i < rows; i++, at += cols) {
          // Row i keeps columns j - i >= k (upper) or j - i <= k (lower).
          const from = upper ? 0 : Math.max(0, Math.min(cols, i + k + 1));
          const to = upper ? Math.max(0, Math.min(cols, i + k)) : cols;
          if (from < to) dst.fill(zero, at + from, at + to);
        }
      }
    });
  }
  return { triangular: quietly(triangular) };
}

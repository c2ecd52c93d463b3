// Small helpers the views share: arrays of consecutive numbers (the inputs
// the page fills, and the marks that show where elements came from) and a
// measured time as text.

/** from, from + 1, … (n of them) in a new ArrayClass. */
export function iota(n, from = 0, ArrayClass = Int32Array) {
  const a = new ArrayClass(n);
  for (let i = 0; i < n; i++) a[i] = i + from;
  return a;
}

/** A time in ms as text: '85 µs', '2.27 ms', '10.3 ms'. */
export function ms(t) {
  return t < 0.1 ? `${(t * 1000).toFixed(0)} µs` : `${t.toFixed(t < 10 ? 2 : 1)} ms`;
}

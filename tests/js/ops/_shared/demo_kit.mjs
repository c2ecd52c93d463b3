// Helpers of the typed operations' demo_default.mjs files (a tab's default
// call and where each output element came from).

/** A tensor of `data` and `shape` (and `dtype` where the data's own is not it). */
export const t = (data, shape, dtype) => ({ data, shape, ...(dtype && { dtype }) });

/** 1, 2, …, n as float32. */
export const iota = (n) => Float32Array.from({ length: n }, (_, i) => i + 1);

/** A list of n × cols values, f(row, column) each. */
export const rows = (n, cols, f) => Array.from({ length: n * cols }, (_, i) => f(Math.floor(i / cols), i % cols));

/** The default x of the tabs of the index operations: [2, 3] float32. */
export const x23 = t(Float32Array.from([1, 5, 5, 3, 2, 4]), [2, 3]);

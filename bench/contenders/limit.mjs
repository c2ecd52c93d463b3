// The physical limit of each case: TypedArray.prototype.set of the output's
// bytes (a memory copy), or fill for broadcasts (a memory store).
export function limit(c, x) {
  if (c.limit === 'none') return null;
  const out = new x.constructor(c.output.reduce((a, b) => a * b, 1));
  if (c.limit === 'fill') {
    const value = x[0];
    return () => out.fill(value);
  }
  const source = new x.constructor(out.length);
  return () => out.set(source);
}

// The physical limits of each case: TypedArray.prototype.set of the output's
// bytes into an existing array (a memory copy), or fill for broadcasts (a
// memory store); and the floor of every call that returns a new array:
// allocating a fresh output array and copying the output's bytes into it.
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

export function freshArray(c, x) {
  if (c.limit === 'none') return null;
  const source = new x.constructor(c.output.reduce((a, b) => a * b, 1));
  return () => new x.constructor(source.length).set(source);
}

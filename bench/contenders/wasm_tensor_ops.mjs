// This library: with kept tensors (no copies), plain typed arrays (one copy
// in, one out), and `out` (writes into the caller's array; for split, one
// array per part). `xs` holds one typed array per input (concat: several).
const count = (shape) => shape.reduce((a, b) => a * b, 1);

export function ours(ops, c, xs) {
  const many = c.op === 'concat';
  const kept = xs.map((x, i) => ops.tensor(x, c.inputs[i]));
  const plainX = xs.map((x, i) => ({ data: x, shape: c.inputs[i] }));
  const Ctor = xs[0].constructor;
  const out = c.op === 'split' ? c.outputs.map((s) => new Ctor(count(s))) : new Ctor(count(c.output));
  const call = (inputs, extra) => {
    const args = [...c.args];
    if (extra) {
      const last = args.length > 1 && typeof args[args.length - 1] === 'object' && !Array.isArray(args[args.length - 1]);
      if (c.op === 'roll') args[2] = { ...(args[2] ?? {}), ...extra };
      else if (last) args[args.length - 1] = { ...args[args.length - 1], ...extra };
      else args.push(extra);
    }
    return ops[c.op](many ? inputs : inputs[0], ...args);
  };
  const disposeAll = (r) => (Array.isArray(r) ? r.forEach((t) => t.dispose()) : r.dispose());
  // Whether the kept call answers with views of its input (nothing allocated:
  // no kernel runs, so threads and element widths do not enter its time).
  const heapBefore = ops.memory().heapBytes;
  const probe = call(kept);
  const keptView = ops.memory().heapBytes === heapBefore;
  disposeAll(probe);
  return {
    keptView,
    kept: () => disposeAll(call(kept)),
    plain: () => call(plainX),
    out: () => call(plainX, { out }),
    dispose: () => kept.forEach((t) => t.dispose()),
  };
}

/** The bytes of a result: one tensor's data, or a split's parts back to back. */
export function resultBytes(r) {
  const parts = Array.isArray(r) ? r.map((t) => t.data) : [r.data];
  const total = parts.reduce((n, d) => n + d.byteLength, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const d of parts) {
    bytes.set(new Uint8Array(d.buffer, d.byteOffset, d.byteLength), at);
    at += d.byteLength;
  }
  return bytes;
}

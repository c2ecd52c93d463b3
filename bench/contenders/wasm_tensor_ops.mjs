// This library: with kept tensors (no copies), plain typed arrays (one copy
// in, one out), and `out` (writes into the caller's array).
export function ours(ops, c, x) {
  const kept = ops.tensor(x, c.input);
  const out = new x.constructor(c.output.reduce((a, b) => a * b, 1));
  const plainX = { data: x, shape: c.input };
  const call = (input, extra) => {
    const args = [...c.args];
    if (extra) {
      const last = args.length > 1 && typeof args[args.length - 1] === 'object' && !Array.isArray(args[args.length - 1]);
      if (c.op === 'roll') args[2] = { ...(args[2] ?? {}), ...extra };
      else if (last) args[args.length - 1] = { ...args[args.length - 1], ...extra };
      else args.push(extra);
    }
    return ops[c.op](input, ...args);
  };
  return {
    kept: () => call(kept).dispose(),
    plain: () => call(plainX),
    out: () => call(plainX, { out }),
    dispose: () => kept.dispose(),
  };
}

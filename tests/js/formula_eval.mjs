// A tiny evaluator of the demo's index formulas (demo/explain/): integers,
// names, + - * / % (floor division, modulo in [0, d)), parentheses, unary
// minus, and lookups `indices[1, 0]`. Exact: everything is a BigInt.

function tokenize(text) {
  const tokens = [];
  const re = /\s*(?:(\d+)|([A-Za-z_]\w*)|(.))/gy;
  let m;
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    if (m[1] !== undefined) tokens.push({ num: BigInt(m[1]) });
    else if (m[2] !== undefined) tokens.push({ name: m[2] });
    else if (m[3] !== undefined && m[3].trim()) tokens.push({ op: m[3] });
  }
  return tokens;
}

/**
 * Parses `name[e1, e2, ...]` and evaluates each expression. `lookup(name)`
 * gives a name's value, `index(tensor, [..])` a lookup's. Returns { name,
 * values } and records every name read in `used`.
 */
export function evaluateRef(text, { lookup, index, used = new Set() }) {
  const tokens = tokenize(text);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (op) => tokens[at]?.op === op;
  const expect = (op) => {
    if (!isOp(op)) throw new Error(`expected '${op}' at token ${at} of ${text}`);
    at++;
  };
  const list = () => {
    expect('[');
    const items = [];
    if (!isOp(']')) {
      items.push(expr());
      while (isOp(',')) { at++; items.push(expr()); }
    }
    expect(']');
    return items;
  };
  const primary = () => {
    const t = peek();
    if (!t) throw new Error(`unexpected end of ${text}`);
    at++;
    if (t.num !== undefined) return t.num;
    if (t.op === '(') {
      const v = expr();
      expect(')');
      return v;
    }
    if (t.op === '-') return -primary();
    if (t.name !== undefined) {
      if (isOp('[')) return BigInt(index(t.name, list()));
      used.add(t.name);
      const v = lookup(t.name);
      if (v === undefined) throw new Error(`unbound name ${t.name} in ${text}`);
      return BigInt(v);
    }
    throw new Error(`unexpected '${t.op}' in ${text}`);
  };
  const term = () => {
    let v = primary();
    for (;;) {
      if (isOp('*')) { at++; v *= primary(); }
      else if (isOp('/') || isOp('%')) {
        const op = tokens[at++].op;
        const d = primary();
        if (d <= 0n) throw new Error(`division by ${d} in ${text}`);
        const r = ((v % d) + d) % d;
        v = op === '%' ? r : (v - r) / d;
      } else return v;
    }
  };
  function expr() {
    let v = term();
    for (;;) {
      if (isOp('+')) { at++; v += term(); }
      else if (isOp('-')) { at++; v -= term(); }
      else return v;
    }
  }
  const head = peek();
  if (head?.name === undefined) throw new Error(`${text} does not start with a tensor name`);
  at++;
  const values = list();
  if (at !== tokens.length) throw new Error(`trailing text in ${text}`);
  return { name: head.name, values, used };
}

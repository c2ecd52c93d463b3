// Reading the operations' pages, docs/operations/<op>.md (found by
// directory), for what tests run from them: the ```js blocks of "## Examples"
// (each line `expr; // value` states what expr gives) and the rows of the
// "## Errors" table (`call` | code | `message`).
import { readFileSync, readdirSync } from 'node:fs';

const dir = new URL('../../docs/operations/', import.meta.url);

/** The pages, as [op, text], sorted by name. */
export const PAGES = readdirSync(dir).filter((f) => f.endsWith('.md')).sort()
  .map((f) => [f.slice(0, -'.md'.length), readFileSync(new URL(f, dir), 'utf8')]);

/** The text of section `## title` of a page ('' when it has none). */
export function sectionOf(page, title) {
  const start = page.indexOf(`\n## ${title}\n`);
  if (start < 0) return '';
  const end = page.indexOf('\n## ', start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** The ```js blocks of a section, each as its lines. */
export const jsBlocks = (section) => [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1].split('\n'));

/**
 * A block as a program: each `expr; // value` line (or an `ops.` line whose
 * value is the comment on the next line) becomes check(() => expr, value,
 * expr); the other lines run as they are, in order. Returns the body (which
 * returns the names the block declares with const), the number of checks
 * and those names.
 */
export function blockProgram(lines) {
  const body = [];
  let checks = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const at = line.indexOf('//');
    const code = (at < 0 ? line : line.slice(0, at)).trim();
    let value = at < 0 ? null : line.slice(at + 2).trim();
    if (!code || /^(const|let|import) /.test(code)) {
      body.push(line);
      continue;
    }
    if (value === null && code.startsWith('ops.') && /^\s+\/\//.test(lines[i + 1] ?? '')) value = lines[++i].trim().slice(2).trim();
    if (value === null) {
      body.push(line);
      continue;
    }
    const expr = code.replace(/;$/, '');
    body.push(`check(() => (${expr}), ${JSON.stringify(value)}, ${JSON.stringify(expr)});`);
    checks++;
  }
  const names = lines.flatMap((l) => [...l.matchAll(/^const (\w+)/g)].map((m) => m[1]));
  body.push(`return { ${names.join(', ')} };`);
  return { body: body.join('\n'), checks, names };
}

/**
 * Runs a page's example blocks in order (a block sees the names the earlier
 * ones declared), with check(fn, value, expr) for each stated value. Returns
 * the names declared, for the page's error table, and the checks per block.
 */
export function runExamples(ops, blocks, check) {
  const declared = {};
  const checks = [];
  for (const lines of blocks) {
    const program = blockProgram(lines);
    const earlier = Object.keys(declared).filter((n) => !program.names.includes(n));
    Object.assign(declared, new Function('ops', 'check', ...earlier, program.body)(ops, check, ...earlier.map((n) => declared[n])));
    checks.push(program.checks);
  }
  return { declared, checks };
}

/** How the pages show a value in a comment: Int32Array [1, 2], [2, 3], true, 'NCHW'. */
export function show(v) {
  if (ArrayBuffer.isView(v)) return `${v.constructor.name} [${Array.from(v, (x) => (typeof x === 'bigint' ? `${x}n` : x)).join(', ')}]`;
  if (typeof v === 'string') return `'${v}'`;
  if (typeof v === 'bigint') return `${v}n`;
  return JSON.stringify(v).replaceAll(',', ', ');
}

/**
 * Whether a comment states `shown`: exactly, or followed by a remark (": ..."
 * or " (...)"); "a, b, ..., z" in the comment stands for the middle of a list.
 */
export function states(comment, shown) {
  const [stated] = comment.split(/:\s|\s+\(/, 1);
  const gap = stated.indexOf(', ..., ');
  if (gap < 0) return stated.trim() === shown;
  const head = stated.slice(0, gap + 2);
  const tail = stated.slice(gap + ', ...'.length);
  return shown.length >= head.length + tail.length && shown.startsWith(head) && shown.endsWith(tail);
}

/**
 * The tensors an error table is written with: its "With `x = ...` and `z = ...`:"
 * line, and `m` of shape `[3, 4]` (an Int32Array of zeros) where it says so.
 */
export function tableNames(section) {
  const intro = section.slice(0, section.indexOf('| call |'));
  const names = {};
  for (const [, name, expr] of intro.matchAll(/`(\w+) = ([^`]+)`/g)) names[name] = new Function(`return ${expr};`)();
  for (const [, name, shape] of intro.matchAll(/`(\w+)` of shape `(\[[\d, ]*\])`/g)) {
    const dims = JSON.parse(shape);
    names[name] = { data: new Int32Array(dims.reduce((p, d) => p * d, 1)), shape: dims };
  }
  return names;
}

/** The rows of an error table whose call is an ops.* expression: [call, code, message]. */
export const errorRows = (section) => section.split('\n').filter((r) => r.startsWith('| `ops.'))
  .map((row) => row.slice(2, -2).split(' | ').map((c) => c.replace(/^`|`$/g, '')));

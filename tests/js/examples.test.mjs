// The examples of the seed documents (docs/operations.md lists them), as literal values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const iota = (n, from = 1) => Int32Array.from({ length: n }, (_, i) => i + from);
const check = (result, shape, values) => {
  assert.deepEqual(result.shape, shape);
  assert.deepEqual(Array.from(result.data), values);
};

// Roll-7 examples on [[1,2,3],[4,5,6],[7,8,9],[10,11,12]].
const m = { data: iota(12), shape: [4, 3] };
test('Roll example 1: shift 1, axes 0', () => {
  check(ops.roll(m, 1, 0), [4, 3], [10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});
test('Roll example 2: shift [-1, 2], axes [0, 1]', () => {
  check(ops.roll(m, [-1, 2], [0, 1]), [4, 3], [5, 6, 4, 8, 9, 7, 11, 12, 10, 2, 3, 1]);
});
test('Roll example 3: shift [1, 2, 1], axes [0, 1, 0]', () => {
  check(ops.roll(m, [1, 2, 1], [0, 1, 0]), [4, 3], [8, 9, 7, 11, 12, 10, 2, 3, 1, 5, 6, 4]);
});

// TensorFlow SpaceToDepth examples, NHWC, block size 2.
test('SpaceToDepth example 1: [1,2,2,1] -> [1,1,1,4]', () => {
  check(ops.spaceToDepth({ data: iota(4), shape: [1, 2, 2, 1] }, 2), [1, 1, 1, 4], [1, 2, 3, 4]);
});
test('SpaceToDepth example 2: [1,2,2,3] -> [1,1,1,12]', () => {
  check(ops.spaceToDepth({ data: iota(12), shape: [1, 2, 2, 3] }, 2), [1, 1, 1, 12],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});
test('SpaceToDepth example 3: [1,4,4,1] -> [1,2,2,4]', () => {
  const x = Int32Array.from([1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16]);
  const expected = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
  check(ops.spaceToDepth({ data: x, shape: [1, 4, 4, 1] }, 2), [1, 2, 2, 4], expected);
  // DepthToSpace is its inverse (the same example read backwards).
  check(ops.depthToSpace({ data: Int32Array.from(expected), shape: [1, 2, 2, 4] }, 2), [1, 4, 4, 1], Array.from(x));
});

// Reshape-1 examples: output shapes (the data keeps its order).
test('Reshape examples 1-5', () => {
  const cases = [
    [[2, 5, 5, 0], [0, 4], false, [0, 4]],
    [[2, 5, 5, 24], [0, -1, 4], true, [2, 150, 4]],
    [[2, 2, 3], [0, 0, 1, -1], true, [2, 2, 1, 3]],
    [[3, 1, 1], [-1, 0], true, [3, 1]],
    [[3, 1, 1], [0, -1], true, [3, 1]],
  ];
  for (const [shape, target, specialZero, expected] of cases) {
    const n = shape.reduce((p, d) => p * d, 1);
    const x = { data: iota(n), shape };
    const r = ops.reshape(x, target, { specialZero });
    assert.deepEqual(r.shape, expected, JSON.stringify([shape, target]));
    assert.deepEqual(Array.from(r.data), Array.from(iota(n)));
  }
});

// Broadcast-3 examples: output shapes, and the values of each repetition.
test('Broadcast example 1: numpy [16,1,1] -> [1,16,50,50]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16, 1, 1] }, [1, 16, 50, 50]);
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});
test('Broadcast example 2: explicit [16] -> [1,16,50,50], axes_mapping [1]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16] }, [1, 16, 50, 50], { mode: 'explicit', axesMapping: [1] });
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});
test('Broadcast example 3: explicit [50,50] -> [1,50,50,16], axes_mapping [1,2]', () => {
  const r = ops.broadcast({ data: iota(2500, 0), shape: [50, 50] }, [1, 50, 50, 16], { mode: 'explicit', axesMapping: [1, 2] });
  assert.deepEqual(r.shape, [1, 50, 50, 16]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 16));
});
test('Broadcast example 4: bidirectional [16,1,1] with [1,1,50,50] -> [1,16,50,50]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16, 1, 1] }, [1, 1, 50, 50], { mode: 'bidirectional' });
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});

// slice and reverse: every line of the ```js "Examples" block of their
// sections in docs/operations.md runs and gives what its comment says, and
// every row of their "Errors" table throws that code and that message, so
// the page cannot drift from the module.
{
  const { readFileSync } = await import('node:fs');
  const doc = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const sectionOf = (op) => {
    const start = doc.indexOf(`\n## ${op}\n`);
    assert.ok(start >= 0, `docs/operations.md has no section '## ${op}'`);
    const end = doc.indexOf('\n---\n', start);
    return doc.slice(start, end < 0 ? undefined : end);
  };
  const show = (v) => (ArrayBuffer.isView(v)
    ? `${v.constructor.name} [${Array.from(v).join(', ')}]`
    : JSON.stringify(v).replaceAll(',', ', '));
  for (const op of ['slice', 'reverse']) {
    const section = sectionOf(op);
    const examples = section.slice(section.indexOf('### Examples'));
    const code = examples.match(/```js\n([\s\S]*?)```/)[1].split('\n');
    const declarations = code.filter((l) => l.startsWith('const ')).join('\n');
    const names = [...declarations.matchAll(/^const (\w+)/gm)].map((d) => d[1]);
    const values = new Function('ops', `${declarations}\nreturn [${names.join(', ')}];`)(ops);
    const run = (expr) => new Function('ops', ...names, `return ${expr};`)(ops, ...values);
    test(`docs/operations.md: the ${op} examples give what their comments say`, () => {
      let checked = 0;
      code.forEach((line, i) => {
        if (!line.startsWith('ops.')) return;
        const [expr, comment = code[i + 1].split('//')[1]] = line.split('//');
        assert.equal(show(run(expr.trim().replace(/;$/, ''))), comment.trim(), expr);
        checked++;
      });
      assert.ok(checked >= 7, `${checked} examples`);
    });
    test(`docs/operations.md: the ${op} error table is what the module throws`, () => {
      const x = { data: new Int32Array(6), shape: [2, 3] };
      const m = { data: new Int32Array(12), shape: [3, 4] };
      const rows = section.slice(section.indexOf('### Errors')).split('\n').filter((r) => r.startsWith('| `ops.'));
      assert.ok(rows.length >= 4);
      for (const row of rows) {
        const [call, code, message] = row.slice(2, -2).split(' | ').map((c) => c.replace(/^`|`$/g, ''));
        assert.throws(() => new Function('ops', 'x', 'm', `return ${call};`)(ops, x, m),
          (e) => e.code === code && e.message === message, call);
      }
    });
  }
}

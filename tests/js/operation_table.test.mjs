// The operation table is the one list of operations (src/runtime/op_list.hpp,
// one line each; every entry defined in its operation's own file): the
// package generates ops.* and ops.shapes.* from it, and every entry must
// come with what proves it right. This suite fails for an operation that
// lacks any of those pieces, so adding an operation to the table without
// them is caught. (tests/core/test_op_table.cpp checks the C++ suites'
// registrations the same way.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { loadOps } from './load_ops.mjs';
import { OP_FOLDERS } from './op_files.mjs';
import { ref } from './reference.mjs';
import { SAMPLES, snakeCase } from './table.mjs';

const ops = await loadOps();
const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

test('the table lists the operations with their parameters', () => {
  assert.ok(ops.operations.length >= 5);
  assert.deepEqual(ops.operations.map((o) => o.name).slice(0, 5),
    ['reshape', 'broadcast', 'spaceToDepth', 'depthToSpace', 'roll']);
  const roll = ops.operations.find((o) => o.name === 'roll');
  assert.deepEqual(roll.params.map((p) => [p.name, p.kind, p.option]), [['shift', 'ints', false], ['axes', 'ints', false]]);
  const broadcast = ops.operations.find((o) => o.name === 'broadcast');
  assert.deepEqual(broadcast.params.find((p) => p.name === 'mode').names, ['numpy', 'bidirectional', 'explicit']);
  assert.ok(Object.isFrozen(ops.operations) && Object.isFrozen(roll.params));
  // A list of tensors in, several tensors out, and a kind that keeps 3 apart from [3].
  const concat = ops.operations.find((o) => o.name === 'concat');
  assert.deepEqual([concat.input, concat.output], ['tensors', 'tensor']);
  assert.deepEqual(concat.params.map((p) => [p.name, p.kind, p.option]), [['axis', 'int', false]]);
  const split = ops.operations.find((o) => o.name === 'split');
  assert.deepEqual([split.input, split.output], ['tensor', 'tensors']);
  assert.deepEqual(split.params.map((p) => [p.name, p.kind, p.option]), [['splits', 'intOrInts', false], ['axis', 'int', true]]);
  assert.deepEqual([roll.input, roll.output], ['tensor', 'tensor']);
  // Named inputs of their own dtypes: where's condition, a and b (a number allowed for a and b).
  const where = ops.operations.find((o) => o.name === 'where');
  assert.equal(where.input, 'named');
  assert.deepEqual(where.inputs.map((i) => [i.name, i.kind, i.number]), [['condition', 'condition', false], ['a', 'data', true], ['b', 'data', true]]);
  assert.ok(Object.isFrozen(where.inputs) && Object.isFrozen(where.inputs[0]));
});

for (const spec of ops.operations) {
  const { name } = spec;
  const snake = snakeCase(name);
  test(`${name}: generated, documented, and covered by every suite`, () => {
    assert.equal(typeof ops[name], 'function', `ops.${name}`);
    assert.equal(typeof ops.shapes[name], 'function', `ops.shapes.${name}`);
    assert.ok(['copy', 'view'].includes(spec.result));
    assert.ok(['tensor', 'tensors', 'named'].includes(spec.input), `${name}: input ${spec.input}`);
    if (spec.input === 'named') {
      assert.ok(spec.inputs.length >= 2, `${name}: named inputs`);
      for (const i of spec.inputs) assert.ok(['data', 'condition', 'index'].includes(i.kind), `${name}.${i.name}: kind ${i.kind}`);
      assert.equal(ops[name].length, spec.inputs.length + spec.params.filter((p) => !p.option).length + 1, `ops.${name}.length`);
    }
    assert.ok(['tensor', 'tensors'].includes(spec.output), `${name}: output ${spec.output}`);
    assert.equal(typeof spec.typed, 'boolean', `${name}: typed`);
    for (const p of spec.params) {
      assert.ok(['ints', 'int', 'bool', 'name', 'value', 'intOrInts', 'indices', 'floats'].includes(p.kind), `${name}.${p.name}: kind ${p.kind}`);
      if (p.kind === 'name') assert.ok(p.names.length >= 1, `${name}.${p.name}: names`);
    }
    // An operation that moves elements has a gather reference and the demo's
    // formulas; a typed one its golden values, its demo tab's default
    // (demo_default.mjs) and suites of its own. Both have samples (every
    // engine's results are compared with Node's).
    const moving = !spec.typed;
    for (const file of [moving ? 'reference.mjs' : 'demo_default.mjs', 'samples.mjs', 'bad_inputs.mjs', 'explain_cases.mjs']) {
      assert.ok(existsSync(new URL(`tests/js/ops/${name}/${file}`, root)), `tests/js/ops/${name}/${file}`);
    }
    assert.ok(SAMPLES[name]?.length > 0, `tests/js/ops/${name}/samples.mjs: samples`);
    if (moving) {
      assert.equal(typeof ref[name], 'function', `tests/js/ops/${name}/reference.mjs: function ${name}`);
      assert.ok(existsSync(new URL(`demo/explain/${name}.mjs`, root)), `demo/explain/${name}.mjs`);
    }
    assert.ok(existsSync(new URL(`tests/fixtures/ops/${name}.py`, root)), `tests/fixtures/ops/${name}.py`);
    const golden = JSON.parse(read(`tests/fixtures/golden/${name}.json`));
    assert.ok(golden.cases.filter((c) => c.op === name).length >= 10, `tests/fixtures/golden/${name}.json: its cases`);
    assert.ok(existsSync(new URL(`src/operations/${snake}.cpp`, root)), `src/operations/${snake}.cpp`);
    assert.ok(existsSync(new URL(`tests/core/test_${snake}.cpp`, root)), `tests/core/test_${snake}.cpp`);
    assert.ok(existsSync(new URL(`tests/fuzz/fuzz_${snake}.cpp`, root)), `tests/fuzz/fuzz_${snake}.cpp`);
    assert.match(read('src/runtime/op_list.hpp'), new RegExp(`^OP\\(${snake}\\)$`, 'm'), `src/runtime/op_list.hpp: OP(${snake})`);
    assert.match(read(`src/operations/${snake}.cpp`), new RegExp(`^const OpSpec& ${snake}_op\\(\\)`, 'm'),
      `src/operations/${snake}.cpp: its entry, ${snake}_op()`);
    if (moving) {
      assert.match(read(`tests/core/ops/${snake}/reference.hpp`), new RegExp(`\\b${snake}\\(`),
        `tests/core/ops/${snake}/reference.hpp: ref::${snake}()`);
      assert.ok(existsSync(new URL(`tests/core/ops/${snake}/reference.cpp`, root)), `tests/core/ops/${snake}/reference.cpp`);
      assert.match(read(`tests/core/ops/${snake}/calls.cpp`), new RegExp(`reg::Register .*"${name}"`),
        `tests/core/ops/${snake}/calls.cpp: its registration`);
    }
    assert.match(read(`tests/fuzz/seeds/${snake}.cpp`), new RegExp(`seeds::Register .*"${snake}"`),
      `tests/fuzz/seeds/${snake}.cpp: its seeds`);
    assert.match(read('web/index.d.ts'), new RegExp(`^\\s+${name}\\b`, 'm'), `web/index.d.ts: ${name}`);
    assert.match(read(`docs/operations/${name}.md`), new RegExp(`^# ${name}$`, 'm'), `docs/operations/${name}.md: its title`);
    assert.ok(read('docs/operations.md').includes(`](operations/${name}.md)`), `docs/operations.md: a link to operations/${name}.md`);
    assert.match(read('README.md'), new RegExp(`^\\| ${name} \\|`, 'm'), `README.md status table: ${name}`);
  });
}

// The per-operation folders and files are found by name: one named after no
// operation (a typo, a leftover) would be silently skipped.
test('every per-operation folder and file is named after an operation of the table', () => {
  const names = new Set(ops.operations.map((o) => o.name));
  const stems = (dir, ext) => readdirSync(new URL(dir, root)).filter((f) => f.endsWith(ext) && !f.startsWith('_'))
    .map((f) => f.slice(0, -ext.length));
  for (const [where, found] of [['tests/js/ops/', OP_FOLDERS], ['tests/fixtures/ops/', stems('tests/fixtures/ops/', '.py')],
    ['tests/fixtures/golden/', stems('tests/fixtures/golden/', '.json')], ['docs/operations/', stems('docs/operations/', '.md')]]) {
    for (const name of found) assert.ok(names.has(name), `${where}${name} names no operation`);
    assert.equal(found.length, names.size, `${where}: one per operation`);
  }
  // The C++ ones, by snake_case name.
  const snakes = new Set(ops.operations.map((o) => snakeCase(o.name)));
  const folders = (dir) => readdirSync(new URL(dir, root), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_')).map((e) => e.name);
  const movingSnakes = ops.operations.filter((o) => !o.typed).map((o) => snakeCase(o.name));
  for (const [where, found, expected] of [['tests/core/ops/', folders('tests/core/ops/'), movingSnakes.length],
    ['tests/fuzz/seeds/', stems('tests/fuzz/seeds/', '.cpp'), snakes.size],
    ['src/runtime/op_list.hpp', [...read('src/runtime/op_list.hpp').matchAll(/^OP\((\w+)\)$/gm)].map((m) => m[1]), snakes.size]]) {
    for (const name of found) assert.ok(snakes.has(name), `${where}: ${name} names no operation`);
    assert.equal(found.length, expected, `${where}: one per operation${expected < snakes.size ? ' that moves elements' : ''}`);
  }
});

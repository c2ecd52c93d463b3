// The operation table (src/runtime/op_table.cpp) is the one list of
// operations: the package generates ops.* and ops.shapes.* from it, and every
// entry must come with what proves it right. This suite fails for an operation
// that lacks any of those pieces, so adding an operation to the table without
// them is caught.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadOps } from './load_ops.mjs';
import * as ref from './reference.mjs';
import { SAMPLES, snakeCase } from './table.mjs';

const ops = await loadOps();
const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const golden = JSON.parse(read('tests/fixtures/golden.json'));

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
});

for (const spec of ops.operations) {
  const { name } = spec;
  const snake = snakeCase(name);
  test(`${name}: generated, documented, and covered by every suite`, () => {
    assert.equal(typeof ops[name], 'function', `ops.${name}`);
    assert.equal(typeof ops.shapes[name], 'function', `ops.shapes.${name}`);
    assert.ok(['copy', 'view'].includes(spec.result));
    assert.ok(['tensor', 'tensors'].includes(spec.input), `${name}: input ${spec.input}`);
    assert.ok(['tensor', 'tensors'].includes(spec.output), `${name}: output ${spec.output}`);
    for (const p of spec.params) {
      assert.ok(['ints', 'int', 'bool', 'name', 'value', 'intOrInts', 'indices'].includes(p.kind), `${name}.${p.name}: kind ${p.kind}`);
      if (p.kind === 'name') assert.ok(p.names.length >= 1, `${name}.${p.name}: names`);
    }
    assert.equal(typeof ref[name], 'function', `tests/js/reference.mjs: ${name}`);
    assert.ok(SAMPLES[name]?.length > 0, `tests/js/table.mjs: SAMPLES.${name}`);
    assert.ok(golden.cases.filter((c) => c.op === name).length >= 10, `tests/fixtures: golden cases of ${name}`);
    assert.ok(existsSync(new URL(`src/operations/${snake}.cpp`, root)), `src/operations/${snake}.cpp`);
    assert.ok(existsSync(new URL(`tests/core/test_${snake}.cpp`, root)), `tests/core/test_${snake}.cpp`);
    assert.ok(existsSync(new URL(`tests/fuzz/fuzz_${snake}.cpp`, root)), `tests/fuzz/fuzz_${snake}.cpp`);
    assert.match(read('tests/core/reference.hpp'), new RegExp(`\\b${snake}\\(`), `tests/core/reference.hpp: ${snake}()`);
    assert.match(read('tests/js/bad_inputs.test.mjs'), new RegExp(`\\b${name}: \\(`), `tests/js/bad_inputs.test.mjs: ${name}`);
    assert.match(read('web/index.d.ts'), new RegExp(`^\\s+${name}\\b`, 'm'), `web/index.d.ts: ${name}`);
    assert.match(read('docs/operations.md'), new RegExp(`^#+ .*\\b${name}\\b`, 'mi'), `docs/operations.md: ${name}`);
    assert.match(read('README.md'), new RegExp(`^\\| ${name} \\|`, 'm'), `README.md status table: ${name}`);
  });
}

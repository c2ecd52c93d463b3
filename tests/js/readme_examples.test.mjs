// The README's runnable examples run: every ```js block of its "## Use it"
// section, with the package name pointed at this checkout (blocks that use
// `ops` without loading it get a load() line first).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('\n## Use it\n'), readme.indexOf('\n## Use it in your project'));
const blocks = [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);

test('the README has runnable examples', () => {
  assert.ok(blocks.length >= 3, `found ${blocks.length} blocks`);
});

blocks.forEach((code, i) => {
  const cjs = code.includes("require('wasm-tensor-ops')");
  const usesOpsOnly = !code.includes('wasm-tensor-ops');
  if (code.includes('} = {})')) return; // a listing of signatures, not a program
  test(`README example ${i + 1} runs (${cjs ? 'CommonJS' : 'ES module'})`, () => {
    const entry = path.join(root, cjs ? 'web/index.cjs' : 'web/node.mjs');
    let program = code.replaceAll("'wasm-tensor-ops'", JSON.stringify(entry));
    if (usesOpsOnly) program = `import { load } from ${JSON.stringify(entry)};\nconst ops = await load();\n${program}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'readme-'));
    const file = path.join(dir, cjs ? 'example.cjs' : 'example.mjs');
    writeFileSync(file, program);
    try {
      const run = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 20000 });
      assert.equal(run.status, 0, `${run.stderr}\n--- program ---\n${program}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The Web Worker recipe as the README shows it is the code the engines'
// worker page runs (tests/engines/pages/worker.html, in Chromium, Firefox
// and WebKit): tensor_client.mjs as it is, and tensor_worker.mjs with the
// package's name where the repository's copy imports it by path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);

test("the README's recipe is the files the page runs", () => {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const blocks = [...readme.matchAll(/```js\n(\/\/ (tensor_\w+\.mjs)[^\n]*\n[\s\S]*?)```/g)];
  const shown = Object.fromEntries(blocks.map((m) => [m[2], m[1]]));
  assert.deepEqual(Object.keys(shown).sort(), ['tensor_client.mjs', 'tensor_worker.mjs']);
  const file = (name) => readFileSync(new URL(`docs/web-worker/${name}`, root), 'utf8');
  assert.equal(shown['tensor_client.mjs'], file('tensor_client.mjs'));
  const worker = file('tensor_worker.mjs');
  assert.match(worker, /^import \{ load \} from '\.\.\/\.\.\/web\/browser\.mjs';$/m);
  assert.equal(shown['tensor_worker.mjs'], worker.replace("from '../../web/browser.mjs'", "from 'wasm-tensor-ops'"));
});

// The plain JavaScript loops the demo's Pipeline tab times against the
// library (demo/pipeline_js.mjs): each must give the library's result byte
// for byte, for every mode and format it claims, or the page's comparison
// would be of two different things.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasLoop, runLoop } from '../../demo/pipeline_js.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const x = { data: Float32Array.from({ length: 2 * 12 * 6 * 4 }, (_, i) => i - 100.5), shape: [2, 12, 6, 4] };
const same = (a, b) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

const CASES = [
  ['transpose', [[2, 0, 3, 1]]], ['transpose', []], ['reverse', [[1, -1]]], ['reverse', []],
  ['slice', [[1, 0], [10, 5], { axes: [1, 3], steps: [3, 2] }]],
  ['slice', [[-1, 100], [-100, -100], { axes: [1, 2], steps: [-2, -1] }]],
  ['slice', [[5], [1], { axes: [2], steps: [-1] }]],
  ...['constant', 'edge', 'reflect', 'symmetric', 'wrap'].map((mode) => ['pad', [[0, 3, 5, 1], [1, 2, 5, 0], { mode, ...(mode === 'constant' && { value: 7 }) }]]),
  ['pad', [[0, -2, 1, 0], [0, 1, -3, 0], { mode: 'reflect' }]],
  ['roll', [[5, -3], [1, 3]]], ['roll', [2, 2]], ['roll', [[1, 1], [1, 1]]],
  ['tile', [[2, 1, 3, 1]]], ['tile', [[2, 1, 1, 2, 1]]],
  ['reshape', [[-1, 8], { specialZero: false }]], ['unsqueeze', [[0]]],
];
for (const id of ['spaceToDepth', 'depthToSpace']) {
  for (const dataFormat of ['NHWC', 'NCHW']) for (const mode of ['blocks_first', 'depth_first']) CASES.push([id, [2, { dataFormat, mode }]]);
}

test('every plain loop of the Pipeline tab gives the library’s result', () => {
  for (const [id, args] of CASES) {
    assert.ok(hasLoop(id), id);
    const y = ops[id](x, ...args);
    const z = runLoop(id, args, x, y.shape);
    assert.deepEqual(z.shape, y.shape, `${id} ${JSON.stringify(args)}`);
    assert.ok(same(z.data, y.data), `${id} ${JSON.stringify(args)}: the loops' bytes`);
  }
});

test('a stage without a loop says so instead of guessing', () => {
  assert.equal(hasLoop('gather'), false);
  assert.equal(runLoop('spaceToDepth', [2, { dataFormat: 'NCHW' }], { data: new Float32Array(16), shape: [1, 1, 4, 4, 1] }, [1, 4, 2, 2, 1]), null);
});

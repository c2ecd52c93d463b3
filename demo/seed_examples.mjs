// The seed documents' Roll and SpaceToDepth examples, computed by the wasm
// core through the package's public API (run by `npm start`).
import { load } from '../web/node.mjs';

function matrix(data, shape) {
  const [rows, cols] = [shape.slice(0, -1).reduce((a, b) => a * b, 1), shape.at(-1)];
  const lines = [];
  for (let r = 0; r < rows; r++) lines.push('  [' + Array.from(data.slice(r * cols, (r + 1) * cols)).join(', ') + ']');
  return lines.join('\n');
}

function show(title, x, y) {
  console.log(`${title}\n input  [${x.shape.join(', ')}]:\n${matrix(x.data, x.shape)}\n output [${y.shape.join(', ')}]:\n${matrix(y.data, y.shape)}\n`);
}

const ops = await load();
const { variant, threads } = ops.backend;
console.log(`wasm-tensor-ops: ${variant} build, ${threads} thread(s)\n`);

const x = { data: Int32Array.from({ length: 12 }, (_, i) => i + 1), shape: [4, 3] };
show('Roll-7 example 1: shift 1, axes 0', x, ops.roll(x, 1, 0));
show('Roll-7 example 2: shift [-1, 2], axes [0, 1]', x, ops.roll(x, [-1, 2], [0, 1]));
show('Roll-7 example 3: shift [1, 2, 1], axes [0, 1, 0]', x, ops.roll(x, [1, 2, 1], [0, 1, 0]));

const a = { data: new Int32Array([1, 2, 3, 4]), shape: [1, 2, 2, 1] };
show('SpaceToDepth, NHWC, block_size 2: [1, 2, 2, 1]', a, ops.spaceToDepth(a, 2));
const b = { data: Int32Array.from({ length: 12 }, (_, i) => i + 1), shape: [1, 2, 2, 3] };
show('SpaceToDepth, NHWC, block_size 2: [1, 2, 2, 3]', b, ops.spaceToDepth(b, 2));
const c = { data: new Int32Array([1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16]), shape: [1, 4, 4, 1] };
show('SpaceToDepth, NHWC, block_size 2: [1, 4, 4, 1]', c, ops.spaceToDepth(c, 2));

// What must NOT type-check: each line below is an error tsc has to report
// (an unused @ts-expect-error is itself an error, so a lax declaration fails).
import { load, toOrt, type Tensor } from 'wasm-tensor-ops';
// @ts-expect-error: no default export (ES modules get web/index.d.mts; `import * as pkg` or named imports)
import pkg from 'wasm-tensor-ops';

const ops = await load();
const x: Tensor<Float32Array> = { data: new Float32Array(12), shape: [4, 3] };

// @ts-expect-error: 'thread' is not an option of load() (it is 'threads')
await load({ thread: 2 });
// @ts-expect-error: threads is a number
await load({ threads: 'auto' });
// @ts-expect-error: 'numpyy' is not a broadcast mode
ops.broadcast(x, [2, 4, 3], { mode: 'numpyy' });
// @ts-expect-error: axesMapping goes only with mode 'explicit'
ops.broadcast(x, [4, 3, 2], { axesMapping: [0, 1] });
// @ts-expect-error: mode 'explicit' needs axesMapping
ops.broadcast(x, [4, 3, 2], { mode: 'explicit' });
// @ts-expect-error: 'NWHC' is not a data format
ops.spaceToDepth(x, 2, { dataFormat: 'NWHC' });
// @ts-expect-error: mode names are exact: 'dcr' is not ONNX's 'DCR'
ops.depthToSpace(x, 2, { mode: 'dcr' });
// @ts-expect-error: the option is specialZero
ops.reshape(x, [12], { specialzero: true });
// @ts-expect-error: out must have the class of x.data
ops.roll(x, 1, 0, { out: new Int32Array(12) });
// @ts-expect-error: roll takes shift and axes
ops.roll(x, 1);
// @ts-expect-error: data must be a typed array, not a plain array
ops.roll({ data: [1, 2, 3], shape: [3] }, 1, 0);
// @ts-expect-error: 'float' is not a dtype
ops.tensor(new Float32Array(2), [2], 'float');
// @ts-expect-error: an int64 tensor holds a BigInt64Array
ops.tensor(new Float32Array(2), [2], 'int64');
// @ts-expect-error: a kept tensor's shape is read-only
ops.tensor(new Float32Array(2), [2]).shape.push(1);
// @ts-expect-error: toOrt needs the onnxruntime module or its Tensor class
toOrt(ops.roll(x, 1, 0), {});

// gather*: float indices, an unknown option.
// @ts-expect-error: indices must have an integer dtype
ops.gather(x, new Float32Array([0, 1]));
// @ts-expect-error: gatherND has no axis option
ops.gatherND(x, [0], { axis: 1 });
// @ts-expect-error: gatherElements has no batchDims option
ops.gatherElements(x, [0], { batchDims: 0 });

// cast, fromImage, toImage
// @ts-expect-error: 'float8' is not a dtype
ops.cast(x, 'float8');
// @ts-expect-error: an out of another dtype's class
ops.cast(x, 'int8', { out: new Float32Array(12) });
// @ts-expect-error: 'RGB' is not a channels value (they are lower case)
ops.fromImage({ data: new Uint8Array(12), width: 2, height: 2, channels: 3 }, { channels: 'RGB' });
// @ts-expect-error: toImage has no dtype option
ops.toImage(x, { dtype: 'uint8' });

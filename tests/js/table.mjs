// Calling any operation of the table from a case written as { shape, args },
// its parameters keyed by their names in the table (as the numpy fixtures and
// the samples below are), so that suites iterate over ops.operations instead
// of listing the operations by hand.
import assert from 'node:assert/strict';

/** ops[name](x, ...positional parameters, options) from `args` keyed by parameter name. */
export function callOp(ops, name, x, args = {}, extraOptions = {}) {
  const spec = specOf(ops, name);
  const positional = spec.params.filter((p) => !p.option).map((p) => args[p.name]);
  const options = { ...extraOptions };
  for (const p of spec.params) if (p.option && args[p.name] != null) options[p.name] = args[p.name];
  return ops[name](x, ...positional, options);
}

/** The JS reference (tests/js/reference.mjs) of `name`: ref[name](shape, ...parameters in table order). */
export function callRef(ref, ops, name, shape, args = {}) {
  const fn = ref[name];
  assert.equal(typeof fn, 'function', `tests/js/reference.mjs has no reference for '${name}'`);
  return fn(shape, ...specOf(ops, name).params.map((p) => args[p.name]));
}

// Operations on a list of tensors (concat) take `shapes` in their cases
// instead of `shape`; their references index the inputs laid end to end.
// Operations with several outputs (split) return an array, and so do their
// references. These helpers let a suite treat every operation alike.

/** The input shapes of a case: [shape], or its `shapes` for a list of tensors. */
export function inputShapes(spec, c) {
  return spec.input === 'tensors' ? c.shapes : [c.shape];
}

/** What the operation takes as its first argument, from one tensor per input shape. */
export function inputArg(spec, tensors) {
  return spec.input === 'tensors' ? tensors : tensors[0];
}

/** The inputs' data end to end, as the references index them: one array of the first's class. */
export function joinData(datas) {
  if (datas.length === 1) return datas[0];
  const out = new datas[0].constructor(datas.reduce((n, d) => n + d.length, 0));
  let at = 0;
  for (const d of datas) {
    new Uint8Array(out.buffer, at * out.BYTES_PER_ELEMENT, d.byteLength).set(new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
    at += d.length;
  }
  return out;
}

/** A result (or a reference's { shape, src }) as an array of outputs. */
export function outputsOf(spec, r) {
  return spec.output === 'tensors' ? r : [r];
}

export function specOf(ops, name) {
  const spec = ops.operations.find((o) => o.name === name);
  assert.ok(spec, `'${name}' is not in the operation table`);
  return spec;
}

/** snake_case of an operation's name, as its C++ files spell it (spaceToDepth -> space_to_depth). */
export function snakeCase(name) {
  // A run of capitals is one word: gatherND -> gather_nd, spaceToDepth -> space_to_depth.
  return name.replace(/[A-Z]+/g, (c) => `_${c.toLowerCase()}`);
}

// A few calls of every operation, on small shapes: `offset` > 0 feeds a
// subarray. Suites that run "every operation" take their cases from here and
// fail for an operation of the table that has none.
export const SAMPLES = {
  reshape: [
    { label: '[2,3,4] -> [4,-1]', shape: [2, 3, 4], args: { shape: [4, -1] } },
    { label: 'specialZero [0,-1]', shape: [2, 3, 4], args: { shape: [0, -1], specialZero: true } },
    { label: 'to a scalar', shape: [1, 1], args: { shape: [] } },
  ],
  broadcast: [
    { label: 'numpy [3,1] -> [2,3,4]', shape: [3, 1], args: { targetShape: [2, 3, 4] } },
    { label: 'bidirectional [3,1,2] with [1,1,4,1]', shape: [3, 1, 2], args: { targetShape: [1, 1, 4, 1], mode: 'bidirectional' } },
    { label: 'explicit [3] -> [2,3,2] axes [1]', shape: [3], args: { targetShape: [2, 3, 2], mode: 'explicit', axesMapping: [1] } },
    { label: 'scalar -> [5]', shape: [], args: { targetShape: [5] } },
  ],
  spaceToDepth: [],
  depthToSpace: [],
  transpose: [
    { label: '[2,3,4] reversed (perm left out)', shape: [2, 3, 4], args: {} },
    { label: 'NHWC -> NCHW [1,4,5,3]', shape: [1, 4, 5, 3], args: { perm: [0, 3, 1, 2] } },
    { label: 'negative entries, subarray input', shape: [3, 1, 4, 2], args: { perm: [-1, 0, -2, 1] }, offset: 5 },
  ],
  slice: [
    { label: '[4,6,5] rows 1..3, every other column backwards', shape: [4, 6, 5], args: { starts: [1, -1], ends: [3, -7], axes: [0, 1], steps: [1, -2] } },
    { label: 'center crop of [1,8,8,3] (axes 1, 2)', shape: [1, 8, 8, 3], args: { starts: [2, 2], ends: [6, 6], axes: [1, 2] } },
    { label: 'int64 extremes as bigints, subarray input', shape: [3, 5, 2], args: { starts: [2n ** 63n - 1n, 1n], ends: [-(2n ** 63n), 2n ** 63n - 1n], axes: [-3, 1], steps: [-1, 2] }, offset: 3 },
  ],
  reverse: [
    { label: '[2,3,4] every axis (axes left out)', shape: [2, 3, 4], args: {} },
    { label: '[3,4,5] axes [-1, 0]', shape: [3, 4, 5], args: { axes: [-1, 0] } },
    { label: 'axes [] (a copy), subarray input', shape: [2, 5], args: { axes: [] }, offset: 4 },
  ],
  pad: [
    { label: 'constant [2,3,4] (value left out: 0)', shape: [2, 3, 4], args: { padsBegin: [1, 0, 2], padsEnd: [0, 2, 1] } },
    { label: 'constant value 0, crops [-1,..]', shape: [3, 4], args: { padsBegin: [-1, 2], padsEnd: [1, -1], value: 0 } },
    { label: 'edge [1,4,5,3] on H and W', shape: [1, 4, 5, 3], args: { padsBegin: [0, 1, 2, 0], padsEnd: [0, 2, 1, 0], mode: 'edge' } },
    { label: 'reflect [3,4], subarray input', shape: [3, 4], args: { padsBegin: [2, 1], padsEnd: [1, 3], mode: 'reflect' }, offset: 3 },
    { label: 'symmetric [2,3,2] equal pads', shape: [2, 3, 2], args: { padsBegin: [1, 3, 2], padsEnd: [1, 3, 2], mode: 'symmetric' } },
    { label: 'wrap [2,3] by 7 and 5', shape: [2, 3], args: { padsBegin: [7, -1], padsEnd: [1, 5], mode: 'wrap' } },
  ],
  concat: [
    { label: '3 tensors along axis 0', shapes: [[2, 3], [1, 3], [4, 3]], args: { axis: 0 } },
    { label: 'along the last axis, an empty input', shapes: [[2, 3, 2], [2, 3, 0], [2, 3, 5]], args: { axis: -1 } },
    { label: 'one tensor, a middle axis, subarray inputs', shapes: [[2, 4, 3]], args: { axis: 1 }, offset: 3 },
  ],
  split: [
    { label: '[6,4] into 3 equal parts', shape: [6, 4], args: { splits: 3 } },
    { label: 'lengths [1,-1,2] along axis -1', shape: [2, 3, 6], args: { splits: [1, -1, 2], axis: -1 } },
    { label: 'a list of one length: one part, subarray input', shape: [3, 2], args: { splits: [3] }, offset: 2 },
  ],
  gather: [
    { label: 'rows of [3,2] by [[0,1],[1,2]] (int32 tensor)', shape: [3, 2], args: { indices: { data: Int32Array.from([0, 1, 1, 2]), shape: [2, 2] } } },
    { label: 'axis -1 of [2,3,4], negative indices (array)', shape: [2, 3, 4], args: { indices: [3, -1, 0], axis: -1 } },
    { label: 'a scalar index (number) on axis 1, subarray input', shape: [2, 5, 3], args: { indices: -2, axis: 1 }, offset: 3 },
    { label: 'batchDims 1, uint64 indices', shape: [2, 3, 2], args: { indices: { data: BigUint64Array.from([2n, 0n, 1n, 1n]), shape: [2, 2] }, axis: 1, batchDims: 1 } },
  ],
  gatherElements: [
    { label: '[3,4] along the last axis (int64 tensor)', shape: [3, 4], args: { indices: { data: BigInt64Array.from([3n, -1n, 0n, 1n, 2n, -4n]), shape: [3, 2] }, axis: -1 } },
    { label: '[3,2,2] along axis 0, smaller dims (uint32)', shape: [3, 2, 2], args: { indices: { data: Uint32Array.from([2, 0, 1, 2]), shape: [4, 1, 1] } } },
  ],
  gatherND: [
    { label: 'pairs into [2,3,2]', shape: [2, 3, 2], args: { indices: { data: Int32Array.from([0, 1, 1, 2, -1, 0]), shape: [3, 2] } } },
    { label: 'batchDims 1, one index per batch (int64), subarray input', shape: [2, 3, 4], args: { indices: { data: BigInt64Array.from([2n, -3n]), shape: [2, 1] }, batchDims: 1 }, offset: 2 },
  ],
  roll: [
    { label: '[3,4,5] shifts [1,-2,7]', shape: [3, 4, 5], args: { shift: [1, -2, 7], axes: [0, 1, 2] } },
    { label: 'one shift, axes [-1,0], subarray input', shape: [3, 4, 5], args: { shift: 2, axes: [-1, 0] }, offset: 3 },
  ],
};
// Tile: rank promotion both ways, a repeat of 0, a scalar.
SAMPLES.tile = [
  { label: '[2,3] repeats [2,1,3] (ones prepended to x.shape)', shape: [2, 3], args: { repeats: [2, 1, 3] } },
  { label: '[3,1,4] repeats [2] (ones prepended to repeats), subarray input', shape: [3, 1, 4], args: { repeats: [2] }, offset: 3 },
  { label: '[2,2] repeats [0,2] (empty)', shape: [2, 2], args: { repeats: [0, 2] } },
  { label: 'scalar repeats 3', shape: [], args: { repeats: 3 } },
];
// SpaceToBatch / BatchToSpace: TensorFlow NHWC, pads and crops that cut blocks, rank 3.
SAMPLES.spaceToBatch = [
  { label: 'NHWC [2,4,6,3] blocks [1,2,2,1]', shape: [2, 4, 6, 3], args: { blockShape: [1, 2, 2, 1], padsBegin: [0, 0, 0, 0], padsEnd: [0, 0, 0, 0] } },
  { label: '[1,3,5,2] blocks [1,2,3,1] with zero pads, subarray input', shape: [1, 3, 5, 2], offset: 2,
    args: { blockShape: [1, 2, 3, 1], padsBegin: [0, 1, 2, 0], padsEnd: [0, 0, 2, 0] } },
  { label: 'rank 3 [2,5,3] blocks [1,3,1]', shape: [2, 5, 3], args: { blockShape: [1, 3, 1], padsBegin: [0, 0, 1], padsEnd: [0, 1, 0] } },
];
SAMPLES.batchToSpace = [
  { label: 'NHWC [8,2,3,3] blocks [1,2,2,1]', shape: [8, 2, 3, 3], args: { blockShape: [1, 2, 2, 1], cropsBegin: [0, 0, 0, 0], cropsEnd: [0, 0, 0, 0] } },
  { label: '[6,2,3,2] blocks [1,2,3,1] with crops, subarray input', shape: [6, 2, 3, 2], offset: 2,
    args: { blockShape: [1, 2, 3, 1], cropsBegin: [0, 1, 2, 0], cropsEnd: [0, 0, 2, 0] } },
  { label: 'rank 3 [6,2,4] blocks [1,3,1]', shape: [6, 2, 4], args: { blockShape: [1, 3, 1], cropsBegin: [0, 0, 1], cropsEnd: [0, 1, 2] } },
];

// The block operations: each format (NCHW also with 3 spatial dims) in both modes.
const BLOCK_SHAPES = {
  spaceToDepth: [['NHWC', [2, 4, 6, 3]], ['NCHW', [1, 2, 4, 6]], ['NCHW', [1, 2, 2, 4, 2]], ['NCHW_VECT_C', [1, 2, 4, 2, 4]]],
  depthToSpace: [['NHWC', [1, 2, 3, 8]], ['NCHW', [2, 8, 2, 3]], ['NCHW', [1, 16, 1, 2, 1]], ['NCHW_VECT_C', [1, 4, 2, 3, 4]]],
};
for (const [op, shapes] of Object.entries(BLOCK_SHAPES)) {
  for (const [dataFormat, shape] of shapes) {
    for (const mode of ['blocks_first', 'depth_first']) {
      SAMPLES[op].push({ label: `${dataFormat} ${JSON.stringify(shape)} ${mode}`, shape, args: { blockSize: 2, dataFormat, mode } });
    }
  }
}

/** The samples of `name`, failing when the table has an operation with none. */
export function samplesOf(name) {
  const samples = SAMPLES[name];
  assert.ok(samples && samples.length > 0, `tests/js/table.mjs has no SAMPLES for '${name}'`);
  return samples;
}

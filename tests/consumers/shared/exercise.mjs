// What every consumer project does with the package, in Node and in browsers
// alike: load it, run every operation and its shapes.* twin on literal
// examples, keep tensors in wasm memory, write into `out`, catch a
// TensorOpsError, and pass tensors to and from onnxruntime's form.
// `pkg` is the package's namespace as the consumer imported it; `Tensor`,
// when given, is onnxruntime's Tensor class (else a stand-in with its fields).
// Returns { backend, checks }; throws on the first wrong answer.

class StandInOrtTensor {
  constructor(type, data, dims) {
    this.type = type;
    this.data = data;
    this.dims = dims;
    this.location = 'cpu';
  }
}

function same(actual, expected, what) {
  const a = JSON.stringify(actual, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
  const e = JSON.stringify(expected, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
  if (a !== e) throw new Error(`${what}: got ${a}, expected ${e}`);
}

function checkTensor(result, shape, values, what, ArrayClass) {
  same(Array.from(result.shape), shape, `${what}: shape`);
  same(Array.from(result.data), values, `${what}: data`);
  if (ArrayClass && !(result.data instanceof ArrayClass)) {
    throw new Error(`${what}: data is a ${result.data.constructor.name}, expected a ${ArrayClass.name}`);
  }
}

const iota = (n, from = 0) => Array.from({ length: n }, (_, i) => i + from);

export async function exercise(pkg, loadOptions = {}, { Tensor = StandInOrtTensor, large = false } = {}) {
  const { load, TensorOpsError, toOrt, fromOrt, DTYPES } = pkg;
  for (const [name, value] of Object.entries({ load, TensorOpsError, toOrt, fromOrt, DTYPES })) {
    if (value === undefined) throw new Error(`the package does not export ${name}`);
  }
  const checks = [];
  const ops = await load(loadOptions);
  const ok = (name) => checks.push(name);

  // roll: the Roll-7 example.
  const m = { data: Float32Array.from(iota(12, 1)), shape: [4, 3] };
  checkTensor(ops.roll(m, [-1, 2], [0, 1]), [4, 3], [5, 6, 4, 8, 9, 7, 11, 12, 10, 2, 3, 1], 'roll', Float32Array);
  ok('roll');

  // reshape: -1, specialZero, and a view of the input's data.
  const r = ops.reshape(m, [2, -1, 3]);
  same(r.shape, [2, 2, 3], 'reshape');
  if (r.data !== m.data) throw new Error('reshape of a plain tensor should share its data');
  same(ops.reshape(m, [0, -1], { specialZero: true }).shape, [4, 3], 'reshape specialZero');
  ok('reshape');

  // broadcast: the three modes.
  checkTensor(ops.broadcast({ data: new Int32Array([1, 2, 3]), shape: [3] }, [2, 3]), [2, 3], [1, 2, 3, 1, 2, 3], 'broadcast numpy');
  checkTensor(ops.broadcast({ data: new Int32Array([1, 2]), shape: [2, 1] }, [1, 3], { mode: 'bidirectional' }),
    [2, 3], [1, 1, 1, 2, 2, 2], 'broadcast bidirectional');
  checkTensor(ops.broadcast({ data: new Int32Array([1, 2, 3]), shape: [3] }, [3, 2], { mode: 'explicit', axesMapping: [0] }),
    [3, 2], [1, 1, 2, 2, 3, 3], 'broadcast explicit');
  ok('broadcast');

  // spaceToDepth / depthToSpace: NHWC example, and NCHW in both modes.
  const s2d = ops.spaceToDepth({ data: Int32Array.from([1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16]), shape: [1, 4, 4, 1] }, 2);
  checkTensor(s2d, [1, 2, 2, 4], iota(16, 1), 'spaceToDepth NHWC', Int32Array);
  checkTensor(ops.depthToSpace(s2d, 2), [1, 4, 4, 1], [1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16], 'depthToSpace NHWC');
  const c8 = { data: Uint8Array.from(iota(8)), shape: [1, 8, 1, 1] };
  checkTensor(ops.depthToSpace(c8, 2, { dataFormat: 'NCHW', mode: 'blocks_first' }), [1, 2, 2, 2], [0, 2, 4, 6, 1, 3, 5, 7], 'depthToSpace NCHW blocks_first');
  checkTensor(ops.depthToSpace(c8, 2, { dataFormat: 'NCHW', mode: 'depth_first' }), [1, 2, 2, 2], iota(8), 'depthToSpace NCHW depth_first');
  ok('spaceToDepth');
  ok('depthToSpace');

  // shapes.*: output shapes without data.
  same(ops.shapes.reshape([2, 5, 5, 24], [0, -1, 4], { specialZero: true }), [2, 150, 4], 'shapes.reshape');
  same(ops.shapes.broadcast([16, 1, 1], [1, 1, 50, 50], { mode: 'bidirectional' }), [1, 16, 50, 50], 'shapes.broadcast');
  same(ops.shapes.spaceToDepth([1, 3, 8, 8], 2, { dataFormat: 'NCHW' }), [1, 12, 4, 4], 'shapes.spaceToDepth');
  same(ops.shapes.depthToSpace([1, 2, 2, 12], 2), [1, 4, 4, 3], 'shapes.depthToSpace');
  same(ops.shapes.roll([4, 3], 1, 0), [4, 3], 'shapes.roll');
  ok('shapes');

  // int64 through BigInt64Array, and `out`.
  const big = { data: new BigInt64Array([1n, 2n, -(2n ** 63n)]), shape: [3] };
  checkTensor(ops.roll(big, 1, 0), [3], [-(2n ** 63n), 1n, 2n], 'roll int64', BigInt64Array);
  const out = new BigInt64Array(3);
  if (ops.roll(big, -1, 0, { out }).data !== out) throw new Error('roll with out should return out as its data');
  same(Array.from(out), [2n, -(2n ** 63n), 1n], 'roll int64 into out');
  ok('int64 and out');

  // Kept tensors: a pipeline in wasm memory, freed by dispose().
  const before = ops.memory().keptTensors;
  const t = ops.tensor(Float32Array.from(iota(1 * 3 * 4 * 4)), [1, 3, 4, 4]);
  const u = ops.spaceToDepth(t, 2, { dataFormat: 'NCHW' });
  const v = ops.roll(u, 1, 1);
  same(v.shape, [1, 12, 2, 2], 'kept pipeline shape');
  const copy = v.toArray();
  if (!(copy instanceof Float32Array) || copy.length !== 48) throw new Error('toArray() should copy out a Float32Array(48)');
  const flat = ops.reshape(v, [-1]);
  same(flat.shape, [48], 'reshape of a kept tensor');
  for (const k of [flat, v, u, t]) k.dispose();
  same(ops.memory().keptTensors, before, 'kept tensors after dispose');
  ok('kept tensors');

  // Errors: a TensorOpsError with a code, and the module stays usable.
  let error;
  try {
    ops.reshape(m, [-1, 4, -1]);
  } catch (e) {
    error = e;
  }
  if (!(error instanceof TensorOpsError) || !(error instanceof Error) || error.code !== 'INVALID_ARGUMENT') {
    throw new Error(`reshape [-1, 4, -1] should throw INVALID_ARGUMENT, got ${error}`);
  }
  try {
    ops.broadcast({ data: new Float32Array(3), shape: [3] }, [4]);
    throw new Error('broadcast [3] -> [4] should throw');
  } catch (e) {
    if (!(e instanceof TensorOpsError) || e.code !== 'SHAPE_MISMATCH') throw e;
  }
  checkTensor(ops.roll({ data: new Int8Array([1, 2]), shape: [2] }, 1, 0), [2], [2, 1], 'after errors');
  ok('errors');

  // onnxruntime's form: { type, data, dims } in, results that ort.Tensor takes.
  const ortIn = new Tensor('int64', new BigInt64Array([1n, 2n, 3n, 4n, 5n, 6n]), [2, 3]);
  const rolled = ops.roll(ortIn, 1, 1);
  checkTensor(rolled, [2, 3], [3n, 1n, 2n, 6n, 4n, 5n], 'roll of an ort int64 tensor', BigInt64Array);
  same(rolled.dtype, 'int64', 'dtype of the result');
  const back = toOrt(rolled, { Tensor });
  if (!(back instanceof Tensor) || back.type !== 'int64' || back.data !== rolled.data) {
    throw new Error('toOrt should make an int64 ort.Tensor sharing the data');
  }
  same(Array.from(back.dims), [2, 3], 'toOrt dims');
  const direct = new Tensor(rolled.dtype, rolled.data, rolled.shape);
  same(Array.from(direct.dims), [2, 3], 'new Tensor(r.dtype, r.data, r.shape)');
  const boolIn = new Tensor('bool', new Uint8Array([1, 0, 0, 1]), [2, 2]);
  const b2 = ops.broadcast(boolIn, [2, 2, 2]);
  same(b2.dtype, 'bool', 'broadcast of an ort bool tensor: dtype');
  same(fromOrt(toOrt(b2, Tensor)).shape, [2, 2, 2], 'fromOrt(toOrt(x))');
  const half = ops.depthToSpace(new Tensor('float16', new Uint16Array([0x3c00, 0x4000, 0x4200, 0x4400]), [1, 4, 1, 1]), 2,
    { dataFormat: 'NCHW' });
  same(half.dtype, 'float16', 'float16 dtype');
  same(Array.from(half.data), [0x3c00, 0x4000, 0x4200, 0x4400], 'float16 bits');
  ok('onnxruntime tensors');

  // Enough data for the threaded build to split the work.
  if (large) {
    const n = 1 << 22;
    const x = new Float32Array(n);
    for (let i = 0; i < n; i++) x[i] = i;
    const y = ops.roll({ data: x, shape: [1024, 4096] }, [1, 1], [0, 1]);
    if (y.data[0] !== n - 1 || y.data[4097] !== 0 || y.data[n - 1] !== n - 4096 - 2) {
      throw new Error(`large roll: got ${y.data[0]}, ${y.data[4097]}, ${y.data[n - 1]}`);
    }
    ok('large roll');
  }
  return { backend: { ...ops.backend }, checks };
}

// Cases for concurrency.test.mjs and its workers: reproducible random calls
// of every operation (valid ones checked against the reference, and errors),
// and large calls that the threaded build splits across its pool. Each call
// returns a digest of its result, so that threads and builds can be compared.
import { TensorOpsError } from '../../../web/node.mjs';
import { DTYPE_CASES, assertSameBits, gather, makeData, makeRng } from '../helpers.mjs';
import { ref } from '../reference.mjs';

/** FNV-1a over the result's bytes and shape: equal digests, equal results. */
export function digest(result) {
  const bytes = new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return `${result.shape.join('x')}:${(h >>> 0).toString(16)}`;
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/**
 * One random valid call: { name, x, call(ops, input), expected } where
 * expected is the reference's { shape, src }.
 */
export function randomCase(rng) {
  const c = pick(rng, DTYPE_CASES);
  const d = () => rng.int(1, 4);
  const kind = rng.int(0, 5);
  let shape;
  let call;
  let expected;
  if (kind === 0) {
    shape = [d(), d(), d()];
    const special = rng() < 0.5;
    const target = special ? [0, -1] : [-1, shape[2]];
    call = (ops, x) => ops.reshape(x, target, { specialZero: special });
    expected = ref.reshape(shape, target, special);
  } else if (kind === 1) {
    const target = [d(), d(), d(), d()];
    shape = target.slice(rng.int(0, 3)).map((t) => (rng() < 0.5 ? 1 : t));
    const mode = pick(rng, ['numpy', 'bidirectional']);
    call = (ops, x) => ops.broadcast(x, target, { mode });
    expected = ref.broadcast(shape, target, mode);
  } else if (kind === 2 || kind === 3) {
    const b = rng.int(1, 3);
    const format = pick(rng, ['NHWC', 'NCHW', 'NCHW_VECT_C']);
    const mode = pick(rng, ['blocks_first', 'depth_first']);
    const toDepth = kind === 2;
    const space = { NHWC: [d(), d() * b, d() * b, d()], NCHW: [d(), d(), d() * b, d() * b],
      NCHW_VECT_C: [d(), d(), d() * b, d() * b, 4] }[format];
    shape = toDepth ? space : ref.spaceToDepth(space, b, format, mode).shape;
    const op = toDepth ? 'spaceToDepth' : 'depthToSpace';
    call = (ops, x) => ops[op](x, b, { dataFormat: format, mode });
    expected = ref[op](shape, b, format, mode);
  } else {
    shape = [d(), d(), d()];
    const axes = [rng.int(-3, 2), rng.int(-3, 2)];
    const shift = [rng.int(-7, 7), rng.int(-7, 7)];
    call = (ops, x) => ops.roll(x, shift, axes);
    expected = ref.roll(shape, shift, axes);
  }
  const n = shape.reduce((p, v) => p * v, 1);
  const x = { data: makeData(c, n, rng), shape, dtype: c.dtype };
  return { name: `${c.label} ${shape.join('x')} kind ${kind}`, x, call, expected };
}

/** Runs one case (plain or kept) and checks it against the reference; returns its digest. */
export function runCase(ops, kase, kept) {
  const { x, call, expected } = kase;
  let result;
  if (kept) {
    const t = ops.tensor(x.data, x.shape, x.dtype);
    const r = call(ops, t);
    result = { data: r.toArray(), shape: [...r.shape] };
    if (r !== t) r.dispose();
    t.dispose();
  } else {
    result = call(ops, x);
  }
  if (JSON.stringify(result.shape) !== JSON.stringify(expected.shape)) {
    throw new Error(`${kase.name}: shape ${result.shape} != ${expected.shape}`);
  }
  assertSameBits(result.data, gather(x.data, expected.src), kase.name);
  return digest(result);
}

/** An invalid call: must throw a TensorOpsError. */
export function runError(ops, rng) {
  const x = { data: new Float32Array(24), shape: [2, 3, 4] };
  const calls = [
    () => ops.roll(x, [1, 2], [0]),
    () => ops.reshape(x, [5, -1]),
    () => ops.spaceToDepth(x, 2),
    () => ops.broadcast(x, [3, 3, 4]),
    () => ops.depthToSpace({ data: new Float32Array(6), shape: [1, 1, 1, 6] }, 2),
    () => ops.broadcast(x, [2, 3, 4], { mode: 'nope' }),
  ];
  try {
    pick(rng, calls)();
  } catch (e) {
    if (e instanceof TensorOpsError) return e.code;
    throw e;
  }
  throw new Error('no error thrown');
}

/** `count` random cases (and some errors) from `seed`; returns their digests in order. */
export function runSeed(ops, seed, count) {
  const rng = makeRng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    if (rng() < 0.15) out.push(runError(ops, rng));
    else out.push(runCase(ops, randomCase(rng), rng() < 0.3));
  }
  return out;
}

// Large calls (1 to 4 MiB, above the engine's parallel threshold), for the
// threaded build's pool. [name, make input, call]
export const LARGE = [
  ['spaceToDepth NHWC', () => ({ data: fill(new Float32Array(4 * 128 * 128 * 16)), shape: [4, 128, 128, 16] }),
    (ops, x) => ops.spaceToDepth(x, 2)],
  ['depthToSpace NCHW depth_first', () => ({ data: fill(new Int16Array(2 * 64 * 64 * 64)), shape: [2, 64, 64, 64] }),
    (ops, x) => ops.depthToSpace(x, 2, { dataFormat: 'NCHW', mode: 'depth_first' })],
  ['spaceToDepth NCHW_VECT_C depth_first', () => ({ data: fill(new Uint8Array(1 * 16 * 128 * 128 * 4)), shape: [1, 16, 128, 128, 4] }),
    (ops, x) => ops.spaceToDepth(x, 2, { dataFormat: 'NCHW_VECT_C', mode: 'depth_first' })],
  ['broadcast rows', () => ({ data: fill(new Float32Array(1024)), shape: [1024, 1] }), (ops, x) => ops.broadcast(x, [1024, 1024])],
  ['roll two axes', () => ({ data: fill(new Float64Array(512 * 1024)), shape: [512, 1024] }), (ops, x) => ops.roll(x, [3, -5], [0, 1])],
  ['roll one long row', () => ({ data: fill(new BigInt64Array(300000)), shape: [1, 300000] }), (ops, x) => ops.roll(x, 77777, 1)],
];

function fill(a) {
  const bytes = new Uint8Array(a.buffer);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + (i >>> 8) * 7) & 255;
  return a;
}

/** Digests of every LARGE call, each run `repeat` times (all must agree). */
export function runLarge(ops, repeat = 1) {
  return LARGE.map(([name, make, call]) => {
    const x = make();
    const seen = new Set();
    for (let i = 0; i < repeat; i++) seen.add(digest(call(ops, x)));
    if (seen.size !== 1) throw new Error(`${name}: ${seen.size} different results in ${repeat} runs`);
    return [...seen][0];
  });
}

export { makeRng };

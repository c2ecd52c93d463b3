// The examples of the operations' pages (docs/operations/<op>.md): the seed
// documents' as literal values, then every page's as its text states them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAGES, errorRows, jsBlocks, runExamples, sectionOf, show, states, tableNames } from './doc_pages.mjs';
import { loadOps } from './load_ops.mjs';

const ops = await loadOps();
const iota = (n, from = 1) => Int32Array.from({ length: n }, (_, i) => i + from);
const check = (result, shape, values) => {
  assert.deepEqual(result.shape, shape);
  assert.deepEqual(Array.from(result.data), values);
};

// Roll-7 examples on [[1,2,3],[4,5,6],[7,8,9],[10,11,12]].
const m = { data: iota(12), shape: [4, 3] };
test('Roll example 1: shift 1, axes 0', () => {
  check(ops.roll(m, 1, 0), [4, 3], [10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});
test('Roll example 2: shift [-1, 2], axes [0, 1]', () => {
  check(ops.roll(m, [-1, 2], [0, 1]), [4, 3], [5, 6, 4, 8, 9, 7, 11, 12, 10, 2, 3, 1]);
});
test('Roll example 3: shift [1, 2, 1], axes [0, 1, 0]', () => {
  check(ops.roll(m, [1, 2, 1], [0, 1, 0]), [4, 3], [8, 9, 7, 11, 12, 10, 2, 3, 1, 5, 6, 4]);
});

// TensorFlow SpaceToDepth examples, NHWC, block size 2.
test('SpaceToDepth example 1: [1,2,2,1] -> [1,1,1,4]', () => {
  check(ops.spaceToDepth({ data: iota(4), shape: [1, 2, 2, 1] }, 2), [1, 1, 1, 4], [1, 2, 3, 4]);
});
test('SpaceToDepth example 2: [1,2,2,3] -> [1,1,1,12]', () => {
  check(ops.spaceToDepth({ data: iota(12), shape: [1, 2, 2, 3] }, 2), [1, 1, 1, 12],
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});
test('SpaceToDepth example 3: [1,4,4,1] -> [1,2,2,4]', () => {
  const x = Int32Array.from([1, 2, 5, 6, 3, 4, 7, 8, 9, 10, 13, 14, 11, 12, 15, 16]);
  const expected = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
  check(ops.spaceToDepth({ data: x, shape: [1, 4, 4, 1] }, 2), [1, 2, 2, 4], expected);
  // DepthToSpace is its inverse (the same example read backwards).
  check(ops.depthToSpace({ data: Int32Array.from(expected), shape: [1, 2, 2, 4] }, 2), [1, 4, 4, 1], Array.from(x));
});

// Reshape-1 examples: output shapes (the data keeps its order).
test('Reshape examples 1-5', () => {
  const cases = [
    [[2, 5, 5, 0], [0, 4], false, [0, 4]],
    [[2, 5, 5, 24], [0, -1, 4], true, [2, 150, 4]],
    [[2, 2, 3], [0, 0, 1, -1], true, [2, 2, 1, 3]],
    [[3, 1, 1], [-1, 0], true, [3, 1]],
    [[3, 1, 1], [0, -1], true, [3, 1]],
  ];
  for (const [shape, target, specialZero, expected] of cases) {
    const n = shape.reduce((p, d) => p * d, 1);
    const x = { data: iota(n), shape };
    const r = ops.reshape(x, target, { specialZero });
    assert.deepEqual(r.shape, expected, JSON.stringify([shape, target]));
    assert.deepEqual(Array.from(r.data), Array.from(iota(n)));
  }
});

// Broadcast-3 examples: output shapes, and the values of each repetition.
test('Broadcast example 1: numpy [16,1,1] -> [1,16,50,50]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16, 1, 1] }, [1, 16, 50, 50]);
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});
test('Broadcast example 2: explicit [16] -> [1,16,50,50], axes_mapping [1]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16] }, [1, 16, 50, 50], { mode: 'explicit', axesMapping: [1] });
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});
test('Broadcast example 3: explicit [50,50] -> [1,50,50,16], axes_mapping [1,2]', () => {
  const r = ops.broadcast({ data: iota(2500, 0), shape: [50, 50] }, [1, 50, 50, 16], { mode: 'explicit', axesMapping: [1, 2] });
  assert.deepEqual(r.shape, [1, 50, 50, 16]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 16));
});
test('Broadcast example 4: bidirectional [16,1,1] with [1,1,50,50] -> [1,16,50,50]', () => {
  const r = ops.broadcast({ data: iota(16, 0), shape: [16, 1, 1] }, [1, 1, 50, 50], { mode: 'bidirectional' });
  assert.deepEqual(r.shape, [1, 16, 50, 50]);
  for (let i = 0; i < r.data.length; i++) assert.equal(r.data[i], Math.floor(i / 2500));
});

// Every page of docs/operations/ (found by directory): each ```js block of
// its "Examples" runs, in order, and each line commented with a value gives
// that value; each row of its "Errors" table written as an ops.* call throws
// that code and that message. So no page can drift from the module, and a new
// operation's page is checked without being listed here.
{
  let examples = 0;
  let rows = 0;
  for (const [op, page] of PAGES) {
    const blocks = jsBlocks(sectionOf(page, 'Examples'));
    if (blocks.length) {
      test(`docs/operations/${op}.md: the examples give what their comments say`, () => {
        const { checks } = runExamples(ops, blocks, (fn, value, expr) => {
          const shown = show(fn());
          assert.ok(states(value, shown), `${expr} gives ${shown}; the page says ${value}`);
        });
        const total = checks.reduce((a, b) => a + b, 0);
        assert.ok(checks.every((n) => n >= 1) && total >= 5, `${op}: ${checks} values checked in its blocks`);
        examples += total;
      });
    }
    const errors = sectionOf(page, 'Errors');
    if (errorRows(errors).length) {
      test(`docs/operations/${op}.md: the error table is what the module throws`, () => {
        // The table's own names, else those of the page's examples ("With `m` as above").
        const names = { ...runExamples(ops, blocks, () => {}).declared, ...tableNames(errors) };
        assert.ok(errorRows(errors).length >= 4, `${op}: ${errorRows(errors).length} rows`);
        for (const [call, code, message] of errorRows(errors)) {
          assert.throws(() => new Function('ops', ...Object.keys(names), `return ${call};`)(ops, ...Object.values(names)),
            (e) => e.code === code && e.message === message, call);
          rows++;
        }
      });
    }
  }
  test('the pages of docs/operations/ hold enough runnable examples and error rows', () => {
    assert.deepEqual(PAGES.map(([op]) => op), ops.operations.map((o) => o.name).sort(), 'one page per operation');
    assert.ok(examples >= 130, `${examples} examples checked`);
    assert.ok(rows >= 100, `${rows} error rows checked`);
  });
}
// pad: the examples and errors of docs/operations/pad.md, literally.
test('Pad examples: the five modes, wrap beyond the dim, crops', () => {
  const x = { data: Int32Array.from([1, 2, 3]), shape: [3] };
  check(ops.pad(x, [2], [2]), [7], [0, 0, 1, 2, 3, 0, 0]);
  check(ops.pad(x, [2], [2], { value: 9 }), [7], [9, 9, 1, 2, 3, 9, 9]);
  check(ops.pad(x, [2], [2], { mode: 'edge' }), [7], [1, 1, 1, 2, 3, 3, 3]);
  check(ops.pad(x, [2], [2], { mode: 'reflect' }), [7], [3, 2, 1, 2, 3, 2, 1]);
  check(ops.pad(x, [2], [2], { mode: 'symmetric' }), [7], [2, 1, 1, 2, 3, 3, 2]);
  check(ops.pad(x, [2], [2], { mode: 'wrap' }), [7], [2, 3, 1, 2, 3, 1, 2]);
  check(ops.pad(x, [7], [5], { mode: 'wrap' }), [15], [3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2]);
  check(ops.pad(x, [-1], [1]), [3], [2, 3, 0]);
  check(ops.pad(x, [-3], [2], { value: 7 }), [2], [7, 7]);
});
test('Pad examples: crops, corners, images, the value converted', () => {
  check(ops.pad({ data: Int32Array.from([1, 2, 3, 4]), shape: [4] }, [-1], [2], { mode: 'reflect' }), [5], [2, 3, 4, 3, 2]);
  const m = { data: Int32Array.from([1, 2, 3, 4]), shape: [2, 2] };
  check(ops.pad(m, [1, 0], [0, 1]), [3, 3], [0, 0, 0, 1, 2, 0, 3, 4, 0]);
  check(ops.pad(m, [1, 1], [1, 1], { mode: 'edge' }), [4, 4], [1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
  assert.deepEqual(ops.shapes.pad([1, 3, 224, 224], [0, 0, 1, 1], [0, 0, 1, 1]), [1, 3, 226, 226]);
  check(ops.pad({ data: Uint16Array.from([0x3c00]), shape: [1], dtype: 'float16' }, [1], [0], { value: 1 / 3 }), [2], [13653, 15360]);
  check(ops.pad({ data: new BigInt64Array(1), shape: [1] }, [0], [1], { value: -(2n ** 63n) }), [2], [0n, -(2n ** 63n)]);
  check(ops.pad({ data: Float32Array.from([5]), shape: [] }, [], []), [], [5]);
});
test('Pad errors: the messages of the table', () => {
  const x = { data: new Uint8Array(3), shape: [3] };
  const rows = [
    [() => ops.pad(x, [1, 1], [1]), 'INVALID_ARGUMENT', 'pad: padsBegin [1, 1] has 2 values, but x.shape [3] has rank 1; give one pad per axis'],
    [() => ops.pad(x, [1], [1], { mode: 'reflection' }), 'INVALID_ARGUMENT', "pad: mode 'reflection' is not one of 'constant', 'edge', 'reflect', 'symmetric', 'wrap'"],
    [() => ops.pad(x, [1], [1], { mode: 'edge', value: 0 }), 'INVALID_ARGUMENT', "pad: value is given with mode 'edge'; only mode 'constant' takes a value"],
    [() => ops.pad(x, [0], [0], { value: 300 }), 'INVALID_ARGUMENT', 'pad: value 300 is not exactly representable in uint8 (integers from 0 to 255)'],
    [() => ops.pad(x, [1], [1], { value: 1.5 }), 'INVALID_ARGUMENT', 'pad: value 1.5 is not exactly representable in uint8 (integers from 0 to 255)'],
    [() => ops.pad(x, [1], [1], { value: 1n }), 'INVALID_ARGUMENT', 'pad: value 1n is a bigint; only dtypes int64 and uint64 take a bigint (x is uint8)'],
    [() => ops.pad(x, [1], [1], { value: '1' }), 'INVALID_ARGUMENT', "pad: value must be a number, a bigint (int64, uint64) or a boolean (bool), got '1'"],
    [() => ops.pad(x, [-2], [-2]), 'SHAPE_MISMATCH', 'pad: padsBegin value -2 and padsEnd value -2 at index 0 crop more than axis 0 of x.shape [3] holds (3): the output dim would be below 0'],
    [() => ops.pad(x, [3], [0], { mode: 'reflect' }), 'SHAPE_MISMATCH', "pad: padsBegin value 3 at index 0 is too large for mode 'reflect': axis 0 of x.shape [3] has size 3, so reflect pads at most 2 (the size - 1)"],
    [() => ops.pad(x, [0], [4], { mode: 'symmetric' }), 'SHAPE_MISMATCH', "pad: padsEnd value 4 at index 0 is too large for mode 'symmetric': axis 0 of x.shape [3] has size 3, so symmetric pads at most 3 (the size)"],
    [() => ops.pad({ data: new Uint8Array(0), shape: [0] }, [0], [1], { mode: 'wrap' }), 'SHAPE_MISMATCH', "pad: padsEnd value 1 at index 0 pads an empty axis: mode 'wrap' needs a size of at least 1, and axis 0 of x.shape [0] has size 0"],
    [() => ops.pad(x, [2 ** 53], [0]), 'INVALID_ARGUMENT', 'pad: padsBegin value 9007199254740992 and padsEnd value 0 at index 0 make an output dim beyond 2^53'],
  ];
  for (const [call, code, message] of rows) {
    assert.throws(call, (e) => e.code === code && e.message === message, message);
  }
});

// concat and split: the examples and errors of their pages (tables, not ops.* code).
test('concat examples (docs/operations/concat.md)', () => {
  const f = (values, shape) => ({ data: Float32Array.from(values), shape });
  check(ops.concat([f([1, 2], [1, 2]), f([3, 4, 5, 6], [2, 2])], 0), [3, 2], [1, 2, 3, 4, 5, 6]);
  check(ops.concat([f([1, 2], [2, 1]), f([3, 4, 5, 6], [2, 2])], -1), [2, 3], [1, 3, 4, 2, 5, 6]);
  check(ops.concat([f([], [0, 2]), f([3, 4], [1, 2])], 0), [1, 2], [3, 4]);
  assert.deepEqual(ops.shapes.concat([[1, 3, 4, 4], [1, 5, 4, 4]], 1), [1, 8, 4, 4]);
  const a = f([1, 2, 3, 4, 5, 6], [2, 3]);
  const message = (fn) => { try { fn(); } catch (e) { return `${e.code} ${e.message}`; } return 'no error'; };
  assert.equal(message(() => ops.concat([], 0)), 'INVALID_ARGUMENT concat: tensors is an empty list; concat needs at least one tensor');
  assert.equal(message(() => ops.concat([a, { data: new Int32Array(6), shape: [2, 3] }], 0)),
    "INVALID_ARGUMENT concat: tensors[1].dtype 'int32' differs from tensors[0].dtype 'float32'; the tensors must have one dtype");
  assert.equal(message(() => ops.concat([f([1], [])], 0)), 'INVALID_ARGUMENT concat: tensors[0].shape [] is a scalar; concat needs tensors of rank >= 1');
  assert.equal(message(() => ops.concat([a, a], 2)), 'INVALID_ARGUMENT concat: axis value 2 is out of range [-2, 2) for rank 2');
  assert.equal(message(() => ops.concat([a, f(new Array(8).fill(0), [2, 4])], 0)),
    'SHAPE_MISMATCH concat: tensors[1].shape [2, 4] has dim 4 at index 1, but tensors[0].shape [2, 3] has 3; only axis 0 may differ');
  assert.equal(message(() => ops.concat([a, f(new Array(6).fill(0), [2, 3, 1])], 0)),
    'SHAPE_MISMATCH concat: tensors[1].shape [2, 3, 1] has rank 3, but tensors[0].shape [2, 3] has rank 2');
});

test('split examples (docs/operations/split.md)', () => {
  const v = { data: Float32Array.from([0, 1, 2, 3, 4, 5]), shape: [6] };
  const m = { data: Float32Array.from([0, 1, 2, 3, 4, 5]), shape: [2, 3] };
  const parts = (r) => r.map((p) => [p.shape, Array.from(p.data)]);
  assert.deepEqual(parts(ops.split(v, 3)), [[[2], [0, 1]], [[2], [2, 3]], [[2], [4, 5]]]);
  assert.deepEqual(parts(ops.split(v, [1, -1, 2])), [[[1], [0]], [[3], [1, 2, 3]], [[2], [4, 5]]]);
  assert.deepEqual(parts(ops.split(v, [6, 0])), [[[6], [0, 1, 2, 3, 4, 5]], [[0], []]]);
  assert.deepEqual(parts(ops.split(v, [6])), [[[6], [0, 1, 2, 3, 4, 5]]]);
  assert.deepEqual(parts(ops.split(m, [2, 1], { axis: 1 })), [[[2, 2], [0, 1, 3, 4]], [[2, 1], [2, 5]]]);
  assert.deepEqual(ops.shapes.split([6], 3), [[2], [2], [2]]);
  const message = (fn) => { try { fn(); } catch (e) { return `${e.code} ${e.message}`; } return 'no error'; };
  assert.equal(message(() => ops.split(v, 0)), 'INVALID_ARGUMENT split: splits 0 must be at least 1 (a number is the count of equal parts)');
  assert.equal(message(() => ops.split(v, 4)), 'SHAPE_MISMATCH split: x.shape [6] has dim 6 at axis 0, which splits 4 does not divide into equal parts');
  assert.equal(message(() => ops.split(v, [2, 3])), 'SHAPE_MISMATCH split: splits [2, 3] add up to 5, but x.shape [6] has dim 6 at axis 0');
  assert.equal(message(() => ops.split(v, [3])), 'SHAPE_MISMATCH split: splits [3] add up to 3, but x.shape [6] has dim 6 at axis 0');
  assert.equal(message(() => ops.split(v, [-1, 2, -1])), 'INVALID_ARGUMENT split: splits [-1, 2, -1] has more than one -1 (at indices 0 and 2)');
  assert.equal(message(() => ops.split(v, 2, { axis: 1 })), 'INVALID_ARGUMENT split: axis value 1 is out of range [-1, 1) for rank 1');
  assert.equal(message(() => ops.split(v, 2, { out: [new Float32Array(3)] })), 'INVALID_ARGUMENT split: out has 1 arrays, but there are 2 outputs');
});

// Tile (docs/operations/tile.md): numpy.tile, the whole input repeated as a block.
test('Tile examples: block repetition, rank promotion both ways, zeros, a scalar', () => {
  const v = { data: Int32Array.from([1, 2]), shape: [2] };
  check(ops.tile(v, [2]), [4], [1, 2, 1, 2]);
  check(ops.tile(v, [2, 1]), [2, 2], [1, 2, 1, 2]);
  const m = { data: Int32Array.from([1, 2, 3, 4]), shape: [2, 2] };
  check(ops.tile(m, [2, 1]), [4, 2], [1, 2, 3, 4, 1, 2, 3, 4]);
  check(ops.tile(m, [2]), [2, 4], [1, 2, 1, 2, 3, 4, 3, 4]);
  check(ops.tile(m, [0, 1]), [0, 2], []);
  check(ops.tile({ data: Int32Array.from([7]), shape: [] }, 3), [3], [7, 7, 7]);
  assert.deepEqual(ops.shapes.tile([1, 3, 224, 224], [4, 1, 1, 1]), [4, 3, 224, 224]);
});

// SpaceToBatch / BatchToSpace (docs/operations/spaceToBatch.md, batchToSpace.md): TensorFlow's batch order.
test('SpaceToBatch examples: blocks into the batch, the original batch innermost, zero pads', () => {
  const z = [0, 0, 0, 0];
  check(ops.spaceToBatch({ data: iota(16), shape: [1, 4, 4, 1] }, [1, 2, 2, 1], z, z), [4, 2, 2, 1],
    [1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16]);
  check(ops.spaceToBatch({ data: iota(4), shape: [1, 2, 2, 1] }, [1, 2, 2, 1], z, z), [4, 1, 1, 1], [1, 2, 3, 4]);
  check(ops.spaceToBatch({ data: iota(8), shape: [2, 1, 4, 1] }, [1, 1, 2, 1], z, z), [4, 1, 2, 1], [1, 3, 5, 7, 2, 4, 6, 8]);
  check(ops.spaceToBatch({ data: iota(3), shape: [1, 1, 3, 1] }, [1, 1, 2, 1], [0, 0, 1, 0], z), [2, 1, 2, 1], [0, 2, 1, 3]);
  assert.deepEqual(ops.shapes.spaceToBatch([2, 5, 7, 3], [1, 2, 3, 1], [0, 1, 1, 0], [0, 0, 1, 0]), [12, 3, 3, 3]);
});
test('BatchToSpace examples: the inverse, with crops', () => {
  const z = [0, 0, 0, 0];
  check(ops.batchToSpace({ data: iota(4), shape: [4, 1, 1, 1] }, [1, 2, 2, 1], z, z), [1, 2, 2, 1], [1, 2, 3, 4]);
  check(ops.batchToSpace({ data: Int32Array.from([1, 3, 9, 11, 2, 4, 10, 12, 5, 7, 13, 15, 6, 8, 14, 16]), shape: [4, 2, 2, 1] },
    [1, 2, 2, 1], z, z), [1, 4, 4, 1], Array.from(iota(16)));
  check(ops.batchToSpace({ data: Int32Array.from([0, 2, 1, 3]), shape: [2, 1, 2, 1] }, [1, 1, 2, 1], [0, 0, 1, 0], z),
    [1, 1, 3, 1], [1, 2, 3]);
  assert.deepEqual(ops.shapes.batchToSpace([12, 3, 3, 3], [1, 2, 3, 1], [0, 1, 1, 0], [0, 0, 1, 0]), [2, 5, 7, 3]);
});

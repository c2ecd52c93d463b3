// 3. YOLOv8 post-processing: the output [1, 84, 8400] (4 box coordinates and
// 80 class scores per candidate, candidates along the last axis) -> the
// boxes [8400, 4] and each candidate's best class score and class.
//
// Library: the output kept (one copy in); the boxes a transposed slice
// (a view) written into the caller's array (reshape with out); the best class
// per candidate by argMax over the 80 score rows, and its score picked by
// gatherElements with those classes. JavaScript: no transpose at all: the
// boxes gathered from 4 rows, the best scores swept row by row of the
// [84, 8400] layout (sequential reads).
import { floats } from './common.mjs';

const N = 8400;
const K = 84;
const CLASSES = K - 4;

export default {
  id: 'yolo-post',
  title: 'YOLO [1,84,8400] -> boxes + best class',
  sizes: '[1,84,8400] f32 -> [8400,4] f32, [8400] f32 + i32',
  make(ops) {
    const pred = floats(K * N, 0, 1, 7);
    const boxesL = new Float32Array(N * 4);
    const scoreL = new Float32Array(N);
    const classL = new Int32Array(N);
    const boxesJ = new Float32Array(N * 4);
    const scoreJ = new Float32Array(N);
    const classJ = new Int32Array(N);

    const boxesOf = (t) => { // [1, N, 4]: a view
      const rows = ops.slice(t, [0], [4], { axes: [1] });
      const boxes = ops.transpose(rows, [0, 2, 1]);
      rows.dispose();
      return boxes;
    };
    const best = (t) => { // the best class and its score, into the caller's arrays
      const scores = ops.slice(t, [4], [K], { axes: [1] }); // [1, 80, N], a view
      ops.argMax(scores, 1, { keepDims: true, out: classL });
      ops.gatherElements(scores, { data: classL, shape: [1, 1, N] }, { axis: 1, out: scoreL });
      scores.dispose();
    };

    const library = () => {
      const t = ops.tensor(pred, [1, K, N]);
      const boxes = boxesOf(t);
      ops.reshape(boxes, [N, 4], { out: boxesL });
      best(t);
      boxes.dispose();
      t.dispose();
    };
    const js = () => {
      for (let i = 0, j = 0; i < N; i++, j += 4) {
        boxesJ[j] = pred[i];
        boxesJ[j + 1] = pred[N + i];
        boxesJ[j + 2] = pred[2 * N + i];
        boxesJ[j + 3] = pred[3 * N + i];
      }
      scoreJ.set(pred.subarray(4 * N, 5 * N));
      classJ.fill(0);
      for (let k = 1; k < CLASSES; k++) {
        for (let i = 0, at = (4 + k) * N; i < N; i++, at++) {
          const v = pred[at];
          if (v > scoreJ[i]) { scoreJ[i] = v; classJ[i] = k; }
        }
      }
    };

    const kept = ops.tensor(pred, [1, K, N]);
    const keptBoxes = boxesOf(kept);
    return {
      calls: 'ops.tensor; slice, transpose (views); reshape with out; argMax; gatherElements',
      inJs: 'nothing',
      library,
      js,
      outputs: { library: [boxesL, scoreL, classL], js: [boxesJ, scoreJ, classJ] },
      steps: [
        ['ops.tensor(output) (copy in)', () => ops.tensor(pred, [1, K, N]).dispose()],
        ['boxes: reshape of the view with out', () => ops.reshape(keptBoxes, [N, 4], { out: boxesL })],
        ['argMax + gatherElements of the score rows', () => best(kept)],
      ],
      dispose: () => { for (const t of [keptBoxes, kept]) t.dispose(); },
    };
  },
};

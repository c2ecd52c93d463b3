// 3. YOLOv8 post-processing: the output [1, 84, 8400] (4 box coordinates and
// 80 class scores per candidate, candidates along the last axis) -> the
// boxes [8400, 4] and each candidate's best class score and class.
//
// Library: the output kept (one copy in), transposed to [1, 8400, 84] and
// split into boxes and scores (views); the boxes written into the caller's
// array (out), the scores read once through .data; no argMax, so the best
// class per row is a JS loop. JavaScript: no transpose at all: the boxes
// gathered from 4 rows, the best scores swept row by row of the [84, 8400]
// layout (sequential reads).
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

    const argMaxRows = (s, score, cls) => { // s: [N, 80] row-major
      for (let r = 0, at = 0; r < N; r++, at += CLASSES) {
        let best = s[at];
        let c = 0;
        for (let k = 1; k < CLASSES; k++) {
          const v = s[at + k];
          if (v > best) { best = v; c = k; }
        }
        score[r] = best;
        cls[r] = c;
      }
    };
    const views = (t) => {
      const rows = ops.transpose(t, [0, 2, 1]); // [1, N, 84]
      const parts = ops.split(rows, [4, CLASSES], { axis: 2 });
      rows.dispose();
      return parts;
    };

    const library = () => {
      const t = ops.tensor(pred, [1, K, N]);
      const [boxes, scores] = views(t);
      ops.reshape(boxes, [N, 4], { out: boxesL });
      argMaxRows(scores.data, scoreL, classL);
      boxes.dispose();
      scores.dispose();
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
    const [keptBoxes, keptScores] = views(kept);
    const denseScores = ops.contiguous(keptScores);
    return {
      calls: 'ops.tensor; transpose, split (views); reshape with out; .data',
      inJs: 'best class per row (argMax)',
      library,
      js,
      outputs: { library: [boxesL, scoreL, classL], js: [boxesJ, scoreJ, classJ] },
      steps: [
        ['ops.tensor(output) (copy in)', () => ops.tensor(pred, [1, K, N]).dispose()],
        ['boxes: reshape of the view with out', () => ops.reshape(keptBoxes, [N, 4], { out: boxesL })],
        ['scores: transpose + split views, .data (one pass)', () => {
          const [b, s] = views(kept);
          s.data;
          b.dispose();
          s.dispose();
        }],
        ['JS: best class per row (from .data)', () => argMaxRows(denseScores.data, scoreL, classL), 'js'],
      ],
      dispose: () => { for (const t of [denseScores, keptBoxes, keptScores, kept]) t.dispose(); },
    };
  },
};

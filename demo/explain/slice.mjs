// slice: along a sliced axis, output index i holds input index
// start + i*step, with start made non-negative (d added once) and clamped
// as the docs say; the other axes keep their index.
import { axisOf, bigList, letter, read, ref } from './format.mjs';

// The start after ONNX's rules: d added to a negative one, then clamped to
// [0, d] (step > 0) or [0, d - 1] (step < 0).
function normalStart(start, d, step) {
  let s = start < 0n ? start + d : start;
  const hi = step > 0n ? d : d - 1n;
  if (s < 0n) s = 0n;
  if (s > hi) s = hi;
  return s;
}

function term(name, start, step) {
  const times = step === 1n || step === -1n ? name : `${name}*${step < 0n ? -step : step}`;
  if (start === 0n && step > 0n) return times;
  return `${start} ${step > 0n ? '+' : '-'} ${times}`;
}

export function explainSlice(call, out) {
  const shape = call.inputs[0];
  const [startsArg, , options] = call.args;
  const starts = bigList(startsArg);
  const axes = options?.axes === undefined ? starts.map((_, k) => k) : bigList(options.axes).map((a) => axisOf(a, shape.length));
  const steps = options?.steps === undefined ? starts.map(() => 1n) : bigList(options.steps);
  const values = {};
  const parts = [];
  const index = [];
  const notes = [];
  shape.forEach((d, a) => {
    const name = letter(a);
    values[name] = out.index[a];
    const k = axes.indexOf(a);
    if (k < 0) {
      parts.push(name);
      index.push(out.index[a]);
      return;
    }
    const step = steps[k];
    const start = normalStart(starts[k], BigInt(d), step);
    if (start !== starts[k]) notes.push(`axis ${a}: start ${starts[k]} is ${start}`);
    parts.push(term(name, start, step));
    index.push(start + BigInt(out.index[a]) * step);
  });
  const rule = 'a sliced axis reads start + i*step';
  return read({ lhs: ref('y', out.index), parts, index, values, note: [rule, ...notes].join('; ') });
}

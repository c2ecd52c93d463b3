// onnxruntime-web (wasm backend) running a one-node model of the same
// operation; null where ONNX has no such operation (NHWC, roll, symmetric
// padding, spaceToBatch). Reverse is ONNX's Slice with steps of -1.
import * as ort from 'onnxruntime-web';

import { oneNodeModel } from '../onnx_model.mjs';

export const version = ort.env.versions?.web ?? 'unknown';

function model(c) {
  const base = { dtype: c.dtype, inputShape: c.input, outputShape: c.output };
  const nchw = c.args[1]?.dataFormat === 'NCHW';
  switch (c.op) {
    case 'spaceToDepth':
      return nchw ? oneNodeModel({ ...base, op: 'SpaceToDepth', attributes: { blocksize: c.args[0] } }) : null;
    case 'depthToSpace':
      return nchw ? oneNodeModel({ ...base, op: 'DepthToSpace', attributes: { blocksize: c.args[0], mode: 'DCR' } }) : null;
    case 'broadcast': // Expand broadcasts both ways, as numpy does
      return oneNodeModel({ ...base, op: 'Expand', constants: { shape: c.args[0] } });
    case 'reshape':
      return oneNodeModel({ ...base, op: 'Reshape', constants: { shape: c.args[0] } });
    case 'transpose':
      return oneNodeModel({ ...base, op: 'Transpose', attributes: { perm: c.args[0] } });
    case 'slice': {
      const [starts, ends, { axes, steps = axes.map(() => 1) }] = c.args;
      return oneNodeModel({ ...base, op: 'Slice', constants: { starts, ends, axes, steps } });
    }
    case 'reverse': {
      const axes = c.args[0];
      const INT64_MIN = -(2n ** 63n);
      return oneNodeModel({
        ...base, op: 'Slice',
        constants: { starts: axes.map(() => -1), ends: axes.map(() => INT64_MIN), axes, steps: axes.map(() => -1) },
      });
    }
    case 'pad': { // wrap arrived in opset 19
      const [begin, end, { mode }] = c.args;
      if (mode === 'symmetric') return null;
      return oneNodeModel({ ...base, op: 'Pad', opset: 19, constants: { pads: [...begin, ...end] }, attributes: { mode } });
    }
    // Indices travel as a constant of the model, whose hand encoder holds
    // every byte in a JS array: past 2^20 indices that runs out of heap.
    case 'gather':
      if (c.args[0].data.length > 2 ** 20) return null;
      return oneNodeModel({ ...base, op: 'Gather', constants: { indices: Array.from(c.args[0].data) } });
    case 'gatherElements':
      if (c.args[0].data.length > 2 ** 20) return null;
      return oneNodeModel({ ...base, op: 'GatherElements', constants: { indices: Array.from(c.args[0].data) }, attributes: { axis: c.args[1].axis } });
    case 'tile':
      return oneNodeModel({ ...base, op: 'Tile', constants: { repeats: c.args[0] } });
    case 'concat':
      return oneNodeModel({ ...base, inputShapes: c.inputs, op: 'Concat', attributes: { axis: c.args[0] } });
    case 'split': {
      const axis = c.args[1].axis;
      return oneNodeModel({
        ...base, outputShapes: c.outputs, op: 'Split', constants: { split: c.outputs.map((s) => s[axis]) }, attributes: { axis },
      });
    }
    default:
      return null;
  }
}

/** An async function running the case, or null when unsupported. */
export async function onnxruntime(c, xs) {
  const bytes = model(c);
  if (!bytes) return null;
  try {
    const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
    const feeds = c.op === 'concat'
      ? Object.fromEntries(xs.map((x, i) => [`x${i}`, new ort.Tensor(c.dtype, x, c.inputs[i])]))
      : { x: new ort.Tensor(c.dtype, xs[0], c.input) };
    await session.run(feeds); // fails here for types the kernel lacks
    return { run: async () => { await session.run(feeds); }, dispose: () => session.release() };
  } catch {
    return null;
  }
}

export function ortThreads() {
  return ort.env.wasm.numThreads;
}

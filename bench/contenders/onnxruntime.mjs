// onnxruntime-web (wasm backend) running a one-node model of the same
// operation; null where ONNX has no such operation (NHWC, roll).
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
    default:
      return null;
  }
}

/** An async function running the case, or null when unsupported. */
export async function onnxruntime(c, x) {
  const bytes = model(c);
  if (!bytes) return null;
  try {
    const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
    const feeds = { x: new ort.Tensor(c.dtype, x, c.input) };
    await session.run(feeds); // fails here for types the kernel lacks
    return { run: async () => { await session.run(feeds); }, dispose: () => session.release() };
  } catch {
    return null;
  }
}

export function ortThreads() {
  return ort.env.wasm.numThreads;
}

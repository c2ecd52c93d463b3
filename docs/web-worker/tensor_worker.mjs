// tensor_worker.mjs: wasm-tensor-ops in a module worker, so that large
// operations never freeze the page. Each request runs a chain of operations
// on kept tensors and sends the result back as a plain, transferred array.
import { load } from '../../web/browser.mjs';

const ready = load(); // simd-mt when the page is cross-origin isolated, else simd-st

// Request: { id, tensor: { data, shape, dtype? }, steps: [[name, ...args], ...] },
// e.g. steps [['transpose', [0, 3, 1, 2]], ['pad', [0, 0, 1, 1], [0, 0, 1, 1]]].
// Reply: { id, tensor: { data, shape, dtype } } or { id, error: { name, code, message } },
// with the module's backend and memory (nothing stays kept after a request).
self.onmessage = async ({ data: { id, tensor, steps } }) => {
  let reply;
  let transfer = [];
  let ops;
  let t;
  try {
    ops = await ready;
    t = ops.tensor(tensor.data, tensor.shape, tensor.dtype); // one copy in
    for (const [name, ...args] of steps) {
      const next = ops[name](t, ...args);
      t.dispose(); // free each step's input at once: large chains need room for two tensors only
      t = next;
    }
    const data = t.toArray(); // one copy out, owned by JavaScript, so it can be transferred
    reply = { id, tensor: { data, shape: [...t.shape], dtype: t.dtype } };
    transfer = [data.buffer];
  } catch (error) {
    reply = { id, error: { name: error.name, code: error.code, message: error.message } };
  } finally {
    t?.dispose();
  }
  if (ops) Object.assign(reply, { backend: ops.backend, memory: ops.memory() });
  self.postMessage(reply, transfer);
};

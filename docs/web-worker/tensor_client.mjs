// tensor_client.mjs: the page's side of tensor_worker.mjs. run() transfers
// the input's buffer to the worker (the caller's array is detached, nothing
// copied) and resolves with the worker's reply, its result transferred back.
export function startTensorWorker() {
  const worker = new Worker(new URL('./tensor_worker.mjs', import.meta.url), { type: 'module' });
  const pending = new Map();
  let nextId = 0;
  worker.onmessage = ({ data: reply }) => {
    const { resolve, reject } = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) reject(Object.assign(new Error(reply.error.message), reply.error));
    else resolve(reply);
  };
  worker.onerror = (event) => { // the worker failed to start or threw outside a request
    for (const { reject } of pending.values()) reject(new Error(`tensor worker: ${event.message ?? 'failed to load'}`));
    pending.clear();
  };
  return {
    /** Runs `steps` on `tensor` ({ data, shape, dtype? }) in the worker. */
    run(tensor, steps) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, tensor, steps }, [tensor.data.buffer]);
      });
    },
    terminate() {
      worker.terminate();
    },
  };
}

// The threaded build's start, watched: a pool worker that fails while the
// module starts would otherwise end the process (the glue's onerror
// rethrows from an event) or leave load() waiting forever (the glue waits
// for every worker). Node's worker_threads API, as Node, Deno and Bun have it.

/**
 * Watches the workers the glue has just created (moduleArg.PThread).
 * `failed` rejects with the first worker's error or exit while starting;
 * started() hands later errors back to the glue. Until then, and forever on
 * a failed start, the glue's handler is never called.
 */
export function watchPoolStart(moduleArg) {
  let starting = true;
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {}); // nobody awaits it once the module is ready
  for (const worker of moduleArg.PThread?.unusedWorkers ?? []) {
    let glueOnError;
    Object.defineProperty(worker, 'onerror', {
      configurable: true,
      get: () => (starting ? fail : glueOnError),
      set: (handler) => {
        glueOnError = handler;
      },
    });
    // Also before the glue listens (an error with no listener is thrown).
    worker.on('error', (error) => starting && fail(error));
    worker.on('exit', (code) => starting && fail(new Error(`a pool worker exited with code ${code} while starting`)));
  }
  return {
    failed,
    started() {
      starting = false;
    },
  };
}

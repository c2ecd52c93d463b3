// Deno runs node:worker_threads workers in a global whose `location` has
// only a getter, and Emscripten 3.1.6's worker file assigns `location`
// first thing, which throws there. In Deno the pool's workers start from a
// tiny ES module instead: it makes `location` a plain property, then loads
// the real worker file as CommonJS (it needs require and __filename).

/** True in Deno (its Node compatibility layer runs web/node.mjs). */
export const IS_DENO = typeof globalThis.Deno?.version?.deno === 'string';

/** What to start a pthread worker from in Deno: a data: URL that runs `workerFile`. */
export function denoWorker(workerFile) {
  const code = `import { createRequire } from 'node:module';
const file = ${JSON.stringify(String(workerFile))};
Object.defineProperty(globalThis, 'location', { value: undefined, writable: true, configurable: true, enumerable: true });
createRequire(file)(file);`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

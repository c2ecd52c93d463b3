// What must NOT type-check in a CommonJS file (an unused @ts-expect-error
// is itself an error).
import pkg = require('wasm-tensor-ops');

export async function mistakes(): Promise<void> {
  // @ts-expect-error: require() gives the named exports; there is no `default`
  pkg.default.load();
  const esm = await import('wasm-tensor-ops');
  // @ts-expect-error: the ES module has no default export either
  await esm.default.load();
  // @ts-expect-error: threadsAvailable takes nothing and returns a boolean
  const n: number = pkg.threadsAvailable();
  // @ts-expect-error: 'thread' is not an option of load() (it is 'threads')
  await pkg.load({ thread: 2 });
}

// A CommonJS project (no "type" in package.json): require() the package, run
// every operation on both builds, print one JSON line, and let Node exit by
// itself (no process.exit()).
'use strict';
const pkg = require('wasm-tensor-ops');
const { load, TensorOpsError } = require('wasm-tensor-ops');
const { version } = require('wasm-tensor-ops/package.json');

async function main() {
  if (typeof load !== 'function' || typeof TensorOpsError !== 'function') throw new Error('missing exports');
  const { exercise } = await import('./exercise.mjs');
  const reports = [
    await exercise(pkg, {}, { large: true }),
    await exercise(pkg, { threads: 1 }),
  ];
  console.log(JSON.stringify({ version, entry: require.resolve('wasm-tensor-ops'), reports }));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

#!/usr/bin/env bash
# npm start: installs what is missing, builds the package's wasm modules if
# needed, then serves the interactive demo page (demo/index.html) in the
# foreground on PORT (default 8080), with the cross-origin isolation headers
# that let the threaded build run in the browser. It prints the address.
#   PORT=3000 npm start        HOST=0.0.0.0 npm start (to reach it from elsewhere)
# The Node.js example of the seed documents: node demo/seed_examples.mjs
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-npm
scripts/build.sh --package
exec node demo/server.mjs

#!/usr/bin/env bash
# npm start: builds the package's wasm modules if needed and runs the example
# that prints the seed documents' Roll and SpaceToDepth examples.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-npm
scripts/build.sh --package
node demo/seed_examples.mjs

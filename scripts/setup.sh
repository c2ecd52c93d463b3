#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine:
# Debian packages with apt-get (only those missing), npm packages with npm ci.
# ninja-build: scripts/sanitizer_build.sh builds with Ninja.
# Usage: scripts/setup.sh [--no-npm]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make ninja-build emscripten catch2 python3-numpy chromium clang libclang-rt-14-dev
  firefox-esr webkit2gtk-driver xvfb xauth)  # xauth: xvfb-run needs it, and it is only xvfb's Recommends
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ "${1:-}" != "--no-npm" ] && [ -f package-lock.json ]; then
  # npm ci again only when the lock file changed since the last install.
  stamp=node_modules/.package-lock.json
  if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund
  fi
fi

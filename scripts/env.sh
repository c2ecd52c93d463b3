# Sourced by the build scripts: the environment Debian's emscripten needs.
# Its JS optimizer needs acorn, which Debian installs under /usr/share/nodejs;
# a Node.js that is not Debian's does not look there on its own.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

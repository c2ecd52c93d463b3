// CommonJS entry: the same module object as the ESM entry (Node >= 20.19
// loads ES modules with require()), so TensorOpsError is one class for both.
'use strict';

module.exports = require('./node.mjs');

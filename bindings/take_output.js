// The one function the core calls in JavaScript: output bytes [at, at +
// bytes) are final, copy them into the caller's array now (a plain result
// made by the pool, band by band: engine/output_stream.hpp). web/call.mjs
// sets Module.tensorOpsTakeOutput around the call that streams.
mergeInto(LibraryManager.library, {
  tensor_ops_take_output: function(at, bytes) {
    Module['tensorOpsTakeOutput'](at >>> 0, bytes >>> 0);
  },
});

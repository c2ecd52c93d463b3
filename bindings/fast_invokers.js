// Embind's JavaScript invokers, without eval and without allocating.
//
// Emscripten 3.1.6 builds each invoker with `new Function` (refused by a
// Content Security Policy without 'unsafe-eval'), and its eval-free
// fallback (DYNAMIC_EXECUTION=0) copies the arguments into arrays on every
// call, about 0.6 µs. The functions module_exports.cpp binds take numbers,
// which wasm converts itself, so each gets a function literal of its own
// here: one per name, so that V8 keeps each call site monomorphic (closures
// of one literal share their type feedback). Those that return numbers call
// the bound function itself (it is in the table, since Embind took its
// address) rather than through Embind's C++ invoker, which would only pass
// the numbers on. A name missing here gets a generic invoker, correct but
// slower.
mergeInto(LibraryManager.library, {
  // Functions of numbers returning a number: `fn` is the bound function.
  $tensorOpsDirect: {
    'prepare': (fn) => (a, b, c, d, e, g) => fn(a, b, c, d, e, g),
    'execute': (fn) => (a, b, c) => fn(a, b, c),
    'executeSources': (fn) => (a, b, c) => fn(a, b, c),
    'allocTensor': (fn) => (a, b, c) => fn(a, b, c),
    'shrinkBlock': (fn) => (a, b) => fn(a, b) >>> 0,
    'releaseBlock': (fn) => (a) => { fn(a); },
    'scratch': (fn) => (a) => fn(a) >>> 0,
    'scratchWords': (fn) => () => fn(),
    'errorCode': (fn) => () => fn() >>> 0,
    'errorMessage': (fn) => () => fn() >>> 0,
    'startPool': (fn) => (a) => fn(a),
    'heapBytes': (fn) => () => fn(),
    'heapPeakBytes': (fn) => () => fn(),
    'planCacheBytes': (fn) => () => fn(),
    'cachedPlans': (fn) => () => fn(),
    'setParallelMinBytes': (fn) => (a) => { fn(a); },
  },
  // Functions returning a string or a val, through Embind's C++ invoker
  // `f` of the bound function `p`; `from` converts what it returns.
  $tensorOpsConverted: {
    'tensorView': (f, p, from) => (a, b, c) => from(f(p, a, b, c)),
    'constants': (f, p, from) => () => from(f(p)),
    'describeOps': (f, p, from) => () => from(f(p)),
  },
  $craftInvokerFunction__deps: ['$throwBindingError', '$tensorOpsDirect', '$tensorOpsConverted'],
  $craftInvokerFunction: function(humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
    if (classType !== null || argTypes[1] !== null) {
      throwBindingError(humanName + ': only free functions are bound (bindings/fast_invokers.js)');
    }
    var ret = argTypes[0];
    var args = argTypes.slice(2);
    for (var i = 0; i < args.length; ++i) {
      // Arguments that need destructors (strings, objects) would need Embind's own invoker.
      if (args[i].destructorFunction !== null && args[i].destructorFunction !== undefined) {
        throwBindingError(humanName + ': argument ' + i + ' is not a number (bindings/fast_invokers.js)');
      }
    }
    var from = function(wire) { return ret['fromWireType'](wire); };
    var invoker;
    if (tensorOpsDirect[humanName] !== undefined) {
      invoker = tensorOpsDirect[humanName](wasmTable.get(cppTargetFunc));
    } else if (tensorOpsConverted[humanName] !== undefined) {
      invoker = tensorOpsConverted[humanName](cppInvokerFunc, cppTargetFunc, from);
    } else {
      return function() {
        var wired = [cppTargetFunc];
        for (var i = 0; i < args.length; ++i) wired.push(args[i]['toWireType'](null, arguments[i]));
        return from(cppInvokerFunc.apply(null, wired));
      };
    }
    if (invoker.length !== args.length) {
      throwBindingError(humanName + ' takes ' + args.length + ' arguments, its invoker ' + invoker.length);
    }
    return invoker;
  },
});

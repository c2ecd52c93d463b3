// Records the page's console errors and warnings, uncaught errors and
// unhandled rejections in window.__problems, for drivers that cannot listen
// to the console (WebKit's WebDriver has no BiDi). The test server puts it
// first in <head>, so it runs before any other script of the page.
(function () {
  var problems = [];
  window.__problems = problems;
  ['error', 'warn'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      var text = Array.prototype.map.call(arguments, function (a) {
        return a instanceof Error ? a.message : String(a);
      }).join(' ');
      problems.push('console ' + (level === 'warn' ? 'warning' : level) + ': ' + text);
      return original.apply(console, arguments);
    };
  });
  window.addEventListener('error', function (e) {
    problems.push('page error: ' + (e.error && e.error.message ? e.error.message : e.message));
  });
  window.addEventListener('unhandledrejection', function (e) {
    problems.push('page error: ' + (e.reason && e.reason.message ? e.reason.message : String(e.reason)));
  });
})();

// Records the page's console errors and warnings, uncaught errors and
// unhandled rejections in window.__problems (and every console message in
// window.__console), for drivers that cannot listen
// to the console (WebKit's WebDriver has no BiDi). The test server puts it
// first in <head>, so it runs before any other script of the page.
(function () {
  var problems = [];
  var messages = [];
  window.__problems = problems;
  window.__console = messages;
  ['error', 'warn', 'info', 'log'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      var text = Array.prototype.map.call(arguments, function (a) {
        return a instanceof Error ? a.message : String(a);
      }).join(' ');
      var type = level === 'warn' ? 'warning' : level;
      messages.push({ type: type, text: text });
      if (level === 'error' || level === 'warn') problems.push('console ' + type + ': ' + text);
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

// The package and the demo in WebKit (Debian's WebKitGTK MiniBrowser, over
// WebDriver under xvfb-run). WebKitGTK hides SharedArrayBuffer even on a
// cross-origin isolated page, so load() runs simd-st there and says why;
// with JSC_useSharedArrayBuffer=1 in the browser's environment it has
// SharedArrayBuffer and runs simd-mt (a second launch: the variable is the
// browser process's).
import { engineSuite } from './suite.mjs';

engineSuite('webkit', {
  isolated: {
    variant: 'simd-st',
    reason: /hides SharedArrayBuffer even on this cross-origin isolated page/,
    says: /hides SharedArrayBuffer even on this cross-origin isolated page, so the threaded build cannot run/,
  },
  notIsolated: { variant: 'simd-st' },
});
engineSuite('webkit', {
  label: 'webkit with JSC_useSharedArrayBuffer=1',
  env: { JSC_useSharedArrayBuffer: '1' },
  isolated: { variant: 'simd-mt' },
  notIsolated: { variant: 'simd-st' },
  demo: false,
});

// The package and the demo in Firefox (Debian's firefox-esr, over
// puppeteer-core and WebDriver BiDi).
import { engineSuite } from './suite.mjs';

engineSuite('firefox', { isolated: { variant: 'simd-mt' }, notIsolated: { variant: 'simd-st' } });

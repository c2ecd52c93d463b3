// The package and the demo in Chromium (Debian's, over puppeteer-core).
import { engineSuite } from './suite.mjs';

engineSuite('chromium', { isolated: { variant: 'simd-mt' }, notIsolated: { variant: 'simd-st' } });

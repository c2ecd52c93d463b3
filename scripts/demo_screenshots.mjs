// Pictures of the demo on a picture of your own, for docs/screenshots/:
// a 640 x 360 scene (drawn here, given through the file input as a user
// gives a photo) letterboxed by fromImage with the planes and the argMax
// map the model reads, and the Resize tab's modes side by side.
//   node scripts/demo_screenshots.mjs        (needs the built dist/ and Chromium, as the browser tests)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { settle, startBrowser } from '../tests/browser/harness.mjs';
import { png } from '../tests/browser/png.mjs';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const [W, H] = [640, 360];

// A landscape: sky, sun, hills, a red house, a blue lake, some texture.
function scene() {
  const px = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const hill = 230 + 30 * Math.sin(x / 60) + 15 * Math.sin(x / 17);
      let c = [110 + y / 4, 160 + y / 5, 235, 255];
      if ((x - 520) ** 2 + (y - 70) ** 2 < 40 ** 2) c = [250, 210, 60, 255];
      if (y > hill) c = [60 + ((x * 7 + y * 13) % 23), 140 + ((x * 3 + y * 5) % 31), 60, 255];
      if (x > 120 && x < 250 && y > 180 && y < 280) c = [190, 50, 45, 255];
      if (x > 160 && x < 200 && y > 225 && y < 280) c = [90, 60, 40, 255];
      if (y > 150 && y < 180 && x > 110 + (y - 150) * -1 + 30 && x < 260 - (180 - y) * 2 + 30) c = [120, 70, 40, 255];
      if ((x - 430) ** 2 / 9000 + (y - 310) ** 2 / 700 < 1) c = [40, 90, 200, 255];
      px.set(c, (y * W + x) * 4);
    }
  }
  return px;
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'wasm-tensor-ops-shots-'));
const file = path.join(folder, 'your-picture.png');
writeFileSync(file, png(W, H, scene()));
const browser = await startBrowser();
try {
  const page = await browser.open('images', { width: 1280, height: 1000 });
  await page.setInputFiles('#images-file', file);
  await page.waitForFunction(() => /your-picture\.png/.test(document.querySelector('#panel-images [data-role="picture-status"]').textContent));
  await page.click('#panel-images [data-preset="4"]'); // Letterbox to 224 x 224
  await settle(page, 'images');
  await page.locator('#panel-images .stage').screenshot({ path: path.join(OUT, 'letterbox-planes-argmax.png') });
  await page.click('#tab-resize');
  await settle(page, 'resize');
  await page.waitForSelector('#panel-resize [data-role="resize-modes"][data-state="ok"]');
  await page.selectOption('#resize-modes-side', '96');
  await page.waitForFunction(() => document.querySelector('#panel-resize canvas[data-role="modes-result"][data-mode="nearest"]')?.width === 96);
  await page.locator('#panel-resize [data-role="resize-modes"]').screenshot({ path: path.join(OUT, 'resize-modes.png') });
  browser.assertNoProblems();
  console.log(`wrote ${OUT}letterbox-planes-argmax.png and resize-modes.png`);
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
}

// The README's screenshot of the viewer (docs/viewer.png): rooms.ron for
// the ogre, the route from gate to garden picked by `render --route`, edge
// 9 hovered. Not a test; run from viewer/tests after `cargo build`:
// `node readme_screenshot.js` (CLEARWAY_BIN names another binary).
'use strict';
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { launch, open } = require('./browser.js');

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = process.env.CLEARWAY_BIN || path.join(ROOT, 'target', 'debug', 'clearway');

async function main() {
  const out = path.join(ROOT, 'target', 'viewer-tests', 'readme-rooms.html');
  const run = spawnSync(BIN, ['render', path.join(ROOT, 'maps', 'rooms.ron'), '--agent', 'ogre', '--route', 'id:1', 'id:14', '-o', out], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  const browser = await launch();
  try {
    const { page, errors } = await open(browser, out);
    // Hover edge 9: the middle of its two ends on screen.
    const [a, b] = await page.evaluate(() => { const e = window.clearway.edge(9); return [window.clearway.screenOf(e.from), window.clearway.screenOf(e.to)]; });
    const box = await page.locator('#canvas').boundingBox();
    await page.mouse.move(box.x + (a.x + b.x) / 2, box.y + (a.y + b.y) / 2);
    await page.evaluate(() => window.clearway.drawNow());
    await page.screenshot({ path: path.join(ROOT, 'docs', 'viewer.png') });
    if (errors.length) throw new Error(errors.join('\n'));
  } finally {
    await browser.close();
  }
}

main().catch((err) => { console.error(err); process.exitCode = 1; });

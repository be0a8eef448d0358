// Launching the system's Chromium for the tests: playwright-core downloads
// no browser; the page is opened from disk, and every request is recorded
// so that the tests can say none left the file.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const CHROMIUM = process.env.CLEARWAY_CHROMIUM || '/usr/bin/chromium';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A browser with a fresh, empty profile; `close()` removes the profile. */
async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'clearway-viewer-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1280, height: 860 },
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `file` in a new page; resolves once `window.clearway.ready` has.
 * The page's console errors, uncaught errors and requests are collected.
 */
async function open(browser, file, { timeout = 120000 } = {}) {
  const page = await browser.context.newPage();
  const errors = [];
  const requests = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('request', (req) => requests.push(req.url()));
  const url = 'file://' + path.resolve(file);
  await page.goto(url, { timeout });
  await page.waitForFunction(() => window.clearway !== undefined, null, { timeout });
  await page.evaluate(() => window.clearway.ready);
  return { page, errors, requests, url };
}

module.exports = { launch, open, CHROMIUM };

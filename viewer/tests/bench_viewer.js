// The viewer page's timings on big levels, in headless Chromium: not a test
// (node --test does not pick it up), a measurement for docs/PERFORMANCE.md
// ("The viewer page"). Run from viewer/tests after `npm ci`:
//
//   CLEARWAY_BIN=../../target/release/clearway node bench_viewer.js [ROUNDS] [SIDES...]
//
// For each grid side (default 180 and 540: about 100k and 1M edges) it makes
// the level as the browser test makes its 100k one (a seeded Moving AI grid,
// 8 % solid, through `clearway grid`), renders the page, then opens it
// ROUNDS times (default 3), the levels alternating, each time in a fresh
// tab: time to `ready` from navigation, the base64 decode, a full redraw
// (median of 5), the frames while panning with the mouse (60 moves), a
// radius change, and a route between two nodes that no route joins at the
// radius (and the first query of a tab, which builds the widest tree).
// It prints one JSON line per round and a table of medians.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { launch, open } = require('./browser.js');

const ROOT = path.resolve(__dirname, '..', '..');
const RELEASE = path.join(ROOT, 'target', 'release', 'clearway');
const BIN = process.env.CLEARWAY_BIN || (fs.existsSync(RELEASE) ? RELEASE : path.join(ROOT, 'target', 'debug', 'clearway'));
const WORK = path.join(ROOT, 'target', 'viewer-bench');

function cli(args) {
  const run = spawnSync(BIN, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`clearway ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return run.stdout;
}

/** The browser test's generator (viewer.test.js): an LCG, so every run makes the same level. */
function seeded(seed) {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
}

function grid(side, solid, seed) {
  const rand = seeded(seed);
  const rows = [];
  for (let r = 0; r < side; r++) {
    let row = '';
    for (let c = 0; c < side; c++) row += rand() < solid ? '@' : '.';
    rows.push(row);
  }
  return `type octile\nheight ${side}\nwidth ${side}\nmap\n${rows.join('\n')}\n`;
}

/** The level and page for grid side `side`, made once. */
function page(side) {
  const map = path.join(WORK, `grid${side}.ron`);
  const html = path.join(WORK, `grid${side}.html`);
  if (!fs.existsSync(html)) {
    const gridFile = path.join(WORK, `grid${side}.map`);
    fs.writeFileSync(gridFile, grid(side, 0.08, 2026));
    cli(['grid', gridFile, '-o', map, '-q']);
    const t0 = Date.now();
    cli(['render', map, '-o', html]);
    console.error(`rendered ${html} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return html;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };

async function measure(browser, file) {
  const { page: tab, errors } = await open(browser, file, { timeout: 600000 });
  try {
    const timings = await tab.evaluate(() => window.clearway.timings);
    const edges = await tab.evaluate(() => window.clearway.blockedEdges().length + window.clearway.counts().clear + window.clearway.counts().tight);
    const full = [];
    for (let k = 0; k < 5; k++) full.push(await tab.evaluate(() => window.clearway.drawNow()));
    const box = await tab.locator('#canvas').boundingBox();
    await tab.evaluate(() => { window.clearway.frameTimes().length = 0; });
    const before = (await tab.evaluate(() => window.clearway.frameTimes())).length;
    await tab.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await tab.mouse.down();
    for (let k = 0; k < 60; k++) {
      await tab.mouse.move(box.x + box.width / 2 + 3 * k, box.y + box.height / 2 + 2 * k);
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    }
    await tab.mouse.up();
    const frames = (await tab.evaluate(() => window.clearway.frameTimes())).slice(before);
    // A radius change: recolouring and counting every edge.
    const radiusMs = await tab.evaluate(() => { const t = performance.now(); window.clearway.setRadius(0.75); return performance.now() - t; });
    // Two nodes that no route joins at radius 0.75: the first node, and the
    // first node from the end whose widest radius with it is below 0.75
    // (or none at all).
    const noRoute = await tab.evaluate(() => {
      const c = window.clearway, ids = c.nodeIds();
      const a = ids[0];
      // The first query builds the widest tree.
      const t0 = performance.now();
      c.widest(a, ids[ids.length - 1]);
      const firstMs = performance.now() - t0;
      for (let k = ids.length - 1; k > 0; k -= 97) {
        const w = c.widest(a, ids[k]);
        if (w.radius === null || w.radius < 0.75) {
          const t1 = performance.now();
          const r = c.route(a, ids[k]);
          return { firstMs, ms: performance.now() - t1, found: r.found, pair: [a, ids[k]], widest: w.radius };
        }
      }
      return { firstMs, ms: null, found: null, pair: null };
    });
    return {
      file: path.basename(file), edges, bytes: fs.statSync(file).size,
      readyMs: timings.readyMs, decodeMs: timings.decodeMs,
      fullDrawMs: median(full), panFrames: frames.length, panMedianMs: median(frames), panMaxMs: Math.max(...frames),
      radiusMs, noRoute, errors,
    };
  } finally {
    await tab.close();
  }
}

async function main() {
  const rounds = Number(process.argv[2] || 3);
  const sides = process.argv.length > 3 ? process.argv.slice(3).map(Number) : [180, 540];
  fs.mkdirSync(WORK, { recursive: true });
  console.error(`clearway: ${BIN}`);
  const files = sides.map(page);
  const browser = await launch();
  const results = new Map(files.map((f) => [f, []]));
  try {
    for (let round = 0; round < rounds; round++) {
      // Alternating: each round opens every level once, in turn.
      for (const file of round % 2 ? [...files].reverse() : files) {
        const r = await measure(browser, file);
        console.log(JSON.stringify({ round, ...r }));
        results.get(file).push(r);
      }
    }
  } finally {
    await browser.close();
  }
  console.log('\n| level | edges | page | bytes an edge | `ready` | decode | full redraw | pan frame median / max | radius change | first query (builds the widest tree) / no route |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [file, rs] of results) {
    const m = (f) => median(rs.map(f));
    const s = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
    console.log(`| ${path.basename(file)} | ${rs[0].edges} | ${(rs[0].bytes / 1e6).toFixed(1)} MB | ${(rs[0].bytes / rs[0].edges).toFixed(1)} | ${s(m((r) => r.readyMs))} | ${s(m((r) => r.decodeMs))} | ${s(m((r) => r.fullDrawMs))} | ${s(m((r) => r.panMedianMs))} / ${s(m((r) => r.panMaxMs))} | ${s(m((r) => r.radiusMs))} | ${s(m((r) => r.noRoute.firstMs))} / ${rs[0].noRoute.ms === null ? '-' : s(m((r) => r.noRoute.ms))} |`);
  }
}

main().catch((err) => { console.error(err); process.exitCode = 1; });

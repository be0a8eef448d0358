// Browser tests of the viewer page: `clearway render MAP -o X.html` with the
// debug CLI, opened from disk in the system's Chromium, checked against
// the CLI's own answers (`check`, `route`, `widest`). Run with `node --test`
// after `cargo build` (CLEARWAY_BIN names another binary).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { launch, open } = require('./browser.js');

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = process.env.CLEARWAY_BIN || path.join(ROOT, 'target', 'debug', 'clearway');
const WORK = path.join(ROOT, 'target', 'viewer-tests');
const SHOTS = path.join(ROOT, 'target', 'viewer-screenshots');
const MAPS = ['corridors', 'warehouse', 'rooms', 'field', 'plaza', 'two_storey', 'level3d'];

fs.mkdirSync(WORK, { recursive: true });
fs.mkdirSync(SHOTS, { recursive: true });

/** Runs the CLI; exit 0 or 1 (1: no route) are answers, others fail the test. */
function cli(args) {
  const run = spawnSync(BIN, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.error) throw run.error;
  if (run.status !== 0 && run.status !== 1) throw new Error(`clearway ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return run.stdout;
}
const json = (args) => JSON.parse(cli([...args, '--format', 'json']));

/** A seeded generator (an LCG), so that every run asks the same pairs. */
function seeded(seed) {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 4294967296; };
}

function render(map, out, extra = []) {
  cli(['render', map, '-o', out, ...extra]);
  const html = fs.readFileSync(out, 'utf8');
  // Self-contained: no address of anything outside the file.
  assert.doesNotMatch(html, /(src|href)\s*=\s*["'](https?:)?\/\//i);
  return html;
}

function onlyTheFile(requests, url) {
  const others = requests.filter((r) => r !== url && !r.startsWith('data:'));
  assert.deepEqual(others, [], 'the page asked for nothing beyond itself');
}

async function canvasShot(page) {
  return page.locator('#canvas').screenshot();
}

/** `check --format json`'s blocked edges at radius r, beside the page's. */
async function compareBlocked(page, map, r) {
  const expected = json(['check', map, '--radius', String(r)]).blocked;
  await page.evaluate((x) => window.clearway.setRadius(x), r);
  const got = await page.evaluate(() => window.clearway.blockedEdges());
  assert.deepEqual(got, expected.map((b) => b.edge), `${map} blocked edges at radius ${r}`);
  for (const b of expected.slice(0, 50)) {
    const e = await page.evaluate((i) => window.clearway.edge(i), b.edge);
    assert.equal(e.clearance, b.clearance, `edge ${b.edge} clearance`);
    assert.equal(e.obstacle ? e.obstacle.index : null, b.obstacle ?? null, `edge ${b.edge} witness`);
  }
  return expected.length;
}

/** The three radii a map is checked at: 0, its first agent's, and an edge's own clearance. */
async function radiiOf(page) {
  const agents = await page.evaluate(() => window.clearway.agents());
  const m = await page.evaluate(() => window.clearway.blockedEdges().length + window.clearway.counts().clear + window.clearway.counts().tight);
  let exact = 1;
  for (let k = Math.floor(m / 2); k < m; k++) {
    const c = await page.evaluate((i) => window.clearway.edge(i).clearance, k);
    if (Number.isFinite(c) && c > 0) { exact = c; break; }
  }
  return [0, agents.length ? agents[0].radius : 0.5, exact];
}

/** Compares `count` seeded pairs' routes and widest routes with the CLI's, one process a query. */
async function compareRoutes(page, map, r, count, seed) {
  const ids = await page.evaluate(() => window.clearway.nodeIds());
  const rand = seeded(seed);
  await page.evaluate((x) => window.clearway.setRadius(x), r);
  let found = 0;
  for (let q = 0; q < count; q++) {
    const a = ids[Math.floor(rand() * ids.length)], b = ids[Math.floor(rand() * ids.length)];
    const cliRoute = json(['route', map, '--from', `id:${a}`, '--to', `id:${b}`, '--radius', String(r)]);
    const pageRoute = await page.evaluate(([x, y]) => window.clearway.route(x, y), [a, b]);
    assert.equal(pageRoute.found, cliRoute.found, `${map} route ${a} -> ${b} at ${r}: found`);
    if (cliRoute.found) {
      found++;
      assert.deepEqual(pageRoute.nodes, cliRoute.path, `${map} route ${a} -> ${b}: nodes`);
      assert.ok(Object.is(pageRoute.length, cliRoute.length), `${map} route ${a} -> ${b}: length ${pageRoute.length} vs ${cliRoute.length}`);
      assert.ok(Object.is(pageRoute.cost, cliRoute.cost), `${map} route ${a} -> ${b}: cost`);
    }
    const cliWidest = json(['widest', map, '--from', `id:${a}`, '--to', `id:${b}`]);
    const pageWidest = await page.evaluate(([x, y]) => window.clearway.widest(x, y), [a, b]);
    if (!cliWidest.found) {
      assert.equal(pageWidest.radius, null, `${map} widest ${a} -> ${b}: none`);
      continue;
    }
    const radius = cliWidest.unbounded ? Infinity : cliWidest.widest_radius;
    assert.equal(pageWidest.radius, radius, `${map} widest ${a} -> ${b}: radius`);
    assert.deepEqual(pageWidest.nodes, cliWidest.path, `${map} widest ${a} -> ${b}: nodes`);
    assert.equal(pageWidest.bottleneck, cliWidest.bottleneck_edge, `${map} widest ${a} -> ${b}: bottleneck`);
  }
  return found;
}

/** Two nodes apart from every other on screen, with a route between them at the current radius. */
async function twoClickableNodes(page) {
  return page.evaluate(() => {
    const c = window.clearway, ids = c.nodeIds();
    const at = ids.map((id) => c.screenOf(id));
    const box = document.getElementById('canvas').getBoundingClientRect();
    const alone = ids.filter((id, i) => {
      const p = at[i];
      if (p.x < 20 || p.y < 20 || p.x > box.width - 20 || p.y > box.height - 20) return false;
      return at.every((q, j) => j === i || Math.hypot(p.x - q.x, p.y - q.y) > 24);
    });
    for (let i = 0; i < alone.length; i++) {
      for (let j = alone.length - 1; j > i; j--) {
        const r = c.route(alone[i], alone[j]);
        if (r.found && r.nodes.length > 2) return [alone[i], alone[j]];
      }
    }
    // A level without routes: any two, whose panel says there is none.
    return alone.length >= 2 ? [alone[0], alone[1]] : null;
  });
}

async function clickNode(page, id) {
  const p = await page.evaluate((x) => window.clearway.screenOf(x), id);
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + p.x, box.y + p.y);
  await page.mouse.click(box.x + p.x, box.y + p.y);
}

let browser;
test.before(async () => {
  assert.ok(fs.existsSync(BIN), `no CLI at ${BIN}: run cargo build first`);
  browser = await launch();
});
test.after(async () => { if (browser) await browser.close(); });

for (const name of MAPS) {
  test(`viewer of maps/${name}.ron agrees with the CLI`, async () => {
    const map = path.join(ROOT, 'maps', `${name}.ron`);
    const out = path.join(WORK, `${name}.html`);
    render(map, out);
    const { page, errors, requests, url } = await open(browser, out);
    try {
      // The CLI's blocked edges, at three radii.
      for (const r of await radiiOf(page)) await compareBlocked(page, map, r);
      // Routes and widest routes for 20 seeded pairs.
      const agents = await page.evaluate(() => window.clearway.agents());
      const r = agents.length ? agents[0].radius : 0.5;
      const found = await compareRoutes(page, map, r, 20, 31 + name.length);
      const edges = await page.evaluate(() => window.clearway.blockedEdges().length + window.clearway.counts().clear + window.clearway.counts().tight);
      // (plaza.ron has nodes only, for `clearway link`: no pair has a route.)
      if (edges > 0) assert.ok(found > 0, `${name}: some pair has a route`);

      // The slider recolours: the counts and the canvas change.
      await page.evaluate((x) => window.clearway.setRadius(x), r);
      await page.evaluate(() => window.clearway.drawNow());
      const before = await canvasShot(page);
      const countsBefore = await page.locator('#counts').textContent();
      const top = Number(await page.locator('#radius-range').getAttribute('max'));
      await page.locator('#radius-range').fill(String(top * 0.7));
      await page.waitForFunction((text) => document.getElementById('counts').textContent !== text, countsBefore);
      await page.evaluate(() => window.clearway.drawNow());
      const after = await canvasShot(page);
      if (edges > 0) assert.notDeepEqual(after, before, 'the slider recoloured the canvas');
      assert.equal(await page.evaluate(() => window.clearway.radius()), Number(await page.locator('#radius-range').inputValue()));

      // Clicking two nodes draws their route and says its length.
      await page.evaluate((x) => window.clearway.setRadius(x), r);
      const pair = await twoClickableNodes(page);
      assert.ok(pair, `${name}: two nodes to click`);
      await page.evaluate(() => { window.clearway.clearPicks(); window.clearway.drawNow(); });
      const plain = await canvasShot(page);
      await clickNode(page, pair[0]);
      await clickNode(page, pair[1]);
      const panel = await page.locator('#route-panel').textContent();
      const expected = await page.evaluate(([a, b]) => window.clearway.route(a, b), pair);
      assert.match(panel, new RegExp(`Route ${pair[0]} → ${pair[1]}`));
      if (expected.found) assert.match(panel, new RegExp(`nodes: ${expected.nodes.join(' → ')}`));
      else assert.match(panel, /No route at radius/);
      await page.evaluate(() => window.clearway.drawNow());
      const routed = await canvasShot(page);
      assert.notDeepEqual(routed, plain, 'the picked nodes and their route are drawn');

      // Hovering a node tells its id.
      await page.locator('#details').textContent().then((t) => assert.match(t, new RegExp(`node ${pair[1]}`)));

      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
      if (await page.evaluate(() => document.getElementById('view3d').hidden === false)) {
        await page.evaluate(() => window.clearway.setCamera('orbit'));
        await page.evaluate(() => window.clearway.drawNow());
        await page.screenshot({ path: path.join(SHOTS, `${name}-orbit.png`) });
        await page.evaluate(() => window.clearway.setCamera('plan'));
      }
      assert.deepEqual(errors, [], 'no console error');
      onlyTheFile(requests, url);
    } finally {
      await page.close();
    }
  });
}

/** A Moving AI grid of `side` x `side` cells, `solid` of them blocked (seeded). */
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

test('a 100k-edge level opens, agrees with the CLI, and pans', async () => {
  const gridFile = path.join(WORK, 'big.map');
  fs.writeFileSync(gridFile, grid(180, 0.08, 2026));
  const map = path.join(WORK, 'big.ron');
  cli(['grid', gridFile, '-o', map, '-q']);
  const out = path.join(WORK, 'big.html');
  render(map, out);
  const bytes = fs.statSync(out).size;
  // The size budget of docs/PERFORMANCE.md: 100 bytes an edge for a 2D level.
  const edgesInMap = (fs.readFileSync(map, 'utf8').match(/from:/g) || []).length;
  assert.ok(bytes <= 100 * edgesInMap, `${bytes} bytes for ${edgesInMap} edges: over 100 an edge`);
  const { page, errors, requests, url } = await open(browser, out, { timeout: 300000 });
  try {
    const m = await page.evaluate(() => window.clearway.blockedEdges().length + window.clearway.counts().clear + window.clearway.counts().tight);
    assert.ok(m >= 100000, `${m} edges`);
    const timings = await page.evaluate(() => window.clearway.timings);
    for (const r of [0, 0.5, 0.75]) await compareBlocked(page, map, r);

    // 20 seeded pairs with one load (`route --pairs`), and three widest
    // routes one by one.
    const ids = await page.evaluate(() => window.clearway.nodeIds());
    const rand = seeded(99);
    const pairs = Array.from({ length: 20 }, () => [ids[Math.floor(rand() * ids.length)], ids[Math.floor(rand() * ids.length)]]);
    const pairsFile = path.join(WORK, 'big.pairs');
    fs.writeFileSync(pairsFile, pairs.map(([a, b]) => `${a} ${b}`).join('\n') + '\n');
    const r = 0.5;
    await page.evaluate((x) => window.clearway.setRadius(x), r);
    const lines = cli(['route', map, '--pairs', pairsFile, '--radius', String(r), '--format', 'json']).trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.length, pairs.length);
    for (const [k, [a, b]] of pairs.entries()) {
      const want = lines[k];
      const got = await page.evaluate(([x, y]) => window.clearway.route(x, y), [a, b]);
      assert.equal(got.found, want.found, `route ${a} -> ${b}`);
      if (want.found) {
        assert.deepEqual(got.nodes, want.path, `route ${a} -> ${b}: nodes`);
        assert.ok(Object.is(got.length, want.length), `route ${a} -> ${b}: length`);
      }
      const widest = await page.evaluate(([x, y]) => window.clearway.widest(x, y), [a, b]);
      if (want.reachable) {
        assert.equal(widest.radius, want.widest_unbounded ? Infinity : want.widest_radius, `widest ${a} -> ${b}`);
        assert.equal(widest.bottleneck, want.widest_bottleneck_edge, `widest ${a} -> ${b}: bottleneck`);
      }
    }
    for (const [a, b] of pairs.slice(0, 3)) {
      const want = json(['widest', map, '--from', `id:${a}`, '--to', `id:${b}`]);
      const got = await page.evaluate(([x, y]) => window.clearway.widest(x, y), [a, b]);
      if (want.found) assert.deepEqual(got.nodes, want.path, `widest ${a} -> ${b}: nodes`);
      else assert.equal(got.radius, null);
    }

    // Panning with the mouse: the frames drawn meanwhile, timed in the page.
    const box = await page.locator('#canvas').boundingBox();
    await page.evaluate(() => window.clearway.frameTimes().length = 0);
    const startFrames = (await page.evaluate(() => window.clearway.frameTimes())).length;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const wall0 = Date.now();
    for (let k = 0; k < 60; k++) {
      await page.mouse.move(box.x + box.width / 2 + 3 * k, box.y + box.height / 2 + 2 * k);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    }
    await page.mouse.up();
    const wall = Date.now() - wall0;
    const frames = (await page.evaluate(() => window.clearway.frameTimes())).slice(startFrames);
    assert.ok(frames.length > 0, 'panning drew frames');
    const sorted = [...frames].sort((a, b) => a - b);
    // A full drawing of the whole level (what follows a pause in panning).
    const full = [];
    for (let k = 0; k < 5; k++) full.push(await page.evaluate(() => window.clearway.drawNow()));
    full.sort((a, b) => a - b);
    const perf = {
      edges: m, bytes, bytesPerEdge: bytes / m, decodeMs: timings.decodeMs, readyMs: timings.readyMs,
      panFrames: frames.length, panFrameMedianMs: sorted[sorted.length >> 1], panFrameMaxMs: sorted[sorted.length - 1], panWallMs: wall,
      fullDrawMedianMs: full[2],
    };
    fs.writeFileSync(path.join(WORK, 'perf-100k.json'), JSON.stringify(perf, null, 2) + '\n');
    console.log('100k-edge page:', JSON.stringify(perf));
    await page.screenshot({ path: path.join(SHOTS, 'big-100k.png') });
    assert.deepEqual(errors, [], 'no console error');
    onlyTheFile(requests, url);
  } finally {
    await page.close();
  }
});

/** The canvas after a full drawing. */
async function drawnCanvas(page) {
  await page.evaluate(() => window.clearway.drawNow());
  return canvasShot(page);
}

for (const name of ['level3d', 'two_storey']) {
  test(`the orbit view of maps/${name}.ron draws the obstacles, by storey`, async () => {
    const map = path.join(ROOT, 'maps', `${name}.ron`);
    const out = path.join(WORK, `${name}-orbit.html`);
    render(map, out);
    const { page, errors } = await open(browser, out);
    try {
      await page.evaluate(() => window.clearway.setCamera('orbit'));
      const withObstacles = await drawnCanvas(page);
      await page.locator('#show-obstacles').uncheck();
      const without = await drawnCanvas(page);
      assert.notDeepEqual(withObstacles, without, 'the obstacles toggle changes the orbit view');
      await page.locator('#show-obstacles').check();
      assert.deepEqual(await drawnCanvas(page), withObstacles, 'and back');
      // One storey: its obstacles and edges only; the toggle still counts.
      const storeys = await page.locator('#storey option').count();
      if (storeys > 2) {
        await page.locator('#storey').selectOption('0');
        const low = await drawnCanvas(page);
        assert.notDeepEqual(low, withObstacles, 'the storey filter changes the orbit view');
        await page.locator('#show-obstacles').uncheck();
        assert.notDeepEqual(await drawnCanvas(page), low, 'the toggle within a storey');
        await page.locator('#show-obstacles').check();
        await page.locator('#storey').selectOption('all');
      }
      await page.screenshot({ path: path.join(SHOTS, `${name}-orbit-obstacles.png`) });
      assert.deepEqual(errors, [], 'no console error');
    } finally {
      await page.close();
    }
  });
}

/** A seeded grid with water (W) and swamp (S) cells and three agents that pay them differently. */
function areaLevel(file, side, seed) {
  const rand = seeded(seed);
  const rows = [];
  for (let r = 0; r < side; r++) {
    let row = '';
    for (let c = 0; c < side; c++) { const x = rand(); row += x < 0.08 ? '@' : x < 0.3 ? 'W' : x < 0.45 ? 'S' : '.'; }
    rows.push(row);
  }
  const grid = path.join(WORK, 'areas.map');
  fs.writeFileSync(grid, `type octile\nheight ${side}\nwidth ${side}\nmap\n${rows.join('\n')}\n`);
  cli(['grid', grid, '-o', file, '-q']);
  const agents = `agents: [
    (name: "boat", radius: 0.25, costs: {"water": 0.5, "swamp": 3.0}),
    (name: "cat", radius: 0.3, forbid: ["water"], costs: {"swamp": 1.25}),
    (name: "plain", radius: 0.2),
  ],`;
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Map(', `Map(\n    ${agents}`));
}

/** Each agent's blocked edges, routes and widest routes beside `check`/`route`/`widest --agent`. */
async function compareAgents(page, map, count, seed) {
  const ids = await page.evaluate(() => window.clearway.nodeIds());
  const agents = await page.evaluate(() => window.clearway.agents());
  assert.ok(agents.length >= 3);
  const rand = seeded(seed);
  let found = 0;
  for (const agent of agents) {
    await page.evaluate((x) => window.clearway.setAgent(x), agent.name);
    const expected = json(['check', map, '--agent', agent.name]).blocked.map((b) => b.edge);
    assert.deepEqual(await page.evaluate(() => window.clearway.blockedEdges()), expected, `${agent.name}: blocked edges`);
    for (let q = 0; q < count; q++) {
      const a = ids[Math.floor(rand() * ids.length)], b = ids[Math.floor(rand() * ids.length)];
      const want = json(['route', map, '--from', `id:${a}`, '--to', `id:${b}`, '--agent', agent.name]);
      const got = await page.evaluate(([x, y]) => window.clearway.route(x, y), [a, b]);
      assert.equal(got.found, want.found, `${agent.name} route ${a} -> ${b}: found`);
      if (want.found) {
        found++;
        assert.deepEqual(got.nodes, want.path, `${agent.name} route ${a} -> ${b}: nodes`);
        assert.ok(Object.is(got.length, want.length), `${agent.name} route ${a} -> ${b}: length`);
        assert.ok(Object.is(got.cost, want.cost), `${agent.name} route ${a} -> ${b}: cost ${got.cost} vs ${want.cost}`);
      }
      const wide = json(['widest', map, '--from', `id:${a}`, '--to', `id:${b}`, '--agent', agent.name]);
      const gotWide = await page.evaluate(([x, y]) => window.clearway.widest(x, y), [a, b]);
      if (!wide.found) { assert.equal(gotWide.radius, null, `${agent.name} widest ${a} -> ${b}: none`); continue; }
      assert.equal(gotWide.radius, wide.unbounded ? Infinity : wide.widest_radius, `${agent.name} widest ${a} -> ${b}: radius`);
      assert.deepEqual(gotWide.nodes, wide.path, `${agent.name} widest ${a} -> ${b}: nodes`);
      assert.equal(gotWide.bottleneck, wide.bottleneck_edge, `${agent.name} widest ${a} -> ${b}: bottleneck`);
    }
  }
  return found;
}

test('areas: maps/pond.ron and a grid of water and swamp, each agent as the CLI routes it', async () => {
  const pond = path.join(ROOT, 'maps', 'pond.ron');
  const out = path.join(WORK, 'pond.html');
  render(pond, out);
  const { page, errors, requests, url } = await open(browser, out);
  try {
    assert.ok((await compareAgents(page, pond, 20, 7)) > 0, 'some route found');
    // The boat crosses the water, the cat goes round.
    await page.evaluate(() => window.clearway.setAgent('boat'));
    assert.deepEqual((await page.evaluate(() => window.clearway.route(0, 1))).nodes, [0, 1]);
    await page.evaluate(() => window.clearway.setAgent('cat'));
    assert.deepEqual((await page.evaluate(() => window.clearway.route(0, 1))).nodes, [0, 2, 1]);
    // The legend names each area by its pattern; the layer toggles.
    assert.match(await page.locator('#legend').textContent(), /area "water" \(1\): cat may not enter/);
    assert.ok(await page.locator('#show-areas').isVisible(), 'an areas toggle');
    const withAreas = await drawnCanvas(page);
    await page.locator('#show-areas').uncheck();
    assert.notDeepEqual(await drawnCanvas(page), withAreas, 'the areas toggle changes the picture');
    await page.locator('#show-areas').check();
    await page.screenshot({ path: path.join(SHOTS, 'pond.png') });
    assert.deepEqual(errors, [], 'no console error');
    onlyTheFile(requests, url);
  } finally {
    await page.close();
  }
  const grid = path.join(WORK, 'areas.ron');
  areaLevel(grid, 14, 2027);
  const gridOut = path.join(WORK, 'areas.html');
  render(grid, gridOut);
  const opened = await open(browser, gridOut);
  try {
    assert.ok((await compareAgents(opened.page, grid, 20, 8)) > 10, 'routes found');
    await opened.page.screenshot({ path: path.join(SHOTS, 'areas-grid.png') });
    assert.deepEqual(opened.errors, [], 'no console error');
  } finally {
    await opened.page.close();
  }
  // A level without areas has no areas toggle.
  const plain = path.join(WORK, 'corridors-plain.html');
  render(path.join(ROOT, 'maps', 'corridors.ron'), plain);
  const p = await open(browser, plain);
  try {
    assert.equal(await p.page.locator('#show-areas').isVisible(), false);
  } finally {
    await p.page.close();
  }
});

test('render --route, --widest and --region on a page: honoured; --width, or --route with --widest: refused', async () => {
  const map = path.join(ROOT, 'maps', 'warehouse.ron');
  const out = path.join(WORK, 'warehouse-route.html');
  // Two nodes with a route at the first agent's radius, by the CLI.
  const plainOut = path.join(WORK, 'warehouse-plain.html');
  render(map, plainOut);
  let pair, agent;
  {
    const { page } = await open(browser, plainOut);
    try {
      agent = (await page.evaluate(() => window.clearway.agents()))[0];
      await page.evaluate((x) => window.clearway.setAgent(x), agent.name);
      const all = await page.evaluate(() => window.clearway.nodeIds());
      for (let k = all.length - 1; k > 0 && !pair; k--) {
        const r = await page.evaluate(([x, y]) => window.clearway.route(x, y), [all[0], all[k]]);
        if (r.found && r.nodes.length > 2) pair = [all[0], all[k]];
      }
    } finally {
      await page.close();
    }
  }
  assert.ok(pair, 'a pair with a route');
  const want = json(['route', map, '--from', `id:${pair[0]}`, '--to', `id:${pair[1]}`, '--agent', agent.name]);
  render(map, out, ['--agent', agent.name, '--route', `id:${pair[0]}`, `id:${pair[1]}`]);
  {
    const { page, errors } = await open(browser, out);
    try {
      const panel = await page.locator('#route-panel').textContent();
      assert.match(panel, new RegExp(`Route ${pair[0]} → ${pair[1]}`));
      assert.match(panel, new RegExp(`nodes: ${want.path.join(' → ')}`));
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  }
  const wide = json(['widest', map, '--from', `id:${pair[0]}`, '--to', `id:${pair[1]}`]);
  const wideOut = path.join(WORK, 'warehouse-widest.html');
  render(map, wideOut, ['--widest', `id:${pair[0]}`, `id:${pair[1]}`]);
  {
    const { page } = await open(browser, wideOut);
    try {
      const panel = await page.locator('#route-panel').textContent();
      assert.match(panel, /Widest route/);
      assert.match(panel, new RegExp(`nodes: ${wide.path.join(' → ')}`));
      assert.equal(await page.locator('#widest-switch').isChecked(), true);
    } finally {
      await page.close();
    }
  }
  // --region: the view starts on that part (a node inside is drawn near the centre).
  const node = await (async () => {
    const { page } = await open(browser, plainOut);
    try { return await page.evaluate((id) => window.clearway.node(id), pair[1]); } finally { await page.close(); }
  })();
  const regionOut = path.join(WORK, 'warehouse-region.html');
  render(map, regionOut, ['--region', `${node.x - 1},${node.y - 1},${node.x + 1},${node.y + 1}`]);
  {
    const { page } = await open(browser, regionOut);
    try {
      const at = await page.evaluate((id) => window.clearway.screenOf(id), pair[1]);
      const box = await page.locator('#canvas').boundingBox();
      assert.ok(Math.abs(at.x - box.width / 2) < 2 && Math.abs(at.y - box.height / 2) < 2, `node at ${at.x}, ${at.y}`);
      const near = await page.evaluate(([a, b]) => {
        const p = window.clearway.screenOf(a), q = window.clearway.screenOf(b);
        return Math.hypot(p.x - q.x, p.y - q.y);
      }, pair);
      assert.ok(near > 50, 'zoomed in: the route ends are far apart on screen');
    } finally {
      await page.close();
    }
  }
  // Refused: exit 2, a message, nothing written.
  for (const extra of [['--width', '800'], ['--height', '600'], ['--route', `id:${pair[0]}`, `id:${pair[1]}`, '--widest', `id:${pair[0]}`, `id:${pair[1]}`]]) {
    const refused = path.join(WORK, 'refused.html');
    fs.rmSync(refused, { force: true });
    const run = spawnSync(BIN, ['render', map, '-o', refused, ...extra], { encoding: 'utf8' });
    assert.equal(run.status, 2, `${extra.join(' ')}: exit 2\n${run.stderr}`);
    assert.match(run.stderr, /\.html/);
    assert.equal(fs.existsSync(refused), false, 'nothing written');
  }
});

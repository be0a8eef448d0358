// Unit tests of the viewer's pure parts (viewer/core.js), no browser:
// node --test.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const core = require('../core.js');

/** A level as the page decodes it, from plain lists (packed as Rust packs them). */
function level({ pos, ids, ends, flags, clearance, cost, nodeClearance, dim = 2, slack = 0, scale = 1 - 1e-12, agents = [], area, multipliers, boundScales }) {
  const n = ids.length, m = ends.length / 2;
  const b64 = (typed) => Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).toString('base64');
  const length = [];
  for (let e = 0; e < m; e++) {
    const a = ends[2 * e], b = ends[2 * e + 1];
    let s = 0;
    for (let k = 0; k < dim; k++) { const d = pos[dim * a + k] - pos[dim * b + k]; s += d * d; }
    length.push(Math.sqrt(s));
  }
  const arrays = {
    pos: new Float64Array(pos),
    ids: new Uint32Array(ids.flatMap((id) => [id % 4294967296, Math.floor(id / 4294967296)])),
    ends: new Uint32Array(ends),
    flags: new Uint8Array(flags || new Array(m).fill(0)),
    clearance: new Float64Array(clearance),
    length: new Float64Array(length),
    nodeClearance: new Float64Array(nodeClearance || new Array(n).fill(Infinity)),
    agentRadius: new Float64Array(agents.map((a) => a.radius)),
    params: new Float64Array([slack, scale, NaN]),
  };
  // The cost the library routes by: the explicit cost, else the length.
  arrays.cost = new Float64Array(cost || length);
  if (area) {
    arrays.area = new Uint32Array(area);
    arrays.agentMultiplier = new Float64Array(multipliers.flat());
    arrays.agentBoundScale = new Float64Array(boundScales);
  }
  const meta = {
    dim, nodes: n, edges: m, agents: agents.map((a) => a.name), nodeNames: [],
    arrays: Object.entries(arrays).map(([name, a]) => [name, a instanceof Float64Array ? 'f64' : a instanceof Uint32Array ? 'u32' : 'u8']),
  };
  return core.decodeLevel(meta, (name) => b64(arrays[name]));
}

test('base64 decodes the RFC 4648 vectors', () => {
  const cases = { '': '', Zg: 'f', 'Zg==': 'f', 'Zm8=': 'fo', Zm9v: 'foo', 'Zm9vYg==': 'foob', 'Zm9vYmE=': 'fooba', Zm9vYmFy: 'foobar' };
  for (const [coded, plain] of Object.entries(cases)) {
    if (coded.length % 4) { assert.throws(() => core.decodeBase64(coded)); continue; }
    assert.equal(Buffer.from(core.decodeBase64(coded)).toString(), plain, coded);
  }
  assert.throws(() => core.decodeBase64('Zm9*'), /bad base64/);
});

test('f64 arrays come back bit for bit, little-endian', () => {
  const values = [0, -0, 1.999999999999999, Infinity, Number.MIN_VALUE, Number.MAX_VALUE, 0.1 + 0.2, NaN];
  const bytes = Buffer.alloc(8 * values.length);
  values.forEach((v, i) => bytes.writeDoubleLE(v, 8 * i));
  const back = core.typed(core.decodeBase64(bytes.toString('base64')), 'f64');
  values.forEach((v, i) => assert.ok(Object.is(back[i], v), `value ${i}: ${back[i]} vs ${v}`));
  const u = core.typed(core.decodeBase64(Buffer.from([1, 0, 0, 0, 1, 2, 3, 4]).toString('base64')), 'u32');
  assert.deepEqual([...u], [1, 0x04030201]);
  assert.throws(() => core.typed(new Uint8Array(7), 'f64'), /7 bytes/);
});

test('classification is the library rule: clearance 0 blocks radius 0, the slack admits', () => {
  assert.equal(core.verdict(0, 0, 0), core.BLOCKED);
  assert.equal(core.verdict(1e-300, 0, 0), core.CLEAR);
  assert.equal(core.verdict(1, 1, 0), core.TIGHT);
  assert.equal(core.verdict(2, 1, 0), core.CLEAR);
  assert.equal(core.verdict(1.9999, 1, 0), core.TIGHT);
  // 0.9 - slack: a door drawn 1.8 wide admits radius 0.9 with the slack.
  const slack = 2 ** -44;
  assert.equal(core.verdict(0.8999999999999999, 0.9, slack), core.TIGHT);
  assert.equal(core.verdict(0.8999999999999999, 0.9, 0), core.BLOCKED);
  assert.equal(core.verdict(Infinity, 5, 0), core.CLEAR);
  const l = level({ pos: [0, 0, 1, 0, 2, 0], ids: [0, 1, 2], ends: [0, 1, 1, 2, 0, 2], clearance: [0.5, 2, 0] });
  const out = new Uint8Array(3);
  assert.deepEqual(core.classify(l, 1, out), [1, 0, 2]);
  // Clearance 2 at radius 1 has a whole radius to spare: clear.
  assert.deepEqual([...out], [core.BLOCKED, core.CLEAR, core.BLOCKED]);
  assert.deepEqual(core.blockedEdges(l, 0), [2]);
  assert.deepEqual(core.blockedEdges(l, 1), [0, 2]);
});

test('ids beyond 2^53 are kept as decimal strings', () => {
  const big = 2 ** 53 * 4 + 4; // exact as a double, hi word above 2^21
  const l = level({ pos: [0, 0, 1, 0], ids: [7, big], ends: [0, 1], clearance: [1] });
  assert.equal(l.ids[0], 7);
  assert.equal(l.ids[1], BigInt(big).toString());
  assert.equal(core.findNode(l, BigInt(big).toString()), 1);
  assert.equal(core.findNode(l, '8'), -1);
});

// A square 0-1-2 with a diagonal 0-2, and a parallel pair 2-3.
//   3 ---- 2
//          |  \  (0-2 diagonal)
//   0 ---- 1
function square(extra = {}) {
  return level({
    pos: [0, 0, 10, 0, 10, 10, 0, 10],
    ids: [10, 11, 12, 13],
    ends: [0, 1, 1, 2, 0, 2, 2, 3, 2, 3, 3, 0],
    clearance: [5, 5, 1, 4, 4, 3],
    ...extra,
  });
}

test('the cheapest route takes the diagonal when it fits, goes round when not', () => {
  const l = square();
  const net = core.buildNetwork(l);
  const fits = core.cheapest(net, 0, 2, 1, 0);
  assert.deepEqual(fits.nodes, [0, 2]);
  assert.deepEqual(fits.edges, [2]);
  assert.equal(fits.length, Math.sqrt(200));
  const round = core.cheapest(net, 0, 2, 2, 0);
  // 0-1-2 and 0-3-2 cost 20 each: the open set's order decides, the
  // lowest node first among equal f and g.
  assert.equal(round.length, 20);
  assert.deepEqual(round.nodes, [0, 1, 2]);
  assert.equal(core.cheapest(net, 0, 2, 6, 0), null);
  // Parallel edges of equal cost: the lower index.
  assert.deepEqual(core.cheapest(net, 2, 3, 0, 0).edges, [3]);
});

test('one-way and closed edges, explicit costs, and a route of one node', () => {
  const oneWay = square({ flags: [0, 0, 1, 0, 0, 0] });
  const net = core.buildNetwork(oneWay);
  assert.deepEqual(core.cheapest(net, 0, 2, 0, 0).nodes, [0, 2]);
  assert.deepEqual(core.cheapest(net, 2, 0, 0, 0).nodes, [2, 1, 0]);
  const closed = core.buildNetwork(square({ flags: [0, 0, 2, 0, 0, 0] }));
  assert.deepEqual(core.cheapest(closed, 0, 2, 0, 0).edges.includes(2), false);
  const costly = core.buildNetwork(square({ cost: [1, 1, 100, 1, 1, 1], scale: 0.1 * (1 - 1e-12) }));
  const r = core.cheapest(costly, 0, 2, 0, 0);
  assert.deepEqual(r.nodes, [0, 1, 2]);
  assert.equal(r.cost, 2);
  assert.equal(r.length, 20);
  const one = core.cheapest(net, 1, 1, 0, 0);
  assert.deepEqual(one.nodes, [1]);
  assert.ok(Object.is(one.length, -0), 'an empty sum is -0, as Rust sums');
  const tight = core.buildNetwork(square({ nodeClearance: [1, 0.5, 1, 1] }));
  assert.equal(core.cheapest(tight, 1, 1, 1, 0), null);
});

test('the widest route: its radius, route at it and bottleneck', () => {
  const net = core.buildNetwork(square());
  const w = core.widest(net, 0, 2);
  // 0-1-2 (5, 5) beats 0-3-2 (3, 4) and the diagonal (1).
  assert.equal(w.radius, 5);
  assert.deepEqual(w.route.nodes, [0, 1, 2]);
  assert.equal(w.bottleneck, 0);
  assert.equal(core.widestRadius(net, 0, 3), 4);
  const cut = core.buildNetwork(square({ clearance: [0, 0, 0, 4, 4, 0] }));
  assert.equal(core.widest(cut, 0, 2), null, 'clearance 0 fits no radius');
  const apart = core.buildNetwork(level({ pos: [0, 0, 1, 0, 5, 5], ids: [0, 1, 2], ends: [0, 1], clearance: [1] }));
  assert.equal(core.widestRadius(apart, 0, 2), null);
  assert.equal(core.cheapest(apart, 0, 2, 0, 0), null);
});

test('A* with a straight-line estimate finds the cheapest of many routes', () => {
  // A seeded random grid graph, checked against a plain Bellman-Ford.
  let seed = 12345;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const side = 12, pos = [], ids = [], ends = [], clearance = [];
  for (let i = 0; i < side * side; i++) { pos.push(i % side + rand() * 0.3, Math.floor(i / side) + rand() * 0.3); ids.push(i); }
  for (let i = 0; i < side * side; i++) {
    if (i % side < side - 1) { ends.push(i, i + 1); clearance.push(rand()); }
    if (i + side < side * side) { ends.push(i, i + side); clearance.push(rand()); }
  }
  const l = level({ pos, ids, ends, clearance });
  const net = core.buildNetwork(l);
  for (let q = 0; q < 30; q++) {
    const a = Math.floor(rand() * side * side), b = Math.floor(rand() * side * side), r = rand() * 0.3;
    const dist = new Array(side * side).fill(Infinity);
    dist[a] = 0;
    for (let round = 0; round < side * side; round++) {
      let changed = false;
      for (let e = 0; e < ends.length / 2; e++) {
        if (!(clearance[e] >= r)) continue;
        const [u, v] = [ends[2 * e], ends[2 * e + 1]];
        if (dist[u] + l.length[e] < dist[v]) { dist[v] = dist[u] + l.length[e]; changed = true; }
        if (dist[v] + l.length[e] < dist[u]) { dist[u] = dist[v] + l.length[e]; changed = true; }
      }
      if (!changed) break;
    }
    const got = core.cheapest(net, a, b, r, 0);
    if (dist[b] === Infinity) assert.equal(got, null);
    else assert.ok(Math.abs(got.cost - dist[b]) < 1e-9, `query ${q}: ${got.cost} vs ${dist[b]}`);
  }
});

/** A seeded random level: `n` nodes on a 20 x 20 square, random edges (some closed), clearances 0 to 1. */
function randomLevel(seed, n, extra = {}) {
  let s = seed;
  const rand = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
  const pos = [], ids = [], ends = [], clearance = [], flags = [], area = [];
  for (let i = 0; i < n; i++) { pos.push(Math.floor(rand() * 20), Math.floor(rand() * 20)); ids.push(i); }
  const m = Math.floor(rand() * 3 * n);
  for (let e = 0; e < m; e++) {
    const a = Math.floor(rand() * n), b = Math.floor(rand() * n);
    if (a === b) continue;
    ends.push(a, b);
    // Some clearances repeat, so that ties are met.
    clearance.push(rand() < 0.1 ? 0 : Math.floor(rand() * 8) / 8);
    flags.push(rand() < 0.15 ? 2 : 0);
    area.push(Math.floor(rand() * 3));
  }
  return { args: { pos, ids, ends, clearance, flags, ...extra, area: extra.multipliers ? area : undefined }, rand };
}

test('the widest tree gives the widest search radius for every pair', () => {
  for (let round = 0; round < 40; round++) {
    const { args } = randomLevel(round + 1, 2 + (round % 14));
    const l = level(args);
    const net = core.buildNetwork(l);
    const tree = core.widestTree(net);
    assert.ok(tree, 'no one-way edge: a tree');
    for (let a = 0; a < l.nodeCount; a++) {
      for (let b = 0; b < l.nodeCount; b++) {
        if (a === b) continue;
        assert.equal(core.treeWidest(tree, a, b), core.widestRadius(net, a, b), `round ${round}: ${a} -> ${b}`);
      }
    }
  }
  // One-way edges: no tree, as the library's; the searches answer.
  const oneWay = level({ pos: [0, 0, 1, 0], ids: [0, 1], ends: [0, 1], clearance: [1], flags: [1] });
  const net = core.buildNetwork(oneWay);
  assert.equal(core.widestTree(net), null);
  assert.equal(core.cheapest(net, 1, 0, 0.5, 0), null);
  assert.equal(core.cheapest(net, 0, 1, 0.5, 0).nodes.length, 2);
});

test('an agent pays each area its multiplier and never enters a forbidden one', () => {
  // Three agents: plain (all 1), area 1 at half price, area 2 forbidden.
  const multipliers = [[1, 1, 1], [1, 0.5, 1], [1, 1, Infinity]];
  const boundScales = [1, 0.5 * (1 - 1e-12), 1];
  for (let round = 0; round < 30; round++) {
    const { args, rand } = randomLevel(100 + round, 3 + (round % 12), { multipliers, boundScales, agents: [{ name: 'a', radius: 0 }, { name: 'b', radius: 0 }, { name: 'c', radius: 0 }] });
    const l = level(args);
    const net = core.buildNetwork(l);
    for (let k = 0; k < 3; k++) {
      const weights = core.weightsFor(net, k);
      const r = Math.floor(rand() * 4) / 8;
      const a = Math.floor(rand() * l.nodeCount), b = Math.floor(rand() * l.nodeCount);
      if (a === b) continue;
      // Bellman-Ford over the edges the agent may use, at its multipliers.
      const dist = new Array(l.nodeCount).fill(Infinity);
      dist[a] = 0;
      for (let pass = 0; pass < l.nodeCount; pass++) {
        for (let e = 0; e < l.edgeCount; e++) {
          const times = multipliers[k][args.area[e]];
          if (times === Infinity || args.flags[e] & 2 || !core.admits(args.clearance[e], r, 0)) continue;
          const [u, v] = [args.ends[2 * e], args.ends[2 * e + 1]];
          const c = l.cost[e] * times;
          if (dist[u] + c < dist[v]) dist[v] = dist[u] + c;
          if (dist[v] + c < dist[u]) dist[u] = dist[v] + c;
        }
      }
      const got = core.cheapest(net, a, b, r, 0, weights);
      if (dist[b] === Infinity) assert.equal(got, null, `round ${round} agent ${k}`);
      else {
        assert.ok(Math.abs(got.cost - dist[b]) < 1e-9, `round ${round} agent ${k}: ${got.cost} vs ${dist[b]}`);
        for (const e of got.edges) assert.notEqual(multipliers[k][args.area[e]], Infinity, 'no forbidden edge');
      }
      const w = core.widest(net, a, b, weights);
      if (w) for (const e of w.route.edges) assert.notEqual(multipliers[k][args.area[e]], Infinity, 'widest: no forbidden edge');
    }
  }
});

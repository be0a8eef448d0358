// clearway viewer, the pure parts: decoding the packed level, classifying
// edges against a radius, and the route searches. No DOM here, so that
// node's test runner can check them (viewer/tests/core.test.js).
//
// The searches reproduce the library's (crates/clearway/src/route): the
// same admission rule, the same costs (shipped as f64 from Rust), the same
// A* estimate and the same order of the open set, so that the page picks
// the very route `clearway route` picks, ties included.
'use strict';

(function (root) {
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const SEXTET = new Uint8Array(128).fill(255);
  for (let i = 0; i < 64; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;

  /** Base64 text (RFC 4648, padded) to bytes; whitespace is skipped. */
  function decodeBase64(text) {
    const clean = text.replace(/[^A-Za-z0-9+/=]/g, '');
    let pad = 0;
    if (clean.endsWith('==')) pad = 2;
    else if (clean.endsWith('=')) pad = 1;
    const length = (clean.length / 4) * 3 - pad;
    if (clean.length % 4 !== 0 || length < 0) throw new Error('bad base64: length ' + clean.length);
    const out = new Uint8Array(length);
    let o = 0;
    for (let i = 0; i < clean.length; i += 4) {
      const a = SEXTET[clean.charCodeAt(i)];
      const b = SEXTET[clean.charCodeAt(i + 1)];
      const c = clean.charCodeAt(i + 2) === 61 ? 0 : SEXTET[clean.charCodeAt(i + 2)];
      const d = clean.charCodeAt(i + 3) === 61 ? 0 : SEXTET[clean.charCodeAt(i + 3)];
      if ((a | b | c | d) > 63) throw new Error('bad base64 character near ' + i);
      const n = (a << 18) | (b << 12) | (c << 6) | d;
      out[o++] = n >> 16;
      if (o < length) out[o++] = (n >> 8) & 255;
      if (o < length) out[o++] = n & 255;
    }
    return out;
  }

  const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

  /** Bytes (little-endian elements) to the typed array `kind` names. */
  function typed(bytes, kind) {
    const size = { f64: 8, u32: 4, u8: 1 }[kind];
    if (!size) throw new Error('unknown array kind ' + kind);
    if (bytes.length % size !== 0) throw new Error(kind + ' array of ' + bytes.length + ' bytes');
    const n = bytes.length / size;
    if (kind === 'u8') return bytes;
    if (LITTLE_ENDIAN) {
      // decodeBase64 gives a fresh buffer at offset 0: aligned.
      return kind === 'f64' ? new Float64Array(bytes.buffer, 0, n) : new Uint32Array(bytes.buffer, 0, n);
    }
    const view = new DataView(bytes.buffer);
    const out = kind === 'f64' ? new Float64Array(n) : new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = kind === 'f64' ? view.getFloat64(8 * i, true) : view.getUint32(4 * i, true);
    return out;
  }

  /** The level as the page uses it, from the meta JSON and each array's text. */
  function decodeLevel(meta, textOf) {
    const a = {};
    for (const [name, kind] of meta.arrays) a[name] = typed(decodeBase64(textOf(name)), kind);
    const dim = meta.dim;
    const n = meta.nodes;
    const m = meta.edges;
    const expect = (name, length) => {
      if (a[name].length !== length) throw new Error(name + ': ' + a[name].length + ' values, expected ' + length);
    };
    expect('pos', dim * n);
    expect('ids', 2 * n);
    expect('ends', 2 * m);
    expect('clearance', m);
    expect('length', m);
    expect('cost', m);
    if (a.area) expect('area', m);
    const ids = new Array(n);
    const byId = new Map();
    for (let i = 0; i < n; i++) {
      const lo = a.ids[2 * i];
      const hi = a.ids[2 * i + 1];
      // Ids up to 2^53 as numbers, beyond as decimal strings (as written).
      const id = hi < 0x200000 ? hi * 4294967296 + lo : (BigInt(hi) * 4294967296n + BigInt(lo)).toString();
      ids[i] = id;
      byId.set(String(id), i);
    }
    const names = new Array(n).fill(null);
    for (const [i, name] of meta.nodeNames) names[i] = name;
    const [slack, scale, initialRadius] = a.params;
    return {
      meta, dim, nodeCount: n, edgeCount: m, arrays: a, ids, byId, names,
      slack, scale, initialRadius,
      pos: a.pos, ends: a.ends, flags: a.flags, clearance: a.clearance,
      length: a.length, cost: a.cost, area: a.area || null,
      agents: meta.agents.map((name, i) => ({ name, radius: a.agentRadius[i] })),
    };
  }

  /** Whether clearance `c` admits radius `r` (clearway::clearance::admits). */
  function admits(c, r, slack) {
    return c > 0 && c >= r - slack;
  }

  const CLEAR = 0, TIGHT = 1, BLOCKED = 2;

  /** An edge's verdict (render::palette::Verdict::of): 0 clear, 1 tight, 2 blocked. */
  function verdict(c, r, slack) {
    if (!admits(c, r, slack)) return BLOCKED;
    return c < 2 * r ? TIGHT : CLEAR;
  }

  /** Every edge's verdict into `out` (a Uint8Array), and the counts. */
  function classify(level, r, out) {
    const counts = [0, 0, 0];
    const c = level.clearance;
    for (let i = 0; i < level.edgeCount; i++) {
      const v = verdict(c[i], r, level.slack);
      out[i] = v;
      counts[v]++;
    }
    return counts;
  }

  /** The indices of the edges blocked at radius `r`, ascending (as `check` lists them). */
  function blockedEdges(level, r) {
    const out = [];
    const c = level.clearance;
    for (let i = 0; i < level.edgeCount; i++) if (!admits(c[i], r, level.slack)) out.push(i);
    return out;
  }

  /** The radius the searches compare against (clearance::effective_radius). */
  function effectiveRadius(r, slack) {
    const x = r - slack;
    return Number.isNaN(x) ? x : Math.max(x, Number.MIN_VALUE);
  }

  /**
   * Each node's outgoing arcs in edge order (route::network): an edge
   * leaves its `from` node, and its `to` node too unless one-way. A closed
   * edge routes as clearance 0 (route::usable).
   */
  function buildNetwork(level) {
    const n = level.nodeCount, m = level.edgeCount;
    const ends = level.ends, flags = level.flags;
    const first = new Uint32Array(n + 1);
    for (let e = 0; e < m; e++) {
      first[ends[2 * e] + 1]++;
      if (!(flags[e] & 1)) first[ends[2 * e + 1] + 1]++;
    }
    for (let s = 0; s < n; s++) first[s + 1] += first[s];
    const next = first.slice(0, n);
    const target = new Uint32Array(first[n]);
    const edge = new Uint32Array(first[n]);
    const place = (from, to, e) => { const k = next[from]++; target[k] = to; edge[k] = e; };
    for (let e = 0; e < m; e++) {
      place(ends[2 * e], ends[2 * e + 1], e);
      if (!(flags[e] & 1)) place(ends[2 * e + 1], ends[2 * e], e);
    }
    const usable = new Float64Array(m);
    for (let e = 0; e < m; e++) usable[e] = flags[e] & 2 ? 0 : level.clearance[e];
    return { level, first, target, edge, usable, tree: undefined, weights: new Map() };
  }

  /**
   * How agent number `k` weighs the edges (Router::route_for with
   * route::area_costs): each edge's cost times the agent's multiplier for
   * the edge's area, as shipped from Rust; `allowed[e]` 0 where the agent
   * forbids the edge's area; the factor its goal bound is scaled by. The
   * plain costs for a radius alone (`k` < 0) or a level without areas.
   */
  function weightsFor(net, k) {
    const level = net.level;
    if (k < 0 || !level.area) return { cost: level.cost, allowed: null, boundScale: 1 };
    if (net.weights.has(k)) return net.weights.get(k);
    const all = level.arrays.agentMultiplier;
    const width = all.length / level.agents.length;
    const table = all.subarray(k * width, (k + 1) * width);
    const m = level.edgeCount, area = level.area;
    const cost = new Float64Array(m);
    let allowed = null;
    for (let e = 0; e < m; e++) {
      const times = table[area[e]];
      if (times === Infinity) {
        if (!allowed) allowed = new Uint8Array(m).fill(1);
        allowed[e] = 0;
        cost[e] = Infinity;
      } else cost[e] = level.cost[e] * times;
    }
    const weights = { cost, allowed, boundScale: level.arrays.agentBoundScale[k] };
    net.weights.set(k, weights);
    return weights;
  }

  /**
   * The widest radius between every two nodes at once (route::widest_tree):
   * Kruskal's tree of the widest edges, each join holding the clearance
   * that made it, so that the widest radius between two nodes is their
   * lowest common join's. Built once, on the first query; null on a level
   * with one-way edges (as the library's). The same widest radius the
   * search finds whatever order ties take: a route of that radius exists
   * in every widest spanning forest.
   */
  function widestTree(net) {
    if (net.tree !== undefined) return net.tree;
    const level = net.level, n = level.nodeCount, m = level.edgeCount, ends = level.ends;
    net.tree = null;
    for (let e = 0; e < m; e++) if (level.flags[e] & 1) return null;
    const key = new Float64Array(m);
    for (let e = 0; e < m; e++) key[e] = Number.isNaN(net.usable[e]) ? Infinity : net.usable[e];
    const order = new Uint32Array(m);
    for (let e = 0; e < m; e++) order[e] = e;
    order.sort((x, y) => (key[y] > key[x] ? 1 : key[y] < key[x] ? -1 : 0));
    const parts = new Int32Array(n), top = new Uint32Array(n);
    for (let i = 0; i < n; i++) { parts[i] = i; top[i] = i; }
    const find = (x) => { while (parts[x] !== x) { parts[x] = parts[parts[x]]; x = parts[x]; } return x; };
    const parent = new Uint32Array(Math.max(1, 2 * n - 1));
    for (let i = 0; i < n; i++) parent[i] = i;
    const width = new Float64Array(Math.max(1, n - 1));
    let size = n;
    for (let k = 0; k < m; k++) {
      const e = order[k];
      const a = find(ends[2 * e]), b = find(ends[2 * e + 1]);
      if (a === b) continue;
      const join = size++;
      parent[top[a]] = join; parent[top[b]] = join; parent[join] = join;
      width[join - n] = key[e];
      parts[a] = b; top[b] = join;
    }
    // A join comes after both its parts: depths from the last join down.
    const depth = new Uint32Array(size);
    for (let k = size - 1; k >= 0; k--) if (parent[k] !== k) depth[k] = depth[parent[k]] + 1;
    net.tree = { leaves: n, parent, depth, width };
    return net.tree;
  }

  /** The widest radius between nodes `a` and `b` (not equal) by the tree; null when unconnected. */
  function treeWidest(tree, a, b) {
    const { parent, depth } = tree;
    while (depth[a] > depth[b]) a = parent[a];
    while (depth[b] > depth[a]) b = parent[b];
    while (a !== b) {
      if (parent[a] === a) return null;
      a = parent[a]; b = parent[b];
    }
    return tree.width[a - tree.leaves];
  }

  /**
   * The open set: a binary heap over node indices with each node's place
   * kept, so that a cheaper way updates its entry (route::open_set). The
   * order is the library's: smallest f, then largest g, then lowest node.
   */
  class OpenSet {
    constructor(n) { this.heap = []; this.f = new Float64Array(n); this.g = new Float64Array(n); this.at = new Int32Array(n).fill(-1); }
    // Whether node a pops before node b.
    before(a, b) {
      const fa = this.f[a], fb = this.f[b];
      if (fa !== fb) return fa < fb;
      const ga = this.g[a], gb = this.g[b];
      if (ga !== gb) return ga > gb;
      return a < b;
    }
    insert(node, f, g) {
      this.f[node] = f; this.g[node] = g;
      let i = this.at[node];
      if (i < 0) { i = this.heap.length; this.heap.push(node); this.at[node] = i; }
      this.up(i); this.down(this.at[node]);
    }
    pop() {
      const heap = this.heap;
      if (heap.length === 0) return -1;
      const best = heap[0];
      const last = heap.pop();
      this.at[best] = -1;
      if (heap.length > 0) { heap[0] = last; this.at[last] = 0; this.down(0); }
      return best;
    }
    up(i) {
      const heap = this.heap, node = heap[i];
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.before(node, heap[p])) break;
        heap[i] = heap[p]; this.at[heap[i]] = i; i = p;
      }
      heap[i] = node; this.at[node] = i;
    }
    down(i) {
      const heap = this.heap, node = heap[i], len = heap.length;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= len) break;
        if (c + 1 < len && this.before(heap[c + 1], heap[c])) c++;
        if (!this.before(heap[c], node)) break;
        heap[i] = heap[c]; this.at[heap[i]] = i; i = c;
      }
      heap[i] = node; this.at[node] = i;
    }
  }

  /**
   * The straight-line estimate to `goal` (route::goal_bound), scaled by the
   * level's factor times the agent's `boundScale`, multiplied in that order
   * as GoalBound::new does.
   */
  function estimator(level, goal, boundScale) {
    const p = level.pos, d = level.dim, scale = level.scale * boundScale;
    if (!(scale > 0)) return () => 0;
    const gx = p[d * goal], gy = p[d * goal + 1], gz = d === 3 ? p[d * goal + 2] : 0;
    if (d === 3) {
      return (v) => {
        const dx = p[3 * v] - gx, dy = p[3 * v + 1] - gy, dz = p[3 * v + 2] - gz;
        return scale * Math.sqrt(dx * dx + dy * dy + dz * dz);
      };
    }
    return (v) => {
      const dx = p[2 * v] - gx, dy = p[2 * v + 1] - gy;
      return scale * Math.sqrt(dx * dx + dy * dy);
    };
  }

  /** A route along `nodes`/`edges`: lengths and costs summed in order (Route::along). */
  function along(level, nodes, edges, weights) {
    let length = -0, cost = -0, min = Infinity;
    for (const e of edges) { length += level.length[e]; cost += weights.cost[e]; min = Math.min(min, level.clearance[e]); }
    if (edges.length === 0) min = nodes.length ? level.arrays.nodeClearance[nodes[0]] : Infinity;
    return { nodes, edges, length, cost, minClearance: min };
  }

  /**
   * The cheapest route from node index `start` to `goal` for radius `r`,
   * edges admitted with `slack` (Router::search), weighed by `weights`
   * (weightsFor; the plain costs when omitted); null when there is none.
   * When the widest radius between the two does not admit `r`, there is
   * none, told at once without a search.
   */
  function cheapest(net, start, goal, r, slack, weights) {
    const level = net.level;
    weights = weights || weightsFor(net, -1);
    if (Number.isNaN(r)) return null;
    if (start === goal && !admits(level.arrays.nodeClearance[start], r, slack)) return null;
    if (start !== goal) {
      const tree = widestTree(net);
      if (tree) {
        const w = treeWidest(tree, start, goal);
        if (w === null || !admits(w, r, slack)) return null;
      }
    }
    const radius = effectiveRadius(r, slack);
    const n = level.nodeCount;
    const g = new Float64Array(n).fill(Infinity);
    const h = new Float64Array(n);
    const from = new Int32Array(n).fill(-1);
    const via = new Int32Array(n).fill(-1);
    const open = new OpenSet(n);
    const estimate = estimator(level, goal, weights.boundScale);
    g[start] = 0;
    h[start] = estimate(start);
    if (Number.isFinite(h[start])) open.insert(start, h[start], 0);
    let found = false;
    const { first, target, edge, usable } = net;
    const { cost, allowed } = weights;
    for (;;) {
      const here = open.pop();
      if (here < 0) break;
      if (here === goal) { found = true; break; }
      const gHere = open.g[here];
      for (let k = first[here]; k < first[here + 1]; k++) {
        const e = edge[k];
        if (!(usable[e] >= radius) || (allowed && !allowed[e])) continue;
        const next = target[k];
        const gNext = gHere + cost[e];
        if (gNext < g[next]) {
          if (g[next] === Infinity) h[next] = estimate(next);
          g[next] = gNext; from[next] = here; via[next] = e;
          const f = gNext + h[next];
          if (Number.isFinite(f)) open.insert(next, f, gNext);
        }
      }
    }
    if (!found) return null;
    const nodes = [goal], edges = [];
    for (let at = goal; at !== start; at = from[at]) { edges.push(via[at]); nodes.push(from[at]); }
    nodes.reverse(); edges.reverse();
    return along(level, nodes, edges, weights);
  }

  /**
   * The widest radius from `start` to `goal` (route::widest::widest_radius),
   * never through an edge `allowed` forbids; null when unreachable.
   */
  function widestRadius(net, start, goal, allowed) {
    const n = net.level.nodeCount;
    const width = new Float64Array(n).fill(-Infinity);
    const settled = new Uint8Array(n);
    // A max-heap of [width, node], widest first, then lowest node.
    const heap = [];
    const better = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);
    const push = (item) => {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) { const p = (i - 1) >> 1; if (!better(heap[i], heap[p])) break; [heap[i], heap[p]] = [heap[p], heap[i]]; i = p; }
    };
    const pop = () => {
      const top = heap[0], last = heap.pop();
      if (heap.length) {
        heap[0] = last;
        let i = 0;
        for (;;) {
          let c = 2 * i + 1;
          if (c >= heap.length) break;
          if (c + 1 < heap.length && better(heap[c + 1], heap[c])) c++;
          if (!better(heap[c], heap[i])) break;
          [heap[i], heap[c]] = [heap[c], heap[i]]; i = c;
        }
      }
      return top;
    };
    width[start] = Infinity;
    push([Infinity, start]);
    while (heap.length) {
      const [w, node] = pop();
      if (settled[node]) continue;
      settled[node] = 1;
      if (node === goal) return w;
      for (let k = net.first[node]; k < net.first[node + 1]; k++) {
        const next = net.target[k];
        if (allowed && !allowed[net.edge[k]]) continue;
        const through = Math.min(w, net.usable[net.edge[k]]);
        if (!settled[next] && through > width[next]) { width[next] = through; push([through, next]); }
      }
    }
    return null;
  }

  /**
   * The widest route (Router::widest_route): the largest radius that has a
   * route, the cheapest route at it (no slack), and its bottleneck edge
   * (the first edge along it whose clearance is the route's least), by
   * `weights` (Router::widest_route_for; plain when omitted); null when
   * no radius fits.
   */
  function widest(net, start, goal, weights) {
    const level = net.level;
    weights = weights || weightsFor(net, -1);
    let radius;
    if (start === goal) radius = level.arrays.nodeClearance[start];
    else {
      const tree = widestTree(net);
      radius = tree && !weights.allowed ? treeWidest(tree, start, goal) : widestRadius(net, start, goal, weights.allowed);
    }
    if (radius === null || !(radius > 0)) return null;
    const route = cheapest(net, start, goal, radius, 0, weights);
    if (!route) return null;
    let bottleneck = null;
    if (route.minClearance !== Infinity) {
      for (const e of route.edges) if (level.clearance[e] === route.minClearance) { bottleneck = e; break; }
    }
    return { radius, route, bottleneck };
  }

  /** The node index for an id or a unique name as typed; -1 when none. */
  function findNode(level, text) {
    const key = String(text).trim();
    if (level.byId.has(key)) return level.byId.get(key);
    let found = -1;
    for (let i = 0; i < level.nodeCount; i++) {
      if (level.names[i] === key) { if (found >= 0) return -1; found = i; }
    }
    return found;
  }

  /** Numbers as the legend writes a radius: every digit it has. */
  function given(x) {
    return x === Infinity ? 'unbounded' : String(x);
  }

  /** Seven significant digits, trailing zeros trimmed (render::text::human). */
  function human(x) {
    if (x === Infinity) return 'unbounded';
    if (x === 0) return '0';
    return String(Number(x.toPrecision(7)));
  }

  const api = {
    decodeBase64, typed, decodeLevel, admits, verdict, classify, blockedEdges, effectiveRadius,
    buildNetwork, weightsFor, widestTree, treeWidest, cheapest, widestRadius, widest, findNode, given, human, CLEAR, TIGHT, BLOCKED,
  };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  else root.ClearwayCore = api;
})(typeof window !== 'undefined' ? window : globalThis);

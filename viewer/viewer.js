// clearway viewer: the drawing, the controls and `window.clearway`.
// The pure parts (decoding, classification, routes) are in core.js.
'use strict';

(function () {
  const core = window.ClearwayCore;
  const t0 = performance.now();
  const $ = (id) => document.getElementById(id);
  const meta = JSON.parse($('cw-meta').textContent);
  const level = core.decodeLevel(meta, (name) => $('cw-' + name).textContent);
  const decodeMs = performance.now() - t0;
  const P = meta.palette;
  const VERDICT_COLOR = [P.clear, P.tight, P.blocked];
  const VERDICT_WORD = ['clear', 'tight', 'blocked'];
  const n = level.nodeCount, m = level.edgeCount, dim = level.dim;

  // ---- positions on the picture's plane (x right, y up) and heights ----
  // A 3D level is seen from above along its up axis: z up gives (x, y),
  // y up gives (x, -z) (render::flatten::Up).
  const upY = meta.up === 'y';
  function flatOf(src, count) {
    const xy = new Float64Array(2 * count), hh = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const x = src[dim * i], y = src[dim * i + 1], z = dim === 3 ? src[dim * i + 2] : 0;
      xy[2 * i] = x;
      xy[2 * i + 1] = upY ? -z : y;
      hh[i] = upY ? y : z;
    }
    return { xy, hh };
  }
  const nodeFlat = flatOf(level.pos, n);
  const NX = nodeFlat.xy, NH = nodeFlat.hh;
  const pinchFlat = flatOf(level.arrays.pinch, m);
  const nodePinchFlat = flatOf(level.arrays.nodePinch, n);
  const ends = level.ends, flags = level.flags;

  // Bounds of nodes and obstacle shapes.
  const shapes = level.arrays.shapes, shapeXY = level.arrays.shapeXY;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, minH = Infinity, maxH = -Infinity;
  const grow = (x, y) => {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y;
  };
  for (let i = 0; i < n; i++) { grow(NX[2 * i], NX[2 * i + 1]); if (NH[i] < minH) minH = NH[i]; if (NH[i] > maxH) maxH = NH[i]; }
  for (let s = 0; s < shapes.length; s += 4) {
    const first = shapes[s + 2], count = shapes[s + 3];
    if (shapes[s] === 2) { const r = shapeXY[2 * first + 2]; grow(shapeXY[2 * first] - r, shapeXY[2 * first + 1] - r); grow(shapeXY[2 * first] + r, shapeXY[2 * first + 1] + r); }
    else for (let k = first; k < first + count; k++) grow(shapeXY[2 * k], shapeXY[2 * k + 1]);
  }
  if (!(minX <= maxX)) { minX = minY = 0; maxX = maxY = 1; }
  if (!(minH <= maxH)) { minH = maxH = 0; }

  // The median edge length, for widths and what is worth drawing.
  const medianLength = (() => {
    if (m === 0) return Math.max(maxX - minX, maxY - minY, 1) / 10;
    const step = Math.max(1, Math.floor(m / 2000)), sample = [];
    for (let e = 0; e < m; e += step) {
      const a = ends[2 * e], b = ends[2 * e + 1];
      sample.push(Math.hypot(NX[2 * a] - NX[2 * b], NX[2 * a + 1] - NX[2 * b + 1]));
    }
    sample.sort((p, q) => p - q);
    return sample[sample.length >> 1] || 1;
  })();

  // ---- state ----
  const state = {
    radius: 0, agent: null, verdicts: new Uint8Array(m), counts: [0, 0, 0],
    scale: 1, cx: (minX + maxX) / 2, cy: (minY + maxY) / 2,
    camera: 'plan', yaw: -0.6, pitch: 0.9, orbitScale: 1,
    storey: null, hoverEdge: -1, hoverNode: -1, picked: [], route: null, widestMode: false,
    layers: { obstacles: true, labels: false, pinches: true, areas: true },
    frameMs: 0,
  };
  let network = null;
  const net = () => network || (network = core.buildNetwork(level));
  // How the current agent weighs the edges (its costs and forbidden areas);
  // the plain costs for a radius alone.
  const agentIndex = () => (state.agent ? level.agents.findIndex((a) => a.name === state.agent) : -1);
  const weights = () => core.weightsFor(net(), agentIndex());
  const areaOf = (e) => (level.area ? level.area[e] : 0);
  const areaByIndex = new Map(meta.areas.map((a) => [a.index, a]));

  // ---- the canvas ----
  const canvas = $('canvas');
  const ctx = canvas.getContext('2d');
  let W = 0, H = 0, DPR = 1;
  function resize() {
    DPR = window.devicePixelRatio || 1;
    const box = canvas.getBoundingClientRect();
    W = Math.max(1, Math.round(box.width)); H = Math.max(1, Math.round(box.height));
    canvas.width = Math.round(W * DPR); canvas.height = Math.round(H * DPR);
    requestDraw();
  }
  function fit() {
    const w = Math.max(maxX - minX, 1e-9), h = Math.max(maxY - minY, 1e-9);
    state.scale = Math.min((W - 40) / w, (H - 40) / h);
    if (!(state.scale > 0) || !Number.isFinite(state.scale)) state.scale = 1;
    state.cx = (minX + maxX) / 2; state.cy = (minY + maxY) / 2;
    state.orbitScale = state.scale * 0.8;
    requestDraw();
  }

  // Screen position of a plane point (plan view) or a 3D point (orbit).
  function planX(x) { return (x - state.cx) * state.scale + W / 2; }
  function planY(y) { return H / 2 - (y - state.cy) * state.scale; }
  const midH = (minH + maxH) / 2;
  function orbit(x, y, h, out) {
    const dx = x - state.cx, dy = y - state.cy, dh = h - midH;
    const cy = Math.cos(state.yaw), sy = Math.sin(state.yaw);
    const rx = dx * cy - dy * sy, ry = dx * sy + dy * cy;
    const cp = Math.cos(state.pitch), sp = Math.sin(state.pitch);
    // Tilted: depth runs along ry; up is dh.
    out[0] = W / 2 + rx * state.orbitScale;
    out[1] = H / 2 - (ry * cp + dh * sp) * state.orbitScale;
    out[2] = ry * sp - dh * cp;
    return out;
  }
  const tmp = [0, 0, 0];
  function screenOfNode(i, out) {
    if (state.camera === 'orbit') return orbit(NX[2 * i], NX[2 * i + 1], NH[i], out);
    out[0] = planX(NX[2 * i]); out[1] = planY(NX[2 * i + 1]); out[2] = 0;
    return out;
  }
  function screenOfPoint(x, y, h, out) {
    if (state.camera === 'orbit') return orbit(x, y, h, out);
    out[0] = planX(x); out[1] = planY(y); out[2] = 0;
    return out;
  }

  // ---- storeys (3D): node heights that many nodes share ----
  const storeys = [];
  if (dim === 3 && n > 0) {
    const count = new Map();
    for (let i = 0; i < n; i++) count.set(NH[i], (count.get(NH[i]) || 0) + 1);
    const least = Math.max(2, Math.ceil(n * 0.05));
    const floors = [...count.entries()].filter(([, c]) => c >= least).map(([h]) => h).sort((a, b) => a - b);
    floors.forEach((h, k) => {
      const lo = k === 0 ? -Infinity : (floors[k - 1] + h) / 2;
      const hi = k === floors.length - 1 ? Infinity : (h + floors[k + 1]) / 2;
      storeys.push({ h, lo, hi });
    });
  }
  function nodeShown(i) {
    const s = state.storey;
    return !s || (NH[i] >= s.lo && NH[i] < s.hi);
  }
  function edgeShown(e) {
    return !state.storey || nodeShown(ends[2 * e]) || nodeShown(ends[2 * e + 1]);
  }

  // ---- classification ----
  function reclassify() {
    state.counts = core.classify(level, state.radius, state.verdicts);
    const [clear, tight, blocked] = state.counts;
    const words = `${blocked} blocked, ${tight} tight, ${clear} clear of ${m} edges at radius ${core.given(state.radius)}` +
      (state.agent ? ` (${state.agent})` : '');
    $('counts').textContent = words;
    document.title = `${meta.title}: ${blocked} blocked at radius ${core.given(state.radius)}`;
    drawLegend();
  }

  // ---- drawing ----
  // While a drag or a scroll pans the plan, frames move the last full
  // frame (one image copy) and the full drawing follows once the panning
  // pauses: big levels pan at the screen's rate.
  let pending = false, fastPan = false, settle = 0;
  const snap = { canvas: null, cx: 0, cy: 0, scale: 0, camera: '' };
  function requestDraw(pan) {
    fastPan = pending ? fastPan && !!pan : !!pan;
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (fastPan && snap.canvas && snap.scale === state.scale && snap.camera === 'plan' && state.camera === 'plan') {
        blit();
        clearTimeout(settle);
        settle = setTimeout(() => requestDraw(), 150);
      } else draw();
    });
  }
  function blit() {
    const start = performance.now();
    const dx = (snap.cx - state.cx) * state.scale, dy = (state.cy - snap.cy) * state.scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = P.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(snap.canvas, Math.round(dx * DPR), Math.round(dy * DPR));
    state.frameMs = performance.now() - start;
    frames.push(state.frameMs);
    if (frames.length > 240) frames.shift();
  }
  function keepSnapshot() {
    if (!snap.canvas) snap.canvas = document.createElement('canvas');
    if (snap.canvas.width !== canvas.width || snap.canvas.height !== canvas.height) {
      snap.canvas.width = canvas.width; snap.canvas.height = canvas.height;
    }
    const g = snap.canvas.getContext('2d');
    g.clearRect(0, 0, canvas.width, canvas.height);
    g.drawImage(canvas, 0, 0);
    Object.assign(snap, { cx: state.cx, cy: state.cy, scale: state.scale, camera: state.camera });
  }

  function edgeWidth() {
    const px = medianLength * (state.camera === 'orbit' ? state.orbitScale : state.scale);
    return Math.min(3.5, Math.max(0.75, px / 12));
  }

  function setVerdictLine(v, w) {
    ctx.strokeStyle = VERDICT_COLOR[v];
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (v === core.CLEAR) { ctx.lineWidth = w; ctx.setLineDash([]); }
    else if (v === core.TIGHT) { ctx.lineWidth = w; ctx.setLineDash([w * 0.5, w * 2.5]); }
    else { const t = w * 1.6; ctx.lineWidth = t; ctx.setLineDash([t * 3, t * 2]); }
  }

  function drawShapes() {
    const styles = meta.styles;
    const p = [0, 0, 0];
    for (let s = 0; s < shapes.length; s += 4) {
      const kind = shapes[s], st = styles[shapes[s + 1]], first = shapes[s + 2], count = shapes[s + 3];
      ctx.globalAlpha = st.opacity;
      ctx.beginPath();
      if (kind === 2) {
        screenOfPoint(shapeXY[2 * first], shapeXY[2 * first + 1], 0, p);
        const r = Math.max(shapeXY[2 * first + 2] * state.scale, 0.6);
        ctx.moveTo(p[0] + r, p[1]);
        ctx.arc(p[0], p[1], r, 0, 2 * Math.PI);
      } else {
        for (let k = 0; k < count; k++) {
          screenOfPoint(shapeXY[2 * (first + k)], shapeXY[2 * (first + k) + 1], 0, p);
          if (k === 0) ctx.moveTo(p[0], p[1]); else ctx.lineTo(p[0], p[1]);
        }
        if (kind === 0) ctx.closePath();
      }
      if (st.fill && kind !== 1) { ctx.fillStyle = st.fill; ctx.fill(st.evenOdd ? 'evenodd' : 'nonzero'); }
      if (st.stroke) {
        ctx.strokeStyle = st.stroke; ctx.lineWidth = st.width; ctx.setLineDash(st.dash || []);
        ctx.lineCap = st.round ? 'round' : 'butt'; ctx.lineJoin = st.round ? 'round' : 'miter';
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 1;
    ctx.setLineDash([]);
  }

  // The obstacles in the orbit view (3D levels): outlines in level
  // coordinates (render::html_wire), turned with the camera, drawn in the
  // obstacles' own colour; those wholly outside the storey shown are not.
  const wire = level.arrays.wire || new Uint32Array(0);
  const wireCount = wire.length / 4;
  const wireFlat = wire.length ? flatOf(level.arrays.wireXYZ, level.arrays.wireXYZ.length / 3) : null;
  const wireLo = new Float64Array(wireCount), wireHi = new Float64Array(wireCount);
  for (let r = 0; r < wireCount; r++) {
    const kind = wire[4 * r], first = wire[4 * r + 2], count = wire[4 * r + 3];
    let lo = Infinity, hi = -Infinity;
    if (kind === 2) { const h = wireFlat.hh[first], rad = level.arrays.wireXYZ[3 * first + 3]; lo = h - rad; hi = h + rad; }
    else for (let k = first; k < first + count; k++) { lo = Math.min(lo, wireFlat.hh[k]); hi = Math.max(hi, wireFlat.hh[k]); }
    wireLo[r] = lo; wireHi[r] = hi;
  }
  const obstacleStyle = meta.styles.find((st) => st.fill) || meta.styles.find((st) => st.stroke);
  const obstacleColor = obstacleStyle ? obstacleStyle.fill || obstacleStyle.stroke : P.muted;
  function drawWire() {
    if (!wireCount) return;
    const p = [0, 0, 0], xy = wireFlat.xy, hh = wireFlat.hh, s = state.storey;
    ctx.strokeStyle = obstacleColor; ctx.lineWidth = 1.25; ctx.setLineDash([]); ctx.lineJoin = 'round';
    ctx.globalAlpha = 0.75;
    ctx.beginPath();
    for (let r = 0; r < wireCount; r++) {
      if (s && (wireHi[r] < s.lo || wireLo[r] >= s.hi)) continue;
      const kind = wire[4 * r], first = wire[4 * r + 2], count = wire[4 * r + 3];
      if (kind === 2 || kind === 3) {
        screenOfPoint(xy[2 * first], xy[2 * first + 1], hh[first], p);
        // An orthographic camera sees a sphere as a circle of its radius.
        const rad = kind === 2 ? Math.max(level.arrays.wireXYZ[3 * first + 3] * state.orbitScale, 1) : 2;
        ctx.moveTo(p[0] + rad, p[1]); ctx.arc(p[0], p[1], rad, 0, 2 * Math.PI);
        continue;
      }
      for (let k = first; k < first + count; k++) {
        screenOfPoint(xy[2 * k], xy[2 * k + 1], hh[k], p);
        if (k === first) ctx.moveTo(p[0], p[1]); else ctx.lineTo(p[0], p[1]);
      }
      if (kind === 1) ctx.closePath();
    }
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  // Screen coordinates of every node, refreshed per frame.
  let SX = new Float32Array(2 * n);
  function project() {
    const p = [0, 0, 0];
    for (let i = 0; i < n; i++) { screenOfNode(i, p); SX[2 * i] = p[0]; SX[2 * i + 1] = p[1]; }
  }

  // Edges: three batches (clear, tight, blocked on top). Edges shorter
  // than a pixel and a half are not stroked: each marks its pixel in a
  // bitmap, blocked over tight over clear, drawn in one image.
  let tinyImage = null;
  function drawEdges() {
    const w = edgeWidth();
    const v = state.verdicts;
    const margin = 4;
    let tiny = null;
    const pw = canvas.width, ph = canvas.height;
    let drawn = 0;
    for (let verdict = 0; verdict < 3; verdict++) {
      setVerdictLine(verdict, w);
      ctx.beginPath();
      let any = false;
      for (let e = 0; e < m; e++) {
        if (v[e] !== verdict) continue;
        const a = ends[2 * e], b = ends[2 * e + 1];
        const ax = SX[2 * a], ay = SX[2 * a + 1], bx = SX[2 * b], by = SX[2 * b + 1];
        if ((ax < -margin && bx < -margin) || (ax > W + margin && bx > W + margin) ||
            (ay < -margin && by < -margin) || (ay > H + margin && by > H + margin)) continue;
        if (state.storey && !edgeShown(e)) continue;
        const dx = bx - ax, dy = by - ay;
        if (dx * dx + dy * dy < 2.25) {
          if (!tiny) tiny = new Uint8Array(pw * ph);
          const px = Math.floor(((ax + bx) / 2) * DPR), py = Math.floor(((ay + by) / 2) * DPR);
          if (px >= 0 && py >= 0 && px < pw && py < ph) { const k = py * pw + px; if (tiny[k] < verdict + 1) tiny[k] = verdict + 1; }
          continue;
        }
        ctx.moveTo(ax, ay); ctx.lineTo(bx, by);
        any = true; drawn++;
      }
      if (any) ctx.stroke();
    }
    ctx.setLineDash([]);
    if (tiny) {
      if (!tinyImage || tinyImage.width !== pw || tinyImage.height !== ph) tinyImage = ctx.createImageData(pw, ph);
      const data = new Uint32Array(tinyImage.data.buffer);
      const rgba = VERDICT_COLOR.map((hex) => {
        const c = parseInt(hex.slice(1), 16);
        return (255 << 24) | ((c & 255) << 16) | (c & 0xff00) | (c >> 16);
      });
      for (let k = 0; k < tiny.length; k++) data[k] = tiny[k] ? rgba[tiny[k] - 1] : 0;
      const off = drawEdges.off || (drawEdges.off = document.createElement('canvas'));
      off.width = pw; off.height = ph;
      off.getContext('2d').putImageData(tinyImage, 0, 0);
      ctx.save(); ctx.setTransform(1, 0, 0, 1, 0, 0); ctx.drawImage(off, 0, 0); ctx.restore();
    }
    return drawn;
  }

  // Areas: a thin ink line along each edge that has one, dashed in its
  // area's own pattern (render::areas), one batch per area.
  function drawAreas() {
    if (!level.area) return;
    const area = level.area;
    // As wide as half an edge (at least 1.5 px), so that it reads over the
    // edge's colour; the pattern scales with it.
    const w = Math.max(1.5, edgeWidth() * 0.5);
    ctx.strokeStyle = P.ink; ctx.lineWidth = w; ctx.lineCap = 'butt';
    for (const a of meta.areas) {
      ctx.setLineDash(a.dash[1] > 0 ? a.dash.map((x) => x * w) : []);
      ctx.beginPath();
      let any = false;
      for (let e = 0; e < m; e++) {
        if (area[e] !== a.index + 1 || !edgeShown(e)) continue;
        const p = ends[2 * e], q = ends[2 * e + 1];
        const ax = SX[2 * p], ay = SX[2 * p + 1], bx = SX[2 * q], by = SX[2 * q + 1];
        if (Math.max(ax, bx) < 0 || Math.min(ax, bx) > W || Math.max(ay, by) < 0 || Math.min(ay, by) > H) continue;
        ctx.moveTo(ax, ay); ctx.lineTo(bx, by); any = true;
      }
      if (any) ctx.stroke();
    }
    ctx.setLineDash([]);
  }

  // One-way arrows and closed bars, when edges are long enough on screen.
  function drawMarks(w) {
    ctx.fillStyle = P.ink; ctx.strokeStyle = P.ink;
    for (let e = 0; e < m; e++) {
      const f = flags[e];
      if (!f || !edgeShown(e)) continue;
      const a = ends[2 * e], b = ends[2 * e + 1];
      const ax = SX[2 * a], ay = SX[2 * a + 1], bx = SX[2 * b], by = SX[2 * b + 1];
      const len = Math.hypot(bx - ax, by - ay);
      if (len < 8 || Math.max(ax, bx) < 0 || Math.min(ax, bx) > W || Math.max(ay, by) < 0 || Math.min(ay, by) > H) continue;
      const ux = (bx - ax) / len, uy = (by - ay) / len, nx = -uy, ny = ux;
      if (f & 1) {
        const size = Math.min(w * 3 + 6, len * 0.4);
        const tx = ax + (bx - ax) * 0.5 + ux * size * 0.5, ty = ay + (by - ay) * 0.5 + uy * size * 0.5;
        const bkx = tx - ux * size, bky = ty - uy * size;
        ctx.beginPath(); ctx.moveTo(tx, ty);
        ctx.lineTo(bkx + nx * size * 0.5, bky + ny * size * 0.5); ctx.lineTo(bkx - nx * size * 0.5, bky - ny * size * 0.5);
        ctx.closePath(); ctx.fill();
      }
      if (f & 2) {
        const half = Math.min(w * 3 + 6, len * 0.4), along = f & 1 ? 0.25 : 0.5;
        const cx = ax + (bx - ax) * along, cy = ay + (by - ay) * along;
        ctx.lineWidth = w * 2 + 2; ctx.setLineDash([]);
        ctx.beginPath(); ctx.moveTo(cx - nx * half, cy - ny * half); ctx.lineTo(cx + nx * half, cy + ny * half); ctx.stroke();
      }
    }
  }

  function heightColor(h) {
    const t = maxH > minH ? (h - minH) / (maxH - minH) : 0;
    const k = Math.min(P.heights.length - 1, Math.floor(t * P.heights.length));
    return P.heights[k];
  }

  function nodeRadius() { return Math.max(2, Math.min(6, edgeWidth() * 1.5 + 1.5)); }

  function drawNodes() {
    const r = nodeRadius();
    let visible = 0;
    for (let i = 0; i < n; i++) {
      const x = SX[2 * i], y = SX[2 * i + 1];
      if (x >= -r && y >= -r && x <= W + r && y <= H + r && nodeShown(i)) visible++;
    }
    const spacing = medianLength * (state.camera === 'orbit' ? state.orbitScale : state.scale);
    if (visible > 20000 || spacing < 6) return;
    ctx.lineWidth = 1.2; ctx.strokeStyle = P.ink; ctx.setLineDash([]);
    for (let i = 0; i < n; i++) {
      const x = SX[2 * i], y = SX[2 * i + 1];
      if (x < -r || y < -r || x > W + r || y > H + r || !nodeShown(i)) continue;
      ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fillStyle = dim === 3 ? heightColor(NH[i]) : P.background;
      ctx.fill(); ctx.stroke();
    }
    if (state.layers.labels && visible <= 3000) {
      ctx.font = '11px system-ui, sans-serif'; ctx.fillStyle = P.ink; ctx.textBaseline = 'bottom';
      for (let i = 0; i < n; i++) {
        const x = SX[2 * i], y = SX[2 * i + 1];
        if (x < 0 || y < 0 || x > W || y > H || !nodeShown(i)) continue;
        ctx.fillText(level.names[i] ? `${level.ids[i]} ${level.names[i]}` : String(level.ids[i]), x + r + 2, y - 2);
      }
    }
  }

  function drawPinch(x, y, h, size, color) {
    const p = screenOfPoint(x, y, h, [0, 0, 0]);
    ctx.beginPath();
    ctx.moveTo(p[0], p[1] - size); ctx.lineTo(p[0] + size, p[1]); ctx.lineTo(p[0], p[1] + size); ctx.lineTo(p[0] - size, p[1]); ctx.closePath();
    ctx.fillStyle = color; ctx.fill();
    ctx.lineWidth = 1.5; ctx.strokeStyle = P.ink; ctx.setLineDash([]); ctx.stroke();
  }

  // The pinch points of the blocked edges in view, when the edges are
  // long enough on screen to tell them apart (at most 2000).
  function drawPinches() {
    const spacing = medianLength * (state.camera === 'orbit' ? state.orbitScale : state.scale);
    if (spacing < 12) return;
    let shown = 0;
    const q = [0, 0, 0];
    for (let e = 0; e < m && shown < 2000; e++) {
      if (state.verdicts[e] !== core.BLOCKED || !edgeShown(e)) continue;
      const x = pinchFlat.xy[2 * e], y = pinchFlat.xy[2 * e + 1];
      if (!Number.isFinite(x)) continue;
      screenOfPoint(x, y, pinchFlat.hh[e], q);
      if (q[0] < 0 || q[1] < 0 || q[0] > W || q[1] > H) continue;
      drawPinch(x, y, pinchFlat.hh[e], 4, P.blocked);
      shown++;
    }
  }

  function drawRoute() {
    const r = state.route;
    if (!r || !r.path) return;
    ctx.strokeStyle = r.widest ? P.widest : P.route;
    ctx.lineWidth = edgeWidth() * 2 + 3; ctx.lineCap = 'round'; ctx.lineJoin = 'round'; ctx.setLineDash([]);
    ctx.globalAlpha = 0.85;
    ctx.beginPath();
    r.path.nodes.forEach((i, k) => { if (k === 0) ctx.moveTo(SX[2 * i], SX[2 * i + 1]); else ctx.lineTo(SX[2 * i], SX[2 * i + 1]); });
    ctx.stroke();
    ctx.globalAlpha = 1;
  }

  function ring(i, color) {
    const x = SX[2 * i], y = SX[2 * i + 1], r = nodeRadius() + 4;
    ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.lineWidth = 3; ctx.strokeStyle = color; ctx.setLineDash([]); ctx.stroke();
  }

  function drawHover() {
    const e = state.hoverEdge;
    if (e >= 0) {
      const a = ends[2 * e], b = ends[2 * e + 1];
      ctx.strokeStyle = P.ink; ctx.lineWidth = edgeWidth() * 2 + 4; ctx.globalAlpha = 0.35; ctx.setLineDash([]);
      ctx.beginPath(); ctx.moveTo(SX[2 * a], SX[2 * a + 1]); ctx.lineTo(SX[2 * b], SX[2 * b + 1]); ctx.stroke();
      ctx.globalAlpha = 1;
      const x = pinchFlat.xy[2 * e];
      if (Number.isFinite(x)) drawPinch(x, pinchFlat.xy[2 * e + 1], pinchFlat.hh[e], 6, VERDICT_COLOR[state.verdicts[e]]);
    }
    const i = state.hoverNode;
    if (i >= 0) {
      ring(i, P.ink);
      const x = nodePinchFlat.xy[2 * i];
      if (Number.isFinite(x)) drawPinch(x, nodePinchFlat.xy[2 * i + 1], nodePinchFlat.hh[i], 6, P.muted);
    }
  }

  function draw() {
    const start = performance.now();
    ctx.setTransform(DPR, 0, 0, DPR, 0, 0);
    ctx.fillStyle = P.background;
    ctx.fillRect(0, 0, W, H);
    if (state.layers.obstacles) { if (state.camera === 'plan') drawShapes(); else drawWire(); }
    project();
    drawEdges();
    if (state.layers.areas) drawAreas();
    drawMarks(edgeWidth());
    drawNodes();
    drawRoute();
    if (state.layers.pinches) drawPinches();
    state.picked.forEach((i, k) => ring(i, k === 0 ? P.route : P.widest));
    drawHover();
    state.frameMs = performance.now() - start;
    frames.push(state.frameMs);
    fullFrames.push(state.frameMs);
    if (frames.length > 240) frames.shift();
    if (fullFrames.length > 240) fullFrames.shift();
    if (state.camera === 'plan') keepSnapshot();
    drawnOnce();
  }
  const frames = [], fullFrames = [];
  let drawnOnce = () => {};
  const ready = new Promise((resolve) => {
    drawnOnce = () => { drawnOnce = () => {}; resolve(); };
  });

  // ---- legend ----
  function lineSample(v) {
    const c = document.createElement('canvas');
    c.width = 48; c.height = 14;
    const g = c.getContext('2d');
    const w = 2.5;
    g.strokeStyle = VERDICT_COLOR[v]; g.lineCap = 'round';
    if (v === core.CLEAR) { g.lineWidth = w; }
    else if (v === core.TIGHT) { g.lineWidth = w; g.setLineDash([w * 0.5, w * 2.5]); }
    else { g.lineWidth = w * 1.6; g.setLineDash([w * 4.8, w * 3.2]); }
    g.beginPath(); g.moveTo(4, 7); g.lineTo(44, 7); g.stroke();
    return c;
  }
  function verdictWords(v, r) {
    const g = core.given;
    if (v === core.BLOCKED && r <= 0) return 'blocked: clearance 0';
    if (v === core.CLEAR && r <= 0) return 'clear: clearance > 0';
    if (v === core.BLOCKED) return `blocked: clearance < ${g(r)}`;
    if (v === core.TIGHT) return `tight: clearance ${g(r)} to ${g(2 * r)}`;
    return `clear: clearance ≥ ${g(2 * r)}`;
  }
  function drawLegend() {
    const box = $('legend');
    box.textContent = '';
    const h = document.createElement('h2'); h.textContent = 'Legend'; box.appendChild(h);
    for (const v of [core.BLOCKED, core.TIGHT, core.CLEAR]) {
      if (v === core.TIGHT && state.radius <= 0) continue;
      const row = document.createElement('div'); row.className = 'key';
      row.appendChild(lineSample(v));
      const words = document.createElement('span');
      words.textContent = `${verdictWords(v, state.radius)} (${state.counts[v]})`;
      row.appendChild(words); box.appendChild(row);
    }
    const extra = [[P.route, 'cheapest route'], [P.widest, 'widest route']];
    // The obstacles' own colour, as the picture's obstacles layer drew them.
    if (meta.obstacles && obstacleStyle) extra.unshift([obstacleColor, 'obstacle']);
    for (const [color, words] of extra) {
      const row = document.createElement('div'); row.className = 'key';
      const sw = document.createElement('span'); sw.className = 'swatch'; sw.style.background = color;
      row.appendChild(sw); row.appendChild(document.createTextNode(words)); box.appendChild(row);
    }
    // One entry per area, by its pattern (not by colour).
    for (const a of meta.areas) {
      const row = document.createElement('div'); row.className = 'key';
      const c = document.createElement('canvas'); c.width = 48; c.height = 14;
      const g = c.getContext('2d');
      g.strokeStyle = P.ink; g.lineWidth = 1.5; g.setLineDash(a.dash[1] > 0 ? a.dash.map((x) => x * 1.5) : []);
      g.beginPath(); g.moveTo(4, 7); g.lineTo(44, 7); g.stroke();
      row.appendChild(c);
      const words = document.createElement('span');
      const k = agentIndex();
      let times = '';
      if (k >= 0 && level.arrays.agentMultiplier) {
        const width = level.arrays.agentMultiplier.length / level.agents.length;
        const x = level.arrays.agentMultiplier[k * width + a.index + 1];
        times = x === Infinity ? `: ${state.agent} may not enter` : x !== 1 ? `: ${state.agent} pays × ${x}` : '';
      }
      words.textContent = a.legend + times;
      row.appendChild(words); box.appendChild(row);
    }
    if (dim === 3) {
      const row = document.createElement('div'); row.className = 'key';
      P.heights.forEach((c) => { const sw = document.createElement('span'); sw.className = 'swatch small'; sw.style.background = c; row.appendChild(sw); });
      row.appendChild(document.createTextNode(` node height ${meta.up} ${core.human(minH)} to ${core.human(maxH)}`));
      box.appendChild(row);
    }
  }

  // ---- hit testing: a grid over the plane, built on first use ----
  let grid = null;
  function buildGrid() {
    const cell = Math.max(medianLength * 2, (maxX - minX + maxY - minY) / 4096, 1e-9);
    const cols = Math.max(1, Math.min(4096, Math.ceil((maxX - minX) / cell) + 1));
    const rows = Math.max(1, Math.min(4096, Math.ceil((maxY - minY) / cell) + 1));
    const cw = (maxX - minX) / cols || 1, ch = (maxY - minY) / rows || 1;
    const cellOf = (x, y) => [
      Math.min(cols - 1, Math.max(0, Math.floor((x - minX) / cw))),
      Math.min(rows - 1, Math.max(0, Math.floor((y - minY) / ch))),
    ];
    const counts = new Uint32Array(cols * rows + 1);
    const span = (e) => {
      const a = ends[2 * e], b = ends[2 * e + 1];
      const [c0, r0] = cellOf(Math.min(NX[2 * a], NX[2 * b]), Math.min(NX[2 * a + 1], NX[2 * b + 1]));
      const [c1, r1] = cellOf(Math.max(NX[2 * a], NX[2 * b]), Math.max(NX[2 * a + 1], NX[2 * b + 1]));
      return [c0, r0, Math.min(c1, c0 + 64), Math.min(r1, r0 + 64)];
    };
    for (let e = 0; e < m; e++) { const [c0, r0, c1, r1] = span(e); for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) counts[r * cols + c + 1]++; }
    for (let k = 0; k < cols * rows; k++) counts[k + 1] += counts[k];
    const items = new Uint32Array(counts[cols * rows]);
    const next = counts.slice(0, cols * rows);
    for (let e = 0; e < m; e++) { const [c0, r0, c1, r1] = span(e); for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) items[next[r * cols + c]++] = e; }
    const nodeCounts = new Uint32Array(cols * rows + 1);
    for (let i = 0; i < n; i++) { const [c, r] = cellOf(NX[2 * i], NX[2 * i + 1]); nodeCounts[r * cols + c + 1]++; }
    for (let k = 0; k < cols * rows; k++) nodeCounts[k + 1] += nodeCounts[k];
    const nodeItems = new Uint32Array(n);
    const nodeNext = nodeCounts.slice(0, cols * rows);
    for (let i = 0; i < n; i++) { const [c, r] = cellOf(NX[2 * i], NX[2 * i + 1]); nodeItems[nodeNext[r * cols + c]++] = i; }
    return { cellOf, cols, rows, counts, items, nodeCounts, nodeItems, cw, ch };
  }

  function segDistance2(px, py, ax, ay, bx, by) {
    const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
    t = Math.max(0, Math.min(1, t));
    const x = ax + t * dx - px, y = ay + t * dy - py;
    return x * x + y * y;
  }

  // The node within 10 px of the screen point, else the edge within 8 px.
  function hit(sx, sy) {
    const nodeR = Math.max(10, nodeRadius() + 3), edgeR = 8;
    let bestNode = -1, bestNodeD = nodeR * nodeR, bestEdge = -1, bestEdgeD = edgeR * edgeR;
    const visitNode = (i) => {
      if (!nodeShown(i)) return;
      const dx = SX[2 * i] - sx, dy = SX[2 * i + 1] - sy, d = dx * dx + dy * dy;
      if (d < bestNodeD) { bestNodeD = d; bestNode = i; }
    };
    const visitEdge = (e) => {
      if (!edgeShown(e)) return;
      const a = ends[2 * e], b = ends[2 * e + 1];
      const d = segDistance2(sx, sy, SX[2 * a], SX[2 * a + 1], SX[2 * b], SX[2 * b + 1]);
      if (d < bestEdgeD) { bestEdgeD = d; bestEdge = e; }
    };
    if (state.camera === 'orbit') {
      for (let i = 0; i < n; i++) visitNode(i);
      if (bestNode < 0 && m <= 300000) for (let e = 0; e < m; e++) visitEdge(e);
    } else {
      grid = grid || buildGrid();
      const x0 = state.cx + (sx - edgeR - W / 2) / state.scale, x1 = state.cx + (sx + edgeR - W / 2) / state.scale;
      const y0 = state.cy + (H / 2 - sy - edgeR) / state.scale, y1 = state.cy + (H / 2 - sy + edgeR) / state.scale;
      const [c0, r0] = grid.cellOf(x0, y0), [c1, r1] = grid.cellOf(x1, y1);
      const seen = new Set();
      for (let r = r0; r <= Math.min(r1, r0 + 8); r++) {
        for (let c = c0; c <= Math.min(c1, c0 + 8); c++) {
          const k = r * grid.cols + c;
          for (let j = grid.nodeCounts[k]; j < grid.nodeCounts[k + 1]; j++) visitNode(grid.nodeItems[j]);
          for (let j = grid.counts[k]; j < grid.counts[k + 1]; j++) { const e = grid.items[j]; if (!seen.has(e)) { seen.add(e); visitEdge(e); } }
        }
      }
    }
    return bestNode >= 0 ? { node: bestNode } : bestEdge >= 0 ? { edge: bestEdge } : null;
  }

  // ---- words for the panel ----
  function nodeWords(i) { return level.names[i] ? `${level.ids[i]} “${level.names[i]}”` : String(level.ids[i]); }
  function obstacleWords(o) {
    if (o === 0xffffffff) return null;
    const kind = meta.kinds[level.arrays.obstacleKind[o]];
    const line = level.arrays.obstacleLine[o];
    const source = line ? `line ${line}` : (meta.sources.find(([k]) => k === o) || [])[1];
    return { index: o, kind, line: line || null, source: source || null, words: `${kind} #${o}` + (source ? ` (${source})` : '') };
  }
  function pointWords(xy, hh, i) {
    const x = level.arrays[xy === 'edge' ? 'pinch' : 'nodePinch'];
    const coords = [];
    for (let k = 0; k < dim; k++) coords.push(core.human(x[dim * i + k]));
    return `(${coords.join(', ')})`;
  }
  function addRow(table, key, value) {
    const tr = document.createElement('tr');
    const th = document.createElement('th'); th.textContent = key;
    const td = document.createElement('td'); td.textContent = value;
    tr.appendChild(th); tr.appendChild(td); table.appendChild(tr);
  }
  function showDetails() {
    const box = $('details');
    box.textContent = '';
    const table = document.createElement('table');
    const e = state.hoverEdge, i = state.hoverNode;
    if (e >= 0) {
      const a = ends[2 * e], b = ends[2 * e + 1], c = level.clearance[e];
      const h = document.createElement('h2'); h.textContent = `edge ${e} (${level.ids[a]} -> ${level.ids[b]})`; box.appendChild(h);
      addRow(table, 'from', nodeWords(a)); addRow(table, 'to', nodeWords(b));
      addRow(table, 'clearance', `${core.human(c)}: ${VERDICT_WORD[state.verdicts[e]]} at radius ${core.given(state.radius)}`);
      const o = obstacleWords(level.arrays.witness[e]);
      if (o) { addRow(table, 'obstacle', o.words); addRow(table, 'pinch point', pointWords('edge', null, e)); }
      else addRow(table, 'obstacle', Number.isFinite(c) ? 'none (baked)' : 'none');
      addRow(table, 'length', core.human(level.length[e]));
      if (level.cost[e] !== level.length[e]) addRow(table, 'cost', core.human(level.cost[e]));
      if (areaOf(e)) {
        const a = areaByIndex.get(areaOf(e) - 1), w = weights();
        const forAgent = state.agent ? (w.allowed && !w.allowed[e] ? `: ${state.agent} may not enter` : `: costs ${state.agent} ${core.human(w.cost[e])}`) : '';
        addRow(table, 'area', (a ? a.name : String(areaOf(e) - 1)) + forAgent);
      }
      if (flags[e] & 1) addRow(table, 'one-way', `${level.ids[a]} to ${level.ids[b]} only`);
      if (flags[e] & 2) addRow(table, 'closed', 'unusable for every agent');
    } else if (i >= 0) {
      const h = document.createElement('h2'); h.textContent = `node ${level.ids[i]}`; box.appendChild(h);
      if (level.names[i]) addRow(table, 'name', level.names[i]);
      const coords = [];
      for (let k = 0; k < dim; k++) coords.push(core.human(level.pos[dim * i + k]));
      addRow(table, 'position', `(${coords.join(', ')})`);
      addRow(table, 'clearance', core.human(level.arrays.nodeClearance[i]));
      const o = obstacleWords(level.arrays.nodeWitness[i]);
      if (o) { addRow(table, 'obstacle', o.words); addRow(table, 'nearest point', pointWords('node', null, i)); }
    } else {
      const p = document.createElement('p'); p.className = 'muted'; p.textContent = 'Hover or tap an edge or node.'; box.appendChild(p);
      return;
    }
    box.appendChild(table);
  }

  // ---- routes ----
  function routeFor(a, b) {
    if (state.widestMode) {
      const w = core.widest(net(), a, b, weights());
      return { widest: true, path: w ? w.route : null, w };
    }
    const r = core.cheapest(net(), a, b, state.radius, level.slack, weights());
    if (r) return { widest: false, path: r };
    const w = core.widest(net(), a, b, weights());
    return { widest: false, path: null, w };
  }
  function updateRoute() {
    const box = $('route-panel');
    box.textContent = '';
    const say = (text, cls) => { const p = document.createElement('p'); p.textContent = text; if (cls) p.className = cls; box.appendChild(p); return p; };
    if (state.picked.length < 2) {
      state.route = null;
      say(state.picked.length ? `From ${nodeWords(state.picked[0])}: click a second node.` : 'Click two nodes for a route.', 'muted');
      return;
    }
    const [a, b] = state.picked;
    const r = routeFor(a, b);
    state.route = r;
    const h = document.createElement('h2');
    h.textContent = `${r.widest ? 'Widest route' : 'Route'} ${level.ids[a]} → ${level.ids[b]}`;
    box.appendChild(h);
    if (r.widest) {
      if (!r.w) say('No route at any radius.');
      else {
        say(`widest radius ${core.given(r.w.radius)}, length ${core.human(r.path.length)}`);
        if (r.w.bottleneck !== null) say(`bottleneck: edge ${r.w.bottleneck}`);
        say(`nodes: ${r.path.nodes.map((i) => level.ids[i]).join(' → ')}`, 'path');
      }
    } else if (r.path) {
      say(`length ${core.human(r.path.length)}` + (r.path.cost !== r.path.length ? `, cost ${core.human(r.path.cost)}` : '') + ` at radius ${core.given(state.radius)}` + (state.agent ? ` (${state.agent})` : ''));
      say(`nodes: ${r.path.nodes.map((i) => level.ids[i]).join(' → ')}`, 'path');
    } else if (r.w) {
      say(`No route at radius ${core.given(state.radius)}. The widest radius with one is ${core.given(r.w.radius)}` +
        (r.w.bottleneck !== null ? `, its bottleneck edge ${r.w.bottleneck}.` : '.'));
    } else {
      say(`No route at radius ${core.given(state.radius)}, nor at any radius.`);
    }
  }

  // ---- controls ----
  const agentSelect = $('agent'), range = $('radius-range'), number = $('radius');
  for (const a of level.agents) {
    const o = document.createElement('option'); o.value = a.name; o.textContent = `${a.name} (${core.given(a.radius)})`; agentSelect.appendChild(o);
  }
  const topRadius = (() => {
    let top = 0;
    for (const a of level.agents) top = Math.max(top, a.radius);
    const finite = [];
    const step = Math.max(1, Math.floor(m / 5000));
    for (let e = 0; e < m; e += step) if (Number.isFinite(level.clearance[e])) finite.push(level.clearance[e]);
    finite.sort((p, q) => p - q);
    if (finite.length) top = Math.max(top, finite[Math.floor(finite.length * 0.9)]);
    if (Number.isFinite(state.radius)) top = Math.max(top, state.radius);
    return top > 0 ? top * 1.25 : 1;
  })();
  range.max = String(topRadius);
  function setRadius(r, agent) {
    r = Number(r);
    if (!Number.isFinite(r) || r < 0) throw new Error('radius must be a finite number >= 0, not ' + r);
    state.radius = r;
    state.agent = agent || null;
    agentSelect.value = state.agent || '';
    number.value = String(r);
    if (r > Number(range.max)) range.max = String(r);
    range.value = String(r);
    reclassify();
    if (state.picked.length === 2) updateRoute();
    showDetails();
    requestDraw();
  }
  function setAgent(name) {
    const a = level.agents.find((x) => x.name === name);
    if (!a) throw new Error(`no agent named ${JSON.stringify(name)}: the map has ${level.agents.map((x) => x.name).join(', ') || 'none'}`);
    setRadius(a.radius, a.name);
  }
  agentSelect.addEventListener('change', () => { if (agentSelect.value) setAgent(agentSelect.value); else setRadius(state.radius, null); });
  range.addEventListener('input', () => setRadius(range.value, null));
  number.addEventListener('change', () => { try { setRadius(number.value, null); } catch { number.value = String(state.radius); } });
  $('widest-switch').addEventListener('change', (ev) => { state.widestMode = ev.target.checked; updateRoute(); requestDraw(); });
  if (level.area) $('areas-toggle').hidden = false;
  for (const [id, key] of [['show-obstacles', 'obstacles'], ['show-labels', 'labels'], ['show-pinches', 'pinches'], ['show-areas', 'areas']]) {
    $(id).addEventListener('change', (ev) => { state.layers[key] = ev.target.checked; requestDraw(); });
  }
  $('fit').addEventListener('click', fit);
  if (dim === 3) {
    $('view3d').hidden = false;
    const sel = $('storey');
    storeys.forEach((s, k) => { const o = document.createElement('option'); o.value = String(k); o.textContent = `${meta.up} ≈ ${core.human(s.h)}`; sel.appendChild(o); });
    sel.addEventListener('change', () => { state.storey = sel.value === 'all' ? null : storeys[Number(sel.value)]; requestDraw(); });
    $('camera').addEventListener('change', (ev) => { state.camera = ev.target.value; requestDraw(); });
  }
  // Search: a node by id or name; the view centres on it.
  const list = document.createElement('datalist'); list.id = 'node-list';
  if (meta.nodeNames.length <= 5000) for (const [, name] of meta.nodeNames) { const o = document.createElement('option'); o.value = name; list.appendChild(o); }
  document.body.appendChild(list);
  function focusNode(i) {
    state.cx = NX[2 * i]; state.cy = NX[2 * i + 1];
    state.scale = Math.max(state.scale, 60 / medianLength);
    state.hoverNode = i; state.hoverEdge = -1;
    showDetails(); requestDraw();
  }
  $('search').addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter') return;
    const i = core.findNode(level, ev.target.value);
    ev.target.classList.toggle('missing', i < 0);
    if (i >= 0) focusNode(i);
  });

  // ---- pointer: pan, zoom, pinch, orbit, hover, click ----
  const pointers = new Map();
  let drag = null;
  function zoomAt(sx, sy, factor) {
    if (state.camera === 'orbit') { state.orbitScale *= factor; requestDraw(); return; }
    const x = state.cx + (sx - W / 2) / state.scale, y = state.cy + (H / 2 - sy) / state.scale;
    state.scale = Math.min(Math.max(state.scale * factor, 1e-12), 1e12);
    state.cx = x - (sx - W / 2) / state.scale; state.cy = y - (H / 2 - sy) / state.scale;
    requestDraw();
  }
  function panBy(dx, dy) {
    if (state.camera === 'orbit') {
      const s = state.orbitScale, c = Math.cos(state.yaw), sn = Math.sin(state.yaw);
      const rx = -dx / s, ry = dy / s / Math.max(Math.cos(state.pitch), 0.2);
      state.cx += rx * c + ry * sn; state.cy += -rx * sn + ry * c;
    } else { state.cx -= dx / state.scale; state.cy += dy / state.scale; }
    requestDraw(true);
  }
  const local = (ev) => { const b = canvas.getBoundingClientRect(); return [ev.clientX - b.left, ev.clientY - b.top]; };
  canvas.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const [sx, sy] = local(ev);
    const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? H : 1;
    if (ev.ctrlKey || (ev.deltaX === 0 && Math.abs(ev.deltaY * unit) >= 40)) zoomAt(sx, sy, Math.exp(-ev.deltaY * unit * (ev.ctrlKey ? 0.01 : 0.0015)));
    else panBy(-ev.deltaX * unit, -ev.deltaY * unit);
  }, { passive: false });
  canvas.addEventListener('pointerdown', (ev) => {
    canvas.setPointerCapture(ev.pointerId);
    pointers.set(ev.pointerId, local(ev));
    if (pointers.size === 1) { const [x, y] = local(ev); drag = { x, y, x0: x, y0: y, moved: false, rotate: state.camera === 'orbit' && !ev.shiftKey }; }
    else drag = null;
  });
  canvas.addEventListener('pointermove', (ev) => {
    const p = local(ev);
    if (pointers.has(ev.pointerId)) {
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const before = Math.hypot(a[0] - b[0], a[1] - b[1]);
        const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        pointers.set(ev.pointerId, p);
        const [c, d] = [...pointers.values()];
        const after = Math.hypot(c[0] - d[0], c[1] - d[1]);
        const mid2 = [(c[0] + d[0]) / 2, (c[1] + d[1]) / 2];
        panBy(mid2[0] - mid[0], mid2[1] - mid[1]);
        if (before > 0 && after > 0) zoomAt(mid2[0], mid2[1], after / before);
        return;
      }
      pointers.set(ev.pointerId, p);
      if (drag) {
        const dx = p[0] - drag.x, dy = p[1] - drag.y;
        if (Math.hypot(p[0] - drag.x0, p[1] - drag.y0) > 4) drag.moved = true;
        if (drag.moved) {
          if (drag.rotate) { state.yaw += dx * 0.01; state.pitch = Math.min(Math.PI / 2, Math.max(0, state.pitch - dy * 0.01)); requestDraw(); }
          else panBy(dx, dy);
        }
        drag.x = p[0]; drag.y = p[1];
      }
      return;
    }
    hover(p[0], p[1]);
  });
  function hover(sx, sy) {
    const h = hit(sx, sy);
    const node = h && 'node' in h ? h.node : -1, edge = h && 'edge' in h ? h.edge : -1;
    if (node !== state.hoverNode || edge !== state.hoverEdge) {
      state.hoverNode = node; state.hoverEdge = edge; showDetails(); requestDraw();
    }
    return h;
  }
  function release(ev) {
    const wasClick = drag && !drag.moved && pointers.size === 1;
    pointers.delete(ev.pointerId);
    if (wasClick && ev.type === 'pointerup') {
      const [sx, sy] = local(ev);
      const h = hover(sx, sy);
      if (h && 'node' in h) pick(h.node);
    }
    if (pointers.size === 0) drag = null;
  }
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  function pick(i) {
    if (state.picked.length >= 2) state.picked = [];
    state.picked.push(i);
    updateRoute();
    requestDraw();
  }
  canvas.addEventListener('keydown', (ev) => {
    const step = 40;
    const keys = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (keys[ev.key]) { panBy(...keys[ev.key]); ev.preventDefault(); }
    else if (ev.key === '+' || ev.key === '=') zoomAt(W / 2, H / 2, 1.25);
    else if (ev.key === '-') zoomAt(W / 2, H / 2, 0.8);
  });
  window.addEventListener('resize', resize);

  // ---- window.clearway ----
  const indexOf = (id) => {
    const i = level.byId.get(String(id));
    if (i === undefined) throw new Error(`no node with id ${id}`);
    return i;
  };
  const ids = (route) => route.nodes.map((i) => level.ids[i]);
  window.clearway = {
    ready,
    timings: { decodeMs, readyMs: null },
    agents: () => level.agents.map((a) => ({ name: a.name, radius: a.radius })),
    setAgent,
    setRadius: (r) => setRadius(r, null),
    radius: () => state.radius,
    counts: () => ({ clear: state.counts[0], tight: state.counts[1], blocked: state.counts[2] }),
    blockedEdges: () => core.blockedEdges(level, state.radius),
    route(from, to) {
      const r = core.cheapest(net(), indexOf(from), indexOf(to), state.radius, level.slack, weights());
      return r ? { found: true, length: r.length, cost: r.cost, nodes: ids(r) } : { found: false, length: null, cost: null, nodes: [] };
    },
    widest(from, to) {
      const w = core.widest(net(), indexOf(from), indexOf(to), weights());
      return w ? { radius: w.radius, nodes: ids(w.route), bottleneck: w.bottleneck, length: w.route.length } : { radius: null, nodes: [], bottleneck: null, length: null };
    },
    edge(i) {
      if (!(i >= 0 && i < m)) throw new Error(`no edge ${i}: the level has ${m}`);
      const o = obstacleWords(level.arrays.witness[i]);
      return {
        from: level.ids[ends[2 * i]], to: level.ids[ends[2 * i + 1]], clearance: level.clearance[i],
        obstacle: o ? { index: o.index, kind: o.kind, line: o.line, source: o.source } : null,
      };
    },
    nodeIds: () => level.ids.slice(),
    node: (id) => { const i = indexOf(id); return { index: i, id: level.ids[i], name: level.names[i], x: NX[2 * i], y: NX[2 * i + 1] }; },
    // Where node `id` is on the canvas (CSS pixels from its top-left), for tests and tools.
    screenOf(id) { const i = indexOf(id); screenOfNode(i, tmp); return { x: tmp[0], y: tmp[1] }; },
    pick: (id) => pick(indexOf(id)),
    clearPicks() { state.picked = []; updateRoute(); requestDraw(); },
    setCamera(mode) { if (mode !== 'plan' && mode !== 'orbit') throw new Error('camera is plan or orbit'); state.camera = mode; $('camera').value = mode; requestDraw(); },
    panBy, zoomAt, fit,
    // Draw times of the last frames (ms): every frame, and the full drawings only.
    frameTimes: () => frames.slice(),
    fullFrameTimes: () => fullFrames.slice(),
    drawNow: () => { draw(); return state.frameMs; },
  };

  // ---- start ----
  resize();
  fit();
  // `render --region` / `--around`: the part of the level shown first.
  if (meta.view) {
    const [x0, y0, x1, y1] = meta.view;
    const w = Math.max(x1 - x0, 1e-9), h = Math.max(y1 - y0, 1e-9);
    const scale = Math.min((W - 40) / w, (H - 40) / h);
    if (scale > 0 && Number.isFinite(scale)) { state.scale = scale; state.orbitScale = scale * 0.8; }
    state.cx = (x0 + x1) / 2; state.cy = (y0 + y1) / 2;
  }
  // `render --route A B` / `--widest A B`: the pair picked, its route drawn.
  if (meta.picks.length === 2) {
    state.picked = meta.picks.slice();
    state.widestMode = meta.widestMode;
    $('widest-switch').checked = meta.widestMode;
  }
  // The radius asked for (--agent, --radius); else the map's first agent
  // profile; else 0.
  if (meta.agent) setAgent(meta.agent);
  else if (Number.isFinite(level.initialRadius)) setRadius(level.initialRadius, null);
  else if (level.agents.length) setAgent(level.agents[0].name);
  else setRadius(0, null);
  updateRoute();
  // From the start of navigation: reading the page, decoding, the first frame.
  ready.then(() => { window.clearway.timings.readyMs = performance.now(); });
})();

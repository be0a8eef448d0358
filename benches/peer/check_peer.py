#!/usr/bin/env python3
"""The fastest honest Python answer to `clearway check --radius R`.

    check_peer.py MAP.json --radius R [--threads 2] [--chunk 20000]
                  [--blocked-out FILE] [--check CLEARWAY_CHECK.json]

It answers only the question `check` answers: which edges have an obstacle
closer than R (or touching them)? It never computes a nearest obstacle.

MAP.json is the JSON twin of a RON level written by
`cargo run --release --example gen_map -- ... --json MAP.json`
(format: crates/clearway-synth/src/json.rs). Phases (wall clock, one JSON object on stdout):

  load    json.load of the map, with the cyclic garbage collector off
  build   one shapely STRtree over every obstacle's envelope (points, walls
          and polygons as themselves, whose envelopes the tree takes;
          circles as their boxes), plus the exact geometries of walls and
          polygons
  check   in chunks of --chunk edges on --threads threads (GEOS and numpy
          release the GIL): a bounding-box query of the tree with each
          edge's envelope grown by R, then exact tests of the candidate
          pairs only: numpy point-to-segment distance for points and circles
          (minus the radius, floored at 0), vectorised shapely.dwithin for
          walls and polygons

The verdict follows clearway's rule: an edge is blocked for R when its
clearance c is < R, or c is 0 (it touches or crosses an obstacle). So the
exact tests use a strict `< R`; dwithin (which is `<= R`) only narrows the
wall and polygon candidates before shapely.distance decides. Tile levels put
many walls at exactly R from an edge, so the difference is real.

--check compares the blocked edges with clearway's
`check --radius R --format json` output, outside the timed phases, and
exits 1 on any difference.
"""

import argparse
import gc
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from itertools import chain
from operator import itemgetter

import numpy as np
import shapely
from shapely import STRtree


def load(path):
    gc.disable()
    with open(path) as f:
        return json.load(f)


def build(level):
    nodes = np.asarray(level["nodes"], dtype=np.float64).reshape(-1, 3)
    node_ids = nodes[:, 0].astype(np.int64)
    node_xy = nodes[:, 1:3]
    # Edge ends from node ids to rows, vectorised: ids sorted once, then
    # searchsorted (ids are unique: the level was validated).
    edges = level["edges"]
    order = np.argsort(node_ids, kind="stable")
    sorted_ids = node_ids[order]
    e_from = np.fromiter(map(itemgetter(0), edges), dtype=np.int64, count=len(edges))
    e_to = np.fromiter(map(itemgetter(1), edges), dtype=np.int64, count=len(edges))
    a = node_xy[order[np.searchsorted(sorted_ids, e_from)]]
    b = node_xy[order[np.searchsorted(sorted_ids, e_to)]]

    obs = level["obstacles"]
    pts = np.asarray(obs.get("points", []), dtype=np.float64).reshape(-1, 2)
    circ = np.asarray(obs.get("circles", []), dtype=np.float64).reshape(-1, 3)
    segs = np.asarray(obs.get("segments", []), dtype=np.float64).reshape(-1, 2, 2)
    polys = obs.get("polygons", [])

    # Polygons from one flat coordinate array (no Python loop per polygon).
    if polys:
        counts = np.fromiter(map(len, polys), dtype=np.int64, count=len(polys))
        flat = np.fromiter(chain.from_iterable(chain.from_iterable(polys)), dtype=np.float64,
                           count=2 * int(counts.sum())).reshape(-1, 2)
        rings = shapely.linearrings(flat, indices=np.repeat(np.arange(len(polys)), counts))
        poly_geoms = shapely.polygons(rings)
    else:
        poly_geoms = np.empty(0, dtype=object)
    lines = shapely.linestrings(segs) if len(segs) else np.empty(0, dtype=object)
    # The tree holds each obstacle's envelope, in one order: points,
    # circles, segments, polygons. STRtree indexes the envelope of what it
    # is given, so points, walls and polygons go in as themselves (a point
    # is its own envelope; making a box of each would only cost time), and
    # circles as their boxes.
    circle_boxes = shapely.box(circ[:, 0] - circ[:, 2], circ[:, 1] - circ[:, 2],
                               circ[:, 0] + circ[:, 2], circ[:, 1] + circ[:, 2])
    tree = STRtree(np.concatenate([shapely.points(pts), circle_boxes, lines, poly_geoms]))
    # Centres and radii of the round obstacles (points have radius 0), by
    # tree index; exact shapes of the others.
    centres = np.concatenate([pts, circ[:, :2]])
    radii = np.concatenate([np.zeros(len(pts)), circ[:, 2]])
    shapes = np.concatenate([lines, poly_geoms])
    return {
        "a": a,
        "b": b,
        "tree": tree,
        "round": len(centres),
        "centres": centres,
        "radii": radii,
        "shapes": shapes,
    }


def point_segment_distance(p, a, b):
    """Row-wise distance from points p to segments ab, relative to a."""
    ab = b - a
    ap = p - a
    len_2 = np.einsum("ij,ij->i", ab, ab)
    t = np.einsum("ij,ij->i", ap, ab) / np.where(len_2 > 0, len_2, 1.0)
    t = np.clip(np.where(len_2 > 0, t, 0.0), 0.0, 1.0)
    d = ap - t[:, None] * ab
    return np.hypot(d[:, 0], d[:, 1])


def check_chunk(m, lo, hi, radius):
    """The blocked edges among edges lo..hi."""
    a, b = m["a"][lo:hi], m["b"][lo:hi]
    env = shapely.box(np.minimum(a[:, 0], b[:, 0]) - radius, np.minimum(a[:, 1], b[:, 1]) - radius,
                      np.maximum(a[:, 0], b[:, 0]) + radius, np.maximum(a[:, 1], b[:, 1]) + radius)
    qi, ti = m["tree"].query(env)
    blocked = np.zeros(hi - lo, dtype=bool)

    round_ = ti < m["round"]
    q, t = qi[round_], ti[round_]
    d = point_segment_distance(m["centres"][t], a[q], b[q]) - m["radii"][t]
    blocked[q[(d < radius) | (d <= 0.0)]] = True

    q, t = qi[~round_], ti[~round_] - m["round"]
    keep = ~blocked[q]
    q, t = q[keep], t[keep]
    if len(q):
        lines = shapely.linestrings(np.stack([a[q], b[q]], axis=1))
        shapes = m["shapes"][t]
        near = shapely.dwithin(lines, shapes, radius)
        q, lines, shapes = q[near], lines[near], shapes[near]
        d = shapely.distance(lines, shapes)
        blocked[q[(d < radius) | (d <= 0.0)]] = True
    return lo + np.flatnonzero(blocked)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("map")
    ap.add_argument("--radius", type=float, required=True)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=20000)
    ap.add_argument("--blocked-out")
    ap.add_argument("--check")
    args = ap.parse_args()

    t0 = time.perf_counter()
    level = load(args.map)
    t1 = time.perf_counter()
    m = build(level)
    del level
    t2 = time.perf_counter()
    n = len(m["a"])
    spans = [(lo, min(lo + args.chunk, n)) for lo in range(0, n, args.chunk)]
    with ThreadPoolExecutor(args.threads) as pool:
        parts = list(pool.map(lambda s: check_chunk(m, s[0], s[1], args.radius), spans))
    blocked = np.concatenate(parts) if parts else np.empty(0, dtype=np.int64)
    t3 = time.perf_counter()

    ms = {"load": (t1 - t0) * 1e3, "build": (t2 - t1) * 1e3, "check": (t3 - t2) * 1e3,
          "total": (t3 - t0) * 1e3}
    report = {"side": "check_peer", "radius": args.radius, "edges": n,
              "blocked": int(len(blocked)), "ms": ms}
    if args.blocked_out:
        np.savetxt(args.blocked_out, blocked, fmt="%d")
    status = 0
    if args.check:
        with open(args.check) as f:
            cw = json.load(f)
        runs = cw if isinstance(cw, list) else [cw]
        theirs = {row["edge"] for run in runs for row in run["blocked"]}
        ours = set(int(e) for e in blocked)
        only_peer = sorted(ours - theirs)
        only_clearway = sorted(theirs - ours)
        report["agree"] = not only_peer and not only_clearway
        report["only_peer"] = only_peer[:20]
        report["only_clearway"] = only_clearway[:20]
        status = 0 if report["agree"] else 1
    print(json.dumps(report))
    sys.exit(status)


if __name__ == "__main__":
    main()

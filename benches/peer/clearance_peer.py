#!/usr/bin/env python3
"""The Python peer of `clearway clearance`: shapely 2 (GEOS) STRtree.

    clearance_peer.py MAP.json [--out FILE] [--check CLEARWAY.json]
                      [--dwithin R [R ...]] [--save FILE.npz]

MAP.json is the JSON twin of a RON level written by
`cargo run --release --example gen_map -- ... --json MAP.json`.

Phases (wall clock, printed as one JSON object on stdout):
  load       json.load of the map
  build      shapely geometries (vectorised constructors) and the STRtrees
  clearance  every edge's and every node's exact clearance:
             STRtree.query_nearest(..., return_distance=True, all_matches=True)
             over points, segments and polygons (min over equidistant
             matches), plus circles done exactly (see below)
  output     the table as JSON (edge, from, to, clearance, obstacle; and the
             nodes' clearance, obstacle) to --out (default /dev/null)
  dwithin    (separate, not part of the end-to-end total) for each radius R:
             the edges with an obstacle within R, via
             STRtree.query(edges, predicate="dwithin", distance=R)

Circles: shapely has no true circle (buffer() makes a polygon whose chords
are off by up to ~1e-3 of the radius), so circles go into their own STRtree
as centre points. For a query geometry g, with d0 = the distance to the
nearest centre and rmax the largest circle radius, every circle whose disc
could be nearest has its centre within d0 + rmax; those candidates come from
query(g, "dwithin", d0 + rmax) and the exact disc distance is
max(0, dist(g, centre) - r).

--check compares every edge's and node's clearance with clearway's
`clearance --format json` output (1e-9 relative, 1e-12 absolute near 0) and
prints each disagreement with the edge, both values and both obstacles.
This is outside the timed phases.
"""

import argparse
import json
import sys
import time

import numpy as np
import shapely
from shapely import STRtree

REL_TOL = 1e-9


def load(path):
    with open(path) as f:
        return json.load(f)


def build(level):
    nodes = np.asarray(level["nodes"], dtype=np.float64).reshape(-1, 3)
    node_ids = nodes[:, 0].astype(np.int64)
    node_xy = nodes[:, 1:3]
    index_of = {int(i): k for k, i in enumerate(node_ids)}
    edges_raw = level["edges"]
    e_from = np.fromiter((index_of[e[0]] for e in edges_raw), dtype=np.int64, count=len(edges_raw))
    e_to = np.fromiter((index_of[e[1]] for e in edges_raw), dtype=np.int64, count=len(edges_raw))
    seg_coords = np.stack([node_xy[e_from], node_xy[e_to]], axis=1)  # (E, 2, 2)
    edge_geoms = shapely.linestrings(seg_coords)
    node_geoms = shapely.points(node_xy)

    obs = level["obstacles"]
    parts = []  # (geometries, kind letter)
    pts = np.asarray(obs.get("points", []), dtype=np.float64).reshape(-1, 2)
    parts.append((shapely.points(pts), "P"))
    segs = np.asarray(obs.get("segments", []), dtype=np.float64).reshape(-1, 2, 2)
    parts.append((shapely.linestrings(segs) if len(segs) else np.empty(0, dtype=object), "S"))
    polys = obs.get("polygons", [])
    parts.append((np.array([shapely.Polygon(p) for p in polys], dtype=object), "G"))
    geoms = np.concatenate([p[0] for p in parts]) if parts else np.empty(0, dtype=object)
    kinds = np.concatenate([np.full(len(p[0]), p[1]) for p in parts])
    local = np.concatenate([np.arange(len(p[0])) for p in parts])
    tree = STRtree(geoms) if len(geoms) else None

    circ = np.asarray(obs.get("circles", []), dtype=np.float64).reshape(-1, 3)
    circle_centres = shapely.points(circ[:, :2])
    circle_r = circ[:, 2].copy()
    ctree = STRtree(circle_centres) if len(circ) else None
    # (kind letter, rank within kind) -> index in the RON file, for output.
    letters = np.frombuffer(level.get("obstacle_kinds", "").encode(), dtype="S1")
    file_index = {k: np.flatnonzero(letters == k.encode()) for k in "PCSG"}
    return {
        "file_index": file_index,
        "node_ids": node_ids,
        "e_from": e_from,
        "e_to": e_to,
        "edge_geoms": edge_geoms,
        "node_geoms": node_geoms,
        "geoms": geoms,
        "kinds": kinds,
        "local": local,
        "tree": tree,
        "circle_centres": circle_centres,
        "circle_r": circle_r,
        "ctree": ctree,
    }


def nearest(b, queries):
    """Exact clearance of every query geometry: (distance, kind, local index)."""
    n = len(queries)
    best = np.full(n, np.inf)
    kind = np.full(n, "-", dtype="<U1")
    which = np.full(n, -1, dtype=np.int64)
    if b["tree"] is not None:
        (qi, ti), dist = b["tree"].query_nearest(queries, return_distance=True, all_matches=True)
        # query_nearest returns every equidistant match: keep the minimum
        # (and, on ties, the first in file order within the tree).
        order = np.lexsort((ti, dist, qi))
        qi, ti, dist = qi[order], ti[order], dist[order]
        first = np.ones(len(qi), dtype=bool)
        first[1:] = qi[1:] != qi[:-1]
        qf, tf, df = qi[first], ti[first], dist[first]
        best[qf] = df
        kind[qf] = b["kinds"][tf]
        which[qf] = b["local"][tf]
    if b["ctree"] is not None:
        (qi, ci), d0 = b["ctree"].query_nearest(queries, return_distance=True, all_matches=False)
        reach = np.full(n, np.inf)
        reach[qi] = d0 + b["circle_r"].max()
        qi, ci = b["ctree"].query(queries, predicate="dwithin", distance=reach)
        d = shapely.distance(queries[qi], b["circle_centres"][ci]) - b["circle_r"][ci]
        d = np.maximum(d, 0.0)
        cbest = np.full(n, np.inf)
        np.minimum.at(cbest, qi, d)
        # The circle that attains it (lowest index on ties).
        hit = d == cbest[qi]
        cwhich = np.full(n, -1, dtype=np.int64)
        for q, c in zip(qi[hit][::-1], ci[hit][::-1]):
            cwhich[q] = c
        better = cbest < best
        best[better] = cbest[better]
        kind[better] = "C"
        which[better] = cwhich[better]
    return best, kind, which


def clearance(b):
    edge = nearest(b, b["edge_geoms"])
    t_edges = time.perf_counter()
    node = nearest(b, b["node_geoms"])
    return edge, node, t_edges


def obstacle_file_index(b, kind, local):
    """The obstacle's index in the RON file (clearway's numbering), or None."""
    return None if kind == "-" else int(b["file_index"][str(kind)][local])


def output(b, edge, node, path):
    ids = b["node_ids"]

    def fin(v):
        return float(v) if np.isfinite(v) else None

    rows = {
        "edges": [
            {
                "edge": k,
                "from": int(ids[b["e_from"][k]]),
                "to": int(ids[b["e_to"][k]]),
                "clearance": fin(edge[0][k]),
                "obstacle": obstacle_file_index(b, edge[1][k], edge[2][k]),
            }
            for k in range(len(edge[0]))
        ],
        "nodes": [
            {
                "id": int(ids[k]),
                "clearance": fin(node[0][k]),
                "obstacle": obstacle_file_index(b, node[1][k], node[2][k]),
            }
            for k in range(len(node[0]))
        ],
    }
    with open(path, "w") as f:
        json.dump(rows, f)
        f.write("\n")


def dwithin(b, radius):
    """Edges with some obstacle within `radius` (the blocked ones, up to ties)."""
    n = len(b["edge_geoms"])
    blocked = np.zeros(n, dtype=bool)
    if b["tree"] is not None:
        qi, _ = b["tree"].query(b["edge_geoms"], predicate="dwithin", distance=radius)
        blocked[qi] = True
    if b["ctree"] is not None:
        qi, ci = b["ctree"].query(
            b["edge_geoms"], predicate="dwithin", distance=radius + b["circle_r"].max()
        )
        d = shapely.distance(b["edge_geoms"][qi], b["circle_centres"][ci]) - b["circle_r"][ci]
        blocked[qi[d <= radius]] = True
    return blocked


def check(level, b, edge, node, clearway_json, out=sys.stderr):
    with open(clearway_json) as f:
        cw = json.load(f)
    letters = level.get("obstacle_kinds", "")
    groups = {"P": "points", "C": "circles", "S": "segments", "G": "polygons"}

    def describe(k):
        if k is None:
            return "none"
        letter = letters[k]
        rank = int(np.count_nonzero(b["file_index"][letter] < k))
        return f"{k} {groups[letter][:-1]} {level['obstacles'][groups[letter]][rank]}"

    def compare(label, ours, rows, key):
        bad = worst = same_obstacle = 0
        for k, row in enumerate(rows):
            theirs = np.inf if row["clearance"] is None else row["clearance"]
            mine = ours[0][k]
            mine_obstacle = obstacle_file_index(b, ours[1][k], ours[2][k])
            if mine_obstacle == row["obstacle"]:
                same_obstacle += 1
            if np.isinf(theirs) or np.isinf(mine):
                ok, rel = theirs == mine, 0.0
            else:
                diff = abs(theirs - mine)
                scale = max(abs(theirs), abs(mine))
                ok = diff <= REL_TOL * scale or diff <= 1e-12
                rel = diff / scale if scale > 0 else 0.0
            if ok:
                worst = max(worst, rel)
            else:
                bad += 1
                if bad <= 20:
                    print(
                        f"DISAGREE {label} {row[key]}: clearway {theirs!r} (obstacle "
                        f"{describe(row['obstacle'])}), shapely {mine!r} (obstacle "
                        f"{describe(mine_obstacle)})",
                        file=out,
                    )
        return bad, worst, same_obstacle

    eb, ew, eo = compare("edge", edge, cw["edges"], "edge")
    nb, nw, no = compare("node", node, cw["nodes"], "id")
    return {
        "edges_checked": len(cw["edges"]),
        "edges_disagree": eb,
        "edges_worst_rel": ew,
        "edges_same_obstacle": eo,
        "nodes_checked": len(cw["nodes"]),
        "nodes_disagree": nb,
        "nodes_worst_rel": nw,
        "nodes_same_obstacle": no,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("map")
    ap.add_argument("--out", default="/dev/null")
    ap.add_argument("--check", metavar="CLEARWAY_JSON")
    ap.add_argument("--dwithin", type=float, nargs="*", default=[])
    args = ap.parse_args()

    times = {}
    t = time.perf_counter()
    level = load(args.map)
    times["load"] = time.perf_counter() - t

    t = time.perf_counter()
    b = build(level)
    times["build"] = time.perf_counter() - t

    t = time.perf_counter()
    edge, node, t_edges = clearance(b)
    times["clearance"] = time.perf_counter() - t
    times["clearance_edges_only"] = t_edges - t

    t = time.perf_counter()
    output(b, edge, node, args.out)
    times["output"] = time.perf_counter() - t
    times["total"] = times["load"] + times["build"] + times["clearance"] + times["output"]

    result = {
        "edges": len(b["edge_geoms"]),
        "nodes": len(b["node_geoms"]),
        "obstacles": int(len(b["geoms"]) + len(b["circle_r"])),
        "ms": {k: round(v * 1e3, 2) for k, v in times.items()},
    }
    for r in args.dwithin:
        t = time.perf_counter()
        blocked = dwithin(b, r)
        took = time.perf_counter() - t
        strict = edge[0] < r  # clearway's rule: blocked when clearance < r
        result.setdefault("dwithin", []).append(
            {
                "radius": r,
                "ms": round(took * 1e3, 2),
                "blocked": int(blocked.sum()),
                "blocked_by_clearance": int(strict.sum()),
                "differ": int((blocked != strict).sum()),
            }
        )
    if args.check:
        result["check"] = check(level, b, edge, node, args.check)
    print(json.dumps(result))


if __name__ == "__main__":
    main()

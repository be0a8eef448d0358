#!/usr/bin/env python3
"""clearway's Python `Level.route_pairs` against networkx and scipy.

    route_pairs_python.py [--size 256] [--pairs 2000] [--radius 0.4] [--seed 7]

Makes a random Moving AI grid (SIZE x SIZE cells, about a fifth solid, in
blocks), loads it with `clearway.grid` (8-connected, as `clearway grid`),
and routes PAIRS seeded pairs of free cells for an agent of RADIUS three
ways:

- clearway: `level.route_pairs(pairs, radius=R)`, in Rust on every core;
- networkx: `nx.astar_path_length` on the graph of the edges whose
  clearance admits R (clearances from clearway), the Euclidean distance as
  the heuristic, one query at a time;
- scipy: `scipy.sparse.csgraph.dijkstra` from every distinct start over the
  same graph, as one call.

The building of each peer's graph is not timed as queries. Before timing
anything else, the lengths are compared (1e-9 relative; NaN where there is
no route): a benchmark that doubles as a check. Prints a markdown table.
Needs `pip install ./python networkx scipy numpy`. Times only: no
assertion on them.
"""

import argparse
import math
import tempfile
import time
from pathlib import Path

import numpy as np

import clearway


def random_grid(size: int, seed: int) -> str:
    rng = np.random.default_rng(seed)
    solid = np.zeros((size, size), dtype=bool)
    for _ in range(size * size // 40):
        r, c = rng.integers(0, size, 2)
        h, w = rng.integers(1, 5, 2)
        solid[r : r + h, c : c + w] = True
    rows = ["".join("@" if s else "." for s in row) for row in solid]
    return f"type octile\nheight {size}\nwidth {size}\nmap\n" + "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=256)
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--radius", type=float, default=0.4)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    import networkx as nx
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "random.map"
        path.write_text(random_grid(args.size, args.seed))
        start = time.perf_counter()
        level = clearway.grid(path)
        clearances = level.edge_clearances()
        measured = time.perf_counter() - start

    ids = level.node_ids()
    rng = np.random.default_rng(args.seed)
    pick = rng.integers(0, len(ids), size=(args.pairs, 2))
    pairs = ids[pick].astype(np.int64)

    start = time.perf_counter()
    ours = level.route_pairs(pairs, radius=args.radius)
    t_clearway = time.perf_counter() - start

    # The graph an agent of the radius may use: the same rule as clearway's
    # (a clearance within the level's slack below the radius admits it).
    edges = level.edges()
    pos = level.positions()
    usable = clearances >= args.radius - level.slack
    a, b = edges[usable, 0], edges[usable, 1]
    length = np.linalg.norm(pos[a] - pos[b], axis=1)

    graph = nx.Graph()
    graph.add_nodes_from(range(len(ids)))
    graph.add_weighted_edges_from(zip(a.tolist(), b.tolist(), length.tolist()))
    heuristic = lambda u, v: math.dist(pos[u], pos[v])
    start = time.perf_counter()
    theirs = []
    for s, g in pick.tolist():
        try:
            theirs.append(nx.astar_path_length(graph, s, g, heuristic=heuristic, weight="weight"))
        except nx.NetworkXNoPath:
            theirs.append(math.nan)
    t_networkx = time.perf_counter() - start

    matrix = csr_matrix((np.concatenate([length, length]), (np.concatenate([a, b]), np.concatenate([b, a]))), shape=(len(ids), len(ids)))
    starts, inverse = np.unique(pick[:, 0], return_inverse=True)
    start = time.perf_counter()
    table = dijkstra(matrix, directed=True, indices=starts)
    t_scipy = time.perf_counter() - start
    scipy_lengths = table[inverse, pick[:, 1]]
    scipy_lengths[np.isinf(scipy_lengths)] = math.nan

    for name, other in [("networkx", np.array(theirs)), ("scipy", scipy_lengths)]:
        same_nan = np.array_equal(np.isnan(ours), np.isnan(other))
        close = np.allclose(ours[~np.isnan(ours)], other[~np.isnan(other)], rtol=1e-9, atol=0)
        if not (same_nan and close):
            raise SystemExit(f"{name} disagrees with clearway on the route lengths")

    found = int((~np.isnan(ours)).sum())
    print(f"{args.size} x {args.size} grid: {level.node_count} nodes, {level.edge_count} edges; "
          f"clearances in {measured:.3f} s; {args.pairs} pairs, {found} routes found, radius {args.radius}")
    print()
    print("| | total (s) | per pair (ms) |")
    print("|---|---|---|")
    for name, t in [("clearway route_pairs", t_clearway), ("networkx astar_path_length", t_networkx), ("scipy dijkstra (all starts, one call)", t_scipy)]:
        print(f"| {name} | {t:.3f} | {1000 * t / args.pairs:.3f} |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Many routes at once: clearway (Python `Level.route_pairs` and the
command line's `route --pairs`) against scipy's csgraph and networkx.

    route_pairs_peer.py LEVEL --cli CLEARWAY [--pairs 10000] [--radius 0.4]
                        [--rounds 3] [--seed 7] [--scipy-sample 300]
                        [--networkx-sample 100] [--work DIR] [--skip-cli]

LEVEL is a map file (RON), or a Moving AI map (`.map`), which the command
line's `clearway grid` turns into one first. PAIRS seeded pairs of nodes
(numpy's default_rng(SEED)), the same for every side, routed for an agent
of RADIUS:

- clearway, Python: `level.route_pairs(pairs, radius=R)`, every core;
- clearway, command line: `clearway route LEVEL --pairs FILE --radius R
  --format json --timings`, its `routes` phase (each pair's route, its
  widest route and its JSON line, one thread; the load, the clearances and
  the router's widest table are phases of their own and not counted);
- scipy: `scipy.sparse.csgraph.dijkstra(csr, indices=a)` per pair, on the
  CSR matrix of the edges the radius may use (cheapest of parallel edges;
  one-way edges one way). scipy has no A* and no early exit at a target:
  one source to every node is the best it offers for one pair. Timed on the
  first SCIPY_SAMPLE pairs;
- networkx: `nx.astar_path_length` with the Euclidean distance as the
  bound, on the same graph as a DiGraph, the first NETWORKX_SAMPLE pairs.

Clearances come from clearway (computed once, not timed); neither peer's
graph build is timed. The rounds alternate the four sides. Before any
figure is printed, every length is compared: Python against the command
line on every pair, scipy and networkx on their samples, 1e-9 relative
(NaN where there is no route): the benchmark doubles as a check. Prints a
markdown table of medians over the rounds, per pair. Needs `pip install
./python scipy networkx numpy`; times only, no assertion on them.
`--skip-cli` leaves the command line out (its `route --pairs` is the
slowest side, and another issue's): Python against scipy and networkx.
"""

import argparse
import json
import math
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

import clearway


def the_level(path: Path, cli: str, work: Path) -> Path:
    if path.suffix == ".map":
        ron = work / (path.stem + ".ron")
        subprocess.run([cli, "grid", str(path), "-o", str(ron)], check=True)
        return ron
    return path


def usable_arcs(level: "clearway.Level", radius: float):
    """Every arc (tail, head, weight) an agent of `radius` may use."""
    clearances = level.edge_clearances()
    edges = level.edges()
    pos = level.positions()
    usable = (clearances >= radius - level.slack) & ~level.closed()
    a, b = edges[usable, 0], edges[usable, 1]
    weight = level.costs()[usable]
    length = np.linalg.norm(pos[a] - pos[b], axis=1)
    weight = np.where(np.isnan(weight), length, weight)
    one_way = level.one_way()[usable]
    tails = np.concatenate([a, b[~one_way]])
    heads = np.concatenate([b, a[~one_way]])
    weights = np.concatenate([weight, weight[~one_way]])
    # The cheapest of parallel arcs (a CSR matrix would sum them).
    order = np.lexsort((weights, heads, tails))
    tails, heads, weights = tails[order], heads[order], weights[order]
    first = np.ones(len(tails), dtype=bool)
    first[1:] = (tails[1:] != tails[:-1]) | (heads[1:] != heads[:-1])
    return tails[first], heads[first], weights[first]


def round_ms(seconds: float) -> float:
    return round(1e3 * seconds, 4)


def same(ours: np.ndarray, theirs: np.ndarray) -> bool:
    nan = np.isnan(ours)
    if not np.array_equal(nan, np.isnan(theirs)):
        return False
    return bool(np.allclose(ours[~nan], theirs[~nan], rtol=1e-9, atol=0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level", type=Path)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--pairs", type=int, default=10000)
    parser.add_argument("--radius", type=float, default=0.4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--scipy-sample", type=int, default=300)
    parser.add_argument("--networkx-sample", type=int, default=100)
    parser.add_argument("--work", type=Path)
    parser.add_argument("--skip-cli", action="store_true")
    args = parser.parse_args()

    import networkx as nx
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    work = args.work or Path(tempfile.mkdtemp())
    ron = the_level(args.level, args.cli, work)
    level = clearway.load(ron)
    level.edge_clearances()
    ids = level.node_ids()
    pick = np.random.default_rng(args.seed).integers(0, len(ids), size=(args.pairs, 2))
    pairs = ids[pick].astype(np.int64)
    pairs_file = work / "pairs.txt"
    pairs_file.write_text("".join(f"{a} {b}\n" for a, b in pairs.tolist()))

    tails, heads, weights = usable_arcs(level, args.radius)
    n = len(ids)
    matrix = csr_matrix((weights, (tails, heads)), shape=(n, n))
    graph = nx.DiGraph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from(zip(tails.tolist(), heads.tolist(), weights.tolist()))
    pos = level.positions()
    heuristic = lambda u, v: math.dist(pos[u], pos[v])
    s_sample = pick[: args.scipy_sample].tolist()
    x_sample = pick[: args.networkx_sample].tolist()

    times = {"python": [], "cli": [], "cli_wall": [], "scipy": [], "networkx": []}
    for rnd in range(args.rounds):
        start = time.perf_counter()
        ours = level.route_pairs(pairs, radius=args.radius)
        times["python"].append((time.perf_counter() - start) / args.pairs)

        if not args.skip_cli:
            start = time.perf_counter()
            run = subprocess.run(
                [args.cli, "route", str(ron), "--pairs", str(pairs_file), "--radius", str(args.radius), "--format", "json", "--timings"],
                capture_output=True, text=True,
            )
            times["cli_wall"].append((time.perf_counter() - start) / args.pairs)
            assert run.returncode in (0, 1), run.stderr
            phase = [line.split() for line in run.stderr.splitlines() if line.startswith("routes ")]
            assert phase and phase[0][2] == "ms", run.stderr
            times["cli"].append(float(phase[0][1]) / 1e3 / args.pairs)
            cli_lengths = np.array([json.loads(line).get("length") or math.nan for line in run.stdout.splitlines()], dtype=float)

        start = time.perf_counter()
        scipy_lengths = np.array([dijkstra(matrix, directed=True, indices=a)[b] for a, b in s_sample])
        times["scipy"].append((time.perf_counter() - start) / len(s_sample))
        scipy_lengths[np.isinf(scipy_lengths)] = math.nan

        start = time.perf_counter()
        nx_lengths = []
        for a, b in x_sample:
            try:
                nx_lengths.append(nx.astar_path_length(graph, a, b, heuristic=heuristic, weight="weight"))
            except nx.NetworkXNoPath:
                nx_lengths.append(math.nan)
        times["networkx"].append((time.perf_counter() - start) / len(x_sample))

        print(f"round {rnd + 1} (ms per pair):", json.dumps({k: round_ms(v[-1]) for k, v in times.items() if v}), flush=True)
        if rnd == 0:
            compared = [("scipy", scipy_lengths, len(s_sample)), ("networkx", np.array(nx_lengths), len(x_sample))]
            if not args.skip_cli:
                compared.append(("command line", cli_lengths, args.pairs))
            for name, theirs, k in compared:
                if not same(ours[:k], theirs):
                    raise SystemExit(f"{name} disagrees with clearway's route_pairs on the route lengths")

    found = int((~np.isnan(ours)).sum())
    med = {k: statistics.median(v) for k, v in times.items() if v}
    print(f"`{args.level.name}`: {level.node_count} nodes, {level.edge_count} edges, {len(tails)} arcs for r = {args.radius}; "
          f"{args.pairs} pairs ({found} found); lengths equal to 1e-9 on every pair compared; "
          f"medians of {args.rounds} rounds, per pair")
    print()
    print("| side | pairs timed | per pair (ms) | scipy / side | networkx / side |")
    print("|---|---:|---:|---:|---:|")
    for name, key, k in [
        ("clearway Python `route_pairs` (every core)", "python", args.pairs),
        ("clearway `route --pairs`, `routes` phase (one thread)", "cli", args.pairs),
        ("clearway `route --pairs`, whole run", "cli_wall", args.pairs),
        ("scipy `dijkstra` from the source", "scipy", len(s_sample)),
        ("networkx `astar_path_length`", "networkx", len(x_sample)),
    ]:
        if key not in med:
            continue
        print(f"| {name} | {k} | {1e3 * med[key]:.4f} | {med['scipy'] / med[key]:.1f}x | {med['networkx'] / med[key]:.1f}x |")
    print()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""clearway's Python package against its command line on one large level:
the clearances, and loading from arrays against loading the map file.

    python_load_clearance.py LEVEL.ron --cli CLEARWAY [--rounds 3] [--load-only]

Per round, alternating:

- the command line: `clearway clearance LEVEL --timings > /dev/null`; its
  `R-tree` and `clearance` phases (building the obstacle index, then every
  edge's and node's clearance), the same work as
- Python: `level.edge_clearances()` on a level loaded afresh (it builds the
  index and computes every clearance on its first call, then returns the
  edge clearances as one float64 array);
- Python: `clearway.load(LEVEL)` (read, parse and validate the file), then
  `Level.from_arrays(...)` of that level's own arrays (positions, edges,
  obstacles, costs, ids; already in memory, as a Blender script has them).

The arrays from `from_arrays` give the level the file gives (the edge
clearances are compared bit for bit once; with `--load-only`, which skips
the clearances, the two levels' map-file texts). Prints a markdown table
of the medians. Times only, no assertion on them.
"""

import argparse
import json
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

import clearway


def the_arrays(level: "clearway.Level") -> dict:
    """The level's own arrays, as `from_arrays` takes them (already in
    memory, as a Blender script has them)."""
    return dict(
        positions=level.positions(),
        edges=level.edges(),
        obstacles=level.obstacles(),
        agents=list(level.agents.items()),
        one_way=level.one_way(),
        closed=level.closed(),
        cost=level.costs(),
        ids=level.node_ids(),
        names=level.node_names(),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("level", type=Path)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--load-only", action="store_true", help="time load and from_arrays only")
    args = parser.parse_args()

    times = {"cli_index_and_clearance": [], "python_edge_clearances": [], "load": [], "from_arrays": []}
    for rnd in range(args.rounds):
        if args.load_only:
            start = time.perf_counter()
            level = clearway.load(args.level)
            times["load"].append(time.perf_counter() - start)
            arrays = the_arrays(level)
            start = time.perf_counter()
            built = clearway.Level.from_arrays(**arrays)
            times["from_arrays"].append(time.perf_counter() - start)
            if rnd == 0 and built.to_ron() != level.to_ron():
                raise SystemExit("the level from arrays is not the level from the file")
            del level, built, arrays
            print(f"round {rnd + 1} (s):", json.dumps({k: round(v[-1], 3) for k, v in times.items() if v}), flush=True)
            continue
        run = subprocess.run([args.cli, "clearance", str(args.level), "--timings"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert run.returncode in (0, 1), run.stderr
        phases = {}
        for line in run.stderr.splitlines():
            parts = line.rsplit(None, 2)
            if len(parts) == 3 and parts[2] in ("ms", "s"):
                phases[parts[0].strip()] = float(parts[1]) / (1e3 if parts[2] == "ms" else 1)
        times["cli_index_and_clearance"].append(phases["R-tree"] + phases["clearance"])

        start = time.perf_counter()
        level = clearway.load(args.level)
        times["load"].append(time.perf_counter() - start)
        start = time.perf_counter()
        clearances = level.edge_clearances()
        times["python_edge_clearances"].append(time.perf_counter() - start)

        arrays = the_arrays(level)
        del level
        start = time.perf_counter()
        built = clearway.Level.from_arrays(**arrays)
        times["from_arrays"].append(time.perf_counter() - start)
        if rnd == 0 and built.edge_clearances().tobytes() != clearances.tobytes():
            raise SystemExit("the level from arrays is not the level from the file")
        del built, arrays

    med = {k: statistics.median(v) for k, v in times.items() if v}
    print(f"`{args.level.name}`, medians of {args.rounds} rounds")
    print()
    print("| what | time (s) | ratio |")
    print("|---|---:|---:|")
    if not args.load_only:
        print(f"| command line: `R-tree` + `clearance` phases | {med['cli_index_and_clearance']:.3f} | 1 |")
        print(f"| Python: `level.edge_clearances()` (first call) | {med['python_edge_clearances']:.3f} | {med['python_edge_clearances'] / med['cli_index_and_clearance']:.3f}x |")
    print(f"| Python: `clearway.load(path)` | {med['load']:.3f} | 1 |")
    print(f"| Python: `Level.from_arrays(...)` | {med['from_arrays']:.3f} | {med['from_arrays'] / med['load']:.3f}x |")
    print()
    print("rounds (s):", json.dumps({k: [round(x, 3) for x in v] for k, v in times.items()}))


if __name__ == "__main__":
    main()

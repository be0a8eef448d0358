"""A small program over the whole API, type-checked with `mypy --strict`
against the stubs (`python/tests/test_types.py` runs it and mypy)."""

from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np
import numpy.typing as npt

import clearway

MAPS = Path(__file__).resolve().parents[2] / "maps"


def main() -> None:
    level: clearway.Level = clearway.load(MAPS / "corridors.ron")
    clearances: npt.NDArray[np.float64] = level.edge_clearances()
    nodes: npt.NDArray[np.float64] = level.node_clearances()
    every: List[clearway.CheckResult] = level.check()
    one: clearway.CheckResult = level.check(radius=1.5)
    tank: clearway.CheckResult = level.check(agent="tank")
    blocked: npt.NDArray[np.int64] = one.blocked_edges
    route: clearway.Route = level.route("west_end", 125, radius=0.5)
    widest: clearway.Route = level.widest(100, "hangar")
    lengths = level.route_pairs(np.array([[100, 125]]), agent="soldier")
    pruned: clearway.Level = level.prune(radius=1.5).bake()
    witnesses = level.witnesses()
    live = level.live()
    change: clearway.LiveChange = live.add_obstacle("circle", [20.0, 2.0, 0.5])
    added = change.added_obstacle
    built = clearway.Level.from_arrays(
        np.array([[0.0, 0.0], [10.0, 0.0]]),
        np.array([[0, 1]]),
        {"circles": np.array([[5.0, 2.0, 1.0]])},
        agents={"soldier": 0.4},
    )
    building = clearway.load(MAPS / "two_storey_walking.ron")
    bodies: Dict[str, Tuple[float, float, float]] = building.walking_agents
    walk: clearway.WalkingClearances = building.walking_clearances("soldier")
    no_ground: npt.NDArray[np.float64] = walk.edge_no_ground
    soldier: clearway.CheckResult = building.check(agent="soldier")
    print(bodies, walk.edge_body.min(), walk.edge_slopes.max(), no_ground, soldier.ok)
    try:
        clearway.loads("(nodes: [(id: 0, pos: (NaN, 0))])")
    except clearway.LoadError as e:
        line: int | None = e.line
        print(e.path, line, e.column)
    print(clearances.sum(), nodes.max(), len(every), tank.ok, blocked.size)
    print(route.length, widest.radius, lengths, pruned.edge_count)
    print(witnesses.edge_obstacles, added, built.edge_clearances())


if __name__ == "__main__":
    main()

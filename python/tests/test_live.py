"""The live level: each change reports what it changed, and the clearances
after it are what computing the level afresh gives."""

import math

import numpy as np
import pytest

import clearway
from conftest import MAPS


def fresh(live: clearway.LiveLevel) -> clearway.Level:
    """The level as it stands, measured from nothing."""
    return clearway.loads(live.to_level().to_ron())


def assert_exact(live: clearway.LiveLevel) -> None:
    level = fresh(live)
    assert live.edge_clearances().tobytes() == level.edge_clearances().tobytes()
    assert live.node_clearances().tobytes() == level.node_clearances().tobytes()
    # Where each clearance pinches (obstacle indices may differ: a live
    # level keeps a removed obstacle's index unused, a fresh level numbers
    # its obstacles afresh).
    mine, theirs = live.witnesses(), level.witnesses()
    assert mine.edge_obstacle_points.tobytes() == theirs.edge_obstacle_points.tobytes()
    assert mine.node_obstacle_points.tobytes() == theirs.node_obstacle_points.tobytes()


def test_changes_in_2d_keep_clearances_exact() -> None:
    level = clearway.load(MAPS / "corridors.ron")
    live = level.live()
    assert live.edge_clearances().tobytes() == level.edge_clearances().tobytes()

    added = live.add_obstacle("circle", [20.0, 2.0, 0.5])
    assert added.added_obstacle == level.obstacle_count
    assert added.edges.size > 0 and added.edges.dtype == np.int64
    assert (added.edges_now < added.edges_was).all()
    assert live.edge_clearances()[added.edges].tolist() == added.edges_now.tolist()
    assert set(added.blocked) == {"soldier", "tank"}
    assert 2 in added.blocked["tank"].tolist()  # edge 102-103 passes 1.5 from it
    assert_exact(live)

    moved = live.move_obstacle(added.added_obstacle, [0.0, 1.0])
    assert moved.edges.size > 0
    assert_exact(live)

    replaced = live.replace_obstacle(3, "segment", [0.0, 4.0, 8.0, 4.0])
    assert replaced.edges.size > 0
    assert_exact(live)

    removed = live.remove_obstacle(added.added_obstacle)
    assert (removed.edges_now >= removed.edges_was).all()
    assert_exact(live)

    polygon = live.add_obstacle("polygon", [[24.0, 8.0], [25.0, 8.0], [24.5, 9.5]])
    assert polygon.added_obstacle is not None
    assert_exact(live)


def test_closing_and_opening_edges_changes_routes() -> None:
    live = clearway.load(MAPS / "corridors.ron").live()
    before = live.route("west_end", "hangar", radius=0.5)
    assert before.found
    door = int(before.edges[0])
    closed = live.close_edge(door)
    assert closed.blocked["soldier"].tolist() == [door]
    assert live.closed()[door]
    after = live.route("west_end", "hangar", radius=0.5)
    assert door not in after.edges.tolist()
    opened = live.open_edge(door)
    assert opened.passable["soldier"].tolist() == [door]
    assert live.route("west_end", "hangar", radius=0.5).length == before.length
    assert live.widest(100, 125).radius == clearway.load(MAPS / "corridors.ron").widest(100, 125).radius


def test_changes_in_3d_keep_clearances_exact() -> None:
    live = clearway.load(MAPS / "two_storey.ron").live()
    assert live.dimensions == 3
    live.add_obstacle("sphere", [3.25, 1.0, 0.9, 0.2])
    assert_exact(live)
    live.add_obstacle("box", [5.0, 2.5, 0.0, 5.5, 3.5, 0.5])
    live.move_obstacle(0, [0.0, 0.0, -0.1])
    assert_exact(live)


def test_bad_changes_are_refused_and_change_nothing() -> None:
    live = clearway.load(MAPS / "corridors.ron").live()
    before = live.edge_clearances().tobytes()
    with pytest.raises(ValueError, match="no obstacle 99"):
        live.remove_obstacle(99)
    with pytest.raises(IndexError, match="not an obstacle index"):
        live.remove_obstacle(-1)
    with pytest.raises(ValueError, match="no edge 500"):
        live.close_edge(500)
    with pytest.raises(ValueError, match="NaN|finite"):
        live.add_obstacle("circle", [math.nan, 0.0, 1.0])
    with pytest.raises(ValueError, match="negative"):
        live.add_obstacle("circle", [0.0, 0.0, -1.0])
    with pytest.raises(ValueError, match="2D"):
        live.add_obstacle("sphere", [0.0, 0.0, 0.0, 1.0])
    with pytest.raises(ValueError, match="unknown kind"):
        live.add_obstacle("cloud", [0.0, 0.0])
    with pytest.raises(ValueError, match=r"by: expected shape"):
        live.move_obstacle(0, [1.0, 2.0, 3.0])
    assert live.edge_clearances().tobytes() == before

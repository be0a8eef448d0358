"""Levels from numpy arrays: the level the same map file gives, bit for bit,
and bad arrays refused with the loader's words."""

import math
from typing import Any, Dict

import numpy as np
import pytest

import clearway
from conftest import ALL_MAPS, MAPS

RON = """Map(
    agents: [(name: "soldier", radius: 0.4), (name: "tank", radius: 1.5)],
    nodes: [
        (id: 0, pos: (0.0, 0.0), name: "gate"),
        (id: 1, pos: (10.0, 0.0)),
        (id: 2, pos: (10.0, 7.5)),
        (id: 3, pos: (0.1, 7.3)),
    ],
    edges: [
        (from: 0, to: 1),
        (from: 1, to: 2, one_way: true, cost: 12.5),
        (from: 2, to: 3, closed: true),
        (from: 3, to: 0, cost: 0.0),
    ],
    obstacles: [
        Circle(center: (5.0, 2.0), radius: 1.0),
        Point((9.0, 4.0)),
        Segment(from: (-1.0, 3.0), to: (1.0, 3.1)),
        Polygon([(4.0, 5.0), (6.0, 5.0), (5.0, 6.3)]),
        Point((0.3, -1.7)),
    ],
)"""


def arrays_level() -> clearway.Level:
    return clearway.Level.from_arrays(
        positions=np.array([[0.0, 0.0], [10.0, 0.0], [10.0, 7.5], [0.1, 7.3]]),
        edges=np.array([[0, 1], [1, 2], [2, 3], [3, 0]]),
        obstacles=[
            ("circles", np.array([[5.0, 2.0, 1.0]])),
            ("points", np.array([[9.0, 4.0]])),
            ("segments", np.array([[-1.0, 3.0, 1.0, 3.1]])),
            ("polygons", [np.array([[4.0, 5.0], [6.0, 5.0], [5.0, 6.3]])]),
            ("points", [[0.3, -1.7]]),
        ],
        agents={"soldier": 0.4, "tank": 1.5},
        one_way=np.array([False, True, False, False]),
        closed=[False, False, True, False],
        cost=np.array([1.0, 12.5, 2.0, 0.0]),
        names=["gate", None, None, None],
    )


def assert_same(a: clearway.Level, b: clearway.Level) -> None:
    assert a.to_ron() == b.to_ron()
    assert a.edge_clearances().tobytes() == b.edge_clearances().tobytes()
    assert a.node_clearances().tobytes() == b.node_clearances().tobytes()
    wa, wb = a.witnesses(), b.witnesses()
    for field in ["edge_obstacles", "edge_points", "edge_obstacle_points", "node_obstacles", "node_points", "node_obstacle_points"]:
        assert getattr(wa, field).tobytes() == getattr(wb, field).tobytes(), field


def test_a_hand_made_level_equals_its_map_file() -> None:
    built = arrays_level()
    loaded = clearway.loads(RON.replace("(from: 0, to: 1)", "(from: 0, to: 1, cost: 1.0)").replace("closed: true", "closed: true, cost: 2.0"))
    assert_same(built, loaded)
    assert built.one_way().tolist() == [False, True, False, False]
    assert built.closed().tolist() == [False, False, True, False]
    assert built.node_names() == ["gate", None, None, None]
    assert built.agents == {"soldier": 0.4, "tank": 1.5}


def test_without_costs_the_length_is_the_cost() -> None:
    built = clearway.Level.from_arrays([[0, 0], [3, 4]], [[0, 1]], {"points": [[1, 1]]})
    loaded = clearway.loads("(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4))], edges: [(from: 0, to: 1)], obstacles: [Point((1, 1))])")
    assert_same(built, loaded)
    assert math.isnan(built.costs()[0])
    assert built.route(0, 1, radius=0.0).cost == 5.0


def test_a_nan_cost_is_an_edge_without_one() -> None:
    # Edge 0 costs its length (5), edge 1 its explicit 2.5, edge 2 is free.
    built = clearway.Level.from_arrays([[0, 0], [3, 4], [3, 0]], [[0, 1], [1, 2], [2, 0]], cost=[math.nan, 2.5, 0.0])
    loaded = clearway.loads(
        "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (3, 4)), (id: 2, pos: (3, 0))], "
        "edges: [(from: 0, to: 1), (from: 1, to: 2, cost: 2.5), (from: 2, to: 0, cost: 0.0)])"
    )
    assert_same(built, loaded)
    assert math.isnan(built.costs()[0]) and built.costs()[1:].tolist() == [2.5, 0.0]
    assert built.route(0, 1, radius=0.0).cost == 2.5
    assert built.route(0, 1, radius=0.0).nodes.tolist() == [0, 2, 1]


@pytest.mark.parametrize("name", sorted(ALL_MAPS))
def test_every_example_map_rebuilt_from_its_arrays_is_the_same_level(name: str) -> None:
    level = clearway.load(MAPS / name, **ALL_MAPS[name][1])
    costs = level.costs()
    has_cost = ~np.isnan(costs)
    agents = list(level.agents.items())
    rebuilt = clearway.Level.from_arrays(
        level.positions(),
        level.edges(),
        level.obstacles(),
        agents=agents,
        one_way=level.one_way(),
        closed=level.closed(),
        names=level.node_names(),
        ids=level.node_ids(),
        # NaN where an edge has no cost: the same edge without one.
        cost=costs,
    )
    assert_same(rebuilt, level)
    assert np.array_equal(np.isnan(rebuilt.costs()), ~has_cost)


def test_3d_obstacles_from_arrays() -> None:
    ron = """(nodes: [(id: 0, pos: (0, 0, 1)), (id: 1, pos: (10, 0, 1)), (id: 2, pos: (0, 10, 1))],
        edges: [(from: 0, to: 1), (from: 0, to: 2)],
        obstacles: [Box(min: (4, -1, 2.5), max: (6, 1, 3)), Sphere(center: (-2, 5, 1), radius: 0.5),
            Triangle([(1, 1, 0), (2, 1, 0), (1, 2, 0)]),
            Mesh(vertices: [(0, 0, 5), (1, 0, 5), (0, 1, 5), (0, 0, 6)], triangles: [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)], solid: true),
            Segment(from: (3, 3, 3), to: (4, 4, 4)), Point((7, 7, 7))])"""
    built = clearway.Level.from_arrays(
        [[0, 0, 1], [10, 0, 1], [0, 10, 1]],
        [[0, 1], [0, 2]],
        {
            "boxes": [[4, -1, 2.5, 6, 1, 3]],
            "spheres": [[-2, 5, 1, 0.5]],
            "triangles": [[1, 1, 0, 2, 1, 0, 1, 2, 0]],
            "meshes": [([[0, 0, 5], [1, 0, 5], [0, 1, 5], [0, 0, 6]], [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]], True)],
            "segments": [[3, 3, 3, 4, 4, 4]],
            "points": [[7, 7, 7]],
        },
    )
    assert built.dimensions == 3
    assert_same(built, clearway.loads(ron))


BAD: Dict[str, Any] = {
    "nan": (dict(positions=[[0.0, math.nan], [1, 0]], edges=[[0, 1]]), ValueError, r"nodes\[0\]\.pos\.1` is NaN"),
    "inf": (dict(positions=[[0.0, 0], [math.inf, 0]], edges=[[0, 1]]), ValueError, r"nodes\[1\]\.pos\.0` is inf"),
    "far": (dict(positions=[[2e15, 0], [1, 0]], edges=[[0, 1]]), ValueError, "out of range"),
    "index": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 2]]), ValueError, r"edges\[0, 1\] = 2 is not a node index"),
    "negative index": (dict(positions=[[0, 0], [1, 0]], edges=[[-1, 0]]), ValueError, r"edges\[0, 0\] = -1"),
    "self-loop": (dict(positions=[[0, 0], [1, 0]], edges=[[1, 1]]), ValueError, "self-loop"),
    "radius": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], obstacles={"circles": [[0, 1, -1]]}), ValueError, "negative"),
    "polygon": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], obstacles={"polygons": [[[0, 1], [1, 1]]]}), ValueError, "at least 3"),
    "kind": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], obstacles={"blobs": [[0, 1]]}), ValueError, "unknown kind"),
    "circle in 3D": (dict(positions=[[0, 0, 0], [1, 0, 0]], edges=[[0, 1]], obstacles={"circles": [[0, 1, 1]]}), ValueError, "2D"),
    "mixed": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], obstacles={"points": [[0, 1, 1]]}), ValueError, "3D position in a 2D map"),
    "shape": (dict(positions=[[0, 0, 0, 0]], edges=[]), ValueError, r"expected shape \(n, 2\) or \(n, 3\)"),
    "float edges": (dict(positions=[[0, 0], [1, 0]], edges=[[0.0, 1.0]]), TypeError, "expected integers"),
    "strings": (dict(positions=[["a", "b"]], edges=[]), TypeError, "positions"),
    "duplicate ids": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], ids=[3, 3]), ValueError, "duplicate node id 3"),
    "agents": (dict(positions=[[0, 0]], edges=[], agents={"a": -1.0}), ValueError, "negative"),
    "one_way length": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], one_way=[True, False]), ValueError, r"one_way: expected shape \(1,\)"),
    "cost infinite": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], cost=[math.inf]), ValueError, "inf"),
    "cost negative": (dict(positions=[[0, 0], [1, 0]], edges=[[0, 1]], cost=[-1.0]), ValueError, "-1"),
    "mesh index": (dict(positions=[[0, 0, 0], [1, 0, 0]], edges=[[0, 1]], obstacles={"meshes": [([[0, 0, 1], [1, 0, 1], [0, 1, 1]], [[0, 1, 3]])]}), ValueError, "vertex"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_arrays_are_refused_with_a_clear_message(case: str) -> None:
    kwargs, error, message = BAD[case]
    with pytest.raises(error, match=message) as caught:
        clearway.Level.from_arrays(**kwargs)
    assert not isinstance(caught.value, clearway.LoadError)

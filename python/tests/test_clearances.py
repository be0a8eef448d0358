"""Clearances, witnesses and checks, against the command line's JSON."""

import math
from typing import Any, Dict, List, Optional

import numpy as np
import pytest

import clearway
from conftest import ALL_MAPS, MAPS, cli_json


def load(name: str) -> clearway.Level:
    return clearway.load(MAPS / name, **ALL_MAPS[name][1])


def cli_args(name: str) -> List[str]:
    return [str(MAPS / name), *ALL_MAPS[name][0]]


def value(v: Optional[float]) -> float:
    return math.inf if v is None else v


@pytest.mark.parametrize("name", sorted(ALL_MAPS))
def test_clearances_and_witnesses_are_the_clis(name: str) -> None:
    level = load(name)
    expected = cli_json("clearance", *cli_args(name))
    edges = level.edge_clearances()
    nodes = level.node_clearances()
    assert edges.dtype == np.float64 and edges.shape == (level.edge_count,)
    assert nodes.shape == (level.node_count,)
    assert edges.tolist() == [value(e["clearance"]) for e in expected["edges"]]
    assert nodes.tolist() == [value(n["clearance"]) for n in expected["nodes"]]
    w = level.witnesses()
    for i, e in enumerate(expected["edges"]):
        assert w.edge_obstacles[i] == e.get("obstacle", -1)
        if "edge_point" in e:
            assert w.edge_points[i].tolist() == e["edge_point"]
            assert w.edge_obstacle_points[i].tolist() == e["obstacle_point"]
    for i, n in enumerate(expected["nodes"]):
        assert w.node_obstacles[i] == n.get("obstacle", -1)
        if "node_point" in n:
            assert w.node_points[i].tolist() == n["node_point"]
            assert w.node_obstacle_points[i].tolist() == n["obstacle_point"]
    # Computed once: the same arrays' values on every call.
    assert np.array_equal(level.edge_clearances(), edges)


def check_rows(result: clearway.CheckResult, report: Dict[str, Any]) -> None:
    assert result.radius == report["radius"]
    assert result.agent == report.get("agent")
    assert result.blocked_edges.tolist() == [b["edge"] for b in report["blocked"]]
    assert result.blocked_edges.dtype == np.int64
    node_index = {}
    assert result.edges_checked == report["edges_checked"]
    assert result.edges_closed == report.get("edges_closed", 0)
    assert result.stale_bakes.tolist() == [s["edge"] for s in report["stale_bakes"]]
    assert result.blocked_node_count == len(report["blocked_nodes"])
    assert result.ok == (not report["blocked"] and not report["stale_bakes"])
    del node_index


@pytest.mark.parametrize("name", sorted(ALL_MAPS))
def test_check_every_profile_is_the_clis(name: str) -> None:
    level = load(name)
    expected = cli_json("check", *cli_args(name))
    results = level.check()
    assert isinstance(results, list) and len(results) == len(expected)
    for result, report in zip(results, expected):
        check_rows(result, report)
    ids = level.node_ids()
    for result, report in zip(results, expected):
        assert ids[result.blocked_nodes].tolist() == [n["id"] for n in report["blocked_nodes"]]


@pytest.mark.parametrize("name", ["corridors.ron", "warehouse.ron", "two_storey.ron"])
@pytest.mark.parametrize("radius", [0.0, 0.5, 1.5, 3.0])
def test_check_one_radius_is_the_clis(name: str, radius: float) -> None:
    level = load(name)
    report = cli_json("check", *cli_args(name), "--radius", str(radius))
    result = level.check(radius=radius)
    assert isinstance(result, clearway.CheckResult)
    check_rows(result, report)


def test_check_by_agent_name_is_that_profiles_radius() -> None:
    level = load("corridors.ron")
    tank = level.check(agent="tank")
    assert tank.agent == "tank" and tank.radius == level.agents["tank"]
    assert not tank.ok and not tank
    assert tank.blocked_edges.tolist() == level.check(radius=1.5).blocked_edges.tolist()


def test_a_level_without_obstacles_has_unbounded_clearances() -> None:
    level = clearway.loads("(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0))], edges: [(from: 0, to: 1)])")
    assert level.edge_clearances().tolist() == [math.inf]
    assert level.witnesses().edge_obstacles.tolist() == [-1]
    assert np.isnan(level.witnesses().edge_points).all()
    with pytest.raises(ValueError, match="no agent profiles"):
        level.check()


def test_grid_levels_are_the_clis_grid(tmp_path: Any) -> None:
    written = tmp_path / "bunker.ron"
    from conftest import run_cli

    run_cli("grid", str(MAPS / "bunker.map"), "-o", str(written), ok_codes=(0,))
    level = clearway.grid(MAPS / "bunker.map")
    expected = clearway.load(written)
    assert level.to_ron() == expected.to_ron()
    cli = cli_json("clearance", str(written))
    assert level.edge_clearances().tolist() == [value(e["clearance"]) for e in cli["edges"]]
    four = clearway.grid(MAPS / "bunker.map", connect=4)
    assert four.edge_count < level.edge_count
    with pytest.raises(ValueError, match="connect must be 4 or 8"):
        clearway.grid(MAPS / "bunker.map", connect=6)


def test_grid_water_can_stay_solid(tmp_path: Any) -> None:
    # `solid="W"` is `clearway grid --solid W`: the benchmarks' reading,
    # water impassable.
    from conftest import run_cli

    written = tmp_path / "bunker.ron"
    run_cli("grid", str(MAPS / "bunker.map"), "--solid", "W", "-o", str(written), ok_codes=(0,))
    level = clearway.grid(MAPS / "bunker.map", solid="W")
    assert level.to_ron() == clearway.load(written).to_ron()
    assert level.edge_count < clearway.grid(MAPS / "bunker.map").edge_count
    with pytest.raises(ValueError, match="S \\(swamp\\) and W \\(water\\)"):
        clearway.grid(MAPS / "bunker.map", solid="X")

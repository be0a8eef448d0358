"""Routes, widest routes and many routes at once, against the command line."""

import itertools
import math
from typing import Any, List

import numpy as np
import pytest

import clearway
from conftest import ALL_MAPS, MAPS, cli_json, run_cli


def load(name: str) -> clearway.Level:
    return clearway.load(MAPS / name, **ALL_MAPS[name][1])


def some_pairs(level: clearway.Level, count: int) -> List[List[int]]:
    ids = [int(i) for i in level.node_ids()]
    pairs = list(itertools.combinations(ids, 2))
    step = max(1, len(pairs) // count)
    return [list(p) for p in pairs[::step]][:count]


@pytest.mark.parametrize("name", ["corridors.ron", "warehouse.ron", "rooms.ron", "two_storey.ron", "level3d.ron"])
@pytest.mark.parametrize("radius", [0.3, 1.0])
def test_routes_are_the_clis(name: str, radius: float) -> None:
    level = load(name)
    for a, b in some_pairs(level, 6):
        expected = cli_json("route", *[str(MAPS / name), *ALL_MAPS[name][0]], "--from", str(a), "--to", str(b), "--radius", str(radius))
        route = level.route(a, b, radius=radius)
        assert route.found == expected["found"]
        assert route.radius == radius
        if route.found:
            assert route.nodes.tolist() == expected["path"]
            assert route.length == expected["length"]
            assert route.cost == expected["cost"]
            assert route.min_clearance == (math.inf if expected["min_clearance_unbounded"] else expected["min_clearance"])
            assert level.node_ids()[route.node_indices].tolist() == route.nodes.tolist()
            assert len(route.edges) == len(route.nodes) - 1
        else:
            assert math.isnan(route.length) and len(route) == 0 and not route


@pytest.mark.parametrize("name", ["corridors.ron", "warehouse.ron", "two_storey.ron"])
def test_widest_routes_are_the_clis(name: str) -> None:
    level = load(name)
    for a, b in some_pairs(level, 6):
        expected = cli_json("widest", str(MAPS / name), "--from", str(a), "--to", str(b))
        widest = level.widest(a, b)
        assert widest.found == expected["found"]
        if widest.found:
            assert widest.nodes.tolist() == expected["path"]
            if not expected["unbounded"]:
                assert widest.radius == expected["widest_radius"]
            assert widest.bottleneck == expected.get("bottleneck_edge")


def test_nodes_are_named_as_the_cli_names_them() -> None:
    level = load("corridors.ron")
    by_id = level.route(100, 125, radius=0.5)
    by_name = level.route("west_end", "hangar", radius=0.5)
    by_prefix = level.route("id:100", "name:hangar", radius=0.5)
    assert by_id.nodes.tolist() == by_name.nodes.tolist() == by_prefix.nodes.tolist()
    assert level.node_index("armory") == level.node_ids().tolist().index(120)
    with pytest.raises(ValueError, match="no node has that id or name"):
        level.route("nowhere", 125, radius=0.5)
    with pytest.raises(ValueError, match="no node has that id"):
        level.route(99999, 125, radius=0.5)
    with pytest.raises(TypeError, match="node id"):
        level.route(1.5, 125, radius=0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="give the agent size"):
        level.route(100, 125)
    with pytest.raises(ValueError, match="not both"):
        level.route(100, 125, radius=1.0, agent="tank")
    with pytest.raises(ValueError, match="no agent named `giant`"):
        level.route(100, 125, agent="giant")
    with pytest.raises(ValueError, match="finite number >= 0"):
        level.route(100, 125, radius=float("nan"))


def test_an_unreachable_goal_is_no_route_not_an_error() -> None:
    level = load("corridors.ron")
    route = level.route("west_end", "armory", radius=1.5)
    assert not route.found and route.bottleneck is None
    expected = cli_json("route", str(MAPS / "corridors.ron"), "--from", "west_end", "--to", "armory", "--radius", "1.5")
    assert expected["found"] is False


@pytest.mark.parametrize("name", ["corridors.ron", "rooms.ron", "two_storey.ron"])
def test_route_pairs_are_the_single_routes(name: str) -> None:
    level = load(name)
    ids = [int(i) for i in level.node_ids()]
    pairs = np.array(list(itertools.product(ids, ids)), dtype=np.int64)
    lengths = level.route_pairs(pairs, radius=0.5)
    assert lengths.dtype == np.float64 and lengths.shape == (len(pairs),)
    for (a, b), length in zip(pairs.tolist(), lengths.tolist()):
        route = level.route(a, b, radius=0.5)
        if route.found:
            assert length == route.length
        else:
            assert math.isnan(length)


def test_route_pairs_on_many_pairs_use_every_core_and_agree(tmp_path: Any) -> None:
    level = clearway.grid(MAPS / "bunker.map")
    ids = level.node_ids()
    rng = np.random.default_rng(7)
    pairs = ids[rng.integers(0, len(ids), size=(600, 2))].astype(np.int64)
    lengths = level.route_pairs(pairs, radius=0.4)
    # The command line's `route --pairs` on a few of them.
    written = tmp_path / "bunker.ron"
    run_cli("grid", str(MAPS / "bunker.map"), "-o", str(written), ok_codes=(0,))
    for (a, b), length in list(zip(pairs.tolist(), lengths.tolist()))[:: 60]:
        expected = cli_json("route", str(written), "--from", str(a), "--to", str(b), "--radius", "0.4")
        if expected["found"]:
            assert length == expected["length"]
        else:
            assert math.isnan(length)


def test_route_pairs_refuse_bad_pairs() -> None:
    level = load("corridors.ron")
    with pytest.raises(ValueError, match=r"pairs\[1, 0\] = 7: no node has that id"):
        level.route_pairs([[100, 101], [7, 101]], radius=0.5)
    with pytest.raises(ValueError, match=r"expected shape \(n, 2\)"):
        level.route_pairs([[100, 101, 102]], radius=0.5)
    with pytest.raises(TypeError, match="expected integers"):
        level.route_pairs([[100.0, 101.5]], radius=0.5)
    assert level.route_pairs(np.zeros((0, 2), dtype=np.int64), radius=0.5).shape == (0,)


def test_route_pairs_take_names_as_route_does() -> None:
    level = load("corridors.ron")
    by_id = level.route_pairs([[100, 125], [120, 100]], radius=0.5)
    by_name = level.route_pairs([("west_end", "hangar"), ("armory", "id:100")], radius=0.5)
    as_array = level.route_pairs(np.array([["west_end", "name:hangar"], ["armory", "100"]]), radius=0.5)
    assert by_id.tobytes() == by_name.tobytes() == as_array.tobytes()
    assert by_id[0] == level.route("west_end", "hangar", radius=0.5).length
    with pytest.raises(ValueError, match=r"pairs\[1, 0\] nowhere: no node has that id or name"):
        level.route_pairs([("west_end", "hangar"), ("nowhere", 100)], radius=0.5)
    with pytest.raises(ValueError, match=r"pairs\[0\]: expected a pair of nodes"):
        level.route_pairs([("west_end", "hangar", "armory")], radius=0.5)
    with pytest.raises(TypeError, match=r"pairs\[0, 1\]: expected a node id \(int\) or name \(str\), not a bool"):
        level.route_pairs([("west_end", True)], radius=0.5)


POND = MAPS / "pond.ron"


@pytest.mark.parametrize("agent", ["boat", "cat", "duck"])
def test_agent_routes_pay_their_area_costs_as_the_cli_does(agent: str) -> None:
    level = clearway.load(POND)
    expected = cli_json("route", str(POND), "--from", "dock", "--to", "island", "--agent", agent)
    route = level.route("dock", "island", agent=agent)
    assert route.found == expected["found"] is True
    assert route.nodes.tolist() == expected["path"]
    assert route.length == expected["length"]
    assert route.cost == expected["cost"]
    widest = level.widest("dock", "island", agent=agent)
    expected_widest = cli_json("widest", str(POND), "--from", "dock", "--to", "island", "--agent", agent)
    assert widest.found == expected_widest["found"]
    assert widest.nodes.tolist() == expected_widest["path"]
    if not expected_widest["unbounded"]:
        assert widest.radius == expected_widest["widest_radius"]
    lengths = level.route_pairs([("dock", "island"), ("island", "dock")] * 150, agent=agent)
    assert lengths.tolist() == [expected["length"]] * 300
    # A bare radius pays no area costs: straight across the pond.
    assert level.route("dock", "island", radius=0.5).nodes.tolist() == [0, 1]


def test_the_agents_choices_differ_on_the_pond() -> None:
    level = clearway.load(POND)
    assert level.route("dock", "island", agent="boat").nodes.tolist() == [0, 1]
    assert level.route("dock", "island", agent="cat").nodes.tolist() == [0, 2, 1]
    assert level.route("dock", "island", agent="duck").nodes.tolist() == [0, 2, 1]
    assert level.widest("dock", "island", agent="cat").nodes.tolist() == [0, 2, 1]

"""Walking agents (profiles with a height, 3D levels): checks, routes,
widest routes, many routes, pruning and the walking clearances, against
the command line's JSON for the same agents."""

import itertools
import math
from pathlib import Path
from typing import Any, Dict, List, Optional

import numpy as np
import pytest

import clearway
from conftest import MAPS, cli_json, run_cli

# Two floors with a gap of 0.5 between them (x 4.75 to 5.25), a beam 0.8
# above the floor across the far side of the gap, a ramp of 45 degrees off
# the floor and a walkway out over nothing. The bot (0.3) falls into the
# gap, the big one (0.6, the same body) steps over it; both hit the beam;
# nobody stands at the top of the ramp or out on the walkway. The twin has
# the bot's body at another radius (its body is measured once for both);
# the ball is a sphere.
GAPS = """Map(
    agents: [
        (name: "bot", radius: 0.3, height: 1.6, climb: 0.2, max_slope: 40.0),
        (name: "big", radius: 0.6, height: 1.6, climb: 0.2, max_slope: 40.0),
        (name: "twin", radius: 0.45, height: 1.6, climb: 0.2, max_slope: 40.0),
        (name: "ball", radius: 0.2),
        (name: "climber", radius: 0.3, height: 1.6, climb: 0.2),
    ],
    nodes: [
        (id: 0, pos: (0.0, 0.0, 0.0), name: "start"),
        (id: 1, pos: (10.0, 0.0, 0.0)),
        (id: 2, pos: (10.0, 5.0, 0.0)),
        (id: 3, pos: (0.0, 5.0, 0.0)),
        (id: 4, pos: (0.0, 8.0, 3.0), name: "ramp top"),
        (id: 5, pos: (20.0, 0.0, 0.0)),
        (id: 6, pos: (2.0, 2.5, 0.0)),
    ],
    edges: [
        (from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3), (from: 3, to: 0),
        (from: 3, to: 4), (from: 1, to: 5), (from: 0, to: 6), (from: 6, to: 3),
    ],
    obstacles: [
        Box(min: (-1.0, -2.0, -1.0), max: (4.75, 9.0, 0.0)),
        Box(min: (5.25, -2.0, -1.0), max: (11.0, 9.0, 0.0)),
        Segment(from: (5.0, 4.0, 0.8), to: (5.0, 6.0, 0.8)),
        Sphere(center: (1.0, 2.5, 0.5), radius: 0.3),
    ],
)
"""


@pytest.fixture(scope="module")
def gaps(tmp_path_factory: Any) -> Path:
    path = tmp_path_factory.mktemp("walking") / "gaps.ron"
    path.write_text(GAPS)
    return path


def maps(gaps: Path) -> List[Path]:
    return [MAPS / "two_storey_walking.ron", gaps]


def walkers(level: clearway.Level) -> List[str]:
    return list(level.walking_agents)


def value(v: Optional[float]) -> float:
    return math.inf if v is None else v


def same_check(result: clearway.CheckResult, report: Dict[str, Any]) -> None:
    assert result.agent == report.get("agent")
    assert result.radius == report["radius"]
    assert result.blocked_edges.tolist() == [b["edge"] for b in report["blocked"]]
    assert result.edges_checked == report["edges_checked"]
    assert result.stale_bakes.tolist() == [s["edge"] for s in report["stale_bakes"]]
    assert result.ok == (not report["blocked"] and not report["stale_bakes"])


def test_the_gaps_level_tells_its_story(gaps: Path) -> None:
    level = clearway.load(gaps)
    # max_slope left out is 90 degrees, as in a map file.
    assert level.walking_agents == {
        "bot": (1.6, 0.2, 40.0),
        "big": (1.6, 0.2, 40.0),
        "twin": (1.6, 0.2, 40.0),
        "climber": (1.6, 0.2, 90.0),
    }
    assert list(level.agents) == ["bot", "big", "twin", "ball", "climber"]
    bot = set(level.check(agent="bot").blocked_edges.tolist())
    big = set(level.check(agent="big").blocked_edges.tolist())
    climber = set(level.check(agent="climber").blocked_edges.tolist())
    # The gap under edge 0 blocks the bot, not the big one; the beam over
    # edge 2 both; the ramp (edge 4) and the walkway (edge 5) all walkers:
    # the ramp too steep for all but the climber, who finds no ground
    # under its top.
    assert {0, 2, 4, 5} <= bot and 0 not in big and {2, 4, 5} <= big
    walk = level.walking_clearances("bot")
    assert walk.edge_no_ground[0] == pytest.approx(0.5)
    assert walk.edge_slopes[4] == pytest.approx(45.0)
    assert walk.edge_body[2] == 0.0
    assert 4 in climber and level.walking_clearances("climber").edge_no_ground[4] > 0.3
    # A sphere of the bot's radius, its centre at the feet, touches the
    # floor everywhere.
    assert level.check(radius=0.3).blocked_edge_count == level.edge_count


@pytest.mark.parametrize("which", [0, 1])
def test_check_every_profile_is_the_clis(gaps: Path, which: int) -> None:
    path = maps(gaps)[which]
    level = clearway.load(path)
    expected = cli_json("check", str(path))
    results = level.check()
    assert len(results) == len(expected)
    ids = level.node_ids()
    for result, report in zip(results, expected):
        same_check(result, report)
        assert ids[result.blocked_nodes].tolist() == [n["id"] for n in report["blocked_nodes"]]


@pytest.mark.parametrize("which", [0, 1])
def test_check_one_agent_is_the_clis(gaps: Path, which: int) -> None:
    path = maps(gaps)[which]
    level = clearway.load(path)
    for name in level.agents:
        report = cli_json("check", str(path), "--agent", name)
        same_check(level.check(agent=name), report)
    # A radius is a sphere's question, as `--radius` is.
    for radius in (0.1, 0.4):
        same_check(level.check(radius=radius), cli_json("check", str(path), "--radius", str(radius)))


@pytest.mark.parametrize("which", [0, 1])
def test_walking_clearances_are_the_clis(gaps: Path, which: int) -> None:
    path = maps(gaps)[which]
    level = clearway.load(path)
    for name in walkers(level):
        expected = cli_json("clearance", str(path), "--agent", name)
        walk = level.walking_clearances(name)
        assert walk.agent == name and walk.radius == level.agents[name]
        assert (walk.height, walk.climb, walk.max_slope) == tuple(expected["walking"].values())
        for spots, rows in (("edge", expected["edges"]), ("node", expected["nodes"])):
            body = getattr(walk, f"{spots}_body")
            assert body.dtype == np.float64 and len(body) == len(rows)
            assert body.tolist() == [value(r["clearance"]) for r in rows]
            obstacles = getattr(walk, f"{spots}_obstacles").tolist()
            assert obstacles == [-1 if r.get("obstacle") is None else r["obstacle"] for r in rows]
            gaps_found = getattr(walk, f"{spots}_no_ground").tolist()
            for found, row in zip(gaps_found, rows):
                if row.get("no_ground") is None:
                    assert math.isnan(found)
                else:
                    assert found == row["no_ground"]["length"]
        assert walk.edge_slopes.tolist() == [r["slope"] for r in expected["edges"]]
        # The clearances the agent is judged by: the body's, but 0 where
        # `check` says it cannot stand or climb.
        report = cli_json("check", str(path), "--agent", name)
        footing = {b["edge"] for b in report["blocked"] if b["blocked_by"] in ("ground", "slope")}
        for e, (folded, body) in enumerate(zip(walk.edge_clearances.tolist(), walk.edge_body.tolist())):
            assert folded == (0.0 if e in footing else body)
        # Kept: the same values again.
        assert level.walking_clearances(name).edge_body.tobytes() == walk.edge_body.tobytes()


def test_a_sphere_has_no_walking_clearances(gaps: Path) -> None:
    level = clearway.load(gaps)
    with pytest.raises(ValueError, match="is a sphere"):
        level.walking_clearances("ball")
    with pytest.raises(ValueError, match="no agent named `nobody`"):
        level.walking_clearances("nobody")
    with pytest.raises(ValueError, match="is a sphere"):
        clearway.load(MAPS / "corridors.ron").walking_clearances("tank")


def pairs_of(level: clearway.Level) -> List[List[int]]:
    ids = [int(i) for i in level.node_ids()]
    return [list(p) for p in itertools.combinations(ids, 2)]


@pytest.mark.parametrize("which", [0, 1])
def test_routes_and_widest_routes_are_the_clis(gaps: Path, which: int) -> None:
    path = maps(gaps)[which]
    level = clearway.load(path)
    pairs = pairs_of(level)[:: 7 if which == 0 else 2]
    for name in level.agents:
        for a, b in pairs:
            ends = ["--from", str(a), "--to", str(b)]
            expected = cli_json("route", str(path), *ends, "--agent", name)
            route = level.route(a, b, agent=name)
            assert route.found == expected["found"], (name, a, b)
            if route.found:
                assert route.nodes.tolist() == expected["path"]
                assert route.length == expected["length"]
                assert route.cost == expected["cost"]
            expected = cli_json("widest", str(path), *ends, "--agent", name)
            widest = level.widest(a, b, agent=name)
            assert widest.found == expected["found"], (name, a, b)
            if widest.found:
                assert widest.nodes.tolist() == expected["path"]
                if not expected["unbounded"]:
                    assert widest.radius == expected["widest_radius"]
                assert widest.bottleneck == expected.get("bottleneck_edge")


@pytest.mark.parametrize("which", [0, 1])
def test_route_pairs_for_walking_agents_are_the_single_routes(gaps: Path, which: int) -> None:
    level = clearway.load(maps(gaps)[which])
    pairs = np.array(pairs_of(level), dtype=np.int64)
    for name in walkers(level):
        lengths = level.route_pairs(pairs, agent=name)
        for (a, b), length in zip(pairs.tolist(), lengths.tolist()):
            route = level.route(a, b, agent=name)
            assert (length == route.length) if route.found else math.isnan(length)
    # Over 256 pairs the pairs are routed on every core: the same answers.
    name = walkers(level)[0]
    many = np.tile(pairs, (300 // len(pairs) + 1, 1))[:300]
    lengths = level.route_pairs(many, agent=name)
    for (a, b), length in list(zip(many.tolist(), lengths.tolist()))[::17]:
        route = level.route(a, b, agent=name)
        assert (length == route.length) if route.found else math.isnan(length)


def test_a_walker_is_not_the_sphere_of_its_radius(gaps: Path) -> None:
    level = clearway.load(gaps)
    # A sphere of 0.3 at the feet touches the floor; the bot walks past the
    # pillar to node 6, where the big one does not fit, but cannot reach
    # node 1 (the gap, then the beam); the big one steps over the gap.
    # Nobody walks up the ramp.
    assert not level.route("start", 6, radius=0.3).found
    assert level.route("start", 6, agent="bot").edges.tolist() == [6]
    assert not level.route("start", 6, agent="big").found
    assert not level.route(0, 1, agent="bot").found
    assert level.route(0, 1, agent="big").edges.tolist() == [0]
    assert not level.route("start", "ramp top", agent="climber").found
    assert level.widest("start", 6, agent="bot").radius >= level.walking_clearances("bot").edge_clearances[6] > 0.3


@pytest.mark.parametrize("which", [0, 1])
def test_prune_for_walking_agents_is_the_clis(gaps: Path, which: int, tmp_path: Path) -> None:
    path = maps(gaps)[which]
    level = clearway.load(path)
    for name in walkers(level):
        out = tmp_path / f"pruned-{name}.ron"
        run_cli("prune", str(path), "--agent", name, "-o", str(out), "--quiet", ok_codes=(0, 1))
        pruned = level.prune(agent=name)
        assert pruned.to_ron() == clearway.load(out).to_ron()
        assert pruned.edge_count == level.edge_count - level.check(agent=name).blocked_edge_count


def test_render_draws_a_walking_agent(gaps: Path, tmp_path: Path) -> None:
    level = clearway.load(gaps)
    level.render(tmp_path / "bot.svg", agent="bot", route=("start", 6))
    level.render(tmp_path / "ball.svg", agent="ball")
    drawn = (tmp_path / "bot.svg").read_text()
    assert drawn.startswith("<svg") or "<svg" in drawn[:200]
    assert "no ground" in drawn
    assert "no ground" not in (tmp_path / "ball.svg").read_text()
    # The viewer page shows spheres only, as `render -o x.html` says.
    with pytest.raises(ValueError, match="walking agent"):
        level.render(tmp_path / "bot.html", agent="bot")
    assert not (tmp_path / "bot.html").exists()
    level.render(tmp_path / "ball.html", agent="ball")
    assert (tmp_path / "ball.html").read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("which", [0, 1])
def test_a_live_level_routes_walking_agents_as_the_level_does(gaps: Path, which: int) -> None:
    # A live level follows the walking profiles (as `clearway update`):
    # unchanged, its routes are the level's, the walking body's included.
    level = clearway.load(maps(gaps)[which])
    live = level.live()
    for name in level.agents:
        for a, b in pairs_of(level)[:: 3 if which == 0 else 1]:
            route = live.route(a, b, agent=name)
            fresh = level.route(a, b, agent=name)
            assert route.found == fresh.found, (name, a, b)
            if route.found:
                assert route.nodes.tolist() == fresh.nodes.tolist()
                assert route.length == fresh.length
                assert route.cost == fresh.cost
                assert route.bottleneck == fresh.bottleneck
    # A radius is a sphere's, answered as the level answers it (a sphere
    # at the feet touches the floor).
    sphere = level.route(0, 1, radius=0.3)
    assert live.route(0, 1, radius=0.3).found == sphere.found


def test_a_live_level_follows_a_floor_taken_away(gaps: Path) -> None:
    # The big one walks from start to node 1 over the floors; once the
    # first floor is removed it has no ground anywhere near the start.
    level = clearway.load(gaps)
    live = level.live()
    before = live.route("start", 1, agent="big")
    assert before.found
    live.remove_obstacle(0)
    after = live.route("start", 1, agent="big")
    assert not after.found
    # The level as it now stands says the same.
    assert not live.to_level().route("start", 1, agent="big").found
    # Put back, the route is the one before.
    live.add_obstacle("box", [-1.0, -2.0, -1.0, 4.75, 9.0, 0.0])
    again = live.route("start", 1, agent="big")
    assert again.found and again.nodes.tolist() == before.nodes.tolist()

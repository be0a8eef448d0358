"""Levels made from levels (prune, bake), written (save) and drawn (render),
against what the command line writes."""

from pathlib import Path

import numpy as np
import pytest

import clearway
from conftest import ALL_MAPS, MAPS, run_cli


def load(name: str) -> clearway.Level:
    return clearway.load(MAPS / name, **ALL_MAPS[name][1])


@pytest.mark.parametrize("name", ["corridors.ron", "warehouse.ron", "two_storey.ron"])
def test_prune_is_the_clis_prune(name: str, tmp_path: Path) -> None:
    level = load(name)
    out = tmp_path / "pruned.ron"
    run_cli("prune", str(MAPS / name), "--radius", "0.5", "-o", str(out), "--quiet", ok_codes=(0, 1))
    pruned = level.prune(radius=0.5)
    expected = clearway.load(out)
    assert pruned.edges().tolist() == expected.edges().tolist()
    assert pruned.edge_clearances().tobytes() == expected.edge_clearances().tobytes()
    assert pruned.check(radius=0.5).ok
    assert pruned.edge_count == level.edge_count - level.check(radius=0.5).blocked_edge_count
    assert level.prune(agent="tank" if "tank" in level.agents else next(iter(level.agents))).edge_count <= level.edge_count


@pytest.mark.parametrize("name", ["corridors.ron", "two_storey.ron"])
def test_bake_is_the_clis_bake(name: str, tmp_path: Path) -> None:
    level = load(name)
    out = tmp_path / "baked.ron"
    run_cli("bake", str(MAPS / name), "-o", str(out), "--quiet", ok_codes=(0,))
    baked = level.bake()
    expected = clearway.load(out)
    assert baked.baked_clearances().tobytes() == expected.baked_clearances().tobytes()
    assert baked.baked_clearances().tobytes() == level.edge_clearances().tobytes()
    assert np.isnan(level.baked_clearances()).all()


@pytest.mark.parametrize("name", sorted(ALL_MAPS))
def test_save_writes_a_file_that_loads_as_the_same_level(name: str, tmp_path: Path) -> None:
    level = load(name)
    out = tmp_path / "saved.ron"
    level.save(out)
    again = clearway.load(out)
    assert again.to_ron() == level.to_ron() == out.read_text()
    assert again.edge_clearances().tobytes() == level.edge_clearances().tobytes()
    # Saving again replaces the file whole, leaving no temporary file.
    level.prune(radius=100.0).save(str(out))
    assert clearway.load(out).edge_count == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saved.ron"]


def test_save_into_a_missing_folder_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="cannot write"):
        load("corridors.ron").save(tmp_path / "no" / "such" / "dir.ron")


@pytest.mark.parametrize("name", ["corridors.ron", "two_storey.ron"])
def test_render_writes_svg_and_png(name: str, tmp_path: Path) -> None:
    level = load(name)
    svg = tmp_path / "level.svg"
    level.render(svg, radius=0.5, title=name)
    text = svg.read_text()
    assert "<svg" in text and name in text and "</svg>" in text
    png = tmp_path / "level.png"
    level.render(png, agent=next(iter(level.agents)))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ids = level.node_ids()
    routed = tmp_path / "route.svg"
    level.render(routed, radius=0.3, route=(int(ids[0]), int(ids[-1])))
    assert routed.read_text() != text
    with pytest.raises(ValueError, match=r"\.svg, \.png or \.html"):
        level.render(tmp_path / "level.gif")
    with pytest.raises(ValueError, match="route= needs"):
        level.render(svg, route=(int(ids[0]), int(ids[-1])))


@pytest.mark.parametrize("name", ["corridors.ron", "two_storey.ron"])
def test_render_writes_the_viewer_page(name: str, tmp_path: Path) -> None:
    # The page the command line writes for `render -o level.html`: one
    # self-contained file, nothing fetched, the level's data inside.
    level = load(name)
    page = tmp_path / "level.html"
    level.render(page, radius=0.5, title=name)
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>")
    assert "http://" not in text and "https://" not in text
    assert 'id="cw-meta"' in text and name in text
    cli = tmp_path / "cli.html"
    run_cli("render", str(MAPS / name), "--radius", "0.5", "-o", str(cli), ok_codes=(0, 1))
    # The same page but for what only the file knows (obstacles' lines).
    assert abs(len(text) - len(cli.read_text())) < len(text) // 10


def test_render_draws_what_the_cli_draws(tmp_path: Path) -> None:
    out = tmp_path / "cli.svg"
    done = run_cli("render", str(MAPS / "corridors.ron"), "--radius", "1.5", "-o", str(out), ok_codes=(0, 1))
    assert done.returncode in (0, 1)
    mine = tmp_path / "mine.svg"
    load("corridors.ron").render(mine, radius=1.5)
    # The same edges are drawn blocked (their titles say so).
    blocked = lambda text: sorted(line for line in text.split("<title>") if ": blocked" in line.split("</title>")[0])
    assert len(blocked(mine.read_text())) == 6  # 4 edges and 2 nodes
    assert [b.split("</title>")[0] for b in blocked(mine.read_text())] == [
        b.split("</title>")[0] for b in blocked(out.read_text())
    ]

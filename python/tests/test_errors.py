"""Files that do not load raise clearway.LoadError with the command line's
located message; nothing panics across the boundary."""

import re
from pathlib import Path

import pytest

import clearway
from conftest import BAD, MAPS, run_cli

BAD_FILES = sorted(p.name for p in BAD.glob("*.ron"))


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_maps_raise_the_clis_message(name: str) -> None:
    path = BAD / name
    with pytest.raises(clearway.LoadError) as caught:
        clearway.load(path)
    error = caught.value
    assert isinstance(error, ValueError)
    # The command line prints the same diagnostic (it names the file by the
    # path it was given: the same path here).
    done = run_cli("clearance", str(path), ok_codes=(2,))
    assert done.stderr.rstrip("\n") == str(error)
    assert error.path == str(path)
    assert error.message and error.message in str(error)
    located = re.search(r"--> .*:(\d+):(\d+)", str(error))
    if located:
        assert (error.line, error.column) == (int(located.group(1)), int(located.group(2)))
    else:
        assert error.line is None and error.column is None


def test_a_missing_file_is_an_io_load_error(tmp_path: Path) -> None:
    with pytest.raises(clearway.LoadError, match="cannot read map") as caught:
        clearway.load(tmp_path / "missing.ron")
    assert caught.value.kind == "Io" and caught.value.line is None


def test_loads_names_its_source() -> None:
    with pytest.raises(clearway.LoadError) as caught:
        clearway.loads("(nodes: [(id: 0, pos: (0, 0))], edges: [(from: 0, to: 9)])", name="inline.ron")
    assert caught.value.path == "inline.ron"
    assert "--> inline.ron:1:" in str(caught.value)
    assert caught.value.kind == "UnknownNode"


def test_obstacle_files_of_the_wrong_kind_are_refused() -> None:
    with pytest.raises(ValueError, match="Tiled maps are 2D"):
        clearway.load(MAPS / "level3d.ron", obstacles=MAPS / "tiled_yard.tmx")
    with pytest.raises(ValueError, match="OBJ file holds 3D meshes"):
        clearway.load(MAPS / "corridors.ron", obstacles=[MAPS / "level.obj"])
    with pytest.raises(ValueError, match="tiled_origin"):
        clearway.load(MAPS / "corridors.ron", obstacles=MAPS / "tiled_yard.tmx", tiled_origin="middle")


def test_a_bad_obstacle_file_is_a_load_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.obj"
    broken.write_text("v 0 0 0\nv 1 0 0\nf 1 2 7\n")
    with pytest.raises(clearway.LoadError) as caught:
        clearway.load(MAPS / "level3d.ron", obstacles=broken)
    assert caught.value.path == str(broken)
    done = run_cli("clearance", str(MAPS / "level3d.ron"), "--obstacles", str(broken), ok_codes=(2,))
    assert done.stderr.rstrip("\n").endswith(str(caught.value))


def test_bad_grids_are_load_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.map"
    bad.write_text("type octile\nheight 2\nwidth 2\nmap\n..\n.\n")
    with pytest.raises(clearway.LoadError) as caught:
        clearway.grid(bad)
    assert caught.value.path == str(bad)
    with pytest.raises(OSError):
        clearway.grid(tmp_path / "missing.map")

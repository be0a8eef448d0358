"""Shared fixtures: the example maps and the `clearway` command line, whose
JSON output the bindings are checked against."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any, List

import pytest

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
BAD = REPO / "tests" / "bad"

# Each example map with the extra arguments its story uses (obstacles from
# a Tiled map or an OBJ file), as the command line takes them and as
# `clearway.load` takes them.
MAPS_2D = {
    "corridors.ron": ([], {}),
    "warehouse.ron": ([], {}),
    "rooms.ron": ([], {}),
    "plaza.ron": ([], {}),
    "field.ron": ([], {}),
    "tiled_yard.ron": (
        ["--obstacles", str(MAPS / "tiled_yard.tmx"), "--layer", "collision", "--pixels-per-unit", "16"],
        {"obstacles": MAPS / "tiled_yard.tmx", "layer": "collision", "pixels_per_unit": 16.0},
    ),
    "tiled_tiles.ron": (
        [
            "--obstacles", str(MAPS / "tiled_tiles.tmx"), "--layer", "walls",
            "--pixels-per-unit", "16", "--solid-property", "solid",
        ],
        {
            "obstacles": MAPS / "tiled_tiles.tmx", "layer": "walls",
            "pixels_per_unit": 16.0, "solid_property": "solid",
        },
    ),
}
MAPS_3D = {
    "two_storey.ron": ([], {}),
    "level3d.ron": ([], {}),
    "drone_canyon.ron": (
        ["--obstacles", str(MAPS / "drone_canyon.obj")],
        {"obstacles": MAPS / "drone_canyon.obj"},
    ),
}
ALL_MAPS = {**MAPS_2D, **MAPS_3D}


def _cli_path() -> Path:
    given = os.environ.get("CLEARWAY_BIN")
    if given:
        return Path(given)
    # Built (or found up to date) once per session: the JSON compared
    # against is the command line's of this checkout.
    subprocess.run(
        ["cargo", "build", "--locked", "--quiet", "--bin", "clearway"],
        cwd=REPO,
        check=True,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    return target / "debug" / "clearway"


_CLI: List[Path] = []


def cli_bin() -> Path:
    if not _CLI:
        _CLI.append(_cli_path())
    return _CLI[0]


def run_cli(*args: str, ok_codes: tuple = (0, 1)) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(cli_bin()), *args], cwd=REPO, capture_output=True, text=True
    )
    assert done.returncode in ok_codes, done.stderr
    return done


def cli_json(*args: str) -> Any:
    return json.loads(run_cli(*args, "--format", "json").stdout)


@pytest.fixture(scope="session")
def cli() -> Path:
    return cli_bin()

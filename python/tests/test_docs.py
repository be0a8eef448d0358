"""The README's Python example runs word for word, and the stubs type-check
a program over the whole API (`mypy --strict`)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO


def python_blocks(document: Path, heading: str) -> list:
    text = document.read_text()
    start = text.index(f"\n{heading}\n")
    end = text.find("\n## ", start + 1)
    section = text[start : end if end >= 0 else len(text)]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_readme_python_example_runs_word_for_word() -> None:
    blocks = python_blocks(REPO / "README.md", "## Python")
    assert len(blocks) == 1
    out = run(blocks[0])
    assert out.splitlines()[:2] == ["soldier True []", "tank False [4 5 6 7]"]


def test_the_guide_python_examples_run() -> None:
    blocks = python_blocks(REPO / "docs" / "GUIDE.md", "## Python")
    assert len(blocks) >= 3
    for block in blocks:
        run(block)


def test_the_stubs_type_check_a_program_over_the_api() -> None:
    pytest.importorskip("mypy")
    example = Path(__file__).with_name("typed_example.py")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(example)],
        capture_output=True,
        text=True,
        env={**os.environ, "MYPY_CACHE_DIR": os.devnull},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # The example itself runs.
    subprocess.run([sys.executable, str(example)], check=True, capture_output=True)

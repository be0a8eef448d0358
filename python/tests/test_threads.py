"""Clearances are computed with the GIL released: two Python threads are
inside `edge_clearances` at once, and both get the right answer.

The proof is by order, not by time: with the interpreter's switch interval
set far beyond the test's length, a thread that holds the GIL keeps it until
it blocks or releases it. So when the main thread runs while the worker has
entered `edge_clearances` and not yet returned from it (as a profile hook in
the worker records), the worker released the GIL inside the call."""

import sys
import threading
from typing import Any, Dict, List

import numpy as np

import clearway
from conftest import MAPS


def test_two_threads_compute_clearances_at_once() -> None:
    first = clearway.grid(MAPS / "bunker.map")
    second = clearway.grid(MAPS / "bunker.map", connect=4)
    expected = {
        "first": clearway.grid(MAPS / "bunker.map").edge_clearances(),
        "second": clearway.grid(MAPS / "bunker.map", connect=4).edge_clearances(),
    }
    entered = threading.Event()
    returned = threading.Event()
    results: Dict[str, Any] = {}

    def hook(frame: Any, event: str, arg: Any) -> None:
        if getattr(arg, "__name__", None) != "edge_clearances":
            return
        if event == "c_call":
            entered.set()
        elif event == "c_return":
            returned.set()

    def worker() -> None:
        sys.setprofile(hook)
        try:
            results["first"] = first.edge_clearances()
        finally:
            sys.setprofile(None)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=worker)
        thread.start()
        entered.wait()
        # Running here while the worker is inside the call: it released the
        # GIL there (with this switch interval it would not be taken away).
        inside_at_once: List[bool] = [entered.is_set() and not returned.is_set()]
        # This thread now computes too: the worker cannot return before this
        # call releases the GIL, so both threads are inside at once.
        results["second"] = second.edge_clearances()
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert inside_at_once == [True]
    assert returned.is_set()
    assert np.array_equal(results["first"], expected["first"])
    assert np.array_equal(results["second"], expected["second"])


def test_one_level_shared_by_threads_is_computed_once() -> None:
    level = clearway.load(MAPS / "warehouse.ron")
    barrier = threading.Barrier(4)
    results: List[Any] = []

    def worker() -> None:
        barrier.wait()
        results.append(level.edge_clearances())
        results.append(level.route_pairs(np.array([[0, 1]]), radius=0.1))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    clearances = [r for r in results if r.shape == (level.edge_count,)]
    assert len(clearances) == 4
    assert all(np.array_equal(c, clearway.load(MAPS / "warehouse.ron").edge_clearances()) for c in clearances)

"""clearway: exact path-network clearance for game levels.

A level is a path network (nodes and straight edges), obstacles and agent
profiles, flat (2D) or with height (3D). The clearance of an edge is the
distance from it to the nearest obstacle: the largest agent radius that can
travel it. From clearances, clearway checks levels, prunes and bakes them,
and plans routes for agents of any size.

Make a level:

- ``load(path, obstacles=None)``: a map file (RON), optionally with the
  obstacles of Tiled (``.tmx``) or OBJ (``.obj``) files added;
- ``loads(text)``: map-file text;
- ``grid(path, connect=8)``: a Moving AI grid map (``.map``);
- ``Level.from_arrays(positions, edges, obstacles, ...)``: numpy arrays.

Then ask it: ``edge_clearances()``, ``node_clearances()``, ``witnesses()``,
``check(radius=..)``, ``route(a, b, radius=..)``, ``widest(a, b)``,
``route_pairs(pairs, radius=..)``, each also for an agent profile
(``agent=NAME``; a walking agent, with a height, is judged by its body,
the ground under it and the slopes: ``walking_clearances(agent)``); make
others from it: ``prune``, ``bake``, ``live()`` (a ``LiveLevel`` that
changes at run time); write it:
``save(path)``, ``render(path)``.

Arrays come back as numpy arrays; clearances are computed once per level,
on every core, with the GIL released. A file that does not load raises
``LoadError`` (a ``ValueError``) with the message the ``clearway`` command
prints; bad arguments raise ``ValueError`` or ``TypeError``.
"""

from clearway._clearway import (
    CheckResult,
    Level,
    LiveChange,
    LiveLevel,
    LoadError,
    Route,
    WalkingClearances,
    Witnesses,
    __version__,
    grid,
    load,
    loads,
)

__all__ = [
    "CheckResult",
    "Level",
    "LiveChange",
    "LiveLevel",
    "LoadError",
    "Route",
    "WalkingClearances",
    "Witnesses",
    "__version__",
    "grid",
    "load",
    "loads",
]

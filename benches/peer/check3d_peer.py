#!/usr/bin/env python3
"""The fastest honest Python answer to `clearway check --radius R` on a 3D level.

    check3d_peer.py LEVEL.json --radius R [--procs 2] [--chunk 20000]
                    [--blocked-out FILE] [--check CLEARWAY_CHECK.json]

Built on coal (the successor of FCL, `pip install coal`). It answers only
the question `check` answers: which edges have an obstacle closer than R
(or touching them)? It never computes a nearest obstacle.

LEVEL.json is the JSON twin of a 3D RON level, written by
`cargo run --release --example level3d_json -- LEVEL.ron LEVEL.json`
(clearway's own loader, the same f64 values). Phases (wall clock, one JSON
object on stdout):

  load    json.load of the twin, with the cyclic garbage collector off
  build   one coal collision object per obstacle, in file order of each
          kind: points as spheres of radius 0, spheres, segments as capsules
          of radius 0, triangles (TriangleP), boxes as convex solids of
          their 8 corners (not coal.Box, whose support is inflated by 1e-10
          of its size: see build), meshes as one
          BVHModelOBBRSS each (its own tree over its triangles), a solid
          mesh that is convex as a coal Convex (solid, as a box is); all in
          one broad-phase manager, a dynamic AABB tree
  check   in chunks of --chunk edges over --procs forked processes (they
          share the built tree copy-on-write): each edge is a capsule of
          radius R around its segment (so its AABB is the segment's grown
          by R), one broad-phase query of the manager per edge, and coal's
          exact narrow phase (GJK/EPA) on the candidate pairs only, stopping
          at the first obstacle that meets the capsule. For the edges it
          meets, a second query collects every contact and keeps the edge
          blocked only if some obstacle comes closer than R - slack (coal's
          penetration_depth is the signed distance from the capsule): an
          obstacle exactly R away only touches the capsule.

The verdict follows clearway's rule (docs/MAP_FORMAT.md): blocked when the
clearance c is < R - slack, or c is 0 (touching, crossing or inside a
solid); the slack, M * 2^-50 for the level's largest coordinate magnitude
M, is in the twin. Without it coal's last-ulp rounding (the capsule's frame
is a rotation and a centre) blocks edges whose obstacle is exactly R away:
3 of 9,176 edges on a 10k building level, a furniture face 0.5 from a
waypoint row. Boxes, convex solid
meshes, spheres, capsules and triangles are convex shapes to coal's GJK, so
an edge inside a box or inside a convex solid mesh meets it (coal reports a
penetration, never a positive distance to the surface): blocked, as
clearway's clearance 0 is. A solid mesh that is not convex is not supported
(coal has no inside test for a triangle soup): the peer refuses the level
and says so. Closed edges are blocked for every radius, as in clearway.

--check compares the blocked edges with clearway's
`check --radius R --format json` output, outside the timed phases, and
exits 1 on any difference.
"""

import argparse
import gc
import json
import multiprocessing as mp
import sys
import time

import coal
import numpy as np

# A box's 12 triangles over its corners numbered x + 2y + 4z (0 = min).
BOX_FACES = [(0, 2, 1), (1, 2, 3), (4, 5, 6), (5, 7, 6), (0, 1, 4), (1, 5, 4),
             (2, 6, 3), (3, 6, 7), (0, 4, 2), (2, 4, 6), (1, 3, 5), (3, 7, 5)]

# What the forked workers read (copy-on-write after the fork).
STATE = {}


def load(path):
    gc.disable()
    with open(path) as f:
        return json.load(f)


def frames(a, b):
    """Row-wise rotations taking local z to b - a, the centres, and the lengths."""
    d = b - a
    length = np.sqrt(np.einsum("ij,ij->i", d, d))
    unit = np.divide(d, length[:, None], out=np.tile([0.0, 0.0, 1.0], (len(d), 1)), where=length[:, None] > 0)
    # Any axis not along the unit; u = unit x axis, v = unit x u: [u v unit]
    # is right-handed (u x v = unit).
    axis = np.where((np.abs(unit[:, 0]) < 0.9)[:, None], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0])
    u = np.cross(unit, axis)
    u /= np.sqrt(np.einsum("ij,ij->i", u, u))[:, None]
    v = np.cross(unit, u)
    rot = np.stack([u, v, unit], axis=2)
    return rot, (a + b) / 2, length


def convex(vertices, triangles):
    """Row-wise: whether every vertex of mesh g lies on one side of each of
    its triangles' planes (vertices is (G, V, 3); the meshes share one
    triangle list)."""
    p = vertices[:, triangles]
    n = np.cross(p[:, :, 1] - p[:, :, 0], p[:, :, 2] - p[:, :, 0])
    side = np.einsum("gtj,gvj->gtv", n, vertices) - np.einsum("gtj,gtj->gt", n, p[:, :, 0])[:, :, None]
    scale = np.abs(n).sum(axis=2)[:, :, None] * (np.abs(vertices).max(axis=(1, 2))[:, None, None] + 1.0) * 1e-12
    return ((side <= scale).all(axis=2) | (side >= -scale).all(axis=2)).all(axis=1)


def build(level):
    I = np.eye(3)
    objects = []

    def add(geometry, rot, centre):
        objects.append(coal.CollisionObject(geometry, coal.Transform3s(rot, centre)))

    pts = np.asarray(level["points"], dtype=np.float64).reshape(-1, 3)
    for p in pts:
        add(coal.Sphere(0.0), I, p)
    sph = np.asarray(level["spheres"], dtype=np.float64).reshape(-1, 4)
    for s in sph:
        add(coal.Sphere(s[3]), I, s[:3])
    seg = np.asarray(level["segments"], dtype=np.float64).reshape(-1, 6)
    if len(seg):
        rot, centre, length = frames(seg[:, :3], seg[:, 3:])
        for r, c, n in zip(rot, centre, length):
            add(coal.Capsule(0.0, n), r, c)
    tri = np.asarray(level["triangles"], dtype=np.float64).reshape(-1, 3, 3)
    for t in tri:
        add(coal.TriangleP(t[0], t[1], t[2]), I, np.zeros(3))
    # Boxes as the convex hull of their 8 corners, not coal.Box: coal's Box
    # support function inflates the box by 1e-10 of its size when the
    # direction has a zero component, so an edge exactly R from a face
    # (0.5 from a wall on the building levels) read 0.499999999875 and was
    # blocked, where clearway's clearance is exactly 0.5.
    box = np.asarray(level["boxes"], dtype=np.float64).reshape(-1, 6)
    corner = np.array([[x, y, z] for z in (0, 1) for y in (0, 1) for x in (0, 1)], dtype=bool)
    faces = coal.StdVec_Triangle()
    faces.extend([coal.Triangle(*t) for t in BOX_FACES])
    for b in box:
        points = coal.StdVec_Vec3s()
        points.extend(list(np.where(corner, b[3:], b[:3])))
        add(coal.Convex(points, faces), I, np.zeros(3))
    # Meshes, grouped by their triangle lists (a level's furniture shares
    # one), so that the convexity test and coal's triangle list are made
    # once a group.
    groups = {}
    for m in level["meshes"]:
        if m["triangles"]:
            groups.setdefault((m["solid"], tuple(m["triangles"]), len(m["vertices"])), []).append(m)
    for (solid, tris, _), meshes in groups.items():
        t = np.asarray(tris, dtype=np.int64).reshape(-1, 3)
        v = np.asarray([m["vertices"] for m in meshes], dtype=np.float64).reshape(len(meshes), -1, 3)
        if solid:
            ok = convex(v, t)
            if not ok.all():
                bad = meshes[int(np.flatnonzero(~ok)[0])]["id"]
                sys.exit(f"check3d_peer: obstacle {bad} is a solid mesh that is not convex: "
                         "coal has no inside test for it, so this peer cannot answer for this level")
            polys = coal.StdVec_Triangle()
            polys.extend([coal.Triangle(int(i), int(j), int(k)) for i, j, k in t])
            for vm in v:
                points = coal.StdVec_Vec3s()
                points.extend(list(vm))
                add(coal.Convex(points, polys), I, np.zeros(3))
        else:
            for vm in v:
                bvh = coal.BVHModelOBBRSS()
                bvh.beginModel(len(t), len(vm))
                bvh.addVertices(vm)
                bvh.addTriangles(t)
                bvh.endModel()
                add(bvh, I, np.zeros(3))

    manager = coal.DynamicAABBTreeCollisionManager()
    for o in objects:
        manager.registerObject(o)
    manager.setup()

    nodes = np.asarray(level["nodes"], dtype=np.float64).reshape(-1, 3)
    edges = np.asarray(level["edges"], dtype=np.int64).reshape(-1, 2)
    rot, centre, length = frames(nodes[edges[:, 0]], nodes[edges[:, 1]])
    return {"objects": objects, "manager": manager, "rot": rot, "centre": centre, "length": length,
            "closed": np.asarray(level["closed"], dtype=np.int64), "slack": float(level["slack"])}


def check_chunk(span):
    """The blocked edges among edges lo..hi."""
    lo, hi = span
    m, radius = STATE["m"], STATE["radius"]
    slack = m["slack"]
    manager = m["manager"]
    rot, centre, length = m["rot"], m["centre"], m["length"]
    first = coal.CollisionCallBackDefault()
    every = coal.CollisionCallBackDefault()
    every.data.request.num_max_contacts = 1 << 20
    every.data.request.enable_contact = True
    # One capsule and one collision object, moved from edge to edge (a new
    # pair of objects per edge costs three times as much).
    capsule = coal.Capsule(radius, 0.0)
    edge = coal.CollisionObject(capsule, coal.Transform3s())
    half = length / 2
    blocked = []
    for i in range(lo, hi):
        capsule.halfLength = half[i]
        capsule.computeLocalAABB()
        edge.setRotation(rot[i])
        edge.setTranslation(centre[i])
        edge.computeAABB()
        first.data.result.clear()
        first.data.done = False
        manager.collide(edge, first)
        if not first.data.result.isCollision():
            continue
        # Met within R: blocked unless every obstacle met is exactly R away.
        if first.data.result.getContact(0).penetration_depth < -slack:
            blocked.append(i)
            continue
        every.data.result.clear()
        every.data.done = False
        manager.collide(edge, every)
        if any(c.penetration_depth < -slack for c in every.data.result.getContacts()):
            blocked.append(i)
    return blocked


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("map")
    ap.add_argument("--radius", type=float, required=True)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=20000)
    ap.add_argument("--blocked-out")
    ap.add_argument("--check")
    args = ap.parse_args()
    if not args.radius > 0:
        sys.exit("check3d_peer: --radius must be > 0")

    t0 = time.perf_counter()
    level = load(args.map)
    t1 = time.perf_counter()
    m = build(level)
    del level
    t2 = time.perf_counter()
    n = len(m["length"])
    STATE["m"], STATE["radius"] = m, args.radius
    spans = [(lo, min(lo + args.chunk, n)) for lo in range(0, n, args.chunk)]
    if args.procs > 1:
        with mp.get_context("fork").Pool(args.procs) as pool:
            parts = pool.map(check_chunk, spans, chunksize=1)
    else:
        parts = [check_chunk(s) for s in spans]
    blocked = np.union1d(np.fromiter((i for p in parts for i in p), dtype=np.int64), m["closed"])
    t3 = time.perf_counter()

    ms = {"load": (t1 - t0) * 1e3, "build": (t2 - t1) * 1e3, "check": (t3 - t2) * 1e3,
          "total": (t3 - t0) * 1e3}
    report = {"side": "check3d_peer", "radius": args.radius, "edges": n, "obstacles": len(m["objects"]),
              "blocked": int(len(blocked)), "ms": ms}
    if args.blocked_out:
        np.savetxt(args.blocked_out, blocked, fmt="%d")
    status = 0
    if args.check:
        with open(args.check) as f:
            cw = json.load(f)
        runs = cw if isinstance(cw, list) else [cw]
        theirs = {row["edge"] for run in runs for row in run["blocked"]}
        ours = set(int(e) for e in blocked)
        only_peer = sorted(ours - theirs)
        only_clearway = sorted(theirs - ours)
        report["agree"] = not only_peer and not only_clearway
        report["only_peer"] = only_peer[:20]
        report["only_clearway"] = only_clearway[:20]
        status = 0 if report["agree"] else 1
    print(json.dumps(report))
    sys.exit(status)


if __name__ == "__main__":
    main()

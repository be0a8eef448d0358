#!/usr/bin/env bash
# clearway against the Python peer (shapely 2 STRtree + networkx) on one
# synthetic level. See docs/PEER.md.
#
#   benches/peer/compare.sh EDGES MIX [REPS] [PAIRS] [RADIUS]
#
#   EDGES   about how many edges (10000, 100000, 1000000)
#   MIX     points | mixed
#   REPS    repetitions of each measurement, clearway and peer back to back
#           (default 3); the tables show the median
#   PAIRS   route queries (default 100), seeded pairs shared by both sides
#   RADIUS  agent radius for routes and the dwithin check (default 0.8)
#
# Environment:
#   CARGO_TARGET_DIR  where the release build lives (default /work/target-peer)
#   PEER_PY           the virtualenv's python (default /work/peer-venv/bin/python)
#   PEER_DATA         where maps and outputs go (default /work/peer-data)
#   LANDMARKS         landmarks for clearway's second and third sets of route
#                     queries (default 16; the first set uses the straight
#                     line alone, the second landmarks over every edge, the
#                     third landmarks over the edges that admit RADIUS)
#   ROUTES_ONLY       set to 1 to skip the clearance runs and the agreement
#                     check, reusing the clearway output of an earlier run
#   PEER_BIN          a directory holding clearway, gen_map and route_queries
#                     binaries (and optionally a STATE file naming the source
#                     they were built from) to use instead of building: pins
#                     one build across sizes while the tree keeps changing
#
# Builds clearway, gen_map and route_queries in release mode, generates the
# level as RON and JSON from one pass (gen_map --json), then per repetition:
# `clearway clearance --format json --timings` then clearance_peer.py; checks
# every clearance against GEOS once; then the route queries, clearway
# (examples/route_queries.rs) then networkx, REPS times.
set -euo pipefail

EDGES=${1:?usage: compare.sh EDGES MIX [REPS] [PAIRS] [RADIUS]}
MIX=${2:?usage: compare.sh EDGES MIX [REPS] [PAIRS] [RADIUS]}
REPS=${3:-3}
PAIRS=${4:-100}
RADIUS=${5:-0.8}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-peer}
PY=${PEER_PY:-/work/peer-venv/bin/python}
DATA=${PEER_DATA:-/work/peer-data}
mkdir -p "$DATA"

if [[ -n ${PEER_BIN:-} ]]; then
    CLEARWAY=$PEER_BIN/clearway GEN_MAP=$PEER_BIN/gen_map ROUTE_QUERIES=$PEER_BIN/route_queries
    STATE=$(cat "$PEER_BIN/STATE" 2>/dev/null || echo "pinned binaries in $PEER_BIN")
else
    (cd "$ROOT" && cargo build --release --quiet --bin clearway --example gen_map --example route_queries)
    BIN=$CARGO_TARGET_DIR/release
    CLEARWAY=$BIN/clearway GEN_MAP=$BIN/examples/gen_map ROUTE_QUERIES=$BIN/examples/route_queries
    # The source state built: HEAD plus a hash of uncommitted changes under src/.
    STATE="$(git -C "$ROOT" rev-parse --short HEAD) + src diff $( (git -C "$ROOT" diff HEAD -- src; \
        git -C "$ROOT" ls-files -o --exclude-standard src | (cd "$ROOT" && xargs -r cat)) | sha1sum | cut -c1-10)"
fi
BASE=$DATA/grid-$EDGES-$MIX
if [[ ! -s $BASE.ron || ! -s $BASE.json ]]; then
    "$GEN_MAP" --kind grid --edges "$EDGES" --obstacles-per-edge 5 \
        --mix "$MIX" --seed 1 -o "$BASE.ron" --json "$BASE.json"
fi
RUNS=$BASE.runs
: > "$RUNS"
LANDMARKS=${LANDMARKS:-16}
CLEARANCE_REPS=$REPS
if [[ ${ROUTES_ONLY:-} == 1 ]]; then
    [[ -s $BASE.cw.json ]] || { echo "ROUTES_ONLY needs $BASE.cw.json from an earlier run" >&2; exit 2; }
    CLEARANCE_REPS=0
fi
echo "load before: $(uptime)" >&2
for rep in $(seq "$CLEARANCE_REPS"); do
    start=$(date +%s.%N)
    "$CLEARWAY" clearance "$BASE.ron" --format json --timings > "$BASE.cw.json" 2> "$BASE.cw.timings"
    end=$(date +%s.%N)
    "$PY" - "$BASE.cw.timings" "$start" "$end" >> "$RUNS" <<'EOF'
import json, sys
ms = {}
for line in open(sys.argv[1]):
    parts = line.split()
    if len(parts) == 3 and parts[2] == "ms":
        ms[parts[0]] = float(parts[1])
ms["wall"] = (float(sys.argv[3]) - float(sys.argv[2])) * 1e3
print(json.dumps({"side": "clearway", "ms": ms}))
EOF
    start=$(date +%s.%N)
    peer=$("$PY" "$HERE/clearance_peer.py" "$BASE.json" --dwithin "$RADIUS")
    end=$(date +%s.%N)
    "$PY" -c 'import json,sys; d=json.loads(sys.argv[1]); d["side"]="peer"; d["ms"]["wall"]=(float(sys.argv[3])-float(sys.argv[2]))*1e3; print(json.dumps(d))' \
        "$peer" "$start" "$end" >> "$RUNS"
    echo "clearance rep $rep done: $(uptime)" >&2
done
# The agreement check (once, untimed), against the last clearway output.
if (( CLEARANCE_REPS > 0 )); then
    "$PY" "$HERE/clearance_peer.py" "$BASE.json" --check "$BASE.cw.json" \
        | "$PY" -c 'import json,sys; d=json.load(sys.stdin); d["side"]="check"; print(json.dumps(d))' >> "$RUNS"
fi

"$PY" "$HERE/route_peer.py" pairs "$BASE.json" "$PAIRS" 1 > "$BASE.pairs"
for rep in $(seq "$REPS"); do
    "$ROUTE_QUERIES" "$BASE.ron" "$BASE.pairs" --radius "$RADIUS" \
        --out "$BASE.cw.costs" 2>/dev/null \
        | "$PY" -c 'import json,sys; d=json.load(sys.stdin); d["side"]="cw-route"; print(json.dumps(d))' >> "$RUNS"
    "$ROUTE_QUERIES" "$BASE.ron" "$BASE.pairs" --radius "$RADIUS" --landmarks "$LANDMARKS" \
        --out "$BASE.cw-landmarks.costs" 2>/dev/null \
        | "$PY" -c 'import json,sys; d=json.load(sys.stdin); d["side"]="cw-route-landmarks"; print(json.dumps(d))' >> "$RUNS"
    "$ROUTE_QUERIES" "$BASE.ron" "$BASE.pairs" --radius "$RADIUS" --landmarks "$LANDMARKS" \
        --agent-landmarks --out "$BASE.cw-agent.costs" 2>/dev/null \
        | "$PY" -c 'import json,sys; d=json.load(sys.stdin); d["side"]="cw-route-agent"; print(json.dumps(d))' >> "$RUNS"
    for other in "$BASE.cw-landmarks.costs" "$BASE.cw-agent.costs"; do
        cmp -s "$BASE.cw.costs" "$other" \
            || { echo "route costs differ with landmarks: $BASE.cw.costs vs $other" >&2; exit 1; }
    done
    "$PY" "$HERE/route_peer.py" route "$BASE.json" "$BASE.cw.json" "$BASE.pairs" \
        --radius "$RADIUS" --compare "$BASE.cw.costs" \
        | "$PY" -c 'import json,sys; d=json.load(sys.stdin); d["side"]="nx-route"; print(json.dumps(d))' >> "$RUNS"
    echo "route rep $rep done: $(uptime)" >&2
done
echo "load after: $(uptime)" >&2

echo "clearway build: $STATE"
"$PY" - "$RUNS" "$EDGES" "$MIX" "$RADIUS" <<'EOF'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
med = lambda xs: statistics.median(xs)
cw = [r["ms"] for r in runs if r["side"] == "clearway"]
pe = [r["ms"] for r in runs if r["side"] == "peer"]
if cw and pe:
    check = next(r for r in runs if r["side"] == "check")
    first_peer = next(r for r in runs if r["side"] == "peer")
    c = lambda *ks: med([sum(m[k] for k in ks) for m in cw])
    p = lambda *ks: med([sum(m[k] for k in ks) for m in pe])
    print(f"## grid, {first_peer['edges']} edges, {first_peer['nodes']} nodes, "
          f"{first_peer['obstacles']} obstacles, mix {sys.argv[3]} "
          f"(median of {len(cw)}, ms)\n")
    print("| phase | clearway | peer | peer / clearway |")
    print("|---|---:|---:|---:|")
    rows = [
        ("load (clearway read+parse+validate; peer json.load)", c("read", "parse", "validate"), p("load")),
        ("build (clearway graph+R-tree; peer geometries+STRtrees)", c("graph", "R-tree"), p("build")),
        ("clearance (edges and nodes)", c("clearance"), p("clearance")),
        ("output (JSON table)", c("output"), p("output")),
        ("**total of phases**", c("total"), p("total")),
        ("process wall clock (peer: + interpreter and imports)", c("wall"), p("wall")),
    ]
    for name, a, b in rows:
        print(f"| {name} | {a:.1f} | {b:.1f} | {b / a:.1f}x |")
    print(f"\npeer clearance, edges only: {p('clearance_edges_only'):.1f} ms; "
          f"dwithin({sys.argv[4]}) check: {med([r['dwithin'][0]['ms'] for r in runs if r['side'] == 'peer']):.1f} ms, "
          f"{first_peer['dwithin'][0]['blocked']} edges blocked, "
          f"{first_peer['dwithin'][0]['differ']} differ from clearance < r")
    print(f"\nper-run totals: clearway {[round(m['total'], 1) for m in cw]}, "
          f"peer {[round(m['total'], 1) for m in pe]}")
    ck = check["check"]
    print(f"\nagreement (1e-9 rel): edges {ck['edges_checked'] - ck['edges_disagree']}/{ck['edges_checked']} "
          f"(worst rel {ck['edges_worst_rel']:.1e}, same obstacle {ck['edges_same_obstacle']}), "
          f"nodes {ck['nodes_checked'] - ck['nodes_disagree']}/{ck['nodes_checked']} "
          f"(worst rel {ck['nodes_worst_rel']:.1e}, same obstacle {ck['nodes_same_obstacle']})")
cr = [r for r in runs if r["side"] == "cw-route"]
cl = [r for r in runs if r["side"] == "cw-route-landmarks"]
ca = [r for r in runs if r["side"] == "cw-route-agent"]
nr = [r for r in runs if r["side"] == "nx-route"]
if cr and cl and ca and nr:
    print(f"\n| routes, r = {sys.argv[4]}, {cr[0]['queries']} pairs ({cr[0]['found']} found), "
          f"median of {len(nr)} | networkx | clearway | networkx / clearway "
          f"| clearway, landmarks | networkx / that "
          f"| clearway, landmarks for r | networkx / that |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, key in (("median per query (ms)", "median_ms"), ("mean per query (ms)", "mean_ms")):
        n, c, l, a = (med([r[key] for r in rs]) for rs in (nr, cr, cl, ca))
        print(f"| {label} | {n:.4f} | {c:.4f} | {n / c:.1f}x | {l:.4f} | {n / l:.1f}x "
              f"| {a:.4f} | {n / a:.1f}x |")
    print(f"\nnot in the queries: networkx graph build {med([r['build_ms'] for r in nr]):.1f} ms; "
          f"clearway router build {med([r['router_ms'] for r in cr]):.1f} ms, "
          f"with landmarks {med([r['router_ms'] for r in cl]):.1f} ms, "
          f"with landmarks for r {med([r['router_ms'] for r in ca]):.1f} ms; "
          f"route costs differing: {max(r['routes_differ'] for r in nr)}/{nr[0]['routes_compared']} "
          f"(landmarks: identical costs)")
EOF

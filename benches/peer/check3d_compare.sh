#!/usr/bin/env bash
# `clearway check --radius R` on 3D levels against the coal peer
# (check3d_peer.py), side by side: for each level, REPS rounds, each round
# clearway then the peer, wall clock of the whole process (the peer's
# interpreter start and imports included, as a user waits for them). The
# first round also checks that both block exactly the same edges. Prints a
# markdown table: best and median of each, and the ratio of the medians and
# of the bests. See docs/PEER.md.
#
#   benches/peer/check3d_compare.sh RADIUS REPS LEVEL.ron [LEVEL.ron ...]
#
# Each LEVEL.ron needs its JSON twin LEVEL.json beside it; a missing one is
# written first (untimed) by the level3d_json example:
#   cargo run --release --example level3d_json -- LEVEL.ron LEVEL.json
# The levels themselves:
#   gen_map --kind building --edges 100000 --triangles 100000 -o b100k.ron
#   gen_map --kind terrain --edges 100000 --triangles 100000 --obstacles-per-edge 1 -o t100k.ron
#
# Environment:
#   CLEARWAY  the binary (default target/release/clearway)
#   TWIN      the twin writer (default target/release/examples/level3d_json)
#   PEER_PY   the virtualenv's python (default target/peer-venv/bin/python;
#             benches/peer/requirements3d.txt: coal and numpy)
set -euo pipefail
RADIUS=${1:?usage: check3d_compare.sh RADIUS REPS LEVEL.ron...}
REPS=${2:?usage: check3d_compare.sh RADIUS REPS LEVEL.ron...}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
CLEARWAY=${CLEARWAY:-target/release/clearway}
TWIN=${TWIN:-target/release/examples/level3d_json}
PY=${PEER_PY:-target/peer-venv/bin/python}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The wall clock of one run, in seconds, to the microsecond (bash's
# EPOCHREALTIME). clearway exits 1 when it blocks an edge.
clearway_wall() {
    local start=$EPOCHREALTIME status=0
    "$CLEARWAY" "$@" > "$TMP/out" 2> /dev/null || status=$?
    local end=$EPOCHREALTIME
    [[ $status -le 1 ]] || return "$status"
    echo "$end - $start" | bc -l
}
peer_wall() {
    local start=$EPOCHREALTIME
    "$PY" "$HERE/check3d_peer.py" "$@" > "$TMP/peer" || { cat "$TMP/peer" >&2; return 1; }
    local end=$EPOCHREALTIME
    echo "$end - $start" | bc -l
}
stats() { sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f %.3f\n", v[1], m }'; }

echo "| level | edges | blocked | clearway best / median | peer best / median | peer / clearway (medians) | (bests) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for level in "$@"; do
    json=${level%.ron}.json
    [[ -s $json ]] || "$TWIN" "$level" "$json"
    : > "$TMP/cw"
    : > "$TMP/py"
    for round in $(seq "$REPS"); do
        clearway_wall check "$level" --radius "$RADIUS" --format json >> "$TMP/cw"
        if [[ $round -eq 1 ]]; then
            cp "$TMP/out" "$TMP/clearway.json"
            peer_wall "$json" --radius "$RADIUS" --check "$TMP/clearway.json" >> "$TMP/py" \
                || { echo "check3d_compare: $level: the peer and clearway disagree" >&2; exit 1; }
            edges=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["edges"])' "$TMP/peer")
            blocked=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["blocked"])' "$TMP/peer")
        else
            peer_wall "$json" --radius "$RADIUS" >> "$TMP/py"
        fi
        # The peer's own phases, for where its time goes.
        echo "round $round: $(cat "$TMP/peer")" >&2
    done
    read -r cb cm < <(stats < "$TMP/cw")
    read -r pb pm < <(stats < "$TMP/py")
    printf "| %s | %s | %s | %s s / %s s | %s s / %s s | %.1fx | %.1fx |\n" "$(basename "$level" .ron)" \
        "$edges" "$blocked" "$cb" "$cm" "$pb" "$pm" "$(echo "$pm / $cm" | bc -l)" "$(echo "$pb / $cb" | bc -l)"
done

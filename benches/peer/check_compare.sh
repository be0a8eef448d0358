#!/usr/bin/env bash
# `clearway check --radius R` against the fastest honest Python peer
# (check_peer.py), side by side: for each level, REPS rounds, each round
# clearway then the peer, wall clock of the whole process (the peer's
# interpreter start and imports included, as a user waits for them).
# The first round also checks that both block exactly the same edges.
# Prints a markdown table: best and median of each, and the ratio of the
# medians and of the bests (the host's load only ever adds time, so the
# best of each is the least disturbed). See docs/PEER.md.
#
#   benches/peer/check_compare.sh RADIUS REPS LEVEL.ron [LEVEL.ron ...]
#
# Each LEVEL.ron needs its JSON twin LEVEL.json beside it
# (`gen_map ... -o LEVEL.ron --json LEVEL.json`).
#
# Environment:
#   CLEARWAY  the binary (default target/release/clearway)
#   PEER_PY   the virtualenv's python (default /work/peer-venv/bin/python;
#             benches/peer/requirements.txt lists what it needs)
set -euo pipefail
RADIUS=${1:?usage: check_compare.sh RADIUS REPS LEVEL.ron...}
REPS=${2:?usage: check_compare.sh RADIUS REPS LEVEL.ron...}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
CLEARWAY=${CLEARWAY:-target/release/clearway}
PY=${PEER_PY:-/work/peer-venv/bin/python}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# The wall clock of one run, in seconds, to the microsecond (bash's
# EPOCHREALTIME): `time -f %e` rounds to 10 ms, which is 8% of clearway's
# run on the tile level. clearway exits 1 when it blocks an edge.
clearway_wall() {
    local start=$EPOCHREALTIME status=0
    "$CLEARWAY" "$@" > "$TMP/out" 2> /dev/null || status=$?
    local end=$EPOCHREALTIME
    [[ $status -le 1 ]] || return "$status"
    echo "$end - $start" | bc -l
}
peer_wall() {
    local start=$EPOCHREALTIME
    "$PY" "$HERE/check_peer.py" "$@" > /dev/null || return
    local end=$EPOCHREALTIME
    echo "$end - $start" | bc -l
}
stats() { sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f %.3f\n", v[1], m }'; }

echo "| level | edges | clearway best / median | peer best / median | peer / clearway (medians) | (bests) |"
echo "|---|---:|---:|---:|---:|---:|"
for level in "$@"; do
    json=${level%.ron}.json
    : > "$TMP/cw"
    : > "$TMP/py"
    for round in $(seq "$REPS"); do
        clearway_wall check "$level" --radius "$RADIUS" --format json >> "$TMP/cw"
        if [[ $round -eq 1 ]]; then
            cp "$TMP/out" "$TMP/clearway.json"
            edges=$("$PY" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["edges"]))' "$json")
            peer_wall "$json" --radius "$RADIUS" --check "$TMP/clearway.json" >> "$TMP/py" \
                || { echo "check_compare: $level: the peer and clearway disagree" >&2; exit 1; }
        else
            peer_wall "$json" --radius "$RADIUS" >> "$TMP/py"
        fi
    done
    read -r cb cm < <(stats < "$TMP/cw")
    read -r pb pm < <(stats < "$TMP/py")
    printf "| %s | %s | %s s / %s s | %s s / %s s | %.1fx | %.1fx |\n" "$(basename "$level" .ron)" \
        "$edges" "$cb" "$cm" "$pb" "$pm" "$(echo "$pm / $cm" | bc -l)" "$(echo "$pb / $cb" | bc -l)"
done

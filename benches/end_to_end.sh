#!/usr/bin/env bash
# End to end: one command of the release binary on each level, REPS runs,
# best wall clock, its phases (`--timings`) and peak RSS. Prints a
# markdown table, the rows docs/PERFORMANCE.md shows. GNU time's %M is in
# KiB; the table's MB are 10^6 bytes, as the file sizes are.
#
#   benches/end_to_end.sh REPS 'COMMAND ARGS' LEVEL.ron [LEVEL.ron ...]
#
# COMMAND ARGS is what follows `clearway` before the level, e.g.
# 'check --radius 0.5' or 'clearance --format json'; the level goes after
# it and the output to /dev/null.
#
# Environment:
#   CLEARWAY   the binary (default target/release/clearway; build it with
#              `cargo build --release` first)
#   EXTRA      arguments after the level (e.g. '--obstacles level.obj')
set -euo pipefail
REPS=${1:?usage: end_to_end.sh REPS 'COMMAND ARGS' LEVEL.ron...}
COMMAND=${2:?usage: end_to_end.sh REPS 'COMMAND ARGS' LEVEL.ron...}
shift 2
CLEARWAY=${CLEARWAY:-target/release/clearway}
EXTRA=${EXTRA:-}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

phase() { awk -v p="$1" '$1 == p { printf "%.0f", $2 }' "$2"; }

echo "| level | file | command | wall clock (best of $REPS) | read | parse | validate | R-tree | clearance | output | peak RSS | RSS / file |"
echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for level in "$@"; do
    bytes=$(stat -c %s "$level")
    best=""
    for _ in $(seq "$REPS"); do
        # shellcheck disable=SC2086
        /usr/bin/time -f "%e %M" -o "$TMP/time" "$CLEARWAY" $COMMAND "$level" $EXTRA --timings \
            > /dev/null 2> "$TMP/timings" || [[ $? -eq 1 ]]
        read -r wall rss < <(tail -n 1 "$TMP/time")
        if [[ -z $best ]] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$wall best_rss=$rss
            cp "$TMP/timings" "$TMP/best"
        fi
    done
    printf "| %s | %.1f MB | \`%s\` | %.2f s | %s ms | %s ms | %s ms | %s ms | %s ms | %s ms | %.0f MB | %.2fx |\n" \
        "$(basename "$level" .ron)" "$(echo "$bytes / 1000000" | bc -l)" "$COMMAND" "$best" \
        "$(phase read "$TMP/best")" "$(phase parse "$TMP/best")" "$(phase validate "$TMP/best")" \
        "$(phase R-tree "$TMP/best")" "$(phase clearance "$TMP/best")" "$(phase output "$TMP/best")" \
        "$(echo "$best_rss * 1024 / 1000000" | bc -l)" "$(echo "$best_rss * 1024 / $bytes" | bc -l)"
done

#!/usr/bin/env bash
# Routes with area costs against routes without (issue #30: at most 1.2x).
# Runs the route bench's `astar_r0.8` (Router::route, radius 0.8) and
# `astar_area_costs_1_r0.8` (Router::route for an agent of radius 0.8 who
# pays 1.0 in both areas of the same grid: the same routes, checked) and
# `astar_area_costs_r0.8` (2.0 in mud, 0.8 on roads), all on routers
# without landmarks; then, on routers with 16 landmarks, the plain routes
# (`astar_agent_landmarks_r0.8`, landmarks for radius 0.8) and the
# 2.0/0.8 agent's (`astar_area_costs_landmarks_r0.8`, landmarks of its own
# costs). One process per case, ROUNDS rounds (default 3), the order
# reversed every other round; prints each round's estimate and the
# medians, each against the plain routes on the same kind of router.
#
# Run: benches/route_area_costs.sh [ROUNDS [CRITERION ARGS...]]   (builds the
# bench in release; for instance `3 --warm-up-time 1 --measurement-time 5`
# for shorter runs)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
shift || true
cargo bench --locked --bench route --no-run 2>/dev/null
bin=$(ls -t target/release/deps/route-* | grep -v '\.d$' | head -1)
cases=("astar_r0.8\$" "astar_area_costs_1_r0.8" "astar_area_costs_r0.8" "astar_agent_landmarks_r0.8" "astar_area_costs_landmarks_r0.8")
declare -A times
for round in $(seq 1 "$rounds"); do
    order=("${cases[@]}")
    if (( round % 2 == 0 )); then order=("${cases[4]}" "${cases[3]}" "${cases[2]}" "${cases[1]}" "${cases[0]}"); fi
    for case in "${order[@]}"; do
        # criterion prints `time:   [low estimate high]`: keep the estimate, in µs.
        # (Whole output first: `grep -m1` on the pipe would end the bench by
        # SIGPIPE, which `pipefail` turns into the script's failure.)
        out=$("$bin" --bench "route/1M/$case" "$@" 2>/dev/null)
        line=$(grep -m1 'time:' <<<"$out")
        t=$(echo "$line" | sed -E 's/.*\[[^ ]+ [^ ]+ ([^ ]+) ([^ ]+) .*/\1 \2/' | awk '{v=$1; u=$2; if (u=="ms") v*=1000; else if (u=="ns") v/=1000; else if (u=="s") v*=1e6; printf "%.1f", v}')
        echo "round $round ${case%\$}: $t µs"
        times[$case]+="$t "
    done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
plain=$(echo "${times[${cases[0]}]}" | median)
landmarks=$(echo "${times[${cases[3]}]}" | median)
for case in "${cases[@]}"; do
    m=$(echo "${times[$case]}" | median)
    case $case in
        *landmarks*) base=$landmarks; against=astar_agent_landmarks_r0.8 ;;
        *) base=$plain; against=astar_r0.8 ;;
    esac
    echo "median ${case%\$}: $m µs ($(awk -v a="$m" -v b="$base" 'BEGIN {printf "%.2f", a / b}')x $against)"
done

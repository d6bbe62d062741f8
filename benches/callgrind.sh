#!/bin/sh
# Host instructions per Mark 1 instruction, counted by valgrind's callgrind (exact and
# repeatable on a noisy host), for each core (figures in docs/performance.md).
#
#   loop:  Prinz §18's scalar product closed into an endless loop; the figure is the
#          difference of two run lengths (10 and 20 million beats), so start-up cancels.
#   prinz: Prinz's mate-in-two on Figure 1 run to its end (no profile), less a run of 0
#          beats (the same assembly and loading), over the instructions of the whole run.
#   transfer: the magnetic-transfer loop of benches/core.rs (read, check, write a track,
#          jump back), the difference of two run lengths (5 and 10 million beats).
#
# Then the period workloads on the default (fast) core, through the `mark1` binary, each
# counted only inside `Machine::run` and `Machine::step` (callgrind's --toggle-collect),
# so that assembly, loading, the drivers and the reference engines are left out, over the
# Mark 1 instructions the command reports in its JSON:
#
#   draughts: `mark1 draughts --think --strategy 1 --plies 3 --json` (start position)
#   turochamp: `mark1 turochamp --json` (one move from the initial position)
#   nim:   `mark1 nim --play --nimrod --script S --json`, S taking one match at a time
#   menace: `mark1 menace train --games 100 --json` (a fresh drum)
#
# Usage: benches/callgrind.sh [only]   (from the repository; needs valgrind)
#   only: loop | prinz | transfer | draughts | turochamp | nim | menace (default: all)
#   PROFILE=test benches/callgrind.sh builds with the test profile (target/debug) instead
#   of release; CORE_RUN=path and MARK1=path measure other builds of examples/core_run
#   and of `mark1` (nothing is built when both are given).
set -eu
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
case $profile in
test | dev) dir=target/debug ;;
*) dir=target/$profile ;;
esac
if [ -z "${CORE_RUN:-}" ] || [ -z "${MARK1:-}" ]; then
    cargo build --profile "$profile" --example core_run --bin mark1 >/dev/null 2>&1
fi
bin=${CORE_RUN:-$dir/examples/core_run}
mark1=${MARK1:-$dir/mark1}
only=${1:-all}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ir WORK CORE BEATS: host instructions of one run.
ir() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/out" "$bin" "$1" "$2" "$3" 2>&1 \
        | sed -n 's/.*Collected : //p'
}
# n WORK CORE BEATS: Mark 1 instructions of one run.
n() {
    "$bin" "$1" "$2" "$3" | awk '{print $1}'
}
per() {
    echo "$1 $2" | awk '{printf "%.1f", $1 / $2}'
}
want() {
    [ "$only" = all ] || [ "$only" = "$1" ]
}

for core in fast reference; do
    if want loop; then
        i1=$(ir loop $core 10000000); i2=$(ir loop $core 20000000)
        n1=$(n loop $core 10000000); n2=$(n loop $core 20000000)
        echo "loop   $core: $(per $((i2 - i1)) $((n2 - n1))) host instructions per Mark 1 instruction ($((n2 - n1)) instructions)"
    fi
    if want prinz; then
        big=100000000000
        i0=$(ir prinz $core 0); i1=$(ir prinz $core $big); n1=$(n prinz $core $big)
        echo "prinz  $core: $(per $((i1 - i0)) $n1) host instructions per Mark 1 instruction ($n1 instructions)"
    fi
    if want transfer; then
        i1=$(ir transfer $core 5000000); i2=$(ir transfer $core 10000000)
        n1=$(n transfer $core 5000000); n2=$(n transfer $core 10000000)
        echo "transfer $core: $(per $((i2 - i1)) $((n2 - n1))) host instructions per Mark 1 instruction ($((n2 - n1)) instructions)"
    fi
done

# period NAME ARGS...: host instructions inside Machine::run and Machine::step over the
# Mark 1 instructions of the JSON's top-level or `run` "instructions".
period() {
    name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$tmp/out" \
        --collect-atstart=no --toggle-collect='mark1::machine::Machine::run' \
        --toggle-collect='mark1::machine::Machine::step' \
        "$mark1" "$@" >"$tmp/json" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    i=$(sed -n 's/.*Collected : //p' "$tmp/err")
    k=$(python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print(v.get("instructions") or v["run"]["instructions"])' "$tmp/json")
    echo "$name fast: $(per "$i" "$k") host instructions per Mark 1 instruction ($k instructions)"
}
want draughts && period draughts draughts --think --strategy 1 --plies 3 --json
want turochamp && period turochamp turochamp --json
if want nim; then
    : >"$tmp/nim"
    for _ in $(seq 20); do printf 'A:1\nB:1\nC:1\nD:1\n' >>"$tmp/nim"; done
    period nim nim --play --nimrod --script "$tmp/nim" --json
fi
want menace && period menace menace train --games 100 --json
exit 0

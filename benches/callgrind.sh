#!/bin/sh
# Host instructions per Mark 1 instruction, counted by valgrind's callgrind (exact and
# repeatable on a noisy host), for each core (figures in docs/performance.md).
#
#   loop:  Prinz §18's scalar product closed into an endless loop; the figure is the
#          difference of two run lengths (10 and 20 million beats), so start-up cancels.
#   prinz: Prinz's mate-in-two on Figure 1 run to its end, less a run of 0 beats (the same
#          assembly and loading), over the instructions of the whole run.
#   transfer: the magnetic-transfer loop of benches/core.rs (read, check, write a track,
#          jump back), the difference of two run lengths (5 and 10 million beats).
#
# Usage: benches/callgrind.sh   (from the repository; needs valgrind)
set -eu
cd "$(dirname "$0")/.."
cargo build --release --example core_run >/dev/null 2>&1
bin=target/release/examples/core_run
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

for core in fast reference; do
    i1=$(ir loop $core 10000000); i2=$(ir loop $core 20000000)
    n1=$(n loop $core 10000000); n2=$(n loop $core 20000000)
    echo "loop   $core: $(per $((i2 - i1)) $((n2 - n1))) host instructions per Mark 1 instruction ($((n2 - n1)) instructions)"
    big=100000000000
    i0=$(ir prinz $core 0); i1=$(ir prinz $core $big); n1=$(n prinz $core $big)
    echo "prinz  $core: $(per $((i1 - i0)) $n1) host instructions per Mark 1 instruction ($n1 instructions)"
    i1=$(ir transfer $core 5000000); i2=$(ir transfer $core 10000000)
    n1=$(n transfer $core 5000000); n2=$(n transfer $core 10000000)
    echo "transfer $core: $(per $((i2 - i1)) $((n2 - n1))) host instructions per Mark 1 instruction ($((n2 - n1)) instructions)"
done

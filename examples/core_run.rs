//! One workload on one core, for benches/callgrind.sh: prints the Mark 1 instructions
//! obeyed and the stop.
//!
//! `cargo run --release --example core_run -- loop|prinz|transfer fast|reference BEATS`
//!
//! * `loop`: Prinz §18's scalar product (programs/prinz18.m1) with its loop stop replaced
//!   by a jump back to line 1, run for BEATS beats.
//! * `prinz`: Prinz's mate-in-two on Faster than Thought's Figure 1 (the image loaded, the
//!   position tape in the reader, as `mark1 prinz` runs it), for at most BEATS beats.
//! * `transfer`: the magnetic-transfer loop of benches/core.rs (read a track into page 2,
//!   check it, write it to another track, jump back), run for BEATS beats.

use mark1::asm::assemble_file;
use mark1::games::prinz::{assemble, position_tape, FIGURE1_FEN};
use mark1::machine::code::{instruction, Halves, MagneticOrder, Transfer};
use mark1::machine::{Budget, Config, Core, Machine};
use mark1::reference::chess::Board;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: core_run loop|prinz|transfer fast|reference BEATS";
    let [work, core, beats] = args.as_slice() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let core = match core.as_str() {
        "fast" => Core::Fast,
        "reference" => Core::Reference,
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let Ok(beats) = beats.parse::<u64>() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let mut m = Machine::new(Config {
        core,
        ..Config::default()
    });
    match work.as_str() {
        "loop" => {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/programs/prinz18.m1");
            let a = assemble_file(path).expect("programs/prinz18.m1 assembles");
            m.load_image(&a.image);
            m.store.write(7, instruction(40, 0, 44)); // /P via line 40 (holds 0): to line 1
            m.store.write(40, 0);
        }
        "prinz" => {
            let a = assemble().expect("programs/prinz.m1 assembles");
            let board = Board::from_fen(FIGURE1_FEN).expect("Figure 1");
            m.load_image(&a.image);
            m.load_tape(&position_tape(&board));
        }
        "transfer" => {
            // As benches/core.rs: read track 5 into page 2, check it (success skips to
            // line 5), write page 2 to track 6, back to line 1.
            m.store.write(1, instruction(20, 0, 8));
            m.store.write(2, instruction(21, 0, 8));
            m.store.write(5, instruction(22, 0, 8));
            m.store.write(6, instruction(23, 0, 44));
            let order = |track, transfer| {
                MagneticOrder {
                    track,
                    halves: Halves::Half(0),
                    transfer,
                    page: 2,
                }
                .encode()
            };
            m.store.write(20, order(5, Transfer::Read));
            m.store.write(21, order(5, Transfer::ReadCheck));
            m.store.write(22, order(6, Transfer::Write));
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
    let stop = m.run(Budget::beats(beats));
    println!(
        "{} instructions, {} beats, stop: {}",
        m.stats.instructions,
        m.stats.beats,
        mark1::machine::report::describe_stop(&stop)
    );
}

use mark1::formats::drm::read_drm;
use mark1::machine::{Budget, Config, Machine};
fn main() {
    let p = std::env::args().nth(1).unwrap();
    let words = read_drm(&std::fs::read(p).unwrap()).unwrap();
    let mut m = Machine::new(Config::simh());
    m.drum.load_words(&words);
    m.kec();
    m.set_hand_switches(0);
    let stop = m.run(Budget::beats(10_000_000));
    println!("{:?} instr={} beats={} c={}", stop, m.stats.instructions, m.beats(), m.c);
    println!("paper: {:?}", m.printer_text());
    println!("raw: {:?}", m.teleprinter.raw_text(true));
}

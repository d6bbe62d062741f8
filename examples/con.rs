use mark1::console::Session;
use mark1::machine::{Config, Machine, RngKind, Timing};
fn main() {
    let script = std::env::args().nth(1).unwrap();
    let dir = std::env::var("MARK1_PERIOD_SOFTWARE").unwrap();
    let markers = std::env::var("MARKERS").is_err();
    let config = Config { rng: RngKind::Simh, timing: Timing::simh(), check_markers: markers, ..Config::default() };
    let mut s = Session::new(Machine::new(config), dir);
    let text = std::fs::read_to_string(&script).unwrap();
    let r = s.run_script(&script, &text, &mut |m| eprintln!("{m}"));
    eprintln!("{r:?}");
    let m = &s.machine;
    let p: String = m.teleprinter.punched().iter().map(|&c| mark1::machine::code::TELEPRINT_ASCII[c as usize]).collect();
    eprintln!("punched: {p}");
    for (f, n) in m.stats.by_function.iter().enumerate() { if *n > 0 { eprint!("{}:{} ", mark1::machine::code::function_code(f as u32), n); } }
    eprintln!();
    eprintln!("checks {} ok {} transfers {}", m.stats.checks, m.stats.checks_ok, m.stats.transfers);
}

use mark1::console::{parse_command, Session};
use mark1::machine::code::{addr_chars, line_chars};
use mark1::machine::{Config, Machine, RngKind, Timing};
fn main() {
    let script = std::env::args().nth(1).unwrap();
    let dir = std::env::var("MARK1_PERIOD_SOFTWARE").unwrap();
    let config = Config { rng: RngKind::Simh, timing: Timing::simh(), ..Config::default() };
    let mut s = Session::new(Machine::new(config), dir);
    let text = std::fs::read_to_string(&script).unwrap();
    for l in text.lines() {
        let c = parse_command(l).unwrap();
        if c == mark1::console::Command::Go { break; }
        s.execute(&c).unwrap();
    }
    let m = &mut s.machine;
    for _ in 0..700 {
        let before = (m.stats.checks, m.stats.transfers);
        let line = (m.c + 1) & 1023;
        let stop = m.step();
        if m.stats.checks != before.0 || m.stats.transfers != before.1 {
            let w = m.store.read(m.pi & 1023);
            println!("{} line {} PI {} mag {} checks_ok {} -> next {}", m.stats.instructions, addr_chars(line), line_chars(m.pi), line_chars(if (m.pi>>14)&63 == 0 { m.console.hand_switches } else { w }), m.stats.checks_ok, addr_chars((m.c+1)&1023));
        }
        if stop.is_some() { break; }
    }
}

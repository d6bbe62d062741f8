use mark1::console::{parse_command, Session};
use mark1::machine::code::{addr_chars, function_code, line_chars};
use mark1::machine::{Config, Machine, RngKind, Timing};
fn main() {
    let script = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
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
    for _ in 0..n {
        let stop = m.step();
        let line = m.c; // after a jump, c is the target; print PI
        println!("{:>6} {} {} {} A={:020x} B={:?}", m.stats.instructions, addr_chars(line), line_chars(m.pi), function_code((m.pi >> 14) & 63), m.a >> 60, m.b);
        if stop.is_some() { println!("{stop:?}"); break; }
    }
}

//! Reads one line of a SimH Ferranti Mark I command file into a [`Cmd`], after its `%`
//! arguments and variables have been put in ([`substitute`]). Learnt from SimH's
//! documentation (the `DO`, `CALL`, `GOTO`, `IF`, `SET ENV` commands of its command
//! language) and from the Mark I additions documented in Sancho's simulator (`TYPEIN`,
//! `FEEDPTR`, `APPENDTOTAPE`, `SET CPU KEC|KAC|STOP=`, the `PERFORATOR` device).
//!
//! Names of commands, devices and settings are read in any case; abbreviations are those
//! the shipped scripts use (`att`, `det`, `dep`, `ex`). Nothing here panics on any input
//! (property-tested in `tests/period/simh_props.rs`).

/// A device a file can be attached to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dev {
    /// The magnetic drum (`drum`).
    Drum,
    /// The tape reader (`ptr`).
    Ptr,
    /// The tape punch (`ptp`).
    Ptp,
    /// The teleprinter (`lpt`).
    Lpt,
    /// The off-line perforator, which punches typed text into a tape file (`perforator`).
    Perforator,
}

impl Dev {
    /// Reads a device name, with or without SimH's unit number (`ptp0`).
    pub fn parse(s: &str) -> Option<Dev> {
        let s = s.to_ascii_lowercase();
        let s = s.strip_suffix('0').unwrap_or(&s);
        Some(match s {
            "drum" => Dev::Drum,
            "ptr" => Dev::Ptr,
            "ptp" => Dev::Ptp,
            "lpt" => Dev::Lpt,
            "perforator" => Dev::Perforator,
            _ => return None,
        })
    }
}

/// The switches of a command (`-q`, `-n`, `-r`), as letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Switches {
    /// `-q`: quiet (no message).
    pub quiet: bool,
    /// `-n`: a new, empty file.
    pub new: bool,
    /// `-r`: read-only.
    pub read_only: bool,
}

/// A comparison of `if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `==` or `EQU`.
    Eq,
    /// `!=` or `NEQ`.
    Ne,
    /// `<` or `LSS`.
    Lt,
    /// `<=` or `LEQ`.
    Le,
    /// `>` or `GTR`.
    Gt,
    /// `>=` or `GEQ`.
    Ge,
}

/// The condition of an `if`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// `exist FILE`.
    Exist(String),
    /// `"A" OP "B"`: compared as whole numbers when both are, else as text.
    Compare(String, Op, String),
}

/// What `typein` types on the perforator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typein {
    /// `typein line TEXT`: the text as typed (up to a `;`, `|` typed as a space).
    Line(String),
    /// `typein routineN FILE [Sn]`: the N-th sheet of a coding-sheet file, punched row by
    /// row with the warning character J (or K, to store page `store`).
    Routine {
        /// Which sheet of the file (1–8; `routine` alone is 1).
        n: usize,
        /// The coding-sheet file.
        file: String,
        /// The store page a K-punched routine goes to (default 4).
        store: u32,
    },
    /// `typein bautocode line TEXT`: one line on Brooker's Autocode keyboard.
    BautocodeLine(String),
    /// `typein bautocode source FILE`: a whole Autocode program.
    BautocodeSource(String),
    /// `typein gautocode line TEXT`: one line in Glennie's Autocode conventions.
    GautocodeLine(String),
    /// `typein gautocode source FILE`.
    GautocodeSource(String),
}

/// A `set cpu` setting.
#[derive(Clone, Debug, PartialEq)]
pub enum CpuSet {
    /// `kec`: KEC pressed.
    Kec,
    /// `kac`: KAC pressed after 700 instructions and held for 700.
    Kac,
    /// `stop=/G/L` (`none`): the dummy stop switches that are on.
    Stop {
        /// /G on.
        g: bool,
        /// /L on.
        l: bool,
    },
    /// `brkhoot` (`nobrkhoot`): stop at the first hoot.
    BrkHoot(bool),
    /// Settings that change nothing in mark1 (speed, pacing, random source, display,
    /// debug): accepted with a note.
    Ignored(String),
}

/// One command of a SimH script.
#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    /// A blank line or a comment.
    Nothing,
    /// `:LABEL`.
    Label(String),
    /// `echo TEXT`.
    Echo(String),
    /// `att [-q] [-n] [-r] DEV FILE`.
    Attach(Switches, Dev, String),
    /// `det [-q] DEV` (`all`: every device).
    Detach(Switches, Option<Dev>),
    /// `set drum persistent|nopersistent`.
    SetDrum(bool),
    /// `set cpu ...`.
    SetCpu(CpuSet),
    /// `set perforator use_wc_j|use_wc_k` (`true` for J).
    SetWarningJ(bool),
    /// `set perforator echo|noecho`.
    SetPerforatorEcho(bool),
    /// `set ptp|lpt enabled|disabled`.
    SetEnabled(Dev, bool),
    /// `set env NAME=VALUE` (`set env NAME` unsets).
    SetEnv(String, String),
    /// Display and GUI settings (`set cpanel`, `set console`, `set debug`, …): ignored
    /// with this note.
    Ignored(String),
    /// `dep [-switches] TARGET VALUE`.
    Deposit(Vec<String>, String),
    /// `ex [-switches] TARGET`.
    Examine(Vec<String>),
    /// `go` (`true`: `-q`).
    Go(bool),
    /// `go until "TEXT"`, escapes resolved.
    GoUntil(String),
    /// `step [-q] [N]`.
    Step(bool, u64),
    /// `do FILE [ARG...]`.
    Do(String, Vec<String>),
    /// `call LABEL [ARG...]`.
    Call(String, Vec<String>),
    /// `return`.
    Return,
    /// `goto LABEL`.
    Goto(String),
    /// `if [not] COND COMMAND`.
    If(bool, Cond, String),
    /// `feedptr TEXT`: characters added to the reader's tape (`None`: `feedptr -n`,
    /// the fed characters taken out).
    FeedPtr(Option<String>),
    /// `typein [-q] ...`.
    Typein(bool, Typein),
    /// `appendtotape TAPE FILE`.
    AppendToTape(String, String),
    /// `load FILE`: a coding-sheet file written to the drum.
    Load(String),
    /// `quit` or `exit`.
    Quit,
}

/// Puts in `%0`–`%9` (the arguments), `%*` (all of them), `%NAME%` (a variable set by
/// `set env`, else the environment, else nothing) and `%%` (a `%`).
pub fn substitute(line: &str, args: &[String], var: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let mut chars = after.chars();
        match chars.next() {
            Some('%') => {
                out.push('%');
                rest = &after[1..];
            }
            Some(d) if d.is_ascii_digit() => {
                let n = d as usize - '0' as usize;
                if let Some(a) = args.get(n) {
                    out.push_str(a);
                }
                rest = &after[1..];
            }
            Some('*') => {
                out.push_str(&args.iter().skip(1).cloned().collect::<Vec<_>>().join(" "));
                rest = &after[1..];
            }
            _ => match after.find('%') {
                Some(j)
                    if j > 0
                        && after[..j]
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    if let Some(v) = var(&after[..j]) {
                        out.push_str(&v);
                    }
                    rest = &after[j + 1..];
                }
                _ => {
                    out.push('%');
                    rest = after;
                }
            },
        }
    }
    out.push_str(rest);
    out
}

/// The first word of `s` and what follows it (leading blanks skipped). A word in double
/// quotes may hold blanks and `\"`; the quotes are taken off.
pub fn word(s: &str) -> (String, &str) {
    let s = s.trim_start();
    if let Some(q) = s.strip_prefix('"') {
        let mut w = String::new();
        let mut it = q.char_indices();
        while let Some((i, c)) = it.next() {
            match c {
                '"' => return (w, &q[i + 1..]),
                '\\' => match it.next() {
                    Some((_, n)) => {
                        if n != '"' && n != '\\' {
                            w.push('\\');
                        }
                        w.push(n);
                    }
                    None => w.push('\\'),
                },
                c => w.push(c),
            }
        }
        return (w, "");
    }
    let end = s.find(char::is_whitespace).unwrap_or(s.len());
    (s[..end].to_string(), &s[end..])
}

/// All the words of `s`.
fn words(mut s: &str) -> Vec<String> {
    let mut out = Vec::new();
    loop {
        let (w, rest) = word(s);
        if w.is_empty() && rest.trim().is_empty() {
            return out;
        }
        out.push(w);
        s = rest;
    }
}

/// `s` without a trailing `; comment`.
fn uncomment(s: &str) -> &str {
    match s.find(';') {
        Some(i) => &s[..i],
        None => s,
    }
}

/// Leading `-x` switches of `s` and what follows.
fn switches(mut s: &str) -> Result<(Switches, &str), String> {
    let mut sw = Switches::default();
    loop {
        let t = s.trim_start();
        let Some(letters) = t.strip_prefix('-') else {
            return Ok((sw, t));
        };
        let end = letters.find(char::is_whitespace).unwrap_or(letters.len());
        for c in letters[..end].chars() {
            match c.to_ascii_lowercase() {
                'q' => sw.quiet = true,
                'n' => sw.new = true,
                'r' => sw.read_only = true,
                // SimH's examine/deposit radix switches (-T, -B, -S, -M, -D) and the
                // verbose -v: mark1 reads and shows every form anyway.
                't' | 'b' | 's' | 'm' | 'd' | 'v' | 'e' => {}
                _ => return Err(format!("unknown switch -{c}")),
            }
        }
        s = &letters[end..];
    }
}

/// Resolves `\n`, `\r`, `\t`, `\"` and `\\` in a `go until` text.
pub fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some(o) => out.push(o),
            None => out.push('\\'),
        }
    }
    out
}

/// Whether `w` abbreviates `full`, at least `min` letters of it (SimH accepts unique
/// abbreviations of its commands).
fn abbrev(w: &str, full: &str, min: usize) -> bool {
    w.len() >= min && w.len() <= full.len() && full.starts_with(w)
}

/// Reads one line (already substituted).
///
/// # Errors
/// `unknown SimH command ...` for a command mark1 does not know; otherwise what cannot be
/// read, in words.
pub fn parse_line(line: &str) -> Result<Cmd, String> {
    let t = line.trim_start();
    if t.is_empty() || t.starts_with(';') || t.starts_with('#') {
        return Ok(Cmd::Nothing);
    }
    if let Some(label) = t.strip_prefix(':') {
        return Ok(Cmd::Label(label.trim().to_ascii_lowercase()));
    }
    let (head, rest) = word(t);
    let cmd = head.to_ascii_lowercase();
    let c = cmd.as_str();
    match c {
        "echo" => Ok(Cmd::Echo(
            rest.strip_prefix([' ', '\t']).unwrap_or(rest).to_string(),
        )),
        _ if abbrev(c, "attach", 2) => attach(uncomment(rest)),
        _ if abbrev(c, "detach", 3) => {
            let (sw, r) = switches(uncomment(rest))?;
            let (d, _) = word(r);
            if d.eq_ignore_ascii_case("all") || d.is_empty() {
                return Ok(Cmd::Detach(sw, None));
            }
            let dev = Dev::parse(&d).ok_or_else(|| format!("unknown device `{d}`"))?;
            Ok(Cmd::Detach(sw, Some(dev)))
        }
        "set" => set(rest),
        _ if abbrev(c, "deposit", 1) => {
            let (_, r) = switches(uncomment(rest))?;
            let mut w = words(r);
            if w.len() < 2 {
                return Err("deposit needs a place and a value".into());
            }
            let value = w.pop().unwrap_or_default();
            Ok(Cmd::Deposit(w, value))
        }
        _ if abbrev(c, "examine", 2) => {
            let (_, r) = switches(uncomment(rest))?;
            let w = words(r);
            if w.is_empty() {
                return Err("examine needs a place".into());
            }
            Ok(Cmd::Examine(w))
        }
        "go" | "run" | "cont" | "continue" => go(uncomment(rest)),
        _ if abbrev(c, "step", 1) => {
            let (sw, r) = switches(uncomment(rest))?;
            let (n, r) = word(r);
            if !r.trim().is_empty() {
                return Err(format!("step takes one number, not `{}`", r.trim()));
            }
            let n = if n.is_empty() {
                1
            } else {
                n.parse()
                    .map_err(|_| format!("`{n}` is not a number of steps"))?
            };
            Ok(Cmd::Step(sw.quiet, n))
        }
        "do" => {
            let (_, r) = switches(rest)?;
            let mut w = words(r);
            if w.is_empty() {
                return Err("do needs a file".into());
            }
            let f = w.remove(0);
            Ok(Cmd::Do(f, w))
        }
        "call" => {
            let mut w = words(rest);
            if w.is_empty() {
                return Err("call needs a label".into());
            }
            let l = w.remove(0).to_ascii_lowercase();
            Ok(Cmd::Call(l, w))
        }
        "return" => Ok(Cmd::Return),
        "goto" => {
            let (l, _) = word(uncomment(rest));
            if l.is_empty() {
                return Err("goto needs a label".into());
            }
            Ok(Cmd::Goto(l.to_ascii_lowercase()))
        }
        "if" => if_cmd(rest),
        "feedptr" => {
            let (w, _) = word(rest);
            if w.eq_ignore_ascii_case("-n") {
                return Ok(Cmd::FeedPtr(None));
            }
            Ok(Cmd::FeedPtr(Some(uncomment(rest).to_string())))
        }
        "typein" => typein(rest),
        "appendtotape" => {
            let w = words(uncomment(rest));
            match w.as_slice() {
                [out, input] => Ok(Cmd::AppendToTape(out.clone(), input.clone())),
                _ => Err("appendtotape needs the tape to append to and the file to add".into()),
            }
        }
        "load" => {
            let (f, _) = word(uncomment(rest));
            if f.is_empty() {
                return Err("load needs a file".into());
            }
            Ok(Cmd::Load(f))
        }
        "quit" | "exit" | "q" | "bye" => Ok(Cmd::Quit),
        _ => Err(format!("unknown SimH command `{head}`")),
    }
}

fn attach(rest: &str) -> Result<Cmd, String> {
    let (sw1, r) = switches(rest)?;
    let (d, r) = word(r);
    let (sw2, r) = switches(r)?;
    let (f, tail) = word(r);
    if d.is_empty() || f.is_empty() {
        return Err("attach needs a device and a file".into());
    }
    if !tail.trim().is_empty() {
        return Err(format!("attach takes one file, not `{}`", tail.trim()));
    }
    let dev = Dev::parse(&d).ok_or_else(|| format!("unknown device `{d}`"))?;
    let sw = Switches {
        quiet: sw1.quiet || sw2.quiet,
        new: sw1.new || sw2.new,
        read_only: sw1.read_only || sw2.read_only,
    };
    Ok(Cmd::Attach(sw, dev, f))
}

fn go(rest: &str) -> Result<Cmd, String> {
    let (sw, r) = switches(rest)?;
    let (w, r) = word(r);
    if w.is_empty() {
        return Ok(Cmd::Go(sw.quiet));
    }
    if w.eq_ignore_ascii_case("until") {
        let r = r.trim();
        if !r.starts_with('"') {
            return Err("go until needs its text in double quotes".into());
        }
        let (text, tail) = word(r);
        if !tail.trim().is_empty() {
            return Err(format!("unexpected `{}` after the text", tail.trim()));
        }
        if text.is_empty() {
            return Err("go until needs a text".into());
        }
        return Ok(Cmd::GoUntil(unescape(&text)));
    }
    Err(format!(
        "go takes `-q` or `until \"TEXT\"`, not `{w}` (mark1 starts where C points)"
    ))
}

fn set(rest: &str) -> Result<Cmd, String> {
    let (_, r) = switches(rest)?;
    let (dev, r) = word(r);
    let d = dev.to_ascii_lowercase();
    let arg = uncomment(r).trim().to_string();
    let a = arg.to_ascii_lowercase();
    match d.as_str() {
        "env" => {
            let (name, value) = match arg.split_once('=') {
                Some((n, v)) => (n.trim(), v.trim()),
                None => (arg.as_str(), ""),
            };
            if name.is_empty() {
                return Err("set env needs NAME=VALUE".into());
            }
            Ok(Cmd::SetEnv(name.to_string(), value.to_string()))
        }
        "drum" => match a.as_str() {
            "persistent" => Ok(Cmd::SetDrum(true)),
            "nopersistent" => Ok(Cmd::SetDrum(false)),
            _ => Err(format!(
                "set drum takes persistent or nopersistent, not `{arg}`"
            )),
        },
        "cpu" => cpu(&arg),
        "perforator" => match a.as_str() {
            "use_wc_j" => Ok(Cmd::SetWarningJ(true)),
            "use_wc_k" => Ok(Cmd::SetWarningJ(false)),
            "echo" => Ok(Cmd::SetPerforatorEcho(true)),
            "noecho" => Ok(Cmd::SetPerforatorEcho(false)),
            _ => Err(format!("unknown perforator setting `{arg}`")),
        },
        "cpanel" | "console" | "debug" | "nodebug" => Ok(Cmd::Ignored(format!(
            "`set {dev} {arg}` (display, logging and GUI settings do not apply to mark1)"
        ))),
        _ => match Dev::parse(&d) {
            Some(dv @ (Dev::Ptp | Dev::Lpt)) if a == "enabled" || a == "disabled" => {
                Ok(Cmd::SetEnabled(dv, a == "enabled"))
            }
            Some(_) if a.starts_with("debug") || a.starts_with("nodebug") || a == "echo" => {
                Ok(Cmd::Ignored(format!(
                    "`set {dev} {arg}` (debugging and echo settings do not apply to mark1)"
                )))
            }
            _ => Err(format!("unknown SimH command `set {dev} {arg}`")),
        },
    }
}

fn cpu(arg: &str) -> Result<Cmd, String> {
    let a = arg.to_ascii_lowercase();
    let (key, value) = match a.split_once('=') {
        Some((k, v)) => (k.trim(), v.trim()),
        None => (a.as_str(), ""),
    };
    let ignored = |why: &str| {
        Ok(Cmd::SetCpu(CpuSet::Ignored(format!(
            "`set cpu {arg}` ({why})"
        ))))
    };
    match key {
        "kec" => Ok(Cmd::SetCpu(CpuSet::Kec)),
        "kac" => Ok(Cmd::SetCpu(CpuSet::Kac)),
        "brkhoot" => Ok(Cmd::SetCpu(CpuSet::BrkHoot(true))),
        "nobrkhoot" => Ok(Cmd::SetCpu(CpuSet::BrkHoot(false))),
        "stop" => {
            let (mut g, mut l) = (false, false);
            if !value.starts_with('n') && !value.starts_with("<n") {
                for c in value.chars() {
                    match c {
                        'g' => g = true,
                        'l' => l = true,
                        '/' | ' ' | '<' | '>' => {}
                        _ => {
                            return Err(format!("set cpu stop takes /G, /L or none, not `{value}`"))
                        }
                    }
                }
            }
            Ok(Cmd::SetCpu(CpuSet::Stop { g, l }))
        }
        "fast" | "realtime" => ignored("mark1 runs unpaced and counts simulated time"),
        "speed" => {
            if value.parse::<f64>().is_err() {
                return Err(format!("set cpu speed takes a number, not `{value}`"));
            }
            ignored("mark1 runs unpaced and counts simulated time")
        }
        "repeatable_random" | "true_random" => {
            ignored("mark1 simh always uses SimH's repeatable /W sequence")
        }
        "display" | "debug" | "nodebug" => ignored("display and debugging settings do not apply"),
        _ => Err(format!("unknown SimH command `set cpu {arg}`")),
    }
}

fn if_cmd(rest: &str) -> Result<Cmd, String> {
    let (w, mut r) = word(rest);
    let mut not = false;
    let mut first = w;
    if first.eq_ignore_ascii_case("not") && !rest.trim_start().starts_with('"') {
        not = true;
        let (w2, r2) = word(r);
        first = w2;
        r = r2;
    }
    let quoted_first = {
        let t = if not {
            rest.trim_start()[3..].trim_start()
        } else {
            rest.trim_start()
        };
        t.starts_with('"')
    };
    if first.eq_ignore_ascii_case("exist") && !quoted_first {
        let (f, then) = word(r);
        if f.is_empty() {
            return Err("if exist needs a file".into());
        }
        return Ok(Cmd::If(not, Cond::Exist(f), then.trim().to_string()));
    }
    // "A"==B, "A" == "B", A GTR B …
    const OPS: [Op; 6] = [Op::Eq, Op::Ne, Op::Le, Op::Ge, Op::Lt, Op::Gt];
    const SYMBOLS: [&str; 6] = ["==", "!=", "<=", ">=", "<", ">"];
    const WORDS: [&str; 6] = ["EQU", "NEQ", "LEQ", "GEQ", "LSS", "GTR"];
    let ops: Vec<(&str, Op)> = SYMBOLS
        .iter()
        .chain(&WORDS)
        .zip(OPS.iter().cycle())
        .map(|(s, op)| (*s, *op))
        .collect();
    let r = r.trim_start();
    let (op, after) = ops
        .iter()
        .find_map(|(s, op)| {
            let word_op = s.chars().all(|c| c.is_ascii_alphabetic());
            let head = r.get(..s.len())?;
            let ok = if word_op {
                head.eq_ignore_ascii_case(s) && r[s.len()..].starts_with(char::is_whitespace)
            } else {
                head == *s
            };
            ok.then(|| (*op, &r[s.len()..]))
        })
        .ok_or_else(|| {
            format!(
                "if needs a comparison (==, !=, <, <=, >, >=) or exist, not `{}`",
                r.trim()
            )
        })?;
    let (second, then) = word(after);
    let then = then.trim().to_string();
    if then.is_empty() {
        return Err("if needs a command after its condition".into());
    }
    Ok(Cmd::If(not, Cond::Compare(first, op, second), then))
}

fn typein(rest: &str) -> Result<Cmd, String> {
    let (sw, r) = switches(rest)?;
    let (kind, r) = word(r);
    let k = kind.to_ascii_lowercase();
    // The text of a line: leading blanks off, the rest as typed.
    let text = |r: &str| r.trim_start_matches([' ', '\t']).to_string();
    let t = match k.as_str() {
        "line" => Typein::Line(text(r)),
        "bautocode" | "gautocode" => {
            let (what, r2) = word(r);
            let b = k == "bautocode";
            match what.to_ascii_lowercase().as_str() {
                "line" if b => Typein::BautocodeLine(text(r2)),
                "line" => Typein::GautocodeLine(text(r2)),
                "source" => {
                    let (f, _) = word(uncomment(r2));
                    if f.is_empty() {
                        return Err("typein ... source needs a file".into());
                    }
                    if b {
                        Typein::BautocodeSource(f)
                    } else {
                        Typein::GautocodeSource(f)
                    }
                }
                _ => return Err(format!("typein {k} takes line or source, not `{what}`")),
            }
        }
        _ if k.starts_with("routine") => {
            let n = match &k[7..] {
                "" => 1,
                d => match d.parse::<usize>() {
                    Ok(n @ 1..=8) => n,
                    _ => return Err(format!("`{kind}`: routine1 to routine8")),
                },
            };
            let (file, r2) = word(uncomment(r));
            if file.is_empty() {
                return Err("typein routine needs a coding-sheet file".into());
            }
            let (s, _) = word(r2);
            let store = if s.is_empty() {
                4
            } else {
                match s
                    .to_ascii_lowercase()
                    .strip_prefix('s')
                    .map(str::parse::<u32>)
                {
                    Some(Ok(p @ 0..=7)) => p,
                    _ => return Err(format!("`{s}`: the store page is S0 to S7")),
                }
            };
            Typein::Routine { n, file, store }
        }
        _ => {
            return Err(format!(
                "typein takes line, routine, routine1-8, bautocode or gautocode, not `{kind}`"
            ))
        }
    };
    Ok(Cmd::Typein(sw.quiet, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_shipped_forms() {
        assert_eq!(
            parse_line("att -q -n Perforator DR_Tape.pt.txt"),
            Ok(Cmd::Attach(
                Switches {
                    quiet: true,
                    new: true,
                    read_only: false
                },
                Dev::Perforator,
                "DR_Tape.pt.txt".into()
            ))
        );
        assert_eq!(
            parse_line("att ptp -q -n Tapes/Output.pt.txt")
                .map(|c| matches!(c, Cmd::Attach(s, Dev::Ptp, _) if s.quiet && s.new)),
            Ok(true)
        );
        assert_eq!(
            parse_line("go until \"\\n\""),
            Ok(Cmd::GoUntil("\n".into()))
        );
        assert_eq!(
            parse_line("typein line     K AK @ ///# R///     ; track 10"),
            Ok(Cmd::Typein(
                false,
                Typein::Line("K AK @ ///# R///     ; track 10".into())
            ))
        );
        assert_eq!(
            parse_line("if \"%STATUS%\">\"0\" goto syntaxerr"),
            Ok(Cmd::If(
                false,
                Cond::Compare("%STATUS%".into(), Op::Gt, "0".into()),
                "goto syntaxerr".into()
            ))
        );
        assert_eq!(
            parse_line("if not exist \"%1\" goto notfound"),
            Ok(Cmd::If(
                true,
                Cond::Exist("%1".into()),
                "goto notfound".into()
            ))
        );
        assert_eq!(
            parse_line("set cpu STOP=/G"),
            Ok(Cmd::SetCpu(CpuSet::Stop { g: true, l: false }))
        );
        assert!(parse_line("frobnicate")
            .unwrap_err()
            .starts_with("unknown SimH command"));
    }

    #[test]
    fn substitutes_arguments_and_variables() {
        let args = vec!["run.ini".to_string(), "a.txt".to_string()];
        let var = |n: &str| (n == "STATUS").then(|| "0".to_string());
        assert_eq!(
            substitute("x %1 %2 %STATUS% 100%%", &args, &var),
            "x a.txt  0 100%"
        );
    }
}

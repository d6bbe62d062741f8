//! Reading one command line into a [`Command`] (nom for the words and quoted texts).
//! Never panics, whatever the line (property-tested in tests/frontends/console_props.rs).

use super::devices::Device;
use super::examine::{parse_target_with, parse_value};
use super::labels::Labels;
use super::{Command, Event, ProfileCommand, ShowWhat, KAC_DEFAULT_BEATS};
use crate::machine::code::{parse_addr, parse_line};
use nom::branch::alt;
use nom::bytes::complete::{escaped_transform, is_not, tag, take_while1};
use nom::character::complete::{char, space0, space1};
use nom::combinator::{all_consuming, map, opt, value};
use nom::multi::separated_list0;
use nom::sequence::delimited;
use nom::{IResult, Parser};

fn event(s: &str) -> Option<Event> {
    match s.to_ascii_lowercase().as_str() {
        "hoot" => Some(Event::Hoot),
        "print" => Some(Event::Print),
        "transfer" => Some(Event::Transfer),
        _ => None,
    }
}

fn word(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !c.is_whitespace() && c != '"')(i)
}

fn quoted(i: &str) -> IResult<&str, String> {
    delimited(
        char('"'),
        map(
            opt(escaped_transform(
                is_not("\\\""),
                '\\',
                alt((
                    value("\\", tag("\\")),
                    value("\"", tag("\"")),
                    value("\n", tag("n")),
                )),
            )),
            Option::unwrap_or_default,
        ),
        char('"'),
    )
    .parse(i)
}

fn onoff(s: &str) -> Result<bool, String> {
    match s.to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, found `{s}`")),
    }
}

fn number(s: &str) -> Result<u64, String> {
    s.replace('_', "")
        .parse()
        .map_err(|_| format!("expected a number, found `{s}`"))
}

/// Reads a hand-switch value: four teleprint characters (least significant first) or a
/// decimal number below 2^20.
pub fn parse_h(s: &str) -> Result<u32, String> {
    if let Some(v) = parse_line(s) {
        if !s.chars().all(|c| c.is_ascii_digit()) {
            return Ok(v);
        }
    }
    match s.parse::<u32>() {
        Ok(v) if v < 1 << 20 => Ok(v),
        _ => Err(format!(
            "`{s}` is neither four teleprint characters nor a number below 1048576"
        )),
    }
}

/// Reads a line address: two teleprint characters or a decimal number (0–1023).
pub fn parse_line_addr(s: &str) -> Result<u32, String> {
    if s.chars().all(|c| c.is_ascii_digit()) {
        match s.parse::<u32>() {
            Ok(v) if v < 1024 => return Ok(v),
            _ => return Err(format!("line `{s}` is not 0-1023")),
        }
    }
    parse_addr(s).ok_or_else(|| format!("`{s}` is not a line address"))
}

/// Parses one command line, without labels (line addresses only).
///
/// # Errors
/// A message saying what is wrong.
pub fn parse_command(line: &str) -> Result<Command, String> {
    parse_command_with(line, &Labels::default())
}

/// Parses one command line; where a line address is taken (`examine`, `deposit`,
/// `break`, `unbreak`, `watch`, `go`), a label of `labels` or `label+N` is taken too.
///
/// # Errors
/// A message saying what is wrong (a label that does not exist named, with the nearest).
pub fn parse_command_with(line: &str, labels: &Labels) -> Result<Command, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
        return Ok(Command::Nothing);
    }
    let args = all_consuming(delimited(
        space0::<&str, nom::error::Error<&str>>,
        separated_list0(space1, alt((quoted, map(word, str::to_string)))),
        space0,
    ))
    .parse(line)
    .map(|(_, v)| v)
    .map_err(|_| "unbalanced quotes".to_string())?;
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let lower = a[0].to_ascii_lowercase();
    let n = a.len();
    let want = |k: usize| {
        if n == k {
            Ok(())
        } else {
            Err(format!("`{}` takes {} argument(s)", a[0], k - 1))
        }
    };
    Ok(match lower.as_str() {
        "kec" => want(1).map(|_| Command::Kec)?,
        "kcc" => want(1).map(|_| Command::Kcc)?,
        "kac" => kac_command(&a)?,
        "set" => set_command(&a)?,
        "switch" => {
            want(3)?;
            let s = match a[1].to_ascii_uppercase().as_str() {
                "L" | "/L" => 'L',
                "G" | "/G" => 'G',
                _ => return Err(format!("no stop switch `{}` (L or G)", a[1])),
            };
            Command::Switch(s, onoff(a[2])?)
        }
        "printer" => want(2).and_then(|_| onoff(a[1])).map(Command::Printer)?,
        "punch" => want(2).and_then(|_| onoff(a[1])).map(Command::Punch)?,
        "drum" => want(2).map(|_| Command::Drum(a[1].to_string()))?,
        "load" => want(2).map(|_| Command::Load(a[1].to_string()))?,
        "tape" => want(2).map(|_| Command::Tape(a[1].to_string()))?,
        "feed" => Command::Feed(feed_codes(&a[1..].concat())?),
        "go" => go_command(&a, &args, line, labels)?,
        "step" => match n {
            1 => Command::Step(1),
            2 => Command::Step(number(a[1])?),
            _ => return Err("`step` takes at most one argument".into()),
        },
        "break" | "unbreak" => {
            want(2).and_then(|_| break_command(lower == "break", a[1], labels))?
        }
        "watch" => want(2)
            .and_then(|_| labels.line(a[1]))
            .map(Command::Watch)?,
        "expect" => want(2).map(|_| Command::Expect(args[1].clone()))?,
        "limit" => want(2).and_then(|_| number(a[1])).map(Command::Limit)?,
        "print" => want(1).map(|_| Command::Print)?,
        "attach" | "att" => attach_command(&a[1..])?,
        "detach" | "det" => match n {
            2 if a[1].eq_ignore_ascii_case("all") => Command::Detach(None),
            2 => Command::Detach(Some(device(a[1])?)),
            _ => return Err("expected `detach DEVICE` or `detach all`".into()),
        },
        "save" => match a[1..] {
            ["-f" | "--force", d, f] | [d, f, "-f" | "--force"] => {
                Command::Save(device(d)?, f.to_string(), true)
            }
            [d, f] => Command::Save(device(d)?, f.to_string(), false),
            _ => return Err("expected `save [-f] DEVICE FILE`".into()),
        },
        "examine" | "ex" | "e" => Command::Examine(parse_target_with(&a[1..], labels)?),
        "deposit" | "dep" | "d" => {
            if n < 3 {
                return Err("expected `deposit WHAT VALUE`".into());
            }
            let target = parse_target_with(&a[1..n - 1], labels)?;
            let v = parse_value(a[n - 1], target.width())?;
            Command::Deposit(target, v)
        }
        "profile" => match (n, a.get(1).copied()) {
            (2, Some("on")) => Command::Profile(ProfileCommand::On),
            (2, Some("off")) => Command::Profile(ProfileCommand::Off),
            (2, Some("show")) => Command::Profile(ProfileCommand::Show(20)),
            (3, Some("show")) => {
                Command::Profile(ProfileCommand::Show(a[2].parse().map_err(|_| {
                    format!("`{}`: `profile show N` takes a number of lines", a[2])
                })?))
            }
            (3, Some("save")) => Command::Profile(ProfileCommand::Save(a[2].to_string(), false)),
            (4, Some("save")) if matches!(a[2], "-f" | "--force") => {
                Command::Profile(ProfileCommand::Save(a[3].to_string(), true))
            }
            (3, Some("symbols")) => Command::Profile(ProfileCommand::Symbols(a[2].to_string())),
            _ => {
                return Err("expected `profile on`, `profile off`, `profile show [N]`, \
                            `profile save [-f] FILE` or `profile symbols FILE`"
                    .into())
            }
        },
        "show" => match n {
            1 => Command::Show(ShowWhat::All),
            2 => Command::Show(show_what(a[1])?),
            _ => return Err("`show` takes at most one argument".into()),
        },
        "help" | "?" => match n {
            1 => Command::Help(None),
            2 => Command::Help(Some(a[1].to_string())),
            _ => return Err("`help` takes at most one argument".into()),
        },
        "quit" | "exit" => want(1).map(|_| Command::Quit)?,
        _ => {
            return Err(format!(
                "unknown command `{}` (`help` lists the commands)",
                a[0]
            ))
        }
    })
}

/// `kac`, `kac BEATS`, `kac hold`, `kac release`, `kac after N hold M`.
fn kac_command(a: &[&str]) -> Result<Command, String> {
    let is = |i: usize, w: &str| a.get(i).is_some_and(|s| s.eq_ignore_ascii_case(w));
    Ok(match a.len() {
        1 => Command::Kac(KAC_DEFAULT_BEATS),
        2 if is(1, "hold") => Command::KacHold(true),
        2 if is(1, "release") => Command::KacHold(false),
        2 => Command::Kac(number(a[1])?),
        5 if is(1, "after") && is(3, "hold") => Command::KacAfter {
            after: number(a[2])?,
            hold: number(a[4])?,
        },
        _ => {
            return Err(
                "expected `kac [BEATS]`, `kac hold`, `kac release` or `kac after N hold M`".into(),
            )
        }
    })
}

/// `set h VALUE`, `set drum persistent|nopersistent`.
fn set_command(a: &[&str]) -> Result<Command, String> {
    if a.len() != 3 {
        return Err("expected `set h VALUE` or `set drum persistent|nopersistent`".into());
    }
    match a[1].to_ascii_lowercase().as_str() {
        "h" => Ok(Command::SetH(parse_h(a[2])?)),
        "drum" => match a[2].to_ascii_lowercase().as_str() {
            "persistent" => Ok(Command::SetDrumPersistent(true)),
            "nopersistent" => Ok(Command::SetDrumPersistent(false)),
            _ => Err(format!(
                "expected `set drum persistent` or `set drum nopersistent`, not `{}`",
                a[2]
            )),
        },
        _ => Err(format!(
            "`set` takes `h` or `drum`, not `{}` (SimH's other settings belong to `mark1 simh`)",
            a[1]
        )),
    }
}

fn device(s: &str) -> Result<Device, String> {
    Device::parse(s).ok_or_else(|| {
        format!("no device `{s}` (drum, reader or ptr, punch or ptp, printer or lpt)")
    })
}

/// `attach [OPTIONS] DEVICE FILE [OPTIONS]`: `-r`/`--read-only`, `-n`/`--new` (the
/// drum), `-f`/`--force` (the punch and the printer: an existing file is replaced).
fn attach_command(words: &[&str]) -> Result<Command, String> {
    let (mut read_only, mut new, mut force) = (false, false, false);
    let mut rest = Vec::new();
    for w in words {
        match *w {
            "-r" | "--read-only" => read_only = true,
            "-n" | "--new" => new = true,
            "-f" | "--force" => force = true,
            _ if w.starts_with('-') && w.len() > 1 => {
                return Err(format!(
                    "no option `{w}` (-r or --read-only, -n or --new, -f or --force)"
                ))
            }
            _ => rest.push(*w),
        }
    }
    let [dev, file] = rest[..] else {
        return Err("expected `attach DEVICE FILE`".into());
    };
    let device = device(dev)?;
    if (read_only || new) && device != Device::Drum {
        return Err("-r and -n go with the drum".into());
    }
    if force && !matches!(device, Device::Punch | Device::Printer) {
        return Err("-f goes with the punch and the printer".into());
    }
    Ok(Command::Attach {
        device,
        file: file.to_string(),
        read_only,
        new,
        force,
    })
}

fn show_what(s: &str) -> Result<ShowWhat, String> {
    Ok(match s.to_ascii_lowercase().as_str() {
        "all" => ShowWhat::All,
        "registers" | "regs" | "cpu" => ShowWhat::Registers,
        "counters" | "counts" => ShowWhat::Counters,
        "devices" | "dev" => ShowWhat::Devices,
        "time" => ShowWhat::Time,
        "breaks" | "break" => ShowWhat::Breaks,
        _ => {
            return Err(format!(
                "`show` takes registers, counters, devices, time or breaks, not `{s}`"
            ))
        }
    })
}

/// The rows of a run of tape characters (`feed`'s words joined, SimH's `feedptr` text
/// without its blanks).
///
/// # Errors
/// The first character that is not a tape character.
pub fn feed_codes(text: &str) -> Result<Vec<u8>, String> {
    text.chars()
        .map(|c| {
            crate::formats::tape::pt_value(c)
                .ok_or_else(|| format!("`{c}` is not a tape character"))
        })
        .collect()
}

/// `go`, `go LINE`, `go until "TEXT"` or `go until hoot` (`a` the words, `args` the
/// same unquoted).
fn go_command(a: &[&str], args: &[String], line: &str, labels: &Labels) -> Result<Command, String> {
    match (a.len(), a.get(1).map(|s| s.to_ascii_lowercase())) {
        (1, _) => Ok(Command::Go),
        (2, Some(u)) if u != "until" => Ok(Command::GoFrom(labels.line(a[1])?)),
        (3, Some(u)) if u == "until" => {
            if args[2].eq_ignore_ascii_case("hoot") && !line.contains('"') {
                Ok(Command::GoUntilHoot)
            } else {
                Ok(Command::GoUntilText(args[2].clone()))
            }
        }
        _ => Err("expected `go`, `go LINE`, `go until \"TEXT\"` or `go until hoot`".into()),
    }
}

/// `break WHAT` (`on`) or `unbreak WHAT`: an event, a line, or (unbreak) `all`.
fn break_command(on: bool, what: &str, labels: &Labels) -> Result<Command, String> {
    Ok(if let Some(e) = event(what) {
        Command::BreakOn(e, on)
    } else if !on && what.eq_ignore_ascii_case("all") {
        Command::UnbreakAll
    } else if on {
        Command::Break(labels.line(what)?)
    } else {
        Command::Unbreak(labels.line(what)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands() {
        assert_eq!(parse_command("kec"), Ok(Command::Kec));
        assert_eq!(parse_command("  KAC 100 "), Ok(Command::Kac(100)));
        assert_eq!(parse_command("kac"), Ok(Command::Kac(KAC_DEFAULT_BEATS)));
        assert_eq!(parse_command("set h NE@/"), Ok(Command::SetH(2092)));
        assert_eq!(parse_command("set h 2092"), Ok(Command::SetH(2092)));
        assert_eq!(parse_command("set h ////"), Ok(Command::SetH(0)));
        assert_eq!(parse_command("switch G on"), Ok(Command::Switch('G', true)));
        assert_eq!(
            parse_command("go until \"MATE\""),
            Ok(Command::GoUntilText("MATE".into()))
        );
        assert_eq!(parse_command("go until hoot"), Ok(Command::GoUntilHoot));
        assert_eq!(parse_command("break FS"), Ok(Command::Break(13 + 5 * 32)));
        assert_eq!(parse_command("break 41"), Ok(Command::Break(41)));
        assert_eq!(
            parse_command("feed K VS @"),
            Ok(Command::Feed(vec![15, 30, 5, 2]))
        );
        assert_eq!(parse_command("# a comment"), Ok(Command::Nothing));
        assert_eq!(
            parse_command("expect \"a \\\"b\\\"\""),
            Ok(Command::Expect("a \"b\"".into()))
        );
        assert_eq!(
            parse_command("break hoot"),
            Ok(Command::BreakOn(Event::Hoot, true))
        );
        assert_eq!(
            parse_command("unbreak PRINT"),
            Ok(Command::BreakOn(Event::Print, false))
        );
        assert_eq!(parse_command("unbreak all"), Ok(Command::UnbreakAll));
        assert_eq!(parse_command("watch VE"), Ok(Command::Watch(30 + 32)));
        assert_eq!(parse_command("kac hold"), Ok(Command::KacHold(true)));
        assert_eq!(parse_command("kac release"), Ok(Command::KacHold(false)));
        assert!(parse_command("break all").is_err());
        assert!(parse_command("set h NE@").is_err());
        assert!(parse_command("fly").is_err());
        assert!(parse_command("expect \"open").is_err());
        assert!(parse_command("switch X on").is_err());
    }

    #[test]
    fn parses_new_commands() {
        assert_eq!(
            parse_command("kac after 700 hold 700"),
            Ok(Command::KacAfter {
                after: 700,
                hold: 700
            })
        );
        assert_eq!(
            parse_command("set drum nopersistent"),
            Ok(Command::SetDrumPersistent(false))
        );
        assert_eq!(
            parse_command("attach -r drum a.drm"),
            Ok(Command::Attach {
                device: Device::Drum,
                file: "a.drm".into(),
                read_only: true,
                new: false,
                force: false
            })
        );
        assert_eq!(
            parse_command("att ptp out.pt.txt"),
            Ok(Command::Attach {
                device: Device::Punch,
                file: "out.pt.txt".into(),
                read_only: false,
                new: false,
                force: false
            })
        );
        assert_eq!(
            parse_command("attach -f printer paper.txt"),
            Ok(Command::Attach {
                device: Device::Printer,
                file: "paper.txt".into(),
                read_only: false,
                new: false,
                force: true
            })
        );
        assert!(parse_command("attach -f drum x.drm").is_err());
        assert_eq!(
            parse_command("save -f printer p.txt"),
            Ok(Command::Save(Device::Printer, "p.txt".into(), true))
        );
        assert!(parse_command("attach punch x --read-only").is_err());
        assert!(parse_command("attach drum").is_err());
        assert_eq!(parse_command("detach all"), Ok(Command::Detach(None)));
        assert_eq!(
            parse_command("det lpt"),
            Ok(Command::Detach(Some(Device::Printer)))
        );
        assert_eq!(
            parse_command("save drum x.drm"),
            Ok(Command::Save(Device::Drum, "x.drm".into(), false))
        );
        assert!(matches!(parse_command("e D/-RE"), Ok(Command::Examine(_))));
        assert!(matches!(
            parse_command("d long D/ -2"),
            Ok(Command::Deposit(_, _))
        ));
        assert!(parse_command("d D/").is_err());
        assert!(parse_command("d D/ VET").is_err());
        assert_eq!(parse_command("show"), Ok(Command::Show(ShowWhat::All)));
        assert_eq!(
            parse_command("show time"),
            Ok(Command::Show(ShowWhat::Time))
        );
        assert_eq!(parse_command("help"), Ok(Command::Help(None)));
        assert_eq!(parse_command("quit"), Ok(Command::Quit));
    }

    #[test]
    fn profile_commands() {
        use super::super::ProfileCommand as P;
        assert_eq!(parse_command("profile on"), Ok(Command::Profile(P::On)));
        assert_eq!(parse_command("profile off"), Ok(Command::Profile(P::Off)));
        assert_eq!(
            parse_command("profile show"),
            Ok(Command::Profile(P::Show(20)))
        );
        assert_eq!(
            parse_command("profile show 5"),
            Ok(Command::Profile(P::Show(5)))
        );
        assert_eq!(
            parse_command("profile save p.json"),
            Ok(Command::Profile(P::Save("p.json".into(), false)))
        );
        assert_eq!(
            parse_command("profile symbols s.sym"),
            Ok(Command::Profile(P::Symbols("s.sym".into())))
        );
        for bad in ["profile", "profile up", "profile show x", "profile save"] {
            assert!(parse_command(bad).is_err(), "{bad}");
        }
    }

    /// Every command word the parser takes has a line in `help`.
    #[test]
    fn help_covers_every_command() {
        for w in [
            "kec", "kcc", "kac", "set", "switch", "printer", "punch", "attach", "att", "detach",
            "det", "save", "drum", "tape", "feed", "load", "go", "step", "break", "unbreak",
            "watch", "examine", "e", "ex", "deposit", "d", "dep", "show", "print", "expect",
            "limit", "help", "?", "quit", "exit", "profile",
        ] {
            assert!(super::super::help::find(w).is_some(), "{w}");
            assert!(
                !parse_command(w)
                    .err()
                    .unwrap_or_default()
                    .contains("unknown command"),
                "{w}"
            );
        }
        assert!(super::super::help::one("fly").is_err());
        assert!(super::super::help::list().len() > 20);
    }
}

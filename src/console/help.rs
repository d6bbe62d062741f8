//! `help` and `help COMMAND`: one line for every command of the console language, and
//! its forms. The same table is docs/console.md's; a test checks that every command the
//! parser knows is here.

/// One command's help: the command word, its forms, and what it does in one line.
pub struct CommandHelp {
    /// The command word (what `help WORD` takes).
    pub name: &'static str,
    /// Other words for it.
    pub aliases: &'static [&'static str],
    /// Its forms, one a line.
    pub forms: &'static [&'static str],
    /// What it does, one line.
    pub summary: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        name: "kec",
        aliases: &[],
        forms: &["kec"],
        summary: "press KEC: clear the store, A, D, the B-lines, C and PI (not the drum)",
    },
    CommandHelp {
        name: "kcc",
        aliases: &[],
        forms: &["kcc"],
        summary: "press KCC: clear control and PI",
    },
    CommandHelp {
        name: "kac",
        aliases: &[],
        forms: &[
            "kac [BEATS]            hold KAC for BEATS beats (833 = 0.2 s), the machine running",
            "kac hold | kac release press KAC and keep it held; release it",
            "kac after N hold M     press after N instructions of the next runs, hold for M (SimH's set cpu kac: 700 700)",
        ],
        summary: "the clear-accumulator key: held for a time, held until released, or pressed as SimH presses it",
    },
    CommandHelp {
        name: "set",
        aliases: &[],
        forms: &[
            "set h VALUE                        the hand switches: four characters (NE@/) or decimal",
            "set drum persistent | nopersistent write the attached drum back at detach and exit, or not",
        ],
        summary: "set the hand switches, or the drum's persistence",
    },
    CommandHelp {
        name: "switch",
        aliases: &[],
        forms: &["switch L on|off", "switch G on|off"],
        summary: "the /L and /G dummy-stop switches",
    },
    CommandHelp {
        name: "printer",
        aliases: &[],
        forms: &["printer on|off"],
        summary: "the printer's selector switch",
    },
    CommandHelp {
        name: "punch",
        aliases: &[],
        forms: &["punch on|off"],
        summary: "the punch's selector switch",
    },
    CommandHelp {
        name: "attach",
        aliases: &["att"],
        forms: &[
            "attach drum FILE [-r|--read-only] [-n|--new]  a drum image, written back at detach and exit unless read-only",
            "attach reader FILE                          a tape (.pt.txt or raw) in the reader",
            "attach punch FILE                           punched rows to FILE as .pt.txt (switches the punch on)",
            "attach printer FILE                         the paper from now on to FILE",
        ],
        summary: "attach a file to the drum, reader, punch or printer (ptr, ptp, lpt as in SimH)",
    },
    CommandHelp {
        name: "detach",
        aliases: &["det"],
        forms: &["detach drum|reader|punch|printer", "detach all"],
        summary: "detach a device, writing what it holds to its file",
    },
    CommandHelp {
        name: "save",
        aliases: &[],
        forms: &["save drum FILE", "save punch FILE", "save printer FILE"],
        summary: "write the drum image, the punched tape or the paper to FILE now",
    },
    CommandHelp {
        name: "drum",
        aliases: &[],
        forms: &["drum FILE"],
        summary: "read a drum image, not written back (`attach drum FILE -r` under another name)",
    },
    CommandHelp {
        name: "tape",
        aliases: &[],
        forms: &["tape FILE"],
        summary: "put a tape in the reader, taking out what was left (`attach reader FILE`)",
    },
    CommandHelp {
        name: "feed",
        aliases: &[],
        forms: &["feed TEXT"],
        summary: "splice characters onto what is left in the reader (spaces ignored)",
    },
    CommandHelp {
        name: "load",
        aliases: &[],
        forms: &["load FILE"],
        summary: "write the half-tracks of a SimH coding-sheet LOAD file onto the drum",
    },
    CommandHelp {
        name: "go",
        aliases: &[],
        forms: &["go", "go until \"TEXT\"", "go until hoot"],
        summary: "run until the machine stops, until the printer has printed TEXT, until a hoot (Ctrl-C stops it)",
    },
    CommandHelp {
        name: "step",
        aliases: &[],
        forms: &["step [N]"],
        summary: "obey N instructions (default 1), passing over breakpoints",
    },
    CommandHelp {
        name: "break",
        aliases: &[],
        forms: &["break LINE", "break hoot|print|transfer"],
        summary: "stop before obeying LINE, or after a hoot, a printed order, a magnetic transfer",
    },
    CommandHelp {
        name: "unbreak",
        aliases: &[],
        forms: &["unbreak LINE", "unbreak hoot|print|transfer", "unbreak all"],
        summary: "remove a breakpoint, an event break, or all of them and the watches",
    },
    CommandHelp {
        name: "watch",
        aliases: &[],
        forms: &["watch LINE"],
        summary: "stop after an instruction that changes store line LINE",
    },
    CommandHelp {
        name: "examine",
        aliases: &["e", "ex"],
        forms: &[
            "examine D/ | 9 | D/-RE | long D/ | store PI   store lines",
            "examine A | L | M | D | C | PI | H | B0..B7 | B registers",
            "examine drum 5.1:E/ | drum 5.1:0-9 | drum 5.1 drum lines (track.half:line)",
        ],
        summary: "show lines in teleprint code, decimal and binary (least significant digit first)",
    },
    CommandHelp {
        name: "deposit",
        aliases: &["d", "dep"],
        forms: &["deposit WHAT VALUE   WHAT as for examine; VALUE teleprint characters (VETA) or decimal (-1)"],
        summary: "set store lines, a register or drum lines",
    },
    CommandHelp {
        name: "show",
        aliases: &[],
        forms: &["show [registers|counters|devices|time|breaks]"],
        summary: "registers, counters, attached devices, the host time of the last run (all when alone)",
    },
    CommandHelp {
        name: "print",
        aliases: &[],
        forms: &["print"],
        summary: "C, PI, A, D, the B-lines and the counters on one line",
    },
    CommandHelp {
        name: "expect",
        aliases: &[],
        forms: &["expect \"TEXT\""],
        summary: "fail unless the printer has printed TEXT since the last expect",
    },
    CommandHelp {
        name: "limit",
        aliases: &[],
        forms: &["limit BEATS"],
        summary: "the beat budget of each go (default 2 000 000 000)",
    },
    CommandHelp {
        name: "help",
        aliases: &["?"],
        forms: &["help", "help COMMAND"],
        summary: "this list, or one command's forms",
    },
    CommandHelp {
        name: "quit",
        aliases: &["exit"],
        forms: &["quit"],
        summary: "end the session, writing attached files back (Ctrl-D at the prompt)",
    },
];

/// The help entry of `word` (a command word or an alias, any case).
pub fn find(word: &str) -> Option<&'static CommandHelp> {
    let w = word.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == w || c.aliases.contains(&w.as_str()))
}

/// `help`: one line a command.
pub fn list() -> Vec<String> {
    let mut out = vec!["commands (help COMMAND for its forms; # or ; starts a comment):".into()];
    for c in COMMANDS {
        out.push(format!("  {:<8} {}", c.name, c.summary));
    }
    out
}

/// `help WORD`: the command's summary, aliases and forms.
///
/// # Errors
/// `WORD` is not a command.
pub fn one(word: &str) -> Result<Vec<String>, String> {
    let c = find(word).ok_or_else(|| format!("no command `{word}`; `help` lists them"))?;
    let mut out = vec![format!("{}: {}", c.name, c.summary)];
    if !c.aliases.is_empty() {
        out.push(format!("  also written: {}", c.aliases.join(", ")));
    }
    for f in c.forms {
        out.push(format!("  {f}"));
    }
    Ok(out)
}

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

/// One entry of [`COMMANDS`]: name, aliases, forms, summary.
const fn c(
    name: &'static str,
    aliases: &'static [&'static str],
    forms: &'static [&'static str],
    summary: &'static str,
) -> CommandHelp {
    CommandHelp {
        name,
        aliases,
        forms,
        summary,
    }
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandHelp] = &[
    c(
        "kec",
        &[],
        &["kec"],
        "press KEC: clear the store, A, D, the B-lines, C and PI (not the drum)",
    ),
    c(
        "kcc",
        &[],
        &["kcc"],
        "press KCC: clear control and PI",
    ),
    c(
        "kac",
        &[],
        &[
            "kac [BEATS]            hold KAC for BEATS beats (833 = 0.2 s), the machine running",
            "kac hold | kac release press KAC and keep it held; release it",
            "kac after N hold M     press after N instructions of the next runs, hold for M (SimH's set cpu kac: 700 700)",
        ],
        "the clear-accumulator key: held for a time, held until released, or pressed as SimH presses it",
    ),
    c(
        "set",
        &[],
        &[
            "set h VALUE                        the hand switches: four characters (NE@/) or decimal",
            "set drum persistent | nopersistent write the attached drum back at detach and exit, or not",
        ],
        "set the hand switches, or the drum's persistence",
    ),
    c(
        "switch",
        &[],
        &["switch L on|off", "switch G on|off"],
        "the /L and /G dummy-stop switches",
    ),
    c(
        "printer",
        &[],
        &["printer on|off"],
        "the printer's selector switch",
    ),
    c(
        "punch",
        &[],
        &["punch on|off"],
        "the punch's selector switch",
    ),
    c(
        "attach",
        &["att"],
        &[
            "attach drum FILE [-r|--read-only] [-n|--new]  a drum image, written back at detach and exit unless read-only",
            "attach reader FILE                          a tape (.pt.txt or raw) in the reader",
            "attach [-f] punch FILE                      punched rows to FILE as .pt.txt (switches the punch on); -f: FILE may exist",
            "attach [-f] printer FILE                    the paper from now on to FILE; -f: FILE may exist",
        ],
        "attach a file to the drum, reader, punch or printer (ptr, ptp, lpt as in SimH)",
    ),
    c(
        "detach",
        &["det"],
        &["detach drum|reader|punch|printer", "detach all"],
        "detach a device, writing what it holds to its file",
    ),
    c(
        "save",
        &[],
        &["save [-f] drum FILE", "save [-f] punch FILE", "save [-f] printer FILE"],
        "write the drum image, the punched tape or the paper to FILE now (-f: replace FILE if it exists)",
    ),
    c(
        "drum",
        &[],
        &["drum FILE"],
        "read a drum image, not written back (`attach drum FILE -r` under another name)",
    ),
    c(
        "tape",
        &[],
        &["tape FILE"],
        "put a tape in the reader, taking out what was left (`attach reader FILE`)",
    ),
    c(
        "feed",
        &[],
        &["feed TEXT"],
        "splice characters onto what is left in the reader (spaces ignored)",
    ),
    c(
        "load",
        &[],
        &["load FILE"],
        "write the half-tracks of a SimH coding-sheet LOAD file onto the drum",
    ),
    c(
        "go",
        &[],
        &["go", "go LINE", "go until \"TEXT\"", "go until hoot"],
        "run until the machine stops (from LINE: a line or a label), until the printer has printed TEXT, until a hoot (Ctrl-C stops it)",
    ),
    c(
        "step",
        &[],
        &["step [N]"],
        "obey N instructions (default 1), passing over breakpoints",
    ),
    c(
        "break",
        &[],
        &["break LINE", "break hoot|print|transfer"],
        "stop before obeying LINE (D/, 9, a label, label+N), or after a hoot, a printed order, a magnetic transfer",
    ),
    c(
        "unbreak",
        &[],
        &["unbreak LINE", "unbreak hoot|print|transfer", "unbreak all"],
        "remove a breakpoint, an event break, or all of them and the watches",
    ),
    c(
        "watch",
        &[],
        &["watch LINE"],
        "stop after an instruction that changes store line LINE (D/, 9, a label, label+N)",
    ),
    c(
        "examine",
        &["e", "ex"],
        &[
            "examine D/ | 9 | D/-RE | long D/ | store PI   store lines",
            "examine total | loop+2 | loop-loop+5 | long total   store lines by the source's labels",
            "examine A | L | M | D | C | PI | H | B0..B7 | B registers",
            "examine drum 5.1:E/ | drum 5.1:0-9 | drum 5.1 drum lines (track.half:line)",
        ],
        "show lines in teleprint code, decimal and binary (least significant digit first)",
    ),
    c(
        "deposit",
        &["d", "dep"],
        &["deposit WHAT VALUE   WHAT as for examine; VALUE teleprint characters (VETA) or decimal (-1)"],
        "set store lines, a register or drum lines",
    ),
    c(
        "show",
        &[],
        &["show [registers|counters|devices|time|breaks]"],
        "registers, counters, attached devices, the host time of the last run (all when alone)",
    ),
    c(
        "profile",
        &[],
        &[
            "profile on",
            "profile off",
            "profile show [N]",
            "profile save [-f] FILE",
            "profile symbols FILE",
        ],
        "count where the runs' time goes (one order at a time), and show or save it with routine names (docs/profiler.md)",
    ),
    c(
        "print",
        &[],
        &["print"],
        "C, PI, A, D, the B-lines and the counters on one line",
    ),
    c(
        "expect",
        &[],
        &["expect \"TEXT\""],
        "fail unless the printer has printed TEXT since the last expect",
    ),
    c(
        "limit",
        &[],
        &["limit BEATS"],
        "the beat budget of each go (default 2 000 000 000)",
    ),
    c(
        "help",
        &["?"],
        &["help", "help COMMAND"],
        "this list, or one command's forms",
    ),
    c(
        "quit",
        &["exit"],
        &["quit"],
        "end the session, writing attached files back (Ctrl-D at the prompt)",
    ),
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

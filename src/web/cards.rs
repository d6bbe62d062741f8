//! The cards the web console shows for each game of `games::GAMES`: the program's story in
//! three sentences, the documented time against the emulated one, how to play, and what
//! the page offers to start it (who may move first, the positions to choose from). The
//! text lives here, once, so that any face (the page through `hello`, the CLI) can use
//! it; a game without a card still gets a mode, with its title only (docs/web.md).
//!
//! The figures are those measured and cited in each game's page in docs/ (the row's
//! `doc`): docs/prinz.md, docs/draughts.md, docs/nim-programme.md,
//! docs/turochamp-programme.md, docs/bell.md, docs/ajedrecista.md.

use serde::Serialize;

/// What the page shows and offers for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    /// The game's name, as in `games::GAMES`.
    pub game: &'static str,
    /// A short name for the list of modes ("Draughts", "Nim").
    pub short: &'static str,
    /// The program's story, three sentences.
    pub story: &'static str,
    /// The time it took in its day against the time it takes on the emulated machine,
    /// in words; or what it takes here where no time is documented.
    pub time: &'static str,
    /// How to play it on the page.
    pub how: &'static str,
    /// Who may move first: `human`, `machine`, or both (the first is the page's default);
    /// empty where the program takes no moves at the keys (Prinz's problem).
    pub firsts: &'static [&'static str],
    /// Positions offered, (name, position in the game's notation); the first is the
    /// default. Empty: the game's usual start only.
    pub positions: &'static [(&'static str, &'static str)],
    /// A move at real speed takes so long (hours) that the page starts it at fast speed
    /// and says so.
    pub fast: bool,
}

/// One game as the page's `hello` lists it: its row's name and title, and its card if it
/// has one (else only the name and title).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModeInfo {
    /// The game's name (the `start` op's `game`).
    pub game: &'static str,
    /// Its row's title.
    pub title: &'static str,
    /// The short name for the list of modes.
    pub short: &'static str,
    /// The card's three fields, empty without a card.
    pub story: &'static str,
    /// See [`Card::time`].
    pub time: &'static str,
    /// See [`Card::how`].
    pub how: &'static str,
    /// See [`Card::firsts`].
    pub firsts: Vec<&'static str>,
    /// See [`Card::positions`]: `{"name", "position"}` objects.
    pub positions: Vec<serde_json::Value>,
    /// See [`Card::fast`].
    pub fast: bool,
}

const BOTH: &[&str] = &["human", "machine"];
const MACHINE: &[&str] = &["machine"];

/// The cards, one a game.
pub static CARDS: &[Card] = &[
    Card {
        game: "prinz",
        short: "Prinz's mate in two",
        story: "In November 1951 Dietrich Prinz made the Mark 1 solve chess problems: the \
                first chess program to run on a computer, which cannot play a game but finds \
                the move that mates in two. Given a position on paper tape, it tries every \
                move of the side to move and every reply, printing each first move it tries. \
                It prints squares as rank then file, each 1-8 (ROOK TO 17: rank 1, file 7, \
                that is g1), and MATE. after the move that mates.",
        time: "Faster than Thought: about 15 minutes for Figure 1 (its only documented time). \
               The emulated machine takes 7.5 simulated minutes: our reconstruction tries 525 \
               moves to its 450, but each costs less than half (docs/fidelity.md).",
        how: "Choose a position and press start: the program reads it from its tape and \
              thinks; MATE. is printed when it has found the key move, and the table compares \
              its time with Faster than Thought's.",
        firsts: &[],
        positions: &[],
        fast: false,
    },
    Card {
        game: "draughts",
        short: "Draughts",
        story: "Christopher Strachey wrote a draughts program for the Mark 1 in 1951-52, one \
                of the first programs to play a whole game. It looks three moves ahead and \
                prints its moves on the teleprinter, while the boards it imagines flicker on \
                the store tube. This is our reconstruction from his 1952 paper, with his \
                settings.",
        time: "Strachey: looking three moves ahead takes \"between one and two minutes\". \
               Here a three-ply move takes 86 simulated seconds on average.",
        how: "Black (the top) moves first: you play Black if you go first, White if the \
              machine does. Click a man, then the square it goes to; for a capture click each \
              square it lands on in turn (from, the squares passed, to). The board numbers the \
              squares 1-32 (PDN); the paper prints Strachey's 0-31, one less.",
        firsts: BOTH,
        positions: &[
            ("strategy 1: three moves ahead (Strachey's)", "strategy 1"),
            (
                "strategy 2: four moves ahead, a king 2 1/2 men",
                "strategy 2",
            ),
        ],
        fast: false,
    },
    Card {
        game: "draughts-1952",
        short: "Strachey's own draughts (1952)",
        story: "This is Strachey's own program of July 1952, run from the drum image that \
                survives in SimH's period software, not our reconstruction. It plays Black, \
                moves first whatever the toss, and prints its moves and yours in its \
                numbering of the squares, 0-31. The drum image is not bundled with this \
                emulator: this Mark 1 was given it.",
        time: "Strachey: \"between one and two minutes\" a move. Here its first move comes \
               80 simulated seconds after the start (the card and the toss included) and its \
               reply 79 seconds after yours (tests/frontends/web_period.rs).",
        how: "Click one of your men (White, at the bottom), then the square it goes to; for \
              a capture, each square it lands on. The legal moves light up. The board is \
              numbered 1-32 (PDN); the paper prints Strachey's 0-31, one less, and the line \
              under the board translates its last move.",
        firsts: MACHINE,
        positions: &[],
        fast: false,
    },
    Card {
        game: "nim",
        short: "Nim",
        story: "Nim was the first game Faster than Thought (1953) described for the Mark 1, \
                after Nimrod, the machine Ferranti built in 1951 to play it at the Festival \
                of Britain. Players take matches from one heap at a time, and whoever takes \
                the last match loses. The program knows the winning rule and plays it \
                without a mistake when it can.",
        time: "No time is documented; here a move takes well under a simulated second, \
               three seconds at the most.",
        how: "Click a match in a heap: that match and all to its right are taken (or type \
              B:2, heap B, two matches, and press Enter). Nimrod took four heaps of at most \
              seven.",
        firsts: BOTH,
        positions: &[
            ("3, 4 and 5", "3 4 5"),
            ("Nimrod's 1, 3, 5 and 7", "1 3 5 7"),
            ("Nimrod's largest: 4 heaps of 7", "7 7 7 7"),
        ],
        fast: false,
    },
    Card {
        game: "turochamp",
        short: "Turing's chess machine",
        story: "Alan Turing wrote his chess machine on paper in 1948-53 and played it by hand, \
                half an hour a move; it never ran on a computer in his lifetime. It looks at \
                every move and the captures that follow, and values positions by material \
                and mobility. Here it is a program of ours on the Mark 1, playing White.",
        time: "Turing: \"two or three minutes of calculation\" a move. On the emulated \
               machine a move takes about 23 simulated hours (the median of his two games), \
               so this mode runs at fast speed: at real speed you would wait hours.",
        how: "You play Black: click a piece, then its square (or type e7e5 or Nf6 and press \
              Enter).",
        firsts: MACHINE,
        positions: &[],
        fast: true,
    },
    Card {
        game: "noughts",
        short: "Michie's noughts and crosses",
        story: "Donald Michie's machine plays noughts and crosses by rules, as Bell's book of \
                1972 gives them. It plays crosses and takes the centre first. Here it runs as \
                a program of ours on the Mark 1.",
        time: "No time is documented; here a move takes about a simulated second.",
        how: "Click a cell (or type 1-9, row by row from the top left, and press Enter).",
        firsts: BOTH,
        positions: &[],
        fast: false,
    },
    Card {
        game: "defence",
        short: "The incomplete defence",
        story: "Bell's book (1972) gives a defence at noughts and crosses that is nearly, but \
                not quite, perfect. The machine plays noughts; find the line it does not \
                know. Here it runs as a program of ours on the Mark 1.",
        time: "No time is documented; here a move takes under a simulated second.",
        how: "Click a cell (or type 1-9 and press Enter); you play crosses.",
        firsts: BOTH,
        positions: &[],
        fast: false,
    },
    Card {
        game: "menace",
        short: "MENACE",
        story: "Donald Michie's MENACE (1961) learned noughts and crosses with 304 \
                matchboxes of coloured beads, one box a position. Each game it wins adds \
                beads to the moves it made, each loss takes them away. Here its boxes are on \
                the Mark 1's drum, and it keeps learning for as long as this tab plays it.",
        time: "No time is documented; here a move in a position new to MENACE takes about \
               eleven simulated seconds (its box made: the board's eight images for each \
               move), under two once the box is made.",
        how: "MENACE plays first, as crosses: click a cell (or type 1-9 and press Enter).",
        firsts: MACHINE,
        positions: &[],
        fast: false,
    },
    Card {
        game: "bridgit",
        short: "Bridg-it",
        story: "Bridg-it is a board game of bridges: one player joins the crosses from left \
                to right, the other the circles from top to bottom. Bell's book (1972) gives \
                the first player a strategy that always wins, and the machine plays it. Here \
                it runs as a program of ours on the Mark 1.",
        time: "No time is documented; here a move takes about nine simulated seconds.",
        how: "The machine joins the crosses; you join the circles from top to bottom. Click \
              a crossing (or type its number, 1-41, and press Enter).",
        firsts: MACHINE,
        positions: &[],
        fast: false,
    },
    Card {
        game: "knights-tour",
        short: "The knight's tour",
        story: "A knight's tour visits every square of the board once. Bell's book (1972) \
                gives Warnsdorff's rule: go where the knight will have the fewest moves \
                onward. The machine tours from the square you choose.",
        time: "No time is documented; here a tour takes about a simulated minute.",
        how: "Click the square to start from (or type e.g. a1 and press Enter), then watch.",
        firsts: BOTH,
        positions: &[],
        fast: false,
    },
    Card {
        game: "guess-it",
        short: "Guess It",
        story: "Guess It is a card game of bluff from Bell's book (1972): each player holds \
                five of eleven cards, and the eleventh is hidden. Ask for a card, answer yes \
                or no, and name the hidden card when you think you know it. The machine may \
                ask for cards it holds, to mislead you.",
        time: "No time is documented; here a turn takes a fraction of a simulated second.",
        how: "Click a card to ask for it, or guess the hidden one; answer the machine's \
              question with yes or no.",
        firsts: BOTH,
        positions: &[],
        fast: false,
    },
    Card {
        game: "ajedrecista",
        short: "Torres Quevedo's machine",
        story: "Leonardo Torres Quevedo built El Ajedrecista in 1912: a machine that mates a \
                lone king with king and rook. It follows a table of six rules, moves nothing \
                up the board, and always wins. Here its table runs as a program of ours on the Mark 1.",
        time: "The relays answered \"at once\" (no figure survives); the Mark 1 takes about \
               1.2 simulated seconds to decide a move and 2.6 to print it. The sources say it \
               mates within 63 moves; the census here finds 66 at the most.",
        how: "You have the black king: first click where it starts (ranks 1-6, not on the \
              b-file), then each square it steps to (or type e.g. d4 and press Enter).",
        firsts: &["machine", "human"],
        positions: &[],
        fast: false,
    },
    Card {
        game: "krk",
        short: "King and rook against king",
        story: "The Mark 1 plays White's king and rook from the table it worked out itself \
                by retrograde analysis (the program krk-build), stored on its drum: Turing's \
                definite programme for the mate, played perfectly. You have the black king: \
                each of your squares is set on the hand switches with KAC, and a square that \
                is no legal step is refused. Against the best defence it mates in exactly \
                the number of moves the table gives.",
        time: "A move takes a few seconds of machine time, most of it reading the table \
               from the drum and printing; the longest game, 16 moves from Ka1 Rb2 against \
               the king on c3, takes 54 simulated seconds. The table is built first, on \
               the emulated machine (4 simulated days, 2 s here).",
        how: "Press start: the machine prints its move (K A2, R A8, MATE at the end). Click \
              the square your king steps to (or type e.g. c4 and press Enter).",
        firsts: MACHINE,
        positions: &[
            ("the longest: Ka1 Rb2 against Kc3, mate in 16", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"),
            ("Ke1 Ra1 against Ke5, mate in 14", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
            ("Kd4 Rc2 against Kb5, mate in 9", "8/8/8/1k6/3K4/8/2R5/8 w - - 0 1"),
        ],
        fast: false,
    },
];

/// What the page shows for a program of its list (`hello`'s `programs`: a program for
/// the machine itself, loaded and run with the console's keys, not a game at the keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ProgramCard {
    /// The program's name in the list (the `load` op's `program`).
    pub program: &'static str,
    /// Its title.
    pub title: &'static str,
    /// What it is, three sentences.
    pub story: &'static str,
    /// How long it takes on the emulated machine, in simulated seconds, and in its day
    /// where that is documented.
    pub time: &'static str,
    /// How to use it on the page.
    pub how: &'static str,
    /// It runs so long at real speed (days) that the page loads it at fast speed and
    /// says so.
    pub fast: bool,
}

/// The programs' cards: the two bundled ones and Love Letters (period software).
pub static PROGRAM_CARDS: &[ProgramCard] = &[
    ProgramCard {
        program: "hello",
        title: "HELLO WORLD, a first program",
        story: "A program of ours, written the way Prinz's 1951 manual shows: it prints HELLO \
                WORLD on the teleprinter, a character at a time. Each character goes from the \
                accumulator to the output order in the machine's five-hole teleprint code. \
                Its source is programs/hello.m1, with notes on the orders that matter.",
        time: "2.4 simulated seconds (mark1 run programs/hello.m1): 16 characters with the \
               new line, each about 0.15 s (629 beats) of the teleprinter, which the machine \
               waits for.",
        how: "Press run and watch the teleprinter; the tubes show the store as its engineers \
              saw it, a dot for 0 and a dash for 1. Prepulse obeys one instruction at a time; \
              KEC clears the store and KCC starts it again.",
        fast: false,
    },
    ProgramCard {
        program: "hoot",
        title: "A hoot tune",
        story: "The Mark 1 had a loudspeaker, the hooter, sounded by one order: a loop that \
                hoots every few beats plays a note. Three loops of falling pitch, each one \
                instruction longer than the last, end in the loop of Turing's handbook, \
                \"about middle C\". In 1951 the Mark 1 played God Save the King this way.",
        time: "1.7 simulated seconds of tune (mark1 run programs/hoot.m1), then the last \
               note sounds until you press stop.",
        how: "Turn your sound on and press run; press stop to end the last note.",
        fast: false,
    },
    ProgramCard {
        program: super::period::LOVE_LETTERS,
        title: "Strachey's Love Letters (1952), from SimH's period software",
        story: "Christopher Strachey made the Mark 1 write love letters in 1952, choosing \
                words from lists with the machine's random numbers, each letter signed M.U.C., \
                the Manchester University Computer. This copy is the one kept for FERUT, \
                Toronto's Mark 1, loaded from its drum image and tape as its operators did. \
                It is not bundled with this emulator: this server was given the files.",
        time: "The first letter is signed after 510.8 simulated seconds, 8 1/2 minutes at real \
               speed, most of it reading the tape; choose fast to skip.",
        how: "Press start to load it: it runs by itself and the letters follow one another \
              on the teleprinter. Turn the G stop switch on to stop after each letter, and \
              press run for the next.",
        fast: false,
    },
    ProgramCard {
        program: super::period::KRK_BUILD,
        title: "King and rook against king, worked out whole by the Mark 1",
        story: "Turing wrote that a machine could be given a definite programme for the mate \
                with king and rook, and this program of ours does it the long way: it values \
                every position of the ending by retrograde analysis, from the mates back, \
                one level of distance at a time. The table, a 5-bit character a position, \
                fills 160 tracks of the drum, and it is exactly the reference's. The game \
                krk then plays White from it at the keys.",
        time: "3 days 23 hours 36 minutes of machine time (1,434 million beats), four days \
               and nights of a 1952 operator's machine; at fast speed here about half a \
               minute of the host's (27 s measured).",
        how: "Press start to load it: it runs at once at fast speed. The teleprinter prints \
              a line a level (the distance, then the White-to-move and Black-to-move slots \
              valued at it, ending 17 0 0); the left tube shows the level and its counts, \
              the right the board of the slice in hand. Choose real speed to watch it as it \
              was.",
        fast: true,
    },
];

/// The program cards the page can show: those of the bundled programs and, with the
/// period software (`period`), Love Letters'.
pub fn program_cards(period: bool) -> Vec<ProgramCard> {
    PROGRAM_CARDS
        .iter()
        .filter(|c| period || c.program != super::period::LOVE_LETTERS)
        .copied()
        .collect()
}

/// The card of `game`, if it has one.
pub fn card(game: &str) -> Option<&'static Card> {
    CARDS.iter().find(|c| c.game == game)
}

/// Prinz's positions for the page: the named ones of the cross-check set
/// (`games::prinz::named_positions`), Figure 1 first, with the key move and the internal
/// references taken out of their names (the parentheses, `anchors.md §2.2:`), so that the
/// list does not give the answer away.
pub fn prinz_positions() -> Vec<(String, String)> {
    crate::games::prinz::named_positions()
        .into_iter()
        .map(|(name, fen)| {
            let name = match name.find(':') {
                Some(i) if name[..i].contains(".md") => name[i + 1..].trim().to_string(),
                _ => name,
            };
            let name = match name.find('(') {
                Some(i) => name[..i].trim().to_string(),
                None => name,
            };
            (name, fen)
        })
        .collect()
}

/// The modes the page offers: one for each game of `games::GAMES` but those the server
/// cannot start without a file it does not have (`draughts-1952`, a drum image, unless
/// `period` is true), each with its card (Prinz's positions from
/// [`prinz_positions`]). A row added to the table appears here by itself.
pub fn modes(period: bool) -> Vec<ModeInfo> {
    crate::games::GAMES
        .iter()
        .filter(|r| period || !r.programs.iter().any(|p| p.starts_with("period-software")))
        .map(|r| {
            let c = card(r.game);
            let positions: Vec<serde_json::Value> = if r.game == "prinz" {
                prinz_positions()
                    .into_iter()
                    .map(|(n, f)| serde_json::json!({"name": n, "position": f}))
                    .collect()
            } else {
                c.map_or(&[][..], |c| c.positions)
                    .iter()
                    .map(|(n, p)| serde_json::json!({"name": n, "position": p}))
                    .collect()
            };
            ModeInfo {
                game: r.game,
                title: r.title,
                short: c.map_or(r.title, |c| c.short),
                story: c.map_or("", |c| c.story),
                time: c.map_or("", |c| c.time),
                how: c.map_or("", |c| c.how),
                firsts: c.map_or(BOTH.to_vec(), |c| c.firsts.to_vec()),
                positions,
                fast: c.is_some_and(|c| c.fast),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game of the table has a card with a three-sentence story, a time and how to
    /// play; the modes list every game the server can start, in the table's order.
    #[test]
    fn every_game_has_a_card_and_a_mode() {
        for r in crate::games::GAMES {
            let c = card(r.game).unwrap_or_else(|| panic!("{} has no card", r.game));
            let sentences = c.story.matches(". ").count() + 1;
            assert!((3..=4).contains(&sentences), "{}: {}", r.game, c.story);
            assert!(!c.time.is_empty() && !c.how.is_empty(), "{}", r.game);
        }
        let m = modes(false);
        assert_eq!(m[0].game, "prinz");
        assert!(m.iter().all(|m| m.game != "draughts-1952"));
        assert!(modes(true).iter().any(|m| m.game == "draughts-1952"));
        assert_eq!(m.len(), crate::games::GAMES.len() - 1);
    }

    /// Every program the server offers has a card with a three-sentence story (or four),
    /// a time and how to use it; Love Letters' only with the period software.
    #[test]
    fn every_program_offered_has_a_card() {
        for o in crate::web::session::built_in() {
            assert!(
                program_cards(false).iter().any(|c| c.program == o.name),
                "{} has no card",
                o.name
            );
        }
        for c in PROGRAM_CARDS {
            let sentences = c.story.matches(". ").count() + 1;
            assert!((3..=4).contains(&sentences), "{}: {}", c.program, c.story);
            assert!(!c.time.is_empty() && !c.how.is_empty(), "{}", c.program);
        }
        assert!(program_cards(false)
            .iter()
            .all(|c| c.program != "love-letters"));
        assert!(program_cards(true)
            .iter()
            .any(|c| c.program == "love-letters"));
    }

    /// Prinz's positions keep Figure 1 first and give no key move away.
    #[test]
    fn prinz_positions_do_not_give_the_key_away() {
        let p = prinz_positions();
        assert!(p[0].0.contains("Figure 1"), "{}", p[0].0);
        for (name, _) in &p {
            assert!(
                !name.contains("key") && !name.contains(".md") && !name.contains('('),
                "{name}"
            );
        }
    }
}

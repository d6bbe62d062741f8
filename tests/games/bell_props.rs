//! Bad input to Bell's games never panics and loses nothing: any text as a square, a
//! board or a card is refused or read; any number on the hand switches is refused by the period
//! program (which asks again) or taken as a move, and the game goes on.

use mark1::games::{bridgit, guessit, knights, noughts};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Any text as a knight's square, a noughts board or a Guess It card: a value or a
    /// reason, no panic.
    #[test]
    fn text_is_read_or_refused(t in ".{0,12}") {
        let _ = mark1::reference::knights::parse(&t);
        match mark1::reference::guessit::parse_card(&t) {
            Ok(c) => prop_assert_eq!(mark1::reference::guessit::CARDS[c], t.trim().to_ascii_uppercase()),
            Err(e) => prop_assert!(e.contains("not one of the eleven cards")),
        }
        if let Err(e) = noughts::parse_board(&t) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    /// The knight's tour: any number on the switches (20 bits) is refused (the program
    /// waits again) or starts a tour from that square, which is then the reference's.
    #[test]
    fn knights_any_switches(v in 0u32..(1 << 20)) {
        let mut t = knights::Tour::new(1).unwrap();
        prop_assert_eq!(t.run_to_wait().unwrap(), knights::Waiting::Key);
        match t.enter(v).unwrap() {
            knights::Waiting::Key => {
                prop_assert!(v > 63);
                prop_assert!(t.paper().contains("NO SUCH SQUARE"));
            }
            knights::Waiting::Over => {
                prop_assert!(v <= 63);
                prop_assert_eq!(t.path(), mark1::reference::knights::warnsdorff(v as u8));
            }
        }
    }

    /// Bridg-it: a string of any numbers on the switches; each is refused or taken, the
    /// machine answers by Bell's formula, and the game never breaks.
    #[test]
    fn bridgit_any_switches(size in 2u32..=8, vs in prop::collection::vec(0u32..200, 1..12)) {
        let mut g = bridgit::Game::new(size, 3).unwrap();
        let mut w = g.run_to_wait().unwrap();
        for v in vs {
            if w != bridgit::Waiting::Key {
                break;
            }
            w = g.enter(v).unwrap();
        }
        let b = g.board();
        prop_assert_ne!(b.winner(), Some(mark1::reference::bridgit::Owner::White));
    }

    /// Noughts, both machines: any numbers on the switches; refused or played; the paper
    /// says I HAVE WON exactly when the board shows the machine's line, and Michie's
    /// machine never loses.
    #[test]
    fn noughts_any_switches(defence in any::<bool>(), machine_first in any::<bool>(), vs in prop::collection::vec(0u32..32, 1..12)) {
        let player = if defence { noughts::Player::Defence } else { noughts::Player::Michie };
        let first = if machine_first { noughts::First::Machine } else { noughts::First::Human };
        let mut g = noughts::Game::new_as(player, first, 5).unwrap();
        let mut w = g.run_to_wait().unwrap();
        for v in vs {
            if w != noughts::Waiting::Key {
                break;
            }
            w = g.enter(v).unwrap();
        }
        use mark1::reference::noughts::{winner, O, X};
        let b = g.board();
        let (mine, theirs) = if defence { (O, X) } else { (X, O) };
        prop_assert_eq!(g.paper().contains("I HAVE WON"), winner(&b) == Some(mine));
        prop_assert_eq!(g.paper().contains("YOU HAVE WON"), winner(&b) == Some(theirs));
        // Michie's machine never loses when it plays first, as Bell has it play (the whole
        // tree, reference::noughts::michie_tree). Second, it can: 8, 1, 9 fork it (8 and 9
        // threaten 7, 1 and 9 threaten 5), a case this property found.
        if !defence && machine_first {
            prop_assert_ne!(winner(&b), Some(O));
        }
    }

    /// MENACE: any numbers on the switches, game after game on the same drum: refused
    /// or played; the paper's verdict the board's; the boxes on the drum always read.
    #[test]
    fn menace_any_switches(vs in prop::collection::vec(0u32..32, 1..30), refill in any::<bool>()) {
        use mark1::games::noughts::menace;
        use mark1::reference::noughts::menace::Empty;
        use mark1::reference::noughts::{winner, O, X};
        let empty = if refill { Empty::Refill } else { Empty::Resign };
        let mut g = menace::Game::new(3, empty, None).unwrap();
        let mut w = g.run_to_wait().unwrap();
        for v in vs {
            if w == menace::Waiting::Over {
                let b = g.board();
                prop_assert_eq!(g.paper().ends_with("I HAVE WON\n"), winner(&b) == Some(X));
                prop_assert_eq!(g.paper().ends_with("YOU HAVE WON\n"), winner(&b) == Some(O));
                w = g.again().unwrap();
                if w == menace::Waiting::Over {
                    continue;
                }
            }
            w = g.enter(v).unwrap();
        }
        prop_assert!(g.boxes().unwrap().len() <= menace::MAX_BOXES);
    }

    /// Any bytes as MENACE's drum image, and any damage to a trained one: read or
    /// refused with a reason, never a panic.
    #[test]
    fn menace_any_drum_image(len in prop::sample::select(vec![0usize, 100, 131_072]), at in 60 * 512usize..248 * 512, v in any::<u32>()) {
        use mark1::games::noughts::menace::DrumBoxes;
        static TRAINED: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
        let trained = TRAINED.get_or_init(|| {
            use mark1::reference::noughts::menace::{Empty, Opponent};
            let (_, g) = mark1::games::noughts::menace::train(60, Opponent::Random, Empty::Refill, 2, None, |_, _| {}).unwrap();
            DrumBoxes::drm_of(&g.machine)
        });
        let mut b = vec![0u8; len];
        if len == 131_072 {
            // The boxes region of a trained drum, one word of it damaged.
            b.copy_from_slice(trained);
            let at = (at / 4) * 4;
            b[at..at + 4].copy_from_slice(&(v % 400).to_le_bytes());
        }
        if let Err(e) = DrumBoxes::from_drm(&b) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    /// Guess It: any numbers on the switches, for the opponent's turns and the answers;
    /// each is refused (asked again) or taken, the machine's cards in the store are
    /// always its own or shown, and a game that ends is read rightly from the paper.
    #[test]
    fn guessit_any_switches(seed in 0u64..1000, human_first in any::<bool>(), vs in prop::collection::vec(0u32..(1 << 20), 1..16)) {
        let first = if human_first { guessit::First::Human } else { guessit::First::Machine };
        let deal = guessit::Deal::random(seed);
        let mut g = guessit::Game::new(deal, first, seed).unwrap();
        let mut w = g.run_to_wait().unwrap();
        for v in vs {
            if w != guessit::Waiting::Key {
                break;
            }
            w = g.enter(v).unwrap();
            let view = g.view().unwrap();
            prop_assert!(guessit::check_view(&view).is_ok(), "{}", guessit::view_text(&view));
            prop_assert_eq!(view.mine & !deal.machine, 0);
            prop_assert_eq!(deal.machine & !view.mine & !view.shown, 0);
        }
        if w == guessit::Waiting::Over {
            let o = g.outcome();
            prop_assert!(o.is_some(), "{}", g.paper());
            // SORRY names the card its genuine ask was told NO to: the hidden one
            // unless the switches answered falsely.
            if g.paper().contains("SORRY") {
                let k = g.view().unwrap().knows;
                prop_assert!(k.is_some());
                prop_assert_eq!(o.unwrap().machine_won, k == Some(deal.hidden));
            }
        } else {
            prop_assert!(g.outcome().is_none());
        }
    }

    /// Guess It: on any view a player can hold (not only those games reach), the
    /// program's one turn is the reference's given the same random numbers.
    #[test]
    fn guessit_any_view(states in prop::collection::vec(0u8..4, 11), asked in 0u16..2048, knows in prop::option::of(0usize..11), pending in prop::option::of(0usize..11), seed in any::<u64>()) {
        use mark1::reference::guessit::View;
        let set = |k: u8| (0..11).filter(|&c| states[c] == k).fold(0u16, |s, c| s | 1 << c);
        let mut v = View { mine: set(1), shown: set(2), his: set(3), ..View::default() };
        v.mentioned = asked | v.shown;
        v.knows = knows;
        v.pending = pending;
        for c in [knows, pending].into_iter().flatten() {
            v.mentioned |= 1 << c;
        }
        prop_assume!(guessit::check_view(&v).is_ok());
        let t = guessit::think(&v, seed).unwrap();
        let (d, after, drawn) = guessit::reference_think(&v, seed);
        prop_assert_eq!((t.decision, t.after, t.randoms), (d, after, drawn), "{}", guessit::view_text(&v));
    }
}

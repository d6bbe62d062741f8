//! The interactive console on a real terminal (crossterm), keys turned into commands.

use super::{view, Debugger, Speed};
use crate::machine::code::{addr_chars, line_chars};
use crate::machine::KAC_DEFAULT_BEATS;
use ratatui::crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, KeyboardEnhancementFlags,
    PopKeyboardEnhancementFlags, PushKeyboardEnhancementFlags,
};
use ratatui::crossterm::{execute, terminal};
use std::time::{Duration, Instant};

/// Runs the debugger on the terminal until `quit` (or `q`, Ctrl-C). KAC follows the key
/// `a` while it is held when the terminal reports key releases (the kitty keyboard
/// protocol); otherwise `a` holds it for a set time ([`KAC_DEFAULT_BEATS`]).
///
/// # Errors
/// The terminal cannot be set up or drawn on.
pub fn run_interactive(d: &mut Debugger) -> std::io::Result<()> {
    d.interactive = true;
    let mut term = ratatui::try_init()?;
    let releases = matches!(terminal::supports_keyboard_enhancement(), Ok(true));
    if releases {
        let _ = execute!(
            std::io::stdout(),
            PushKeyboardEnhancementFlags(KeyboardEnhancementFlags::REPORT_EVENT_TYPES)
        );
    }
    let result = (|| -> std::io::Result<()> {
        while !d.quit {
            term.draw(|f| view::draw(f, d))?;
            let wait = if d.running {
                Duration::from_millis(20)
            } else {
                Duration::from_millis(250)
            };
            let t = Instant::now();
            while t.elapsed() < wait {
                if !event::poll(wait.saturating_sub(t.elapsed()))? {
                    break;
                }
                if let Event::Key(k) = event::read()? {
                    key(d, k, releases);
                }
                if d.quit {
                    break;
                }
            }
            d.tick(Instant::now());
        }
        Ok(())
    })();
    if releases {
        let _ = execute!(std::io::stdout(), PopKeyboardEnhancementFlags);
    }
    ratatui::restore();
    result
}

fn cmd(d: &mut Debugger, line: &str) {
    if let Err(e) = d.command(line) {
        d.say(format!("{line}: {e}"));
    }
}

/// A key while the command prompt is open: Enter obeys the line, Esc or Ctrl-C abandons
/// it, Backspace deletes a character, Ctrl-U clears the line (a prompt comes prefilled);
/// other control keys are not text.
fn prompt_key(d: &mut Debugger, k: KeyEvent) {
    let Some(input) = &mut d.input else { return };
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    match k.code {
        KeyCode::Enter => {
            let line = std::mem::take(input);
            d.input = None;
            cmd(d, &line);
        }
        KeyCode::Esc => d.input = None,
        KeyCode::Backspace => {
            input.pop();
        }
        KeyCode::Char('u') if ctrl => input.clear(),
        KeyCode::Char('c') if ctrl => d.input = None,
        KeyCode::Char(_) if ctrl => {}
        KeyCode::Char(c) => input.push(c),
        _ => {}
    }
}

/// What a key does, as a command line of the console language.
pub fn key(d: &mut Debugger, k: KeyEvent, releases: bool) {
    if k.kind == KeyEventKind::Release {
        if releases && k.code == KeyCode::Char('a') {
            cmd(d, "kac release");
        }
        return;
    }
    if d.input.is_some() {
        prompt_key(d, k);
        return;
    }
    if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
        d.quit = true;
        return;
    }
    if d.help {
        if matches!(k.code, KeyCode::Esc | KeyCode::Char('?' | 'q')) {
            d.help = false;
        }
        return;
    }
    // The output of the last command (a range examined) is closed by any key.
    if d.output.take().is_some() {
        return;
    }
    // KEC wipes the store: `K` asks, a second `K` presses it, any other key cancels.
    if std::mem::take(&mut d.kec_armed) {
        if k.code == KeyCode::Char('K') {
            cmd(d, "kec");
            d.say("KEC pressed: the store, A, D, the B-lines, C and PI cleared");
        } else {
            d.say("KEC not pressed");
        }
        return;
    }
    let m = &d.session.machine;
    let next = addr_chars((m.c + 1) & 1023);
    let h = line_chars(m.console.hand_switches);
    let (l, g) = (m.console.stop_l, m.console.stop_g);
    let b = (m.breaks.on_hoot, m.breaks.on_print, m.breaks.on_transfer);
    let on = |x: bool| if x { "un" } else { "" };
    let page = |p: u32, up: bool| if up { (p + 1) % 8 } else { (p + 7) % 8 };
    let line = match k.code {
        KeyCode::Char('s' | ' ') => "step".to_string(),
        KeyCode::Char('S') => "step 10".into(),
        KeyCode::Char('r') => if d.running { "stop" } else { "run" }.into(),
        KeyCode::Char('1') => "speed real".into(),
        KeyCode::Char('2') => "speed slow".into(),
        KeyCode::Char('3') => "speed full".into(),
        KeyCode::Char('[') => format!("page left {}", page(d.pages[0], false)),
        KeyCode::Char(']') => format!("page left {}", page(d.pages[0], true)),
        KeyCode::Char('{') => format!("page right {}", page(d.pages[1], false)),
        KeyCode::Char('}') => format!("page right {}", page(d.pages[1], true)),
        KeyCode::Char('K') => {
            d.kec_armed = true;
            d.say("KEC clears the store, A, D, the B-lines, C and PI: press K again to clear, any other key not to");
            return;
        }
        KeyCode::Char('e') => {
            d.input = Some("e ".into());
            return;
        }
        KeyCode::Char('c') => "kcc".into(),
        KeyCode::Char('l') => format!("switch L {}", if l { "off" } else { "on" }),
        KeyCode::Char('g') => format!("switch G {}", if g { "off" } else { "on" }),
        KeyCode::Char('v') => format!("{}break hoot", on(b.0)),
        KeyCode::Char('p') => format!("{}break print", on(b.1)),
        KeyCode::Char('t') => format!("{}break transfer", on(b.2)),
        KeyCode::Char('P') => "png".into(),
        KeyCode::Char('W') => "wav".into(),
        KeyCode::Char('A') => if m.console.kac_held {
            "kac release"
        } else {
            "kac hold"
        }
        .into(),
        KeyCode::Char('a') => {
            if releases {
                "kac hold".into()
            } else if d.running && d.speed != Speed::Full {
                // Held for a set time of machine time while the machine goes on.
                d.hold_kac_for(KAC_DEFAULT_BEATS);
                return;
            } else {
                "kac".into()
            }
        }
        KeyCode::Char('b') => {
            d.input = Some(format!("break {next}"));
            return;
        }
        KeyCode::Char('w') => {
            d.input = Some("watch ".into());
            return;
        }
        KeyCode::Char('h') => {
            d.input = Some(format!("set h {h}"));
            return;
        }
        KeyCode::Char(':') => {
            d.input = Some(String::new());
            return;
        }
        KeyCode::Char('?') => "help".into(),
        KeyCode::Char('q') | KeyCode::Esc => "quit".into(),
        _ => return,
    };
    cmd(d, &line);
}

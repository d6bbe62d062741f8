//! Drawing the console: two large store tubes, the small tubes, lamps, switches, paper,
//! history and the beat counter. [`draw`] lays it out for any frame; the full console
//! wants [`WIDTH`] × [`HEIGHT`] cells, smaller terminals show what fits.

use super::{decode, Debugger, HistoryEntry};
use crate::machine::code::{addr_chars, line_chars, to_chars};
use crate::machine::report::grouped;
use crate::machine::Machine;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::{Frame, Terminal};

/// Columns the whole console needs.
pub const WIDTH: u16 = 140;
/// Rows the whole console needs.
pub const HEIGHT: u16 = 50;

/// A 1 on a tube: a bright dash.
pub const DASH: char = '━';
/// A 0 on a tube: a dim dot.
pub const DOT: char = '·';

fn bright() -> Style {
    Style::default()
        .fg(Color::LightGreen)
        .add_modifier(Modifier::BOLD)
}

fn dim() -> Style {
    Style::default().fg(Color::DarkGray)
}

/// `n` digits of `w` as spots, least significant digit first (on the left), with a
/// space between groups of `group` digits (0: no spaces).
pub fn spots(w: u64, n: u32, group: u32) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut run = String::new();
    let mut run_bit = None;
    for d in 0..n {
        if group > 0 && d > 0 && d.is_multiple_of(group) {
            if let Some(b) = run_bit.take() {
                out.push(spot_span(std::mem::take(&mut run), b));
            }
            out.push(Span::raw(" "));
        }
        let b = (w >> d) & 1 == 1;
        if run_bit.is_some_and(|r| r != b) {
            out.push(spot_span(std::mem::take(&mut run), !b));
        }
        run_bit = Some(b);
        run.push(if b { DASH } else { DOT });
    }
    if let Some(b) = run_bit {
        out.push(spot_span(run, b));
    }
    out
}

fn spot_span(s: String, one: bool) -> Span<'static> {
    Span::styled(s, if one { bright() } else { dim() })
}

fn label(s: String) -> Span<'static> {
    Span::styled(s, Style::default().fg(Color::Gray))
}

/// The lines of a large tube showing page `p`: the marker line, a blank line, then
/// lines 0–31 on the left and 32–63 on the right, each labelled with its address.
pub fn tube_lines(m: &Machine, p: u32) -> Vec<Line<'static>> {
    let page = m.store.page_copy(p);
    let mut lines = Vec::with_capacity(34);
    let mut mk = vec![label("mk ".into())];
    mk.extend(spots(u64::from(m.store.marker(p)), 20, 0));
    lines.push(Line::from(mk));
    lines.push(Line::from(""));
    for r in 0..32 {
        let mut l = vec![label(format!("{} ", addr_chars(p * 64 + r as u32)))];
        l.extend(spots(u64::from(page[r]), 20, 0));
        l.push(Span::raw("  "));
        l.push(label(format!("{} ", addr_chars(p * 64 + 32 + r as u32))));
        l.extend(spots(u64::from(page[32 + r]), 20, 0));
        lines.push(Line::from(l));
    }
    lines
}

fn lamp(name: &str, lit: bool) -> Vec<Span<'static>> {
    vec![
        if lit {
            Span::styled(
                "●",
                Style::default()
                    .fg(Color::LightRed)
                    .add_modifier(Modifier::BOLD),
            )
        } else {
            Span::styled("○", dim())
        },
        Span::raw(format!(" {name}   ")),
    ]
}

fn onoff(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn console_lines(d: &Debugger) -> Vec<Line<'static>> {
    let m = &d.session.machine;
    let mut lamps = lamp("A-sign", m.a_sign());
    lamps.extend(lamp("B-sign", m.b_sign));
    lamps.extend(lamp("stop", !d.running));
    let mut h = vec![label("H  ".into())];
    h.extend(spots(u64::from(m.console.hand_switches), 20, 5));
    h.push(Span::raw(format!(
        "  {}",
        line_chars(m.console.hand_switches)
    )));
    let b = &m.breaks;
    let mut breaks: Vec<String> = b.lines().into_iter().map(addr_chars).collect();
    for (on, name) in [
        (b.on_hoot, "hoot"),
        (b.on_print, "print"),
        (b.on_transfer, "transfer"),
    ] {
        if on {
            breaks.push(name.into());
        }
    }
    for w in &d.watches {
        breaks.push(format!("watch {}", addr_chars(*w)));
    }
    vec![
        Line::from(lamps),
        Line::from(format!(
            "/L {}  /G {}  KAC {}  KCC {}",
            onoff(m.console.stop_l),
            onoff(m.console.stop_g),
            if m.console.kac_held { "held" } else { "up" },
            if m.console.kcc_held { "held" } else { "up" },
        )),
        Line::from(h),
        Line::from(format!(
            "beat {}  = {:.4} s",
            grouped(m.stats.beats),
            m.simulated_seconds()
        )),
        Line::from(format!(
            "instructions {}  speed {}",
            grouped(m.stats.instructions),
            d.speed.name()
        )),
        Line::from(format!(
            "hoots {}  tape left {}",
            grouped(m.hooter.count),
            m.reader.remaining()
        )),
        Line::from(format!(
            "break: {}",
            if breaks.is_empty() {
                "none".to_string()
            } else {
                breaks.join(" ")
            }
        )),
    ]
}

/// The history's rows: line, its label when the source has one (`loop`, `loop+2`,
/// in a column as wide as the widest shown, at most 10 characters), the instruction,
/// the beat counter and the instruction in words.
fn history_lines(d: &Debugger, rows: usize) -> Vec<Line<'static>> {
    let skip = d.history.len().saturating_sub(rows);
    let labels = &d.session.labels;
    let name = |line: u32| -> String {
        let n = labels.describe(line).unwrap_or_default();
        if n.chars().count() > 10 {
            let mut t: String = n.chars().take(9).collect();
            t.push('…');
            t
        } else {
            n
        }
    };
    let width = d
        .history
        .iter()
        .skip(skip)
        .filter_map(|e| match *e {
            HistoryEntry::Obeyed { line, .. } => Some(name(line).chars().count()),
            HistoryEntry::Ran { .. } => None,
        })
        .max()
        .unwrap_or(0);
    d.history
        .iter()
        .skip(skip)
        .map(|e| match *e {
            HistoryEntry::Obeyed { line, pi, beats } => Line::from(vec![
                label(if width == 0 {
                    format!("{} ", addr_chars(line))
                } else {
                    format!("{} {:<width$} ", addr_chars(line), name(line))
                }),
                Span::styled(line_chars(pi), Style::default().fg(Color::LightGreen)),
                Span::raw(format!(" {:>9} ", grouped(beats))),
                Span::raw(decode(pi)),
            ]),
            HistoryEntry::Ran { instructions } => Line::from(Span::styled(
                format!(
                    "… {} instruction{} not recorded",
                    grouped(instructions),
                    crate::console::plural(instructions)
                ),
                dim(),
            )),
        })
        .collect()
}

fn small_tube_lines(m: &Machine) -> Vec<Line<'static>> {
    let row = |name: &str, w: u64, n: u32, chars: String| {
        let mut l = vec![label(format!("{name:<3}"))];
        l.extend(spots(w, n, 5));
        l.push(Span::raw(format!("  {chars}")));
        Line::from(l)
    };
    vec![
        row("C", u64::from(m.c), 20, line_chars(m.c)),
        row("PI", u64::from(m.pi), 20, line_chars(m.pi)),
        row("L", m.l(), 40, to_chars(u128::from(m.l()), 8)),
        row("M", m.m(), 40, to_chars(u128::from(m.m()), 8)),
        row(
            "D",
            m.d,
            40,
            format!(
                "{}{}",
                to_chars(u128::from(m.d), 8),
                if m.d_signed { " ±" } else { " +" }
            ),
        ),
    ]
}

fn b_lines(m: &Machine) -> Vec<Line<'static>> {
    m.b.iter()
        .enumerate()
        .map(|(i, &w)| {
            let mut l = vec![label(format!("B{i} "))];
            l.extend(spots(u64::from(w), 20, 5));
            l.push(Span::raw(format!(" {}", line_chars(w))));
            Line::from(l)
        })
        .collect()
}

fn paper_lines(m: &Machine, rows: usize, cols: usize) -> Vec<Line<'static>> {
    let paper = m.printer_text();
    let all: Vec<&str> = paper.split('\n').collect();
    let skip = all.len().saturating_sub(rows);
    all[skip..]
        .iter()
        .map(|l| {
            let n = l.chars().count();
            Line::from(l.chars().skip(n.saturating_sub(cols)).collect::<String>())
        })
        .collect()
}

/// The help screen's text: keys, then commands (every command of the `:` line: the
/// debugger's own and the console language's; a test checks each is named).
pub const HELP: &str = "\
KEYS                                    COMMANDS (the `:` line, or --script)
s, space  one prepulse (step)           step [N]        obey N instructions
S         step 10                       run / stop      run at the speed set
r         run / stop                    speed real|slow|full
1 2 3     speed real / slow / full      go [LINE]       run at full speed until a stop
b         break on a line (prompts)     go until \"TEXT\" | go until hoot
w         watch a line (prompts)        break LINE|hoot|print|transfer
v p t     break on hoot / print / transfer   unbreak LINE|hoot|...|all
[ ]       left tube page - / +          watch LINE      stop when line LINE changes
{ }       right tube page - / +         LINE: D/, 9, a label, label+2, label-1
a         KAC for 833 beats (0.2 s)     examine WHAT    (e) D/-RE, long total, A, B3, drum 5.1
A         KAC held / released           deposit WHAT VALUE   (d) set lines or registers
K K       KEC (asks: press K again)     show [registers|counters|devices|time|breaks]
c         KCC                           print           registers in the log
e         examine (prompts)             kac [BEATS] | kac hold | kac release | kac after N hold M
l g       /L and /G stop switches       kec, kcc        clear everything / control
h         set the hand switches         set h ////      hand switches (or decimal)
P         write the tubes as PNG        switch L|G on|off   printer|punch on|off
W         write the hoots as WAV        page left|right N   choose a tube's page
:         command line                  png [FILE], wav [FILE]   tubes, hoots to files
?         this help      q  quit        reload          assemble the source again, keep breaks
                                        attach, detach, save, drum, tape, feed, load   devices
                                        limit BEATS, expect \"TEXT\", profile, help [COMMAND], quit
";

/// The title row: a notice first if the terminal is smaller than the console, then the
/// program's name, C, PI and the machine's state.
fn title_line(d: &Debugger, area: Rect) -> Line<'static> {
    let m = &d.session.machine;
    // A terminal smaller than the console is told so first, in the one row sure to show.
    let small = (area.width < WIDTH || area.height < HEIGHT).then(|| {
        Span::styled(
            format!(
                " terminal {}x{}: the console needs {WIDTH}x{HEIGHT}, the rest is cut off ",
                area.width, area.height
            ),
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::REVERSED),
        )
    });
    let name = Span::styled(
        " mark1 debug ",
        Style::default().add_modifier(Modifier::REVERSED),
    );
    let state = Span::raw(format!(
        " {}  │ C {} PI {} │ {}",
        d.name,
        addr_chars(m.c),
        line_chars(m.pi),
        d.state_text()
    ));
    Line::from_iter(small.into_iter().chain([name, state]))
}

/// `lines` in a bordered box titled `title`.
fn boxed<'a>(f: &mut Frame, lines: impl Into<ratatui::text::Text<'a>>, title: &str, area: Rect) {
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title.to_string())),
        area,
    );
}

/// Draws the whole console into `f`.
pub fn draw(f: &mut Frame, d: &Debugger) {
    let m = &d.session.machine;
    let [title, top, middle, bottom] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(36),
        Constraint::Length(11),
        Constraint::Min(2),
    ])
    .areas(f.area());
    f.render_widget(Paragraph::new(title_line(d, f.area())), title);
    let [left, right, panel] = Layout::horizontal([
        Constraint::Length(50),
        Constraint::Length(50),
        Constraint::Min(20),
    ])
    .areas(top);
    for (i, area) in [left, right].into_iter().enumerate() {
        let p = d.pages[i];
        let (first, last) = (addr_chars(p * 64), addr_chars(p * 64 + 63));
        let name = format!(" tube {}: page {p} (lines {first}–{last}) ", i + 1);
        boxed(f, tube_lines(m, p), &name, area);
    }
    let [console, history] =
        Layout::vertical([Constraint::Length(9), Constraint::Min(3)]).areas(panel);
    boxed(f, console_lines(d), " console ", console);
    let rows = history.height.saturating_sub(2) as usize;
    boxed(f, history_lines(d, rows), " history ", history);
    let [btube, atube, paper] = Layout::horizontal([
        Constraint::Length(33),
        Constraint::Length(62),
        Constraint::Min(10),
    ])
    .areas(middle);
    boxed(f, b_lines(m), " B-lines ", btube);
    boxed(f, small_tube_lines(m), " C, PI, A (L, M), D ", atube);
    let (rows, cols) = (
        paper.height.saturating_sub(2),
        paper.width.saturating_sub(2),
    );
    boxed(
        f,
        paper_lines(m, rows as usize, cols as usize),
        " teleprinter ",
        paper,
    );
    let [log, cmd] = Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(bottom);
    f.render_widget(
        Paragraph::new(d.log.back().cloned().unwrap_or_default()),
        log,
    );
    let prompt = match &d.input {
        Some(s) => Line::from(vec![Span::raw(format!(":{s}")), Span::styled("█", bright())]),
        None => Line::from(Span::styled(
            "? help  s step  r run/stop  1 2 3 real/slow/full  b break  [ ] { } pages  a KAC  : command  q quit",
            dim(),
        )),
    };
    f.render_widget(Paragraph::new(prompt), cmd);
    if let (Some(out), false) = (&d.output, d.help) {
        overlay(f, &out[1..], &format!(" {} (any key closes) ", out[0]));
    }
    if d.help {
        let area = f.area();
        let w = 100.min(area.width);
        let h = (HELP.lines().count() as u16 + 2).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        f.render_widget(Clear, r);
        f.render_widget(
            Paragraph::new(HELP)
                .wrap(Wrap { trim: false })
                .block(Block::bordered().title(" help (? or Esc to close) ")),
            r,
        );
    }
}

/// `lines` in a box over the middle of the console, titled `title`: as many as fit, the
/// last row saying how many more there are.
fn overlay(f: &mut Frame, lines: &[String], title: &str) {
    let area = f.area();
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let w = (widest.max(title.chars().count()) as u16 + 2).min(area.width);
    let rows = area.height.saturating_sub(4).max(1) as usize;
    let mut shown: Vec<Line> = Vec::new();
    if lines.len() <= rows {
        shown.extend(lines.iter().map(|l| Line::from(l.clone())));
    } else {
        let keep = rows.saturating_sub(1);
        shown.extend(lines[..keep].iter().map(|l| Line::from(l.clone())));
        shown.push(Line::from(format!(
            "… and {} more lines (a shorter range shows them)",
            lines.len() - keep
        )));
    }
    let h = (shown.len() as u16 + 2).min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(shown).block(Block::bordered().title(title.to_string())),
        r,
    );
}

/// The text of a buffer, one line per row, trailing spaces trimmed.
pub fn buffer_text(b: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..b.area.height {
        let mut line = String::new();
        for x in 0..b.area.width {
            if let Some(c) = b.cell((b.area.x + x, b.area.y + y)) {
                line.push_str(c.symbol());
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The console drawn on a `width` × `height` test backend, as text.
pub fn screen_text(d: &Debugger, width: u16, height: u16) -> String {
    let mut t = match Terminal::new(TestBackend::new(width, height)) {
        Ok(t) => t,
        Err(e) => match e {},
    };
    if t.draw(|f| draw(f, d)).is_err() {
        return String::new();
    }
    buffer_text(t.backend().buffer())
}

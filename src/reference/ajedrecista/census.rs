//! Every position the machine can meet from a legal start, and the longest game the
//! visitor can force: the project's own answer to the sources' figures ("within 63
//! moves", "under 50 against any defence", "about 61 moves from a6").

use super::{decide, square_name, Decision, Position, Readings, Square, Status};
use crate::reference::krk;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Where a visitor's legal move from `after` (the machine's reply made) leads: the next
/// position with the machine to move, or `None` when it takes the rook.
fn replies(after: &Position) -> Vec<(Square, Option<Position>)> {
    after
        .visitor_moves()
        .into_iter()
        .map(|to| {
            if Some(to) == after.rook {
                (to, None)
            } else {
                let mut next = *after;
                next.black_king = to;
                next.machine_to_move = true;
                (to, Some(next))
            }
        })
        .collect()
}

/// The starts: the machine to move (`machine_first`), or each start's legal visitor
/// moves when the visitor moves first (a start itself then is not a position the machine
/// meets).
fn first_positions(readings: &Readings, machine_first: bool) -> Vec<Position> {
    let mut v = Vec::new();
    for p in Position::starts_with(readings.rook) {
        if machine_first {
            v.push(p);
        } else {
            let mut q = p;
            q.machine_to_move = false;
            v.extend(replies(&q).into_iter().filter_map(|(_, n)| n));
        }
    }
    v.sort();
    v.dedup();
    v
}

/// Every position with the machine to move that can arise from a legal start (the
/// machine first, or the visitor first) when the visitor plays only legal moves, in
/// order (the machine's king, rook, visitor's king).
pub fn reachable(readings: &Readings, machine_first: bool) -> Vec<Position> {
    let mut seen: HashSet<Position> = HashSet::new();
    let mut todo = first_positions(readings, machine_first);
    seen.extend(todo.iter().copied());
    while let Some(p) = todo.pop() {
        if let Decision::Move(r) = decide(&p, readings.rows) {
            if matches!(r.status, Status::Quiet | Status::Check) {
                for (_, n) in replies(&r.after) {
                    if let Some(n) = n {
                        if seen.insert(n) {
                            todo.push(n);
                        }
                    }
                }
            }
        }
    }
    let mut v: Vec<Position> = seen.into_iter().collect();
    v.sort();
    v
}

/// The counts of `mark1 ref ajedrecista census`.
#[derive(Clone, Debug, Serialize)]
pub struct Census {
    /// The readings, in words.
    pub readings: String,
    /// `machine` or `human` (the visitor): who moves first from the start.
    pub first: &'static str,
    /// Legal starts (the black king's squares).
    pub starts: usize,
    /// Positions with the machine to move reachable from them.
    pub positions: usize,
    /// Positions by the table's row that answers them, `"1"`–`"6"`.
    pub cases: BTreeMap<String, usize>,
    /// Positions where the machine gives check (mate included).
    pub checks: usize,
    /// Positions where the machine mates.
    pub mates: usize,
    /// Positions where the machine stalemates.
    pub stalemates: usize,
    /// Positions after whose reply the visitor's king can take the rook.
    pub rooks_lost: usize,
    /// Positions where the machine stops (no row, or a move its mechanism cannot make).
    pub stops: usize,
    /// Positions that can come twice in one game (on a cycle of the game graph).
    pub repeated: usize,
    /// Whether every game from every start ends in mate, whatever the visitor plays.
    pub always_mates: bool,
}

/// The census: every reachable position ([`reachable`]) answered by the table, counted by
/// row and by what follows.
pub fn census(readings: &Readings, machine_first: bool) -> Census {
    // The search for the longest games meets every reachable position once: the census
    // counts what it met.
    let graph = Graph::solve(readings, machine_first);
    let all: Vec<&Position> = graph.value.keys().collect();
    let mut c = Census {
        readings: readings.words(),
        first: if machine_first { "machine" } else { "human" },
        starts: Position::starts_with(readings.rook).len(),
        positions: all.len(),
        cases: (1..=6).map(|k| (k.to_string(), 0)).collect(),
        checks: 0,
        mates: 0,
        stalemates: 0,
        rooks_lost: 0,
        stops: 0,
        repeated: 0,
        always_mates: false,
    };
    for p in all {
        match decide(p, readings.rows) {
            Decision::Move(r) => {
                *c.cases.entry(r.order.case.to_string()).or_default() += 1;
                match r.status {
                    Status::Mate => {
                        c.mates += 1;
                        c.checks += 1;
                    }
                    Status::Check => c.checks += 1,
                    Status::Stalemate => c.stalemates += 1,
                    Status::Quiet => {}
                }
                if replies(&r.after).iter().any(|(_, n)| n.is_none()) {
                    c.rooks_lost += 1;
                }
            }
            Decision::Cannot(..) | Decision::NoCase => c.stops += 1,
        }
    }
    c.repeated = graph.cycle.len();
    c.always_mates = graph.starts.iter().all(|(_, v)| v.is_some());
    c
}

/// The longest games: the machine's moves to mate from each start when the visitor
/// delays it as long as it can (`None`: the visitor can avoid mate).
struct Graph {
    /// Machine moves to mate from each machine-to-move position, under the visitor's
    /// longest defence.
    value: HashMap<Position, Option<u32>>,
    /// Positions found on a cycle.
    cycle: HashSet<Position>,
    /// Each start (machine to move, or the visitor to move when the visitor is first)
    /// and its value.
    starts: Vec<(Position, Option<u32>)>,
    readings: Readings,
}

/// A frame of the search: the position, its children (`None` taking the rook), the next
/// child to try, the value so far.
type Frame = (Position, Vec<Option<Position>>, usize, Option<u32>);

impl Graph {
    /// The value of every reachable position, by a depth-first search without recursion
    /// (a cycle, or an end other than mate, is `None`: no mate can be forced).
    fn solve(readings: &Readings, machine_first: bool) -> Graph {
        let mut g = Graph {
            value: HashMap::new(),
            cycle: HashSet::new(),
            starts: Vec::new(),
            readings: *readings,
        };
        let mut on_stack: HashSet<Position> = HashSet::new();
        for root in first_positions(readings, machine_first) {
            // Frames: the position, its children, the next child, the best so far.
            let mut stack: Vec<Frame> = Vec::new();
            if g.value.contains_key(&root) {
                continue;
            }
            g.push(&mut stack, &mut on_stack, root);
            while let Some(top) = stack.last_mut() {
                if top.2 < top.1.len() {
                    let child = top.1[top.2];
                    top.2 += 1;
                    match child {
                        None => top.3 = None,
                        Some(c) => {
                            if on_stack.contains(&c) {
                                // A cycle: every position from `c` up the stack is on it.
                                let from = stack.iter().position(|f| f.0 == c).unwrap_or(0);
                                let ring: Vec<Position> =
                                    stack[from..].iter().map(|f| f.0).collect();
                                g.cycle.extend(ring);
                                if let Some(t) = stack.last_mut() {
                                    t.3 = None;
                                }
                            } else if let Some(v) = g.value.get(&c) {
                                let v = *v;
                                if let Some(t) = stack.last_mut() {
                                    t.3 = match (t.3, v) {
                                        (Some(a), Some(b)) => Some(a.max(b + 1)),
                                        _ => None,
                                    };
                                }
                            } else {
                                g.push(&mut stack, &mut on_stack, c);
                            }
                        }
                    }
                } else if let Some((p, _, _, v)) = stack.pop() {
                    on_stack.remove(&p);
                    g.value.insert(p, v);
                    if let Some(t) = stack.last_mut() {
                        t.3 = match (t.3, v) {
                            (Some(a), Some(b)) => Some(a.max(b + 1)),
                            _ => None,
                        };
                    }
                }
            }
        }
        for s in Position::starts_with(readings.rook) {
            let v = if machine_first {
                g.value.get(&s).copied().flatten()
            } else {
                let mut q = s;
                q.machine_to_move = false;
                replies(&q)
                    .into_iter()
                    .map(|(_, n)| n.and_then(|n| g.value.get(&n).copied().flatten()))
                    .try_fold(0, |m, v| v.map(|v| m.max(v)))
            };
            g.starts.push((s, v));
        }
        g
    }

    /// Opens a frame for `p`: its children are the positions after the machine's reply
    /// and each legal visitor move (`None` taking the rook). A mate is worth one machine
    /// move, a stalemate or a stop no mate.
    fn push(&self, stack: &mut Vec<Frame>, on_stack: &mut HashSet<Position>, p: Position) {
        on_stack.insert(p);
        let (children, v) = match decide(&p, self.readings.rows) {
            Decision::Move(r) => match r.status {
                Status::Mate => (Vec::new(), Some(1)),
                Status::Stalemate => (Vec::new(), None),
                _ => (
                    replies(&r.after).into_iter().map(|(_, n)| n).collect(),
                    Some(1),
                ),
            },
            _ => (Vec::new(), None),
        };
        stack.push((p, children, 0, v));
    }
}

/// One start's longest game.
#[derive(Clone, Debug, Serialize)]
pub struct LongestStart {
    /// The black king's start square.
    pub square: String,
    /// The machine's moves to mate against the longest defence (`null`: no mate forced).
    pub moves: Option<u32>,
    /// Perfect play's moves to mate from the same start, the same side to move: White's
    /// moves with best play on both sides, from the retrograde table of
    /// [`crate::reference::krk`] (`null`: not a won chess position).
    pub perfect: Option<u32>,
    /// Of the machine's moves in [`Longest::line`], how many kept to the perfect count
    /// (each took the table's distance to mate down by one, as a best move does).
    pub optimal_moves: u32,
}

/// The answer of `mark1 ref ajedrecista longest`.
#[derive(Clone, Debug, Serialize)]
pub struct Longest {
    /// The readings, in words.
    pub readings: String,
    /// `machine` or `human` (the visitor): who moves first.
    pub first: &'static str,
    /// Start square → the machine's moves to mate against the longest defence.
    pub longest: BTreeMap<String, Option<u32>>,
    /// Start square → perfect play's moves to mate from the same start (White's moves
    /// with best play on both sides, the KRK table of [`crate::reference::krk`]; `null`
    /// where the start is not a won chess position).
    pub perfect: BTreeMap<String, Option<u32>>,
    /// The start with the longest game of all (or the one asked for) and its value.
    pub from: LongestStart,
    /// That game, in SAN with move numbers; the visitor's choices the first of the
    /// longest in square order.
    pub line: String,
}

/// The longest game the visitor can force from each start, and the line from `from` (or
/// from the start with the longest game, the first in square order on a tie).
pub fn longest(readings: &Readings, machine_first: bool, from: Option<Square>) -> Longest {
    let g = Graph::solve(readings, machine_first);
    let longest = g
        .starts
        .iter()
        .map(|(s, v)| (square_name(s.black_king), *v))
        .collect();
    let perfect = g
        .starts
        .iter()
        .map(|(s, _)| {
            let mut p = *s;
            p.machine_to_move = machine_first;
            (square_name(s.black_king), perfect_distance(&p))
        })
        .collect();
    let pick = match from {
        Some(sq) => g.starts.iter().find(|(s, _)| s.black_king == sq).copied(),
        None => g
            .starts
            .iter()
            .copied()
            .reduce(|a, b| if b.1 > a.1 { b } else { a }),
    };
    let (start, moves) = pick.unwrap_or((
        Position::starts_with(readings.rook)
            .first()
            .copied()
            .unwrap_or(Position {
                white_king: super::START_KING,
                rook: Some(readings.rook.square()),
                black_king: 0,
                machine_to_move: true,
            }),
        None,
    ));
    let (line, optimal_moves) = g.line(start, machine_first);
    let mut first = start;
    first.machine_to_move = machine_first;
    Longest {
        readings: readings.words(),
        first: if machine_first { "machine" } else { "human" },
        longest,
        perfect,
        from: LongestStart {
            square: square_name(start.black_king),
            moves,
            perfect: perfect_distance(&first),
            optimal_moves,
        },
        line,
    }
}

/// The machine's position as a chess position of king and rook against king (`None`
/// once the rook is taken).
fn as_chess(p: &Position) -> Option<krk::Position> {
    Some(krk::Position {
        white_king: p.white_king,
        rook: p.rook?,
        black_king: p.black_king,
        white_to_move: p.machine_to_move,
    })
}

/// Perfect play's distance to mate in White's moves from `p` (the retrograde table), or
/// `None` when `p` is not a won chess position.
fn perfect_distance(p: &Position) -> Option<u32> {
    let q = as_chess(p)?;
    krk::table().value(&q).distance().map(u32::from)
}

impl Graph {
    /// The game from `start` with the visitor choosing the longest defence each time (at
    /// most 400 plies), in SAN with move numbers; and how many of the machine's moves in it
    /// took perfect play's distance to mate down by one.
    fn line(&self, start: Position, machine_first: bool) -> (String, u32) {
        let better = |n: &Option<Position>| -> (bool, u32) {
            match n.and_then(|n| self.value.get(&n).copied()) {
                Some(Some(v)) => (false, v),
                _ => (true, 0),
            }
        };
        let mut words = Vec::new();
        let mut optimal = 0;
        let mut p = start;
        let mut number = 1;
        if !machine_first {
            p.machine_to_move = false;
            words.push("1...".to_string());
            number = 2;
        }
        for _ in 0..400 {
            if p.machine_to_move {
                match decide(&p, self.readings.rows) {
                    Decision::Move(r) => {
                        words.push(format!("{number}. {}", r.san()));
                        number += 1;
                        let before = perfect_distance(&p);
                        let after = as_chess(&r.after)
                            .map(|q| krk::table().value(&q))
                            .and_then(|v| v.distance().map(u32::from));
                        if before.is_some() && after.map(|a| a + 1) == before {
                            optimal += 1;
                        }
                        if matches!(r.status, Status::Mate | Status::Stalemate) {
                            break;
                        }
                        p = r.after;
                    }
                    Decision::Cannot(o, b) => {
                        words.push(format!("({})", super::End::Cannot(o, b).words()));
                        break;
                    }
                    Decision::NoCase => {
                        words.push(format!("({})", super::End::NoCase.words()));
                        break;
                    }
                }
            } else {
                let options = replies(&p);
                // The longest defence: no mate first, then the most machine moves.
                let Some((to, next)) =
                    options
                        .iter()
                        .copied()
                        .reduce(|a, b| if better(&b.1) > better(&a.1) { b } else { a })
                else {
                    break;
                };
                let took = next.is_none();
                words.push(format!(
                    "K{}{}",
                    if took { "x" } else { "" },
                    square_name(to)
                ));
                match next {
                    Some(n) => p = n,
                    None => break,
                }
            }
        }
        (words.join(" "), optimal)
    }
}

//! docs/machine.md's order table against the code: every function number of
//! `machine::code::ORDERS` has one row there, whose operand (S, s or none) is what the
//! machine does when it obeys the order, whose beats are the row's beat class in Prinz's
//! rule (and what the machine charges), and whose example assembles to that function.
//! So the programmer's table cannot drift from the emulator.

use mark1::asm::{assemble_str, NoIncludes};
use mark1::machine::code::{instruction, BeatClass, Unit, ORDERS};
use mark1::machine::{Config, Machine};

/// One row of the doc's order table.
struct Row {
    f: usize,
    code: String,
    operand: String,
    beats: String,
    example: String,
}

/// The rows of the tables under "## The order code" (up to the next `## `): every table
/// line whose first cell is a function number.
fn doc_rows() -> Vec<Row> {
    let doc = std::fs::read_to_string("docs/machine.md").expect("docs/machine.md");
    let start = doc
        .find("\n## The order code")
        .expect("docs/machine.md has a section `## The order code`");
    let section = &doc[start + 1..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    let mut rows = Vec::new();
    for line in section[..end].lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| f | code | operand | store | A | D | B | C | beats | example | source |`
        if cells.len() < 12 || !line.starts_with('|') {
            continue;
        }
        let Ok(f) = cells[1].parse::<usize>() else {
            continue;
        };
        rows.push(Row {
            f,
            code: cells[2].trim_matches('`').to_string(),
            operand: cells[3].to_string(),
            beats: cells[9].to_string(),
            example: cells[10].to_string(),
        });
    }
    rows
}

/// The operand the machine uses, found by obeying function `f` at line 1 on address
/// `S_AT` with everything else fixed, once as it is and once with each of lines
/// `S_AT - 1`, `S_AT`, `S_AT + 1` changed: `S` if line `S_AT + 1` is read (it changes
/// what the order does) or written, `s` if only line `S_AT` or the line before it
/// (`T@`), `none` if neither.
fn operand_obeyed(f: u32) -> &'static str {
    const S_AT: u32 = 100; // page 1, line 36: away from line 0 of a page
    let others = [0x6_789A, 0xA_BCDE, 0x3_0F0F];
    let base = |changed: Option<(u32, u32)>| {
        let mut m = Machine::new(Config::default());
        for a in 0..512u32 {
            // Every line non-zero and different, the operand lines among them.
            m.store
                .write(a, (a.wrapping_mul(0x9E37) ^ 0x1_2345) & 0xF_FFFF | 1);
        }
        if let Some((line, value)) = changed {
            m.store.write(line, value);
        }
        m.store.write(1, instruction(S_AT, 0, f));
        // A ≥ 0 and the B-sign clear, so that every conditional jump is taken; B0 = 0
        // (the address is not modified); H a magnetic read of track 3 into page 2.
        m.a = (0x0B_CDEF_0123u128 << 40) | 0x04_5678_9ABC;
        m.d = 0x12_3456_789A;
        m.b_sign = false;
        m.set_hand_switches(3 | (2 << 16));
        m.c = 0;
        let before = (m.store.read(S_AT), m.store.read(S_AT + 1));
        let _ = m.step();
        (m, before)
    };
    // What an order leaves, but for line `skip` (the line changed to see if it is read).
    let state = |m: &Machine, skip: u32| {
        let store: Vec<u32> = (0..512u32)
            .filter(|&a| a != skip)
            .map(|a| m.store.read(a))
            .collect();
        (
            m.a,
            m.d,
            m.b,
            m.b_sign,
            m.c,
            store,
            m.drum.words().to_vec(),
            m.printer_text().to_string(),
            m.beats(),
        )
    };
    let (m0, before) = base(None);
    let reads = |line: u32| {
        others.iter().any(|&v| {
            let (m1, _) = base(Some((line, v)));
            state(&m1, line) != state(&m0, line)
        })
    };
    let writes_s = m0.store.read(S_AT) != before.0;
    let writes_next = m0.store.read(S_AT + 1) != before.1;
    if writes_next || reads(S_AT + 1) {
        "S"
    } else if writes_s || reads(S_AT) || reads(S_AT - 1) {
        "s"
    } else {
        "none"
    }
}

/// The beats of a row of the code's table in Prinz's rule, as the doc writes them.
fn beats_of(class: BeatClass) -> String {
    match class {
        BeatClass::Transfer => "transfer".to_string(),
        c => c.prinz_beats().to_string(),
    }
}

/// Every function has one row in docs/machine.md with its code, the operand the machine
/// uses and the beats of the code's table (which the machine charges); unassigned
/// functions are said to be unassigned.
#[test]
fn every_function_has_a_row_that_agrees_with_the_machine() {
    let rows = doc_rows();
    let mut wrong = Vec::new();
    for (f, order) in ORDERS.iter().enumerate() {
        let found: Vec<&Row> = rows.iter().filter(|r| r.f == f).collect();
        let [row] = found.as_slice() else {
            wrong.push(format!(
                "f {f} `{}`: {} rows in docs/machine.md, not one",
                order.code,
                found.len()
            ));
            continue;
        };
        if row.code != order.code {
            wrong.push(format!(
                "f {f}: the doc says `{}`, the code `{}`",
                row.code, order.code
            ));
        }
        let operand = operand_obeyed(f as u32);
        if row.operand != operand {
            wrong.push(format!(
                "f {f} `{}`: the doc's operand is {}, the machine's {operand}",
                order.code, row.operand
            ));
        }
        let beats = beats_of(order.beats);
        if row.beats != beats {
            wrong.push(format!(
                "f {f} `{}`: the doc says {} beats, the code {beats}",
                order.code, row.beats
            ));
        }
        let unassigned = matches!(order.unit, Unit::Unassigned);
        if unassigned != (row.example == "unassigned") {
            wrong.push(format!(
                "f {f} `{}`: unassigned in the code: {unassigned}; the doc's example: {}",
                order.code, row.example
            ));
        }
    }
    if rows.len() != 64 {
        wrong.push(format!("{} rows, not 64", rows.len()));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The machine charges the beats the doc gives (the orders that are not transfers).
#[test]
fn the_machine_charges_the_documented_beats() {
    for row in doc_rows() {
        let Ok(beats) = row.beats.parse::<u64>() else {
            assert_eq!(row.beats, "transfer", "f {}", row.f);
            continue;
        };
        let mut m = Machine::new(Config::default());
        m.store.write(1, instruction(100, 0, row.f as u32));
        m.store.write(100, 7); // a jump's target: line 8
        m.c = 0;
        assert_eq!(m.step(), None, "f {}", row.f);
        assert_eq!(m.beats(), beats, "f {} `{}`", row.f, row.code);
    }
}

/// Each row's example, in the assembler's syntax with the names the doc lists, assembles
/// to an order of that row's function.
#[test]
fn every_example_assembles_to_its_function() {
    let names = "x = 64\ny = 66\nk35 = 68\nmask = 70\nn = 72\none = 73\nfour = 74\n\
                 minus1 = 75\nlist = 76\nsave = 77\nj_loop = 78\nj_pos = 79\nout = 80\n";
    let mut checked = 0;
    for row in doc_rows() {
        if row.example == "unassigned" {
            continue;
        }
        let example = row.example.trim_matches('`');
        let text = format!("{names}        .org 1\n        {example}\n");
        let asm = assemble_str("example.m1", &text, &NoIncludes)
            .unwrap_or_else(|e| panic!("f {} example `{example}`: {e}", row.f));
        let w = asm.image.store[1];
        assert_eq!(
            (w >> 14) & 63,
            row.f as u32,
            "f {} `{}`: example `{example}` assembles to {w:#x}",
            row.f,
            row.code
        );
        checked += 1;
    }
    assert_eq!(checked, 52, "52 assigned functions with an example");
}

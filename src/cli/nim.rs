//! `mark1 nim`: the nim programme of Faster than Thought on the emulated machine: one
//! move (`--think`) and the comparison with the reference (`--check N`). The flags are
//! wired to [`mark1::games::nim`]; the work and the words are there.

use anyhow::{bail, Result};
use mark1::games::nim as g;
use mark1::reference::nim::{self as rn, Rule};

/// The arguments of `mark1 nim`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("mode").args(["think", "check"]).required(true)))]
pub struct NimArgs {
    /// The heaps, matches in each from heap A on, e.g. 7,4,5,2 (2 to 8 heaps of 0-31);
    /// 3,4,5 by default (1,3,5,7 with --nimrod).
    #[arg(long)]
    heaps: Option<String>,
    /// k: the most heaps one move may alter (1 to N-1; FtT's "multiple game").
    #[arg(long, default_value_t = 1)]
    k: usize,
    /// misere (taking the last match loses, FtT's default) or normal (it wins).
    #[arg(long, default_value = "misere")]
    rule: String,
    /// Nimrod's limits (1951): four heaps of at most seven matches, k = 1 (the heaps
    /// default to 1,3,5,7).
    #[arg(long)]
    nimrod: bool,
    /// One move of the programme on the heaps.
    #[arg(long)]
    think: bool,
    /// Compare the programme with the reference on N random positions (all k, both
    /// rules); the last line is `N positions, D differences`.
    #[arg(long)]
    check: Option<usize>,
    /// Seed of the position generator and of the /W generator.
    #[arg(long, default_value_t = 1951)]
    seed: u64,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

/// The heaps and k, with Nimrod's limits if asked for.
fn position(a: &NimArgs) -> Result<(Vec<u8>, usize)> {
    if a.nimrod {
        let text = a.heaps.as_deref().unwrap_or("1,3,5,7");
        let heaps = rn::parse_heaps(text)?;
        if heaps.len() != rn::NIMROD_HEAPS || heaps.iter().any(|&h| h > rn::NIMROD_MATCHES) {
            bail!("Nimrod plays four heaps of at most seven matches; {text} is not one");
        }
        if a.k != 1 {
            bail!("Nimrod plays k = 1 (one heap a move)");
        }
        return Ok((heaps, 1));
    }
    let heaps = rn::parse_heaps(a.heaps.as_deref().unwrap_or("3,4,5"))?;
    rn::validate(&heaps, a.k)?;
    Ok((heaps, a.k))
}

/// Runs `mark1 nim`.
pub fn run(a: NimArgs) -> Result<()> {
    if let Some(n) = a.check {
        let r = g::check(n, a.seed)?;
        if a.json {
            println!(
                "{}",
                serde_json::json!({"positions": r.positions, "differences": r.count,
                    "random": r.random, "beats": r.beats})
            );
        } else {
            print!("{}", r.text());
        }
        if r.count > 0 {
            bail!("{} differences from the reference", r.count);
        }
        return Ok(());
    }
    let rule: Rule = a.rule.parse()?;
    let (heaps, k) = position(&a)?;
    let t = g::think(&heaps, k, rule, a.seed)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&t.json())?);
    } else {
        print!("{}", t.text());
    }
    Ok(())
}

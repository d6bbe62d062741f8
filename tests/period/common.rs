//! The period-software folder of the period tests (`MARK1_PERIOD_SOFTWARE`).

use std::path::PathBuf;

/// The period-software folder named by `MARK1_PERIOD_SOFTWARE`. The tests that call this
/// are `#[ignore]`d when the variable was not set at build time (build.rs), so they never
/// pass without having run; with it set and the folder wrong they fail.
pub fn period_dir() -> PathBuf {
    let d = std::env::var("MARK1_PERIOD_SOFTWARE")
        .expect("MARK1_PERIOD_SOFTWARE is not set: set it to ../shared/reference/period-software");
    let p = PathBuf::from(d);
    assert!(
        p.join("counts.tsv").is_file(),
        "MARK1_PERIOD_SOFTWARE={} is set but holds no counts.tsv",
        p.display()
    );
    p
}

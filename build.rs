//! Build script: tells the test suite what it can run here.
//! - Whether the period-software conformance folder was named (`MARK1_PERIOD_SOFTWARE`).
//!   Without it the conformance tests are compiled as `#[ignore]`d, so that cargo's
//!   summary counts them as ignored rather than passed; `.ci/run` sets
//!   the variable, so CI runs them all.
//! - Whether Chromium and its WebDriver are installed (Debian's chromium and
//!   chromium-driver, which `.ci/run` installs): without them the web console's browser
//!   tests (tests/frontends/web_browser.rs) are `#[ignore]`d, never passed.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=MARK1_PERIOD_SOFTWARE");
    println!("cargo:rerun-if-env-changed=PATH");
    println!("cargo:rustc-check-cfg=cfg(period_software)");
    println!("cargo:rustc-check-cfg=cfg(browser)");
    if std::env::var_os("MARK1_PERIOD_SOFTWARE").is_some_and(|v| !v.is_empty()) {
        println!("cargo:rustc-cfg=period_software");
    }
    let found = |names: &[&str]| {
        std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|d| names.iter().any(|n| d.join(n).is_file()))
        })
    };
    if found(&["chromedriver"]) && found(&["chromium", "chromium-browser", "google-chrome"]) {
        println!("cargo:rustc-cfg=browser");
    }
}

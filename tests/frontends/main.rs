//! The front ends' tests: the command line (`mark1 run`, files, limits, a new user's first
//! steps), the console (library, devices, parser, in a pseudo-terminal), the TUI debugger
//! (frames, sound, in a pseudo-terminal) and the web console (server, security, load,
//! properties, and headless Chromium where build.rs finds it). One of the suite's six
//! test binaries (`tests/*/main.rs`): `cargo test --test frontends web_load::` runs one
//! module.

mod cli_console;
mod cli_files;
mod cli_limits;
mod cli_run;
mod common;
mod console_devices;
mod console_props;
mod console_pty;
mod console_session;
mod guide_program;
mod labels;
mod new_user;
mod run_diagnostics;
mod tui_cli;
mod tui_frames;
mod tui_pty;
mod web_browser;
mod web_kiosk;
mod web_load;
mod web_period;
mod web_persist;
mod web_props;
mod web_security;
mod web_server;
mod web_speed;

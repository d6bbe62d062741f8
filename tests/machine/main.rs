//! The machine's tests: its orders and Prinz's code on it, the fast core against the
//! reference core, random machines, the store formats (tapes, drum images) and the
//! profiler. One of the suite's six test binaries (`tests/*/main.rs`), a module per file:
//! `cargo test --test machine core_differential::` runs one.

mod common;
mod core_differential;
mod formats_props;
mod machine_orders;
mod machine_prinz;
mod machine_props;
mod order_table;
mod profile;

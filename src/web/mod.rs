//! The web console (`mark1 serve`): the Mark 1 in a browser, each tab with its own machine
//! (docs/web.md). [`protocol`] reads the page's messages, [`session`] is one tab's machine,
//! [`server`] the HTTP server and its sockets, [`scheduler`] the thread that runs the
//! machines, [`period`] the period programs offered with `--period-software`.

pub mod cards;
pub mod period;
pub mod persist;
pub mod protocol;
pub mod scheduler;
pub mod server;
pub mod session;

//! The web console's message parser and sessions under any input: a message is read or
//! refused with a reason, and a session obeys any sequence of valid messages without a
//! panic (docs/web.md).

use mark1::web::protocol::parse;
use mark1::web::session::{built_in, WebSession};
use proptest::prelude::*;

fn message() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,80}",
        (0u32..40, any::<bool>())
            .prop_map(|(b, on)| format!(r#"{{"op":"switch","bit":{b},"on":{on}}}"#)),
        (0u32..12, 0u32..12)
            .prop_map(|(l, r)| format!(r#"{{"op":"pages","left":{l},"right":{r}}}"#)),
        prop::sample::select(vec![
            r#"{"op":"run"}"#.to_string(),
            r#"{"op":"stop"}"#.to_string(),
            r#"{"op":"step"}"#.to_string(),
            r#"{"op":"kec"}"#.to_string(),
            r#"{"op":"kcc"}"#.to_string(),
            r#"{"op":"kac","held":true}"#.to_string(),
            r#"{"op":"kac","held":false}"#.to_string(),
            r#"{"op":"speed","value":"fast"}"#.to_string(),
            r#"{"op":"stop_switch","which":"L","on":true}"#.to_string(),
            r#"{"op":"load","program":"hoot"}"#.to_string(),
            r#"{"op":"draughts","first":"human"}"#.to_string(),
            r#"{"op":"draughts_move","squares":[11,15]}"#.to_string(),
            r#"{"op":"draughts_move","squares":[1,40]}"#.to_string(),
            r#"{"op":"prinz","fen":"5Kbk/6pp/6P1/8/8/8/8/7R w - - 0 1"}"#.to_string(),
        ]),
        ".{0,200}".prop_map(|d| format!(
            r#"{{"op":"upload","kind":"asm","name":"u.m1","data":{}}}"#,
            serde_json::Value::String(d)
        )),
        ".{0,200}".prop_map(|d| format!(
            r#"{{"op":"upload","kind":"tape","name":"t.pt","data":{}}}"#,
            serde_json::Value::String(d)
        )),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_messages_then_frames(msgs in prop::collection::vec(message(), 1..20)) {
        let mut s = WebSession::new(built_in());
        for m in msgs {
            match parse(&m) {
                Ok(msg) => {
                    for n in s.handle(msg) {
                        prop_assert!(!n.message.is_empty());
                    }
                }
                Err(e) => prop_assert!(e.starts_with("message refused")),
            }
            let _ = s.tick();
        }
    }
}

//! The plan-file reader on arbitrary bytes: it must never panic, both of its
//! paths (the fast one for todo's own layout and the general one) must read
//! the same plan, and whatever it reads must come back unchanged through
//! `render`. Errors must carry a position inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use todo::plan::json;

fuzz_target!(|data: &[u8]| {
    let text = match json::utf8(data) {
        Ok(text) => text,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            return;
        }
    };
    match json::parse_layout(text) {
        Ok((plan, _)) => {
            let written = json::render(&plan);
            let again = json::parse_layout(&written).map(|(p, ours)| (p, ours));
            // todo's own layout is read by the fast path, to the same plan.
            assert_eq!(again, Ok((plan, true)), "{written}");
        }
        Err(e) => {
            let lines = text.split('\n').count();
            assert!(e.line <= lines, "{e} beyond {lines} lines");
            if let Some(line) = text.split('\n').nth(e.line.saturating_sub(1)) {
                assert!(e.column <= line.chars().count() + 1, "{e} beyond {line:?}");
            }
        }
    }
    let _ = json::parse_phases(text);
});

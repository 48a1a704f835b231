//! The plan-file reader on arbitrary bytes: it must never panic, and
//! whatever it reads must come back unchanged through `render`. Errors
//! must carry a position inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use todo::fuzzing::json;

fuzz_target!(|data: &[u8]| {
    let text = match json::utf8(data) {
        Ok(text) => text,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            return;
        }
    };
    match json::parse(text) {
        Ok(plan) => {
            let written = json::render(&plan);
            assert_eq!(json::parse(&written), Ok(plan), "{written}");
        }
        Err(e) => {
            let lines = text.split('\n').count();
            assert!(e.line <= lines, "{e} beyond {lines} lines");
            if let Some(line) = text.split('\n').nth(e.line.saturating_sub(1)) {
                assert!(e.column <= line.chars().count() + 1, "{e} beyond {line:?}");
            }
        }
    }
    let _ = todo::fuzzing::import::phases(text);
});

//! `parse` on arbitrary input: it must never panic, and whatever it reads
//! must come back unchanged through `render` and `render_gfm`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use todo::fuzzing::{parse, render, render_gfm};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let strict = parse(&text, false);
    let lenient = parse(&text, true);
    if strict.is_ok() {
        assert_eq!(strict, lenient, "strict and lenient disagree");
    }
    if let Ok(phases) = lenient {
        assert_eq!(parse(&render(&phases), false).as_ref(), Ok(&phases));
        assert_eq!(parse(&render_gfm(&phases), false).as_ref(), Ok(&phases));
    }
});

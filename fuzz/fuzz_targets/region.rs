//! `export --into` splicing on arbitrary documents: it must never panic; a
//! splice that succeeds must hold exactly the body written (read back by
//! `extract`), keep the document when appending, be stable when repeated,
//! and never leave two regions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use todo::fuzzing::{RegionError, extract, splice};

fuzz_target!(|input: (&str, &str)| {
    let (doc, body) = input;
    // Bodies are rendered Markdown: lines ending in `\n`, no other breaks.
    let body: String = body
        .lines()
        .map(|l| format!("{}\n", l.replace('\r', " ")))
        .collect();
    let before = extract(doc);
    if let Ok(out) = splice(doc, &body) {
        assert_eq!(extract(&out).as_deref(), Ok(body.as_str()), "{out:?}");
        assert_eq!(splice(&out, &body).as_deref(), Ok(out.as_str()));
        // A region is appended after the untouched document.
        if before == Err(RegionError::Missing) {
            assert!(out.starts_with(doc), "{out:?}");
        }
    }
});

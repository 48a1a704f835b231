//! The pull-request flavour of the checklist (README.md, "Markdown"). GitHub
//! shows only `[ ]` and `[x]`, so each task line carries its exact state in
//! an HTML comment GitHub hides (written by [`push_state`]), and shows the
//! other states in words after it, which reading ignores.
//!
//! Text is written so that GitHub shows it as typed ([`encode_gfm`]) and read
//! back as GitHub shows it, so there is no raw `<!--` before the state
//! comment. Values in the comment are percent-encoded UTF-8 with only ASCII
//! letters, digits and `.` as they are, so it never holds `--`, `>`,
//! backticks or anything else that could end it early or let GitHub show it.
//! Where the box still agrees with the recorded status the recorded state
//! comes back exactly; where someone flipped it on GitHub, ticked means
//! `completed` and unticked `pending` (a §4.1 marker typed there instead
//! means its own status), with no blocker and no drop.

use super::escape::encode_gfm;
use super::state::push_state;
use crate::plan::{Status, Task};

/// A task's line, with its state comment ([`super::write_task`] adds its notes).
pub(super) fn push_task(out: &mut String, task: &Task) {
    let ticked = !task.status.is_open();
    out.push_str(if ticked { "- [x] " } else { "- [ ] " });
    let content = encode_gfm(&task.content, false);
    if task.status == Status::Abandoned {
        out.push_str(&format!("~~{content}~~"));
    } else {
        out.push_str(&content);
    }
    push_state(out, task);
    match (task.status, &task.blocker) {
        (Status::InProgress, _) => out.push_str(" (in progress)"),
        (Status::Blocked, Some(why)) => {
            out.push_str(&format!(" (blocked: {})", encode_gfm(why, false)))
        }
        (Status::Blocked, None) => out.push_str(" (blocked)"),
        (Status::Abandoned, _) => out.push_str(" (dropped)"),
        (Status::Pending | Status::Completed, _) => {}
    }
    if let Some(command) = task.check_command() {
        // The pull request shows what proved the work: the check's last
        // result as recorded (a `check --verify` run's, when export has one).
        let proof = task.proof().filter(|_| task.status == Status::Completed);
        let result = match proof {
            Some(p) if p.passed() => "passed",
            Some(p) if p.exit.is_some() => "failed",
            _ => "not run",
        };
        let command = encode_gfm(command, false);
        out.push_str(&format!(" (check {result}: {command})"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // Round trips go through the codec's public reader, not `parse.rs`.
    use crate::markdown::tests::phase;
    use crate::markdown::{parse, render_gfm};
    use crate::plan::Phase;

    fn task(content: &str, status: Status) -> Task {
        Task {
            content: content.into(),
            status,
            ..Task::default()
        }
    }

    fn sample() -> Vec<Phase> {
        let mut blocked = task("Ship it", Status::Blocked);
        blocked.blocker = Some("vendor sandbox".into());
        let mut dropped = task("Old idea", Status::Abandoned);
        dropped.dropped_by = Some("user".into());
        let mut noted = task("Wire OAuth", Status::Completed);
        noted.notes = vec!["see #12".into()];
        vec![
            phase(
                "Auth",
                vec![
                    noted,
                    task("Rotate keys", Status::InProgress),
                    blocked,
                    task("Later", Status::Pending),
                    dropped,
                    task("Nobody wants", Status::Abandoned),
                    task("Stuck", Status::Blocked),
                ],
            ),
            phase("Empty", vec![]),
        ]
    }

    #[test]
    fn renders_every_status() {
        let want = "\
### Auth
- [x] Wire OAuth <!-- todo:completed -->
  > see #12
- [ ] Rotate keys <!-- todo:in_progress --> (in progress)
- [ ] Ship it <!-- todo:blocked blocker=vendor%20sandbox --> (blocked: vendor sandbox)
- [ ] Later <!-- todo:pending -->
- [x] ~~Old idea~~ <!-- todo:abandoned dropped-by=person --> (dropped)
- [x] ~~Nobody wants~~ <!-- todo:abandoned --> (dropped)
- [ ] Stuck <!-- todo:blocked --> (blocked)

### Empty
";
        assert_eq!(render_gfm(&sample()), want);
    }

    #[test]
    fn unchanged_export_reads_back_exactly() {
        assert_eq!(parse(&render_gfm(&sample()), false), Ok(sample()));
    }

    #[test]
    fn phase_names_with_markup_are_marked_and_read_back() {
        let phases = vec![
            phase(
                "<img src=x> *bold* <Enter>",
                vec![task("a", Status::Pending)],
            ),
            phase("# _x_ #", vec![]),
            phase("Plain", vec![]),
        ];
        let text = render_gfm(&phases);
        assert_eq!(
            text,
            "\
### &lt;img src=x> \\*bold\\* &lt;Enter> <!-- todo: gfm -->
- [ ] a <!-- todo:pending -->

### # \\_x\\_ \\# <!-- todo: gfm -->

### Plain
"
        );
        assert_eq!(parse(&text, false), Ok(phases));
        // Any level, and the heading edited on GitHub, read the same way.
        let names = |text: &str| {
            parse(text, false)
                .unwrap_or_default()
                .into_iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names("# a\\* <!-- todo: gfm -->\n## a \\* b ## <!-- todo: gfm --> ##\n"),
            ["a*", "a * b ##"]
        );
        assert_eq!(
            parse("### <!-- todo: gfm -->\n", false).map_err(|e| e.to_string()),
            Err("  Line 1: empty phase heading \"### <!-- todo: gfm -->\"".to_string())
        );
    }

    #[test]
    fn flipped_boxes_mean_completed_or_pending() {
        let text = "\
- [x] Ship it <!-- todo:blocked blocker=vendor%20sandbox --> (blocked: vendor sandbox)
- [ ] ~~Old idea~~ <!-- todo:abandoned dropped-by=user --> (dropped)
- [ ] Wire <!-- todo:completed -->
- [X] Rotate <!-- todo:in_progress --> (in progress)
- [/] Again <!-- todo:completed -->
";
        // Each task as `content[marker]`, with no blocker and no drop mark.
        let phases = parse(text, false).unwrap_or_default();
        let got: Vec<_> = phases[0]
            .tasks
            .iter()
            .inspect(|t| assert!(t.blocker.is_none() && t.dropped_by.is_none(), "{t:?}"))
            .map(|t| format!("{}[{}]", t.content, t.status.marker()))
            .collect();
        let want = "Ship it[x] | Old idea[ ] | Wire[ ] | Rotate[x] | Again[/]";
        assert_eq!(got.join(" | "), want);
    }

    #[test]
    fn the_comment_wins_over_the_visible_label() {
        // The reader-facing label is decoration: an edited one changes nothing.
        let first = |text: &str| parse(text, false).unwrap_or_default()[0].tasks[0].clone();
        let t = first("- [ ] Ship <!-- todo:blocked blocker=real --> (blocked: edited) extra\n");
        let want = ("Ship", Some("real"));
        assert_eq!((t.content.as_str(), t.blocker.as_deref()), want);
        // Content edited on GitHub is kept.
        let t = first("- [x] ~~Old idea, reworded~~ <!-- todo:abandoned --> (dropped)\n");
        let want = ("Old idea, reworded", Status::Abandoned);
        assert_eq!((t.content.as_str(), t.status), want);
        // Strike-through removed by hand: the content is as it stands.
        let t = first("- [x] Plain <!-- todo:abandoned -->\n");
        assert_eq!(t.content, "Plain");
    }

    #[test]
    fn state_comment_survives_any_text() {
        let nasty = "a --> b <!-- c `d` ~~e~~ &amp; <!-- todo:end --> 🎉 % %2 -";
        let mut t = task(nasty, Status::Blocked);
        t.blocker = Some(nasty.into());
        t.dropped_by = Some("user".into());
        t.notes = vec![nasty.into()];
        let mut struck = task("~~x~~", Status::Abandoned);
        struck.notes = vec!["~~".into()];
        let phases = vec![phase(nasty, vec![t, struck, task("~", Status::Abandoned)])];
        let text = render_gfm(&phases);
        let line = text.lines().nth(1).unwrap_or_default();
        let start = line.find("<!--").unwrap_or(0);
        let end = start + line[start..].find(" -->").unwrap_or(0);
        let comment = &line[start..end];
        let payload = &comment[4..];
        assert!(
            !payload.contains("--") && !payload.contains(['>', '`', '<']),
            "{comment}"
        );
        assert_eq!(parse(&text, false), Ok(phases));
    }

    #[test]
    fn unknown_state_comments_are_not_gfm() {
        // `todo:end` is no status: an ordinary unknown comment, ignored.
        let t = &parse("- [x] a <!-- todo:end -->\n", false).unwrap_or_default()[0].tasks[0];
        assert_eq!((t.content.as_str(), t.status), ("a", Status::Completed));
        // Unknown fields are skipped; bad escapes are kept as typed.
        let text = "- [ ] a <!-- todo:blocked future=1 blocker=50%25%zz%E2 -->\n";
        let t = &parse(text, false).unwrap_or_default()[0].tasks[0];
        assert_eq!(t.blocker.as_deref(), Some("50%%zz\u{fffd}"));
        assert_eq!(
            parse("- [x] <!-- todo:completed -->\n", false).map_err(|e| e.to_string()),
            Err("  Line 1: empty task \"- [x]\"".to_string())
        );
    }
}

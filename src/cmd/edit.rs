use super::prelude::*;
use crate::editor::Draft;
use crate::history::digest;
use crate::markdown;
use crate::plan::{DEFAULT_PHASE, Phase};

/// Edit the checklist in $VISUAL or $EDITOR.
///
/// The editor command is split like a shell would (`code --wait` works)
/// but never run through one. Text that does not parse is kept in a
/// file outside the project; its path is printed.
///
/// With neither set, a person at a terminal gets `vi` (`notepad` on
/// Windows), as git does.
///
/// Example: `EDITOR=vim todo edit`
#[derive(Debug, Clone, clap::Args)]
pub struct Edit;

/// The editor of the system when neither `$VISUAL` nor `$EDITOR` is set,
/// as git falls back to one: `vi` (Unix) or `notepad` (Windows), for a
/// person at a terminal only (a script or an agent gets the error, not an
/// editor waiting for keys no one types).
fn fallback(ctx: &Context) -> Option<String> {
    let name = if cfg!(windows) { "notepad" } else { "vi" };
    (ctx.interactive && crate::platform::on_process_path(name)).then(|| name.to_string())
}

impl super::Verb for Edit {
    fn run(self, ctx: &Context) -> Outcome {
        let Some(editor) = ctx.editor.clone().or_else(|| fallback(ctx)) else {
            return Outcome::of(Err(Error::NoEditor));
        };
        let loaded = match ctx.store.load() {
            Ok(loaded) => loaded,
            Err(e) => return Outcome::of(Err(e.into())),
        };
        let started = digest(loaded.bytes.as_deref().unwrap_or_default());
        let at_rev = |result| Outcome::new(result, Some(loaded.plan.rev), None);
        let (draft, parsed) = match edited(ctx, &editor, &loaded.plan) {
            Ok(Some(saved)) => saved,
            Ok(None) => {
                let message = "Editor exited without saving; todos unchanged.";
                return at_rev(Ok(Report::new("edit", Kind::Warn, message)));
            }
            Err(e) => return at_rev(Err(e)),
        };
        let mut session = match ctx.begin() {
            Ok(session) => session,
            Err(failed) => return failed.into(),
        };
        if digest(session.bytes().unwrap_or_default()) != started {
            let kept = draft.path.display().to_string();
            return session.fail(Error::ChangedDuringEdit { kept });
        }
        if let Err(e) = replace(&mut session.tx, parsed) {
            return session.fail(e);
        }
        let plan = session.tx.plan();
        let message = format!(
            "Todos updated from editor: {} phase(s), {} task(s).",
            plan.phases.len(),
            plan.task_count()
        );
        let outcome = ctx.finish(session, Report::new("edit", Kind::Confirm, message));
        if outcome.result.is_ok() {
            draft.discard();
        }
        outcome
    }
}

/// The plan becomes what was saved; tasks that match the plan's keep their ids.
fn replace(tx: &mut Tx, parsed: markdown::Parsed) -> Result<()> {
    let phases = tx.adopt(parsed.phases, false, crate::matching::still_alike);
    tx.apply(Op::Replace { phases })?;
    let op = tx.plan().replace_aims(parsed.objectives, parsed.findings);
    tx.apply(op)?;
    Ok(())
}

const PLACEHOLDER: &str = "(replace this with your tasks)";

/// Open the plan in the editor until it parses (or the person gives up):
/// What the edit buffer says of itself, before the checklist (the
/// objectives and findings blocks must stay first and last), as git's
/// commit template does; taken out again before the text is read.
const GUIDE: &str = "<!-- todo edit: save and quit to apply; quit without saving to change nothing.
  # Phase              a heading starts a phase (its tasks follow it)
  - [ ] Task           [ ] pending  [/] in progress  [x] done  [-] dropped  [!] blocked
    > note             a quote under a task is one of its notes
  Reorder, rename, add or delete lines; ids stay with the tasks they match.
  Text that does not read as a checklist is shown, and you may reopen the editor.
  This comment is not kept. -->
";

/// `text` with the guide, wherever it still starts a line, blanked out
/// line for line (a problem's line number is still the line the person
/// sees); as it is when the person changed the guide's first line (then
/// it is read, and a problem shown).
fn without_guide(text: &str) -> std::borrow::Cow<'_, str> {
    let first = GUIDE.lines().next().unwrap_or_default();
    let Some(at) = text
        .match_indices(first)
        .map(|(at, _)| at)
        .find(|&at| at == 0 || text[..at].ends_with('\n'))
    else {
        return text.into();
    };
    let Some(len) = text[at..].find("-->").map(|end| end + 3) else {
        return text.into();
    };
    let blank = "\n".repeat(text[at..at + len].matches('\n').count());
    format!("{}{blank}{}", &text[..at], &text[at + len..]).into()
}

/// what the person saved, kept in the draft until the plan takes it, or
/// `None` when nothing was saved.
fn edited(ctx: &Context, editor: &str, plan: &Plan) -> Result<Option<(Draft, markdown::Parsed)>> {
    let text = if plan.is_blank() {
        format!("# Todos\n- [ ] {PLACEHOLDER}\n")
    } else {
        markdown::render_plan(plan, markdown::Flavour::Plain)
    };
    let text = format!("{GUIDE}\n{text}");
    let draft = Draft::create(&ctx.tmp, &text)?;
    let phases = loop {
        if let Err(e) = draft.edit(editor) {
            return Err(keep_if_typed(draft, e.into()));
        }
        let saved = draft.read()?;
        if saved == draft.original {
            draft.discard();
            return Ok(None);
        }
        // One line per problem: a problem quotes the line of the file, which
        // is text the printer makes safe, never part of the message's lines.
        let mut message = Message::from("Could not parse Markdown:");
        match String::from_utf8(saved) {
            Ok(text) => match markdown::parse_plan(&without_guide(&text), false) {
                Ok(parsed) => break parsed,
                Err(e) => e.errors.iter().for_each(|p| message.push(p.to_string())),
            },
            Err(_) => message.push("  Line 1: not UTF-8 text"),
        }
        // On a terminal: the problems (through the one printer, so text from
        // the file is made safe), and the offer to reopen the editor.
        if ctx.interactive && super::ask(ctx, &message, "Reopen the editor to fix it? [Y/n]") {
            continue;
        }
        message.push(format!("Your text is kept in {}", draft.path.display()));
        return Err(Error::Invalid(message.to_string()));
    };
    let parsed = markdown::Parsed {
        phases: drop_placeholder(phases.phases),
        ..phases
    };
    Ok(Some((draft, parsed)))
}

/// An editor that failed after the person saved something: keep it.
fn keep_if_typed(draft: Draft, err: Error) -> Error {
    match (draft.read(), err) {
        (
            Ok(saved),
            Error::Editor {
                command, problem, ..
            },
        ) if saved != draft.original => Error::Editor {
            command,
            problem,
            kept: Some(draft.path.clone()),
        },
        (_, err) => {
            draft.discard();
            err
        }
    }
}

/// The empty plan's placeholder task is not a task.
fn drop_placeholder(mut phases: Vec<Phase>) -> Vec<Phase> {
    for phase in &mut phases {
        phase.tasks.retain(|t| t.content != PLACEHOLDER);
    }
    if let [only] = phases.as_slice()
        && only.name == DEFAULT_PHASE
        && only.tasks.is_empty()
    {
        phases.clear();
    }
    phases
}

//! `todo check`: the completion gate for CI and agent hooks.

use crate::error::Result;
use crate::exit_codes::ExitCode;
use crate::output::{Kind, Report};
use crate::plan::Plan;
use crate::text::Message;

pub(super) fn run(plan: &Plan) -> Result<Report> {
    let mut report = Report::new("check", Kind::Confirm, "");
    let mut body = Message::default();
    let mut count = 0;
    for phase in &plan.phases {
        let open: Vec<_> = phase
            .tasks
            .iter()
            .filter(|t| t.status.is_active())
            .collect();
        if open.is_empty() {
            continue;
        }
        body.push(format!("- {}", phase.name));
        for task in open {
            body.push(format!("  - {}", task.content));
            report = report.task(phase, task);
            count += 1;
        }
    }
    if count == 0 {
        report.message = "No incomplete todos.".into();
    } else {
        report.kind = Kind::Data;
        report.message =
            Message::from(format!("You stopped with {count} incomplete todo item(s):"));
        report.message.append(&body);
        report.exit = ExitCode::OpenWork;
    }
    report.rev = plan.rev;
    Ok(report.with("complete", (count == 0).into()))
}

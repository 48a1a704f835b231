use super::prelude::*;

target_verb! {
    /// Mark a task, a phase's open tasks, or every open task abandoned.
    ///
    /// Example: `todo drop "old idea"`
    Drop(TargetArgs) => abandon, choose, many = "Mark {} abandoned?"
}

fn abandon(tx: &mut Tx, words: &[String]) -> Result<Report> {
    super::mark::apply(tx, "drop", Status::Abandoned, words, None)
}

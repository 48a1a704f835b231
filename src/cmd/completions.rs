use super::generate;
use super::prelude::*;

/// Print the completion script for a shell (what `completions/` holds).
///
/// The script completes verbs and flags and, in bash, zsh and fish, the
/// names of tasks and phases (it asks `todo __complete` for them). Its
/// bytes are those of the file in `completions/` for the same version.
///
/// Examples: `todo completions zsh > ~/.zfunc/_todo`,
/// `todo completions bash > ~/.local/share/bash-completion/completions/todo`
#[derive(Debug, Clone, clap::Args)]
pub struct Completions {
    /// The shell to print the script for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

impl super::Verb for Completions {
    fn run(self, _ctx: &Context) -> Outcome {
        let script = generate::completion(self.shell);
        // Our own bytes, one line per line: printed as they are (the file
        // ends with its one newline, which the printer writes back).
        let text = Message::of_lines(&String::from_utf8_lossy(&script));
        // Where the same bytes are committed, for packagers.
        let file = generate::SHELLS
            .iter()
            .find(|(shell, _)| *shell == self.shell)
            .map(|(_, name)| format!("completions/{name}"));
        let report = Report::new("completions", Kind::Data, text)
            .with("shell", json!(self.shell.to_string()))
            .with("file", json!(file));
        Outcome::of(Ok(report))
    }
}

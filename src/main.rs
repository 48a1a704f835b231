use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(todo::run(std::env::args_os()))
}

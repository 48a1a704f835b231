use std::process::ExitCode;

fn main() -> ExitCode {
    let finished = todo::run(std::env::args_os());
    // The process ends here. Freeing a large plan task by task is work for
    // nothing (the system takes the memory back at exit): a release build
    // skips it. Measured on `todo done <one task>` with 100,000 tasks: see
    // benches/RESULTS.md.
    if cfg!(debug_assertions) {
        drop(finished.plan);
        drop(finished.command);
    } else {
        std::mem::forget(finished.plan);
        std::mem::forget(finished.command);
    }
    ExitCode::from(finished.code)
}

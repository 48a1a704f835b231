use std::process::ExitCode;

fn main() -> ExitCode {
    let finished = todo::run(std::env::args_os());
    // The process ends here. Freeing the plan task by task, and the clap
    // tree arg by arg, is work for nothing (the system takes the memory
    // back at exit): a release build skips it. This is why the verbs hand
    // the plan back (`Finished.plan`). On a 1,000-task plan it is about
    // 0.2 ms of the 3 ms CPU of `todo done <id>`, nothing on `append`; on
    // 100,000 tasks see benches/RESULTS.md.
    if cfg!(debug_assertions) {
        drop(finished.plan);
        drop(finished.command);
    } else {
        std::mem::forget(finished.plan);
        std::mem::forget(finished.command);
    }
    ExitCode::from(finished.code)
}

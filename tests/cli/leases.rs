//! Claims across machines (docs/several-machines.md): leases on a ref of a
//! git remote served on localhost the way forges serve it (`git daemon`,
//! and `git http-backend` behind a small HTTP server), several clones of it,
//! real `todo` processes racing. Time is `TODO_NOW`, never a wait.

use std::collections::{BTreeMap, BTreeSet};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use crate::common::{Run, TestEnv};

const T0: &str = "2026-01-02T03:04:05Z";

/// `git` in `dir`, which must succeed; its stdout.
fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A free port on localhost (the listener is dropped for the server).
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("addr").port()
}

/// A server of the bare repositories under a directory, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Wait until `git ls-remote url` answers (the server is up); a readiness
/// wait, not a timed assertion.
fn wait_up(url: &str) -> bool {
    for _ in 0..200 {
        let ok = Command::new("git")
            .args(["ls-remote", url])
            .env("GIT_TERMINAL_PROMPT", "0")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    false
}

/// `git daemon` serving `base` on `port`, pushes allowed.
fn daemon(base: &Path, port: u16) -> Server {
    // The program itself: `git daemon` would run it as a child of its own,
    // which killing `git` leaves serving.
    let exec_path = git(base, &["--exec-path"]);
    let child = Command::new(Path::new(exec_path.trim()).join("git-daemon"))
        .args([
            "--reuseaddr",
            "--export-all",
            "--enable=receive-pack",
            "--listen=127.0.0.1",
        ])
        .arg(format!("--port={port}"))
        .arg(format!("--base-path={}", base.display()))
        .arg(base)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("git daemon starts");
    let url = format!("git://127.0.0.1:{port}/remote.git");
    let server = Server { child, url };
    assert!(wait_up(&server.url), "git daemon did not come up");
    server
}

/// A small HTTP server running `git http-backend` as a CGI program for
/// every request (what a forge's smart HTTP is).
const HTTP_BACKEND: &str = r#"
import http.server, os, subprocess, sys
root, port = sys.argv[1], int(sys.argv[2])
class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def run(self):
        path, _, query = self.path.partition('?')
        n = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(n) if n else b''
        env = dict(os.environ, GIT_PROJECT_ROOT=root, GIT_HTTP_EXPORT_ALL='1',
                   REQUEST_METHOD=self.command, PATH_INFO=path, QUERY_STRING=query,
                   CONTENT_TYPE=self.headers.get('Content-Type') or '',
                   CONTENT_LENGTH=str(len(body)), REMOTE_USER='test', REMOTE_ADDR='127.0.0.1',
                   GATEWAY_INTERFACE='CGI/1.1', SERVER_PROTOCOL='HTTP/1.1')
        for k, v in self.headers.items():
            env['HTTP_' + k.upper().replace('-', '_')] = v
        out = subprocess.run(['git', 'http-backend'], input=body, env=env, capture_output=True).stdout
        head, _, rest = out.partition(b'\r\n\r\n')
        status, headers = 200, []
        for line in head.split(b'\r\n'):
            k, _, v = line.decode().partition(':')
            if k.lower() == 'status': status = int(v.strip().split()[0])
            elif k: headers.append((k, v.strip()))
        self.send_response(status)
        for k, v in headers: self.send_header(k, v)
        self.send_header('Content-Length', str(len(rest)))
        self.end_headers()
        self.wfile.write(rest)
    do_GET = do_POST = run
http.server.ThreadingHTTPServer(('127.0.0.1', port), H).serve_forever()
"#;

fn http(base: &Path, port: u16, script: &Path) -> Server {
    std::fs::write(script, HTTP_BACKEND).expect("script");
    let child = Command::new("python3")
        .arg(script)
        .arg(base)
        .arg(port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 starts");
    let url = format!("http://127.0.0.1:{port}/remote.git");
    let server = Server { child, url };
    assert!(wait_up(&server.url), "the HTTP server did not come up");
    server
}

/// A bare remote holding a plan of `tasks` ready tasks, and `clones`
/// clones of it (`todo.remote` set), all under one scratch HOME.
struct Team {
    env: TestEnv,
    base: PathBuf,
    clones: Vec<PathBuf>,
    ids: Vec<String>,
}

impl Team {
    fn new(tasks: usize) -> Team {
        let env = TestEnv::new();
        let base = env.home.join("served");
        std::fs::create_dir_all(&base).expect("served");
        let bare = base.join("remote.git");
        git(
            &base,
            &[
                "-c",
                "init.defaultBranch=main",
                "init",
                "-q",
                "--bare",
                "remote.git",
            ],
        );
        git(&bare, &["config", "http.receivepack", "true"]);
        // The plan, written once and pushed.
        let seed = env.home.join("seed");
        std::fs::create_dir_all(&seed).expect("seed");
        git(&seed, &["-c", "init.defaultBranch=main", "init", "-q"]);
        for i in 1..=tasks {
            env.run_in(&seed, &["append", "Work", &format!("task number {i}")])
                .ok();
        }
        let plan: Value =
            serde_json::from_str(&std::fs::read_to_string(seed.join(".todo.json")).expect("plan"))
                .expect("json");
        let ids = crate::common::tasks(&plan)
            .map(|t| t["id"].as_str().expect("id").to_string())
            .collect();
        git(&seed, &["add", ".todo.json"]);
        git(
            &seed,
            &[
                "-c",
                "user.name=T",
                "-c",
                "user.email=t@e",
                "commit",
                "-qm",
                "plan",
            ],
        );
        git(
            &seed,
            &[
                "push",
                "-q",
                bare.to_str().expect("utf-8"),
                "HEAD:refs/heads/main",
            ],
        );
        Team {
            env,
            base,
            clones: Vec::new(),
            ids,
        }
    }

    /// `n` clones of `url`, each with `todo.remote origin`.
    fn clone_from(&mut self, url: &str, n: usize) {
        for i in 0..n {
            let dir = self.env.home.join(format!("clone{i}"));
            git(
                &self.env.home,
                &["clone", "-q", url, dir.to_str().expect("utf-8")],
            );
            git(&dir, &["config", "todo.remote", "origin"]);
            self.clones.push(dir);
        }
    }

    /// `todo ARGS` in clone `i` at `now`.
    fn run(&self, i: usize, now: &str, args: &[&str]) -> Run {
        let out = self
            .env
            .command_in(&self.clones[i])
            .env("TODO_NOW", now)
            .args(args)
            .output()
            .expect("todo runs");
        Run::from(out)
    }

    fn plan_bytes(&self, i: usize) -> Vec<u8> {
        std::fs::read(self.clones[i].join(".todo.json")).expect("plan")
    }

    /// The leases on the remote, as `todo claims --json` in clone `i` lists them.
    fn leases(&self, i: usize, now: &str) -> Vec<Value> {
        let run = self.run(i, now, &["claims", "--json"]);
        run.ok();
        run.json()["leases"].as_array().cloned().unwrap_or_default()
    }
}

/// Each lease's task and owner.
fn holders(leases: &[Value]) -> BTreeMap<String, String> {
    leases
        .iter()
        .map(|l| {
            (
                l["task"].as_str().unwrap_or_default().to_string(),
                l["owner"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// 24 agent processes in 3 clones, `claim --next` over 10 ready tasks, all
/// at once: 10 claims, 14 told there is nothing left, no task twice.
fn race(team: &Team, transport: &str) {
    let children: Vec<(usize, String, Child)> = (0..24)
        .map(|n| {
            let clone = n % 3;
            let owner = format!("agent-{n}");
            let child = team
                .env
                .command_in(&team.clones[clone])
                .args([
                    "claim", "--next", "--json", "--as", "agent", "--owner", &owner,
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("todo starts");
            (clone, owner, child)
        })
        .collect();
    let mut won: BTreeMap<String, String> = BTreeMap::new();
    let mut refused = 0;
    for (clone, owner, child) in children {
        let run = Run::from(child.wait_with_output().expect("todo ends"));
        match run.code {
            0 => {
                let task = run.json()["lease"]["task"]
                    .as_str()
                    .expect("a lease")
                    .to_string();
                // Claimed in its own clone's plan, by its owner.
                let plan: Value = serde_json::from_slice(&team.plan_bytes(clone)).expect("plan");
                let held = crate::common::tasks(&plan).find(|t| t["id"] == task.as_str());
                assert_eq!(held.map(|t| t["owner"].clone()), Some(owner.clone().into()));
                assert!(
                    won.insert(task.clone(), owner).is_none(),
                    "{task} taken twice"
                );
            }
            1 => {
                let message = run.json()["message"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                assert!(message.starts_with("Nothing to claim"), "{run:?}");
                refused += 1;
            }
            _ => panic!("a claimer failed: {run:?}"),
        }
    }
    assert_eq!((won.len(), refused), (10, 14), "{won:?}");
    assert_eq!(
        won.keys().cloned().collect::<BTreeSet<_>>(),
        team.ids.iter().cloned().collect()
    );
    // The remote holds exactly the winners' leases, ten owners, fence 1.
    let leases = team.leases(1, T0);
    assert_eq!(holders(&leases), won);
    assert!(leases.iter().all(|l| l["fence"] == 1 && l["live"] == true));
    eprintln!("race over {transport}: 10 leases taken, 14 refused, 0 doubles");
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn twenty_four_agents_in_three_clones_over_git_daemon_take_ten_tasks_once_each() {
    let mut team = Team::new(10);
    let server = daemon(&team.base, free_port());
    team.clone_from(&server.url, 3);
    race(&team, "git daemon");
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
#[cfg_attr(todo_tests_no_python3, ignore = "python3 is not installed")]
fn twenty_four_agents_in_three_clones_over_smart_http_take_ten_tasks_once_each() {
    if !crate::common::has("python3") {
        crate::common::missing_tool("python3");
    }
    let mut team = Team::new(10);
    let script = team.env.home.join("serve.py");
    let server = http(&team.base, free_port(), &script);
    team.clone_from(&server.url, 3);
    race(&team, "smart HTTP");
}

/// The time `secs` seconds after T0.
fn at(secs: u64) -> String {
    let t = 1_767_323_045 + secs; // 2026-01-02T03:04:05Z
    let (days, rest) = (t / 86_400, t % 86_400);
    assert_eq!(days, 20_455, "T0's day");
    format!(
        "2026-01-02T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn a_dead_holders_task_is_taken_after_its_ttl_and_its_done_is_refused_by_the_fence() {
    let mut team = Team::new(3);
    let bare = team.base.join("remote.git");
    team.clone_from(bare.to_str().expect("utf-8"), 2);
    let task = team.ids[0].clone();
    // The holder: an agent that claims, then keeps renewing its lease,
    // until it is killed with SIGKILL, mid-loop.
    let script = format!(
        "{bin} claim {task} --owner ann --ttl 60s --json > claimed.json && \
         while :; do {bin} heartbeat --owner ann --ttl 60s >/dev/null; done",
        bin = crate::common::bin().display()
    );
    let mut holder = Command::new("sh");
    holder
        .args(["-c", &script])
        .current_dir(&team.clones[0])
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &team.env.home)
        .env("TODO_HISTORY_DIR", team.env.home.join("history"))
        .env("TODO_NOW", at(0))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut holder = holder.spawn().expect("sh starts");
    let claimed = team.clones[0].join("claimed.json");
    let beats = team.clones[0].join(".git/todo-leases/held.json");
    // Until it has claimed and renewed at least once (a readiness wait).
    for _ in 0..400 {
        if std::fs::read_to_string(&claimed).is_ok_and(|t| t.ends_with("}\n")) && beats.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    holder.kill().expect("kill -9");
    let _ = holder.wait();
    let claimed: Value =
        serde_json::from_str(&std::fs::read_to_string(&claimed).expect("claimed")).expect("json");
    assert_eq!(claimed["lease"]["fence"], 1, "{claimed}");
    // It renews no more. Before its TTL and the skew tolerated (120 s)
    // have passed, the task is refused, naming the holder.
    let early = team.run(1, &at(179), &["claim", &task, "--owner", "bob"]);
    early.code(7);
    assert!(early.stderr.contains("is leased by ann on"), "{early:?}");
    assert!(
        early
            .stderr
            .contains("until 2026-01-02T03:05:05Z (fence 1)"),
        "{early:?}"
    );
    // `claim --next` passes it by for the next task.
    let next = team.run(
        1,
        &at(179),
        &["claim", "--next", "--owner", "bob", "--json"],
    );
    next.ok();
    assert_eq!(next.json()["lease"]["task"], team.ids[1].as_str());
    // After: another clone takes it, with a higher fencing number.
    let taken = team.run(1, &at(181), &["claim", &task, "--owner", "carl", "--json"]);
    taken.ok();
    assert_eq!(taken.json()["lease"]["fence"], 2);
    eprintln!("reclaim: refused at ttl+179 s, taken at ttl+181 s (ttl 60 s, skew 120 s)");
    // The old holder comes back: its done is refused, naming the new one.
    let before = team.plan_bytes(0);
    let done = team.run(0, &at(200), &["done", &task, "--json"]);
    done.code(7);
    let error = &done.json()["error"];
    assert_eq!(error["code"], "lease_lost");
    let message = done.json()["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(message.contains("You lost the lease on"), "{message}");
    assert!(message.contains("carl on"), "{message}");
    assert_eq!(team.plan_bytes(0), before, "nothing was written");
    // So are its release and its heartbeat.
    team.run(0, &at(200), &["release", &task]).code(7);
    let beat = team.run(0, &at(200), &["heartbeat", "--owner", "ann"]);
    beat.code(7);
    assert!(beat.stderr.contains("carl"), "{beat:?}");
    // It lets go here on purpose; the new holder's lease stays.
    team.run(0, &at(200), &["release", &task, "--local"]).ok();
    assert_eq!(holders(&team.leases(0, &at(200)))[&task], "carl");
    // The new holder's done ends its lease on the remote.
    team.run(1, &at(210), &["done", &task]).ok();
    let left = holders(&team.leases(0, &at(210)));
    assert!(!left.contains_key(&task), "{left:?}");
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn the_remote_down_fails_closed_with_exit_9_and_work_resumes_when_it_is_back() {
    let mut team = Team::new(3);
    let port = free_port();
    let server = daemon(&team.base, port);
    team.clone_from(&server.url, 2);
    team.run(0, T0, &["claim", "--next", "--owner", "ann"]).ok();
    drop(server);
    let plan = team.plan_bytes(1);
    let claim = team.run(1, T0, &["claim", "--next", "--owner", "bob"]);
    claim.code(9);
    assert!(
        claim.stderr.contains("Cannot reach the remote \"origin\""),
        "{claim:?}"
    );
    assert!(
        claim.stderr.contains("Hint:") && claim.stderr.contains("--local"),
        "{claim:?}"
    );
    let json = team.run(1, T0, &["claim", "--next", "--owner", "bob", "--json"]);
    json.code(9);
    assert_eq!(json.json()["error"]["code"], "remote_unreachable");
    assert_eq!(team.plan_bytes(1), plan, "nothing half written");
    team.run(1, T0, &["ready"]).code(9);
    // The holder's done needs the remote too: refused, nothing written.
    let held = team.plan_bytes(0);
    team.run(0, T0, &["done", &team.ids[0]]).code(9);
    assert_eq!(team.plan_bytes(0), held);
    // Local on purpose.
    let local = team.run(1, T0, &["claim", "--next", "--owner", "bob", "--local"]);
    local.ok();
    assert!(!local.stdout.contains("Leased"), "{local:?}");
    // Back: the claims go on where they were.
    let _server = daemon(&team.base, port);
    team.run(0, T0, &["done", &team.ids[0]]).ok();
    let next = team.run(1, T0, &["claim", "--next", "--owner", "dan", "--json"]);
    next.ok();
    let leases = holders(&team.leases(1, T0));
    assert_eq!(leases.len(), 1, "{leases:?}");
    assert_eq!(leases.values().next().map(String::as_str), Some("dan"));
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn clocks_ninety_seconds_apart_never_make_two_live_holders() {
    let mut team = Team::new(2);
    let bare = team.base.join("remote.git");
    team.clone_from(bare.to_str().expect("utf-8"), 2);
    let task = team.ids[0].clone();
    // Clone 0's clock is right; clone 1's runs 90 s ahead.
    let ahead = |secs: u64| at(secs + 90);
    team.run(
        0,
        &at(0),
        &["claim", &task, "--owner", "ann", "--ttl", "60s"],
    )
    .ok();
    // At real time 61 s the lease has run out by ann's clock; clone 1 reads
    // 151 s and still refuses it: the skew is tolerated.
    team.run(1, &ahead(61), &["claim", &task, "--owner", "bob"])
        .code(7);
    // ann renews at real 50 s (her clock): her lease holds on.
    team.run(0, &at(50), &["heartbeat", "--owner", "ann", "--ttl", "60s"])
        .ok();
    team.run(1, &ahead(100), &["claim", &task, "--owner", "bob"])
        .code(7);
    // ann stops; once her lease is past by more than the skew on clone 1's
    // clock, bob takes it, and from then on ann's changes are refused.
    team.run(1, &ahead(110 + 31), &["claim", &task, "--owner", "bob"])
        .ok();
    let leases = team.leases(0, &at(200));
    assert_eq!(
        holders(&leases),
        BTreeMap::from([(task.clone(), "bob".to_string())])
    );
    team.run(0, &at(150), &["done", &task]).code(7);
    team.run(0, &at(150), &["heartbeat", "--owner", "ann"])
        .code(7);
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn what_must_not_happen() {
    let mut team = Team::new(2);
    let bare = team.base.join("remote.git");
    team.clone_from(bare.to_str().expect("utf-8"), 2);
    let task = team.ids[0].clone();
    // An agent never takes a person's live lease, not even with --as agent
    // and the person's own name from another clone.
    team.run(0, T0, &["claim", &task, "--owner", "ann"]).ok();
    let agent = team.run(
        1,
        T0,
        &["claim", &task, "--as", "agent", "--owner", "ann", "--json"],
    );
    agent.code(7);
    assert_eq!(agent.json()["error"]["code"], "claimed");
    assert_eq!(agent.json()["error"]["kind"], "leased");
    // A remote name that is a flag is not passed to git.
    let flag = team.run(
        1,
        T0,
        &["claim", "--next", "--remote", "--upload-pack=touch x"],
    );
    assert_ne!(flag.code, 0, "{flag:?}");
    assert!(!team.clones[1].join("x").exists());
    let dash = team.run(1, T0, &["claim", "--next", "--remote=-x"]);
    dash.code(2);
    // A TTL that is not one.
    team.run(1, T0, &["claim", "--next", "--ttl", "0s"]).code(2);
    team.run(1, T0, &["claim", "--next", "--ttl", "soon"])
        .code(2);
    // A lease ref that holds garbage: refused, nothing claimed anywhere.
    let garbage = team.env.home.join("garbage");
    git(
        &team.env.home,
        &["init", "-q", garbage.to_str().expect("utf-8")],
    );
    std::fs::write(garbage.join("leases.json"), "{\"leases\": 7}").expect("write");
    git(&garbage, &["add", "leases.json"]);
    git(
        &garbage,
        &[
            "-c",
            "user.name=T",
            "-c",
            "user.email=t@e",
            "commit",
            "-qm",
            "x",
        ],
    );
    git(
        &garbage,
        &[
            "push",
            "-qf",
            bare.to_str().expect("utf-8"),
            "HEAD:refs/todo/leases",
        ],
    );
    let plan = team.plan_bytes(1);
    let broken = team.run(1, T0, &["claim", "--next", "--owner", "bob", "--json"]);
    broken.code(5);
    assert_eq!(broken.json()["error"]["kind"], "lease_ref_broken");
    assert_eq!(team.plan_bytes(1), plan);
    // A book whose names would drive the terminal: shown, never obeyed.
    let hostile = format!(
        r#"{{"leases": [{{"task": "{task}", "plan": ".todo.json", "owner": "\u001b[2Jevil\nline", "machine": "\u001b]0;x\u0007", "takenAt": 0, "expiresAt": 4102444800, "fence": 9}}]}}"#
    );
    std::fs::write(garbage.join("leases.json"), hostile).expect("write");
    git(&garbage, &["add", "leases.json"]);
    git(
        &garbage,
        &[
            "-c",
            "user.name=T",
            "-c",
            "user.email=t@e",
            "commit",
            "-qm",
            "y",
        ],
    );
    git(
        &garbage,
        &[
            "push",
            "-qf",
            bare.to_str().expect("utf-8"),
            "HEAD:refs/todo/leases",
        ],
    );
    // At a terminal (piped, output is data as it is; `--json` escapes it).
    let clone = team.clones[1].clone();
    let at_terminal = |args: &[&str]| {
        let run = team.env.terminal(args, |cmd| {
            cmd.current_dir(&clone);
        });
        run.finish()
    };
    let (code, screen) = at_terminal(&["claims"]);
    assert_eq!(code, 0, "{screen}");
    assert!(
        !screen.contains('\u{1b}') && screen.contains("^[[2Jevil^Jline"),
        "{screen}"
    );
    let (code, screen) = at_terminal(&["claim", &task, "--owner", "bob"]);
    assert_eq!(code, 7, "{screen}");
    assert!(
        !screen.contains('\u{1b}') && !screen.contains('\u{7}'),
        "{screen}"
    );
    assert!(
        screen.contains("is leased by ^[[2Jevil^Jline on ^[]0;x^G"),
        "{screen}"
    );
    // A forge that refuses refs outside refs/heads: said so, with the way
    // out, which then works.
    git(&bare, &["update-ref", "-d", "refs/todo/leases"]);
    let hook = bare.join("hooks").join("update");
    std::fs::write(&hook, "#!/bin/sh\ncase \"$1\" in refs/heads/*|refs/tags/*) exit 0;; esac\necho only branches >&2\nexit 1\n").expect("hook");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    let refused = team.run(1, T0, &["claim", "--next", "--owner", "bob"]);
    refused.code(9);
    assert!(
        refused
            .stderr
            .contains("todo.leaseRef refs/heads/todo-leases"),
        "{refused:?}"
    );
    git(
        &team.clones[1],
        &["config", "todo.leaseRef", "refs/heads/todo-leases"],
    );
    team.run(1, T0, &["claim", "--next", "--owner", "bob"]).ok();
    // A plan with no remote set runs no git for a claim (a local claim).
    git(&team.clones[0], &["config", "--unset", "todo.remote"]);
    let plain = team.run(0, T0, &["claim", &team.ids[1], "--owner", "eve"]);
    plain.ok();
    assert!(!plain.stdout.contains("Leased"), "{plain:?}");
}

/// `todo ARGS` in clone `i` at `now` with `input` on stdin.
fn run_stdin(team: &Team, i: usize, now: &str, args: &[&str], input: &str) -> Run {
    use std::io::Write as _;
    let mut child = (team.env.command_in(&team.clones[i]))
        .env("TODO_NOW", now)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("todo starts");
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    Run::from(child.wait_with_output().expect("todo ends"))
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn apply_and_the_hooks_reach_the_same_leases() {
    let mut team = Team::new(3);
    let bare = team.base.join("remote.git");
    team.clone_from(bare.to_str().expect("utf-8"), 2);
    let (t1, t2) = (team.ids[0].clone(), team.ids[1].clone());
    team.run(0, T0, &["claim", &t1, "--owner", "ann"]).ok();
    // An agent's claim through `todo apply` of a task leased by a person
    // in another clone: the whole batch refused, nothing written.
    let plan = team.plan_bytes(1);
    let ops = format!(r#"[{{"op": "claim", "id": "{t1}", "owner": "s1"}}]"#);
    let refused = run_stdin(&team, 1, T0, &["apply"], &ops);
    refused.code(7);
    assert_eq!(refused.json()["error"]["kind"], "leased", "{refused:?}");
    assert_eq!(team.plan_bytes(1), plan);
    // A free one: claimed, and leased on the remote as the agent's.
    let ops = format!(r#"[{{"op": "claim", "id": "{t2}", "owner": "s1"}}]"#);
    run_stdin(&team, 1, T0, &["apply"], &ops).ok();
    let leases = team.leases(0, T0);
    let lease = leases
        .iter()
        .find(|l| l["task"] == t2.as_str())
        .expect("t2 leased");
    assert_eq!(
        (lease["owner"].as_str(), lease["actor"].as_str()),
        (Some("s1"), Some("agent"))
    );
    assert_eq!(lease["expiresAt"], "2026-01-02T03:19:05Z");
    // Another clone cannot take it.
    team.run(0, T0, &["claim", &t2, "--owner", "bob"]).code(7);
    // The agent works: a hook 10 minutes on (under half of the 15 left)
    // renews its lease; one a minute on does not need to.
    let input = r#"{"session_id": "s1", "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"}}"#;
    run_stdin(&team, 1, &at(60), &["hook", "post-tool"], input).is(0, "", "");
    let leases = team.leases(0, T0);
    let lease = leases
        .iter()
        .find(|l| l["task"] == t2.as_str())
        .expect("t2 leased");
    assert_eq!(lease["expiresAt"], "2026-01-02T03:19:05Z");
    run_stdin(&team, 1, &at(600), &["hook", "post-tool"], input).is(0, "", "");
    let leases = team.leases(0, T0);
    let lease = leases
        .iter()
        .find(|l| l["task"] == t2.as_str())
        .expect("t2 leased");
    assert_eq!(lease["expiresAt"], "2026-01-02T03:29:05Z");
    // Its done through apply ends the lease.
    let ops = format!(r#"[{{"op": "done", "id": "{t2}"}}]"#);
    run_stdin(&team, 1, &at(700), &["apply"], &ops).ok();
    let left = holders(&team.leases(0, &at(700)));
    assert_eq!(left, BTreeMap::from([(t1, "ann".to_string())]));
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn ready_skips_leased_tasks_and_drop_and_rm_end_their_leases() {
    let mut team = Team::new(3);
    let bare = team.base.join("remote.git");
    team.clone_from(bare.to_str().expect("utf-8"), 2);
    let ids = team.ids.clone();
    team.run(0, T0, &["claim", &ids[0], "--owner", "ann"]).ok();
    team.run(0, T0, &["claim", &ids[1], "--owner", "amy"]).ok();
    // Clone 1's plan has all three unclaimed; its `ready` leaves out the leased.
    let ready = team.run(1, T0, &["ready"]);
    ready.ok();
    assert!(
        ready.stdout.starts_with(&ids[2]) && ready.stdout.lines().count() == 1,
        "{ready:?}"
    );
    assert_eq!(
        team.run(1, T0, &["ready", "--local"])
            .stdout
            .lines()
            .count(),
        3
    );
    // The lease list, as a person reads it.
    let list = team.run(1, T0, &["claims"]);
    list.ok();
    assert!(
        list.stdout.contains(&format!("{}  ann  ", ids[0])),
        "{list:?}"
    );
    assert!(
        list.stdout.contains("until 2026-01-02T03:19:05Z  fence 1"),
        "{list:?}"
    );
    // drop and rm end them.
    team.run(0, T0, &["drop", &ids[0]]).ok();
    team.run(0, T0, &["rm", &ids[1]]).ok();
    assert!(team.leases(1, T0).is_empty());
    assert_eq!(team.run(1, T0, &["ready"]).stdout.lines().count(), 3);
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn two_worktrees_of_one_clone_are_two_holders_and_race_safely() {
    let mut team = Team::new(10);
    let bare = team.base.join("remote.git");
    team.clone_from(bare.to_str().expect("utf-8"), 1);
    let worktree = team.env.home.join("worktree");
    let path = worktree.to_str().expect("utf-8");
    git(
        &team.clones[0],
        &["worktree", "add", "-q", "-b", "other", path],
    );
    team.clones.push(worktree);
    let children: Vec<Child> = (0..16)
        .map(|n| {
            let owner = format!("agent-{n}");
            (team.env.command_in(&team.clones[n % 2]))
                .args([
                    "claim", "--next", "--json", "--as", "agent", "--owner", &owner,
                ])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("todo starts")
        })
        .collect();
    let runs: Vec<Run> = (children.into_iter())
        .map(|c| Run::from(c.wait_with_output().expect("todo ends")))
        .collect();
    let won: BTreeSet<String> = (runs.iter())
        .filter(|r| r.code == 0)
        .map(|r| {
            r.json()["lease"]["task"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    let refused = runs.iter().filter(|r| r.code == 1).count();
    assert_eq!((won.len(), refused), (10, 6), "{runs:?}");
    let leases = team.leases(0, T0);
    assert_eq!(leases.len(), 10, "{leases:?}");
    // The two worktrees are two holders (their paths tell them apart).
    let machines: BTreeSet<&str> = leases
        .iter()
        .filter_map(|l| l["machine"].as_str())
        .collect();
    assert_eq!(machines.len(), 2, "{leases:?}");
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn the_server_stopped_in_the_middle_of_a_race_leaves_nothing_half_done() {
    let mut team = Team::new(10);
    let port = free_port();
    let server = daemon(&team.base, port);
    team.clone_from(&server.url, 2);
    let children: Vec<(usize, String, Child)> = (0..12)
        .map(|n| {
            let owner = format!("agent-{n}");
            let child = (team.env.command_in(&team.clones[n % 2]))
                .args(["claim", "--next", "--json", "--owner", &owner])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("todo starts");
            (n % 2, owner, child)
        })
        .collect();
    // Stopped while they run, once the first lease is on the remote: new
    // connections are refused from then on.
    let bare = team.base.join("remote.git");
    for _ in 0..400 {
        let out = Command::new("git")
            .args([
                "-C",
                bare.to_str().expect("utf-8"),
                "rev-parse",
                "-q",
                "--verify",
            ])
            .arg("refs/todo/leases")
            .output()
            .expect("git runs");
        if out.status.success() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    drop(server);
    let mut won = BTreeMap::new();
    let mut codes = BTreeMap::new();
    for (clone, owner, child) in children {
        let run = Run::from(child.wait_with_output().expect("todo ends"));
        *codes.entry(run.code).or_insert(0) += 1;
        let plan: Value = serde_json::from_slice(&team.plan_bytes(clone)).expect("plan");
        let mine: Vec<&Value> = crate::common::tasks(&plan)
            .filter(|t| t["owner"] == owner.as_str())
            .collect();
        match run.code {
            0 => {
                let task = run.json()["lease"]["task"]
                    .as_str()
                    .expect("lease")
                    .to_string();
                assert_eq!(mine.len(), 1, "{run:?}");
                assert!(won.insert(task, owner).is_none(), "a task taken twice");
            }
            // Refused or cut off: no claim in the plan.
            1 | 9 => assert!(mine.is_empty(), "{run:?}"),
            _ => panic!("{run:?}"),
        }
    }
    // Back: the remote holds exactly the leases of the claims made.
    let _server = daemon(&team.base, port);
    assert_eq!(holders(&team.leases(0, T0)), won, "exits: {codes:?}");
    eprintln!("server stopped mid-race: exits {codes:?}");
}

#[test]
#[cfg_attr(todo_tests_no_git, ignore = "git is not installed")]
fn a_remote_named_on_the_command_line_needs_no_setting() {
    let mut team = Team::new(2);
    let bare = team.base.join("remote.git");
    team.clone_from(bare.to_str().expect("utf-8"), 2);
    for clone in &team.clones {
        git(clone, &["config", "--unset", "todo.remote"]);
    }
    let task = team.ids[0].clone();
    let taken = team.run(
        0,
        T0,
        &["claim", &task, "--owner", "ann", "--remote", "origin"],
    );
    taken.ok();
    assert!(
        taken
            .stdout
            .contains("Leased on \"origin\" until 2026-01-02T03:19:05Z (fence 1)."),
        "{taken:?}"
    );
    // No setting, no remote named: claims hold in the clone only, and
    // `todo claims` says how to name one.
    let none = team.run(1, T0, &["claims"]);
    none.code(2);
    assert!(
        none.stderr.contains("git config todo.remote NAME"),
        "{none:?}"
    );
    team.run(
        1,
        T0,
        &["claim", &task, "--owner", "bob", "--remote", "origin"],
    )
    .code(7);
    let list = team.run(1, T0, &["claims", "--remote", "origin", "--json"]);
    list.ok();
    assert_eq!(
        holders(list.json()["leases"].as_array().expect("leases")).len(),
        1
    );
    // A remote that does not exist is one that cannot be reached.
    team.run(1, T0, &["claim", &task, "--remote", "nowhere"])
        .code(9);
}

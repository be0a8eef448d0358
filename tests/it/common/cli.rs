//! Running the `clearway` binary from the CLI tests, and reading what it
//! printed.

use std::ffi::OsStr;
use std::io::Read;
use std::process::{Command as Process, Output, Stdio};

use assert_cmd::Command;

pub use super::run::{Run, RunExt};

/// The `clearway` binary of this build, ready for arguments.
pub fn clearway() -> Command {
    Command::cargo_bin("clearway").expect("the binary is built")
}

/// What a run printed on standard output: UTF-8 text, or the test fails.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// What a run printed on standard error: UTF-8 text, or the test fails.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs clearway with `args`, reads the first bytes of its output as
/// `| head -1` would, hangs up, and returns the exit code and stderr.
pub fn run_and_hang_up(args: &[&OsStr]) -> (Option<i32>, String) {
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("clearway"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (child.wait().unwrap().code(), err)
}

/// Runs clearway with `args`, feeding standard input from a pipe that never
/// ends (`chunk` over and over, as `yes` does) until clearway closes it.
pub fn with_endless_stdin(args: &[&str], chunk: &'static [u8]) -> std::process::Output {
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("clearway"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("clearway starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let feeder = std::thread::spawn(move || {
        let mut written = 0u64;
        // Stops when clearway closes its end; the cap keeps a regression
        // from running forever.
        while written < 8 << 30 && std::io::Write::write_all(&mut stdin, chunk).is_ok() {
            written += chunk.len() as u64;
        }
        written
    });
    let out = child.wait_with_output().expect("clearway ends");
    let written = feeder.join().expect("the feeder does not panic");
    assert!(written < 8 << 30, "clearway read everything it was fed");
    out
}

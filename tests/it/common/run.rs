//! Run a built command and assert on how it ended in one line, as
//! ripgrep's `TestCommand` does:
//!
//! ```ignore
//! clearway().arg("check").arg(&map).run().exit(1).stdout_has("FAILED");
//! ```

use std::fmt;
use std::ops::Deref;
use std::process::{Command as Process, Output};

use assert_cmd::Command;

use super::cli::{stderr, stdout};

/// Runs a built command to its end.
pub trait RunExt {
    /// Runs the command with what it was given (standard input, or none)
    /// and waits for it: the run, for assertions.
    fn run(&mut self) -> Run;
}

impl RunExt for Command {
    fn run(&mut self) -> Run {
        Run(self.output().expect("clearway runs"))
    }
}

impl RunExt for Process {
    fn run(&mut self) -> Run {
        Run(self.output().expect("clearway runs"))
    }
}

/// A finished run: how it ended and what it printed, with one-line
/// assertions that return the run for more (and show all of it when they
/// fail). It reads as the `Output` it wraps.
pub struct Run(pub Output);

impl Run {
    /// Asserts the exit code.
    #[track_caller]
    pub fn exit(self, code: i32) -> Self {
        assert_eq!(self.0.status.code(), Some(code), "{self:?}");
        self
    }

    /// Asserts that standard output is exactly `want`.
    #[track_caller]
    pub fn stdout_is(self, want: &str) -> Self {
        assert_eq!(stdout(&self.0), want, "{self:?}");
        self
    }

    /// Asserts that standard error is exactly `want`.
    #[track_caller]
    pub fn stderr_is(self, want: &str) -> Self {
        assert_eq!(stderr(&self.0), want, "{self:?}");
        self
    }

    /// Asserts that standard output contains `part`.
    #[track_caller]
    pub fn stdout_has(self, part: &str) -> Self {
        assert!(stdout(&self.0).contains(part), "{self:?}");
        self
    }

    /// Asserts that standard error contains `part`.
    #[track_caller]
    pub fn stderr_has(self, part: &str) -> Self {
        assert!(stderr(&self.0).contains(part), "{self:?}");
        self
    }

    /// Asserts that standard output does not contain `part`.
    #[track_caller]
    pub fn stdout_lacks(self, part: &str) -> Self {
        assert!(!stdout(&self.0).contains(part), "{self:?}");
        self
    }

    /// Asserts that standard error does not contain `part`.
    #[track_caller]
    pub fn stderr_lacks(self, part: &str) -> Self {
        assert!(!stderr(&self.0).contains(part), "{self:?}");
        self
    }

    /// Asserts that standard output starts with `head`.
    #[track_caller]
    pub fn stdout_starts_with(self, head: &str) -> Self {
        assert!(stdout(&self.0).starts_with(head), "{self:?}");
        self
    }

    /// Asserts that standard error starts with `head`.
    #[track_caller]
    pub fn stderr_starts_with(self, head: &str) -> Self {
        assert!(stderr(&self.0).starts_with(head), "{self:?}");
        self
    }

    /// What the run printed on standard output (UTF-8, or the test fails).
    pub fn stdout(&self) -> String {
        stdout(&self.0)
    }

    /// What the run printed on standard error (UTF-8, or the test fails).
    pub fn stderr(&self) -> String {
        stderr(&self.0)
    }

    /// The output itself.
    pub fn into_output(self) -> Output {
        self.0
    }
}

impl Deref for Run {
    type Target = Output;

    fn deref(&self) -> &Output {
        &self.0
    }
}

/// The exit status and both streams, as text where they are text.
impl fmt::Debug for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        f.debug_struct("Run")
            .field("status", &self.0.status)
            .field("stdout", &text(&self.0.stdout))
            .field("stderr", &text(&self.0.stderr))
            .finish()
    }
}

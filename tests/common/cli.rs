//! Running the `clearway` binary from the CLI tests.

use assert_cmd::Command;

/// The `clearway` binary of this build, ready for arguments.
pub fn clearway() -> Command {
    Command::cargo_bin("clearway").expect("the binary is built")
}

//! Why a command could not do its job: always exit code 2.

use std::fmt;
use std::io;

use clearway::map::LoadError;

/// A failure of the command itself (bad input, bad usage, I/O), as opposed to
/// a negative answer (a blocked edge), which is exit code 1.
#[derive(Debug)]
pub enum Failure {
    /// The map did not load; its message already carries the location.
    Load(Box<LoadError>),
    /// The command line asked for something the map cannot give.
    Usage(String),
    /// Bad lines in a text the command reads besides the map (`route
    /// --pairs`): complete diagnostics with their locations, printed as is.
    Located(String),
    /// Reading or writing a file failed.
    Io(String),
    /// Standard output was closed by the reader (`| head`): not an error.
    BrokenPipe,
}

impl Failure {
    /// Classifies an error writing to standard output.
    pub fn from_stdout_error(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Io(format!("cannot write to standard output: {e}"))
        }
    }
}

impl From<LoadError> for Failure {
    fn from(e: LoadError) -> Self {
        Failure::Load(Box::new(e))
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Load(e) => write!(f, "{e}"),
            Failure::Located(diagnostics) => write!(f, "{diagnostics}"),
            Failure::Usage(message) | Failure::Io(message) => write!(f, "error: {message}"),
            Failure::BrokenPipe => write!(f, "error: broken pipe"),
        }
    }
}

//! The `clearway` command line, a thin layer over the library.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::SUCCESS
}

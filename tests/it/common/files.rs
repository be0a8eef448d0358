//! Files for the CLI tests: inputs written to a temporary folder, and what
//! a folder holds afterwards (a refused command writes nothing).

use std::path::{Path, PathBuf};

/// Writes `text` to `name` in `dir`; the file's path.
pub fn write_file(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("temp dir is writable");
    path
}

/// The names of the files in `dir`, sorted.
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("readable")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

//! What kind of file was given where another was expected (a Moving AI grid
//! as a map, a map as `--obstacles`), so that the error can say which
//! command or option reads it. The parsers' own errors only say what they
//! expected, which reads as a riddle when the whole file is of another kind.

use std::io::Read;
use std::path::Path;

/// A kind of file clearway reads somewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A clearway level: RON text.
    Level,
    /// A Moving AI grid map (`type octile` ...).
    MovingAi,
    /// A Tiled map: XML.
    Tiled,
    /// A Wavefront OBJ file.
    Obj,
}

impl FileKind {
    /// The kind `path` with `head` (its first bytes, empty when unknown)
    /// looks like: by its first statement, else by its extension.
    pub fn guess(path: &Path, head: &[u8]) -> Option<FileKind> {
        by_content(head).or_else(|| by_extension(path))
    }

    /// As [`FileKind::guess`], reading the first bytes of the file at
    /// `path` itself (none for standard input or an unreadable file).
    pub fn guess_file(path: &Path) -> Option<FileKind> {
        let mut head = Vec::new();
        let file = (path.as_os_str() != "-")
            .then(|| std::fs::File::open(path).ok())
            .flatten()
            .filter(|file| file.metadata().is_ok_and(|m| m.is_file()));
        if let Some(file) = file {
            let _ = file.take(HEAD_BYTES).read_to_end(&mut head);
        }
        FileKind::guess(path, &head)
    }
}

/// How much of a file is enough to tell its kind.
const HEAD_BYTES: u64 = 4096;

/// The kind the first statement of `head` says, if it says one.
fn by_content(head: &[u8]) -> Option<FileKind> {
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}');
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))?;
    let word = first.split_whitespace().next().unwrap_or("");
    if first.starts_with('<') {
        Some(FileKind::Tiled)
    } else if first.starts_with('(') || first.starts_with("Map") || first.starts_with("#!") {
        Some(FileKind::Level)
    } else if word == "type" {
        Some(FileKind::MovingAi)
    } else if first.starts_with('#')
        || [
            "v", "vn", "vt", "f", "o", "g", "s", "l", "p", "mtllib", "usemtl",
        ]
        .contains(&word)
    {
        Some(FileKind::Obj)
    } else {
        None
    }
}

/// The kind a file's extension says.
fn by_extension(path: &Path) -> Option<FileKind> {
    let extension = path.extension()?.to_str()?.to_ascii_lowercase();
    match extension.as_str() {
        "ron" => Some(FileKind::Level),
        "map" => Some(FileKind::MovingAi),
        "tmx" => Some(FileKind::Tiled),
        "obj" => Some(FileKind::Obj),
        _ => None,
    }
}

/// A hint for a MAP (a level) that did not load, when it is another kind
/// of file: which command or option reads that kind.
pub fn map_hint(path: &Path, head: &[u8]) -> Option<String> {
    let name = path.display();
    match FileKind::guess(path, head)? {
        FileKind::Level => None,
        FileKind::MovingAi => Some(format!(
            "`{name}` is a Moving AI grid map, not a clearway level: make a level from it with \
             `clearway grid {name} -o level.ron`"
        )),
        FileKind::Tiled => Some(format!(
            "`{name}` is a Tiled map, not a clearway level: add its objects to a level's \
             obstacles with `--obstacles {name}`, or make a level from its tile layer with \
             `clearway grid {name} -o level.ron`"
        )),
        FileKind::Obj => Some(format!(
            "`{name}` is a Wavefront OBJ file, not a clearway level: add its meshes to a 3D \
             level's obstacles with `--obstacles {name}`"
        )),
    }
}

/// A hint for an `--obstacles` file that could not be read as the level
/// needs (`expected`), when it is another kind of file.
pub fn obstacles_hint(path: &Path, expected: FileKind) -> Option<String> {
    let kind = FileKind::guess_file(path)?;
    if kind == expected {
        return None;
    }
    let what = match kind {
        FileKind::Level => "a clearway level",
        FileKind::MovingAi => "a Moving AI grid map",
        FileKind::Tiled => "a Tiled map",
        FileKind::Obj => "a Wavefront OBJ file",
    };
    Some(format!(
        "`{}` is {what}: --obstacles reads a Tiled map (.tmx) for a flat level's obstacles, \
         or a Wavefront OBJ file (.obj) for a 3D level's",
        path.display()
    ))
}

/// A hint for a grid that did not read as a Moving AI map, when it is
/// another kind of file.
pub fn grid_hint(path: &Path, head: &[u8]) -> Option<String> {
    let name = path.display();
    match FileKind::guess(path, head)? {
        FileKind::MovingAi | FileKind::Tiled => None,
        FileKind::Level => Some(format!(
            "`{name}` is a clearway level already: `clearway grid` makes one from a Moving AI \
             grid map (.map) or a Tiled map's tile layer (.tmx)"
        )),
        FileKind::Obj => Some(format!(
            "`{name}` is a Wavefront OBJ file: `clearway grid` reads a Moving AI grid map \
             (.map) or a Tiled map (.tmx); give OBJ meshes to a 3D level with \
             `--obstacles {name}`"
        )),
    }
}

/// `message` (a complete error) with `hint` below it, in the form the
/// located errors write their notes.
pub fn with_hint(message: &str, hint: &str) -> String {
    format!("{}\n   = help: {hint}", message.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_first_statement_then_extension() {
        let guess = |name: &str, head: &str| FileKind::guess(Path::new(name), head.as_bytes());
        assert_eq!(
            guess("a.txt", "type octile\nheight 2\n"),
            Some(FileKind::MovingAi)
        );
        assert_eq!(
            guess("a.ron", "<?xml version=\"1.0\"?>"),
            Some(FileKind::Tiled)
        );
        assert_eq!(guess("a", "# Blender\nmtllib a.mtl\n"), Some(FileKind::Obj));
        assert_eq!(
            guess("a.map", "// a level\n(nodes: [])"),
            Some(FileKind::Level)
        );
        assert_eq!(
            guess("a.map", "#![enable(implicit_some)]"),
            Some(FileKind::Level)
        );
        assert_eq!(guess("a.OBJ", "???"), Some(FileKind::Obj));
        assert_eq!(guess("a.txt", "???"), None);
    }
}

//! The scan that runs before `tobj`: it checks every line clearway reads and
//! says where a bad one is (`tobj`'s errors carry no line numbers), and it
//! hands `tobj` a cleaned copy of the text, line for line, holding only the
//! statements clearway uses: `v x y z [w]`, `f` with vertex indices only,
//! `o` and `g`. Everything `tobj` would reject, or could panic on (a
//! texture index near `usize::MAX`), is rejected here first, located.

use std::ops::Range;
use std::str::FromStr;

use super::ObjGroupKind;
use super::face_lines::FaceLines;
use crate::map::MAX_COORDINATE;
use crate::map::{LoadError, LoadErrorKind};

/// Statements of the OBJ format that clearway does not use: texture
/// coordinates, normals, points, smoothing and merging groups, materials,
/// free-form geometry, rendering attributes. They are checked for nothing.
const IGNORED: &[&str] = &[
    "vt",
    "vn",
    "vp",
    "s",
    "mg",
    "usemtl",
    "mtllib",
    "cstype",
    "deg",
    "bmat",
    "step",
    "curv",
    "curv2",
    "surf",
    "parm",
    "trim",
    "hole",
    "scrv",
    "sp",
    "end",
    "con",
    "bevel",
    "c_interp",
    "d_interp",
    "lod",
    "usemap",
    "maplib",
    "shadow_obj",
    "trace_obj",
    "ctech",
    "stech",
    "call",
    "csh",
];

/// One object or group, as `tobj` will cut the file into models: a new `o`
/// or `g` ends the current one only when it has faces (else it renames it),
/// and the end of the file ends the last one, even with no faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Part {
    /// The name after `o` or `g` (empty when there is none).
    pub(super) name: String,
    /// Which statement named it.
    pub(super) kind: ObjGroupKind,
    /// The 1-based line of the statement that named it, or of its first
    /// face when nothing did.
    pub(super) line: usize,
    /// How many triangles its faces make (a face of n corners makes n - 2).
    pub(super) triangles: usize,
    /// The line of each face, by triangle.
    pub(super) faces: FaceLines,
}

/// What the scan found.
#[derive(Debug)]
pub(super) struct Scanned {
    /// The text for `tobj`, with as many lines as the input.
    pub(super) cleaned: String,
    /// The parts `tobj` will return, in order, empty ones included.
    pub(super) parts: Vec<Part>,
    /// Polyline (`l`) statements skipped: how many, and the first's line.
    pub(super) polylines: Option<(usize, usize)>,
    /// Point (`p`) statements skipped: how many, and the first's line.
    pub(super) points: Option<(usize, usize)>,
}

/// The words of one line, each with its byte offset in the whole text, up
/// to a `#` that starts a word (a comment).
fn words(text: &str, line_start: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        // A byte-order mark (Windows tools write one) separates words too.
        match (c.is_whitespace() || c == '\u{FEFF}', start) {
            (true, Some(s)) => {
                out.push((line_start + s, &text[s..i]));
                start = None;
            }
            (false, None) => {
                if c == '#' {
                    break;
                }
                start = Some(i);
            }
            _ => {}
        }
    }
    out
}

/// The scanner's state: the text, where errors go, and what was read so far.
struct Scan<'a> {
    text: &'a str,
    source_name: &'a str,
    /// How many `v` statements the whole file has.
    total_vertices: usize,
    /// How many came before the current line.
    vertices: usize,
}

impl Scan<'_> {
    fn error(
        &self,
        kind: LoadErrorKind,
        span: Range<usize>,
        message: String,
        label: &str,
    ) -> LoadError {
        LoadError::new(kind, self.source_name, message).at(self.text, span, label.to_owned())
    }

    /// Checks a `v` line; returns its cleaned form.
    fn vertex(&self, line: Range<usize>, words: &[(usize, &str)]) -> Result<String, LoadError> {
        let values = &words[1..];
        if !matches!(values.len(), 3 | 4 | 6) {
            let (span, label) = match values.len() {
                0..=2 => (line.end..line.end, "more values expected"),
                5 => {
                    let (from, _) = values[3];
                    let (to, last) = values[4];
                    (
                        from..to + last.len(),
                        "1 weight or 3 colour values expected",
                    )
                }
                _ => {
                    let (at, word) = values[6];
                    (at..at + word.len(), "unexpected value")
                }
            };
            return Err(self.error(
                LoadErrorKind::Syntax,
                span,
                format!(
                    "a vertex is `v x y z`, with an optional weight `w` or colour `r g b`; this one has {} value{}",
                    values.len(),
                    if values.len() == 1 { "" } else { "s" }
                ),
                label,
            ));
        }
        let mut numbers = [0.0; 4];
        for (k, &(at, word)) in values.iter().enumerate().take(4) {
            if values.len() == 6 && k == 3 {
                break;
            }
            numbers[k] = f64::from_str(word).map_err(|_| {
                self.error(
                    LoadErrorKind::Syntax,
                    at..at + word.len(),
                    format!("`{}` is not a number", clearway_text::quote::capped(word)),
                    "expected a number",
                )
            })?;
        }
        let weighted = values.len() == 4;
        if weighted {
            let (at, word) = values[3];
            let w = numbers[3];
            if w == 0.0 || !w.is_finite() {
                return Err(self.error(
                    if w == 0.0 {
                        LoadErrorKind::OutOfRange
                    } else {
                        LoadErrorKind::NonFinite
                    },
                    at..at + word.len(),
                    format!("the vertex weight w is {w}: it must be finite and not 0"),
                    "the weight",
                ));
            }
        }
        for (k, &(at, word)) in values.iter().enumerate().take(3) {
            // As tobj computes it, so that the check sees tobj's value.
            let mut value = numbers[k];
            if weighted {
                value /= numbers[3];
            }
            let after_w = if weighted && value != numbers[k] {
                " after dividing by w"
            } else {
                ""
            };
            let (kind, what, label) = if value.is_nan() {
                (LoadErrorKind::NonFinite, "is NaN".to_owned(), "NaN number")
            } else if value.is_infinite() {
                (
                    LoadErrorKind::NonFinite,
                    "is infinite".to_owned(),
                    "infinite number",
                )
            } else if value.abs() > MAX_COORDINATE {
                (
                    LoadErrorKind::OutOfRange,
                    format!("is {value:e}, out of range"),
                    "out of range",
                )
            } else {
                continue;
            };
            let axis = ["x", "y", "z"][k];
            return Err(self.error(
                kind,
                at..at + word.len(),
                format!(
                    "the vertex's {axis} coordinate {what}{after_w}: coordinates must be finite and lie within ±1e15"
                ),
                label,
            ));
        }
        let kept = if weighted { 4 } else { 3 };
        let mut cleaned = String::from("v");
        for &(_, word) in &values[..kept] {
            cleaned.push(' ');
            cleaned.push_str(word);
        }
        Ok(cleaned)
    }

    /// Checks an `f` line; returns its cleaned form and its corner count.
    fn face(
        &self,
        line: Range<usize>,
        words: &[(usize, &str)],
    ) -> Result<(String, usize), LoadError> {
        let corners = &words[1..];
        if corners.len() < 3 {
            return Err(self.error(
                LoadErrorKind::Syntax,
                line.end..line.end,
                format!(
                    "a face needs at least 3 vertices; this one has {}",
                    corners.len()
                ),
                "more vertices expected",
            ));
        }
        let mut cleaned = String::from("f");
        for &(at, word) in corners {
            let parts: Vec<&str> = word.split('/').collect();
            let malformed = |label: &str| {
                self.error(
                    LoadErrorKind::Syntax,
                    at..at + word.len(),
                    format!(
                        "`{}` is not a face corner: it is `v`, `v/vt`, `v//vn` or `v/vt/vn`, each an index",
                        clearway_text::quote::capped(word)
                    ),
                    label,
                )
            };
            if parts.len() > 3 {
                return Err(malformed("too many `/`"));
            }
            // Texture and normal indices are not used (nor handed to
            // `tobj`, nor checked against the `vt` and `vn` counts); they
            // must still be integers.
            for part in &parts[1..] {
                if !part.is_empty() && !is_integer(part) {
                    return Err(malformed("expected an index"));
                }
            }
            let span = at..at + parts[0].len();
            let index = match isize::from_str(parts[0]) {
                Ok(index) => index,
                Err(_) if is_integer(parts[0]) => {
                    let digits = clearway_text::quote::capped(parts[0]);
                    let message = if parts[0].starts_with('-') {
                        format!(
                            "relative vertex index {digits} is out of range: {} vert{} come before this face",
                            self.vertices,
                            if self.vertices == 1 { "ex" } else { "ices" }
                        )
                    } else {
                        format!(
                            "vertex index {digits} is out of range: the file has {} vert{}",
                            self.total_vertices,
                            if self.total_vertices == 1 {
                                "ex"
                            } else {
                                "ices"
                            }
                        )
                    };
                    return Err(self.error(
                        LoadErrorKind::IndexOutOfRange,
                        span,
                        message,
                        "no such vertex",
                    ));
                }
                Err(_) => return Err(malformed("expected a vertex index")),
            };
            if index == 0 {
                return Err(self.error(
                    LoadErrorKind::IndexOutOfRange,
                    span,
                    "vertex index 0 is out of range: OBJ indices count from 1 (or back from -1)"
                        .to_owned(),
                    "no vertex 0",
                ));
            }
            if index > 0 && index.unsigned_abs() > self.total_vertices {
                return Err(self.error(
                    LoadErrorKind::IndexOutOfRange,
                    span,
                    format!(
                        "vertex index {index} is out of range: the file has {} vert{}",
                        self.total_vertices,
                        if self.total_vertices == 1 {
                            "ex"
                        } else {
                            "ices"
                        }
                    ),
                    &format!("no vertex {index}"),
                ));
            }
            if index < 0 && index.unsigned_abs() > self.vertices {
                return Err(self.error(
                    LoadErrorKind::IndexOutOfRange,
                    span,
                    format!(
                        "relative vertex index {index} is out of range: {} vert{} come before this face",
                        self.vertices,
                        if self.vertices == 1 { "ex" } else { "ices" }
                    ),
                    &format!("no vertex {index}"),
                ));
            }
            cleaned.push(' ');
            cleaned.push_str(parts[0]);
        }
        Ok((cleaned, corners.len()))
    }
}

/// Whether `word` is an integer as written (an optional sign, then digits),
/// however many digits: one too long for `isize` is an index out of range,
/// not a malformed one.
fn is_integer(word: &str) -> bool {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Lines of `text` as (number from 1, byte range without the line break).
fn lines(text: &str) -> impl Iterator<Item = (usize, Range<usize>)> + '_ {
    let mut start = 0;
    text.split('\n').enumerate().map(move |(i, line)| {
        let range = start..start + line.strip_suffix('\r').unwrap_or(line).len();
        start += line.len() + 1;
        (i + 1, range)
    })
}

/// Scans the whole text (UTF-8, free of control characters).
pub(super) fn scan(text: &str, source_name: &str) -> Result<Scanned, LoadError> {
    let total_vertices = lines(text)
        .filter(|(_, range)| words(&text[range.clone()], 0).first().map(|w| w.1) == Some("v"))
        .count();
    let mut scan = Scan {
        text,
        source_name,
        total_vertices,
        vertices: 0,
    };
    let mut cleaned = String::with_capacity(text.len());
    let mut parts = Vec::new();
    let mut current = Part {
        name: String::new(),
        kind: ObjGroupKind::Unnamed,
        line: 0,
        triangles: 0,
        faces: FaceLines::default(),
    };
    let mut polylines: Option<(usize, usize)> = None;
    let mut points: Option<(usize, usize)> = None;
    for (number, range) in lines(text) {
        if number > 1 {
            cleaned.push('\n');
        }
        let line = &text[range.clone()];
        let words = words(line, range.start);
        let Some(&(at, keyword)) = words.first() else {
            continue;
        };
        match keyword {
            "v" => {
                cleaned.push_str(&scan.vertex(range, &words)?);
                scan.vertices += 1;
            }
            "f" => {
                let (face, corners) = scan.face(range, &words)?;
                cleaned.push_str(&face);
                if current.line == 0 {
                    current.line = number;
                }
                current.faces.push(current.triangles, number);
                current.triangles += corners - 2;
            }
            "o" | "g" => {
                // The rest of the line up to a comment, spaces kept.
                let name = match (words.get(1), words.last()) {
                    (Some(&(from, _)), Some(&(to, last))) => text[from..to + last.len()].to_owned(),
                    _ => String::new(),
                };
                let kind = if keyword == "o" {
                    ObjGroupKind::Object
                } else {
                    ObjGroupKind::Group
                };
                let named = Part {
                    name,
                    kind,
                    line: number,
                    triangles: 0,
                    faces: FaceLines::default(),
                };
                if current.triangles > 0 {
                    parts.push(std::mem::replace(&mut current, named));
                } else {
                    current = named;
                }
                cleaned.push_str(keyword);
                cleaned.push(' ');
                cleaned.push_str(&current.name);
            }
            "l" | "p" => {
                let skipped = if keyword == "l" {
                    &mut polylines
                } else {
                    &mut points
                };
                let (count, _) = skipped.get_or_insert((0, number));
                *count += 1;
            }
            k if IGNORED.contains(&k) => {}
            _ => {
                return Err(scan.error(
                    LoadErrorKind::Syntax,
                    at..at + keyword.len(),
                    format!(
                        "`{}` is not an OBJ statement (such as `v`, `f`, `o` or `g`)",
                        clearway_text::quote::capped(keyword)
                    ),
                    "unknown statement",
                ));
            }
        }
    }
    parts.push(current);
    if parts.iter().all(|p| p.triangles == 0) {
        return Err(scan.error(
            LoadErrorKind::NoFaces,
            0..0,
            "the OBJ file has no faces: clearway reads its `f` statements as obstacles".to_owned(),
            "no `f` line in this file",
        ));
    }
    Ok(Scanned {
        cleaned,
        parts,
        polylines,
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_stop_at_a_comment_and_carry_offsets() {
        assert_eq!(
            words("f 1  2\t3 # a face", 10),
            vec![(10, "f"), (12, "1"), (15, "2"), (17, "3")]
        );
        assert_eq!(words("o wall#2", 0), vec![(0, "o"), (2, "wall#2")]);
        assert!(words("# all comment", 0).is_empty());
        assert_eq!(words("\u{FEFF}v 1", 0), vec![(3, "v"), (5, "1")]);
    }

    #[test]
    fn lines_drop_line_breaks() {
        let text = "a\r\nbc\n\nd";
        let got: Vec<_> = lines(text).map(|(n, r)| (n, &text[r])).collect();
        assert_eq!(got, vec![(1, "a"), (2, "bc"), (3, ""), (4, "d")]);
    }

    #[test]
    fn the_cleaned_text_keeps_the_lines_and_drops_what_is_unused() {
        let text = "# c\nmtllib x.mtl\nv 0 0 0 1 0.5 0\nv 1 0 0 2\r\nv 0 1 0\nvt 0 0\n  o  arch  \nusemtl stone\nf 1/1/1 2//1 -1\nl 1 2\n";
        let scanned = scan(text, "t.obj").unwrap();
        assert_eq!(
            scanned.cleaned,
            "\n\nv 0 0 0\nv 1 0 0 2\nv 0 1 0\n\no arch\n\nf 1 2 -1\n\n"
        );
        assert_eq!(
            scanned.parts,
            vec![Part {
                name: "arch".into(),
                kind: ObjGroupKind::Object,
                line: 7,
                triangles: 1,
                faces: {
                    let mut faces = FaceLines::default();
                    faces.push(0, 9);
                    faces
                }
            }]
        );
        assert_eq!(scanned.polylines, Some((1, 10)));
    }

    #[test]
    fn parts_split_as_tobj_splits_models() {
        // `g` before any face renames the part; the trailing `o` with no
        // faces still makes a (empty) part, as tobj makes a model.
        let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\no a\ng b\nf 1 2 3 1\no c\n";
        let parts = scan(text, "t.obj").unwrap().parts;
        let got: Vec<_> = parts
            .iter()
            .map(|p| (p.name.as_str(), p.kind, p.line, p.triangles))
            .collect();
        assert_eq!(
            got,
            vec![
                ("", ObjGroupKind::Unnamed, 4, 1),
                ("b", ObjGroupKind::Group, 6, 2),
                ("c", ObjGroupKind::Object, 8, 0),
            ]
        );
    }
}

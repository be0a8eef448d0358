//! Obstacles from Wavefront OBJ files (`--obstacles level.obj`).
//!
//! Level geometry made in a modeller (Blender, Maya, a game engine's
//! exporter) is read with the `tobj` crate: every face is triangulated (a
//! fan from its first corner, right for the convex faces exporters write),
//! and each object (`o`) or group (`g`) becomes one [`Mesh`], named in
//! reports by the file and its name, as Tiled objects are by the file and
//! their id ([`ObjSource`]). A new `o` or `g` starts a new mesh once the
//! current one has faces; faces before any `o` or `g` make an unnamed mesh.
//!
//! Only positions (`v x y z`, with an optional weight `w` they are divided
//! by, or colour `r g b` that is ignored) and faces (`f`, with relative
//! indices such as `-1` too) are read. Texture coordinates, normals,
//! materials, smoothing groups and free-form geometry are ignored;
//! polylines (`l`) and points (`p`) are skipped with a warning. A `#` at the start of a word
//! starts a comment.
//!
//! # Solid or surface
//!
//! A mesh is solid ([`Mesh::is_solid`]: its inside is obstacle too) when it
//! is closed by parity: every edge of its triangles is shared by an even
//! number of them (vertices at the same position count as one). Its inside
//! is then well defined by the parity of crossings, whichever way each face
//! is wound: a box with a face wound backwards, or two boxes sharing an
//! edge in one object, is solid. Any other mesh (a terrain sheet, a single
//! wall quad, a box missing a face) is a surface: only its triangles are
//! obstacle. Where parity and a reader's eye may differ, the import warns
//! ([`ObjObstacles::warnings`]): a surface that is almost closed (a few
//! open edges, as a box missing a face has), and a solid with faces wound
//! against their neighbours or edges shared by more than two faces, each
//! with the count and the line of the first face concerned.
//!
//! # Errors
//!
//! Bad input is a [`LoadError`] at `file:line:col` with the line shown, as
//! map files are reported: a face index out of range (naming the index and
//! the vertex count), a coordinate that is NaN, infinite or beyond ±1e15,
//! a malformed or unknown statement, a file with no faces, text that is not
//! UTF-8. `tobj`'s own errors carry no place, so a scan of the text checks
//! every line first.
//!
//! ```
//! use clearway::obj::read_obj;
//! let text = "o wall\nv 0 0 0\nv 4 0 0\nv 4 0 3\nv 0 0 3\nf 1 2 3 4\n";
//! let import = read_obj(text.as_bytes(), "level.obj")?;
//! let wall = &import.meshes[0];
//! assert_eq!(wall.mesh.triangle_indices().len(), 2);
//! assert!(!wall.mesh.is_solid());
//! assert_eq!(wall.source.to_string(), "level.obj object `wall` at line 1");
//! # Ok::<(), clearway::LoadError>(())
//! ```

use std::fmt;
use std::path::Path;

use crate::geometry::{Mesh, Point3};
use crate::map::{LoadError, LoadErrorKind};
use crate::obstacle3::Obstacle3;
use clearway_text::quote::capped;

mod closed;
mod face_lines;
mod scan;

pub(crate) use face_lines::FaceLines;

/// Which statement named an OBJ mesh.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjGroupKind {
    /// An object: `o name`.
    Object,
    /// A group: `g name`.
    Group,
    /// Neither: faces that come before any `o` or `g`.
    Unnamed,
}

/// Where an imported mesh came from: one object or group of an OBJ file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjSource {
    /// The OBJ file, as named to the importer (usually its path).
    pub file: String,
    /// The name after `o` or `g` (empty for unnamed faces, or `o` alone).
    pub name: String,
    /// Whether `o` or `g` named it.
    pub kind: ObjGroupKind,
    /// The 1-based line of the `o` or `g` that named it, or of its first
    /// face when nothing did.
    pub line: usize,
    /// The line of each of its faces, by triangle, to cite a triangle.
    pub faces: FaceLines,
}

impl ObjSource {
    /// The source without its file: `object `arch` at line 3`, `faces from
    /// line 3`. The line tells apart groups of the same name.
    pub(crate) fn without_file(&self) -> String {
        let what = match self.kind {
            ObjGroupKind::Object => "object",
            ObjGroupKind::Group => "group",
            ObjGroupKind::Unnamed => "faces",
        };
        if self.name.is_empty() {
            format!("{what} from line {}", self.line)
        } else {
            format!("{what} `{}` at line {}", capped(&self.name), self.line)
        }
    }
}

impl fmt::Display for ObjSource {
    /// `level.obj object `arch` at line 3`; `level.obj group `walls` at
    /// line 9`; `level.obj faces from line 3` for faces with no name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.file, self.without_file())
    }
}

/// One object or group of an OBJ file, as a mesh.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjMesh {
    /// Its triangles; solid when closed (see the [module](self) docs).
    pub mesh: Mesh,
    /// Where it came from.
    pub source: ObjSource,
}

/// The meshes read from an OBJ file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ObjObstacles {
    /// One per object or group with faces, in file order.
    pub meshes: Vec<ObjMesh>,
    /// Statements that were skipped (polylines, points), one line each,
    /// for standard error.
    pub warnings: Vec<String>,
}

impl ObjObstacles {
    /// Which meshes were read as solid and which as surfaces, on one line
    /// (up to 6 names of each, then how many more): `level.obj: 6 meshes,
    /// 3 solid (object `arch` at line 3, ...), 3 surfaces (...)`. For
    /// standard error, so that a box read as hollow is seen.
    pub fn solidity(&self) -> String {
        let file = self.meshes.first().map_or("", |m| m.source.file.as_str());
        let list = |solid: bool| {
            let names: Vec<String> = self
                .meshes
                .iter()
                .filter(|m| m.mesh.is_solid() == solid)
                .map(|m| m.source.without_file())
                .collect();
            let shown = names.len().min(6);
            let mut text = names[..shown].join(", ");
            if names.len() > shown {
                text.push_str(&format!(" and {} more", names.len() - shown));
            }
            (names.len(), text)
        };
        let mut parts = Vec::new();
        for (solid, one, many) in [(true, "solid", "solid"), (false, "surface", "surfaces")] {
            let (count, names) = list(solid);
            if count > 0 {
                let noun = if count == 1 { one } else { many };
                parts.push(format!("{count} {noun} ({names})"));
            }
        }
        let count = self.meshes.len();
        format!(
            "{file}: {count} mesh{}, {}",
            if count == 1 { "" } else { "es" },
            parts.join(", ")
        )
    }

    /// The meshes as obstacles, with their sources: `sources[i]` for
    /// `obstacles[i]`, as the Tiled import gives them.
    pub fn into_obstacles(self) -> (Vec<Obstacle3>, Vec<ObjSource>) {
        self.meshes
            .into_iter()
            .map(|m| (Obstacle3::Mesh(m.mesh), m.source))
            .unzip()
    }
}

/// Reads the OBJ file at `path`.
///
/// # Errors
///
/// [`LoadErrorKind::Io`] if it cannot be read; otherwise as [`read_obj`].
pub fn load_obj(path: impl AsRef<Path>) -> Result<ObjObstacles, LoadError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    if path.is_dir() {
        return Err(LoadError::new(
            LoadErrorKind::Io,
            &file,
            format!("cannot read OBJ file `{file}`: it is a directory, not a file"),
        ));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| LoadError::io(&file, format!("cannot read OBJ file `{file}`: {e}"), e))?;
    read_obj(&bytes, &file)
}

/// Reads OBJ text held in memory. `source_name` names it in messages and
/// in the meshes' sources.
///
/// # Errors
///
/// A [`LoadError`] located at the bad line: text that is not UTF-8
/// ([`LoadErrorKind::NotUtf8`]) or holds control characters
/// ([`LoadErrorKind::Binary`]), an unknown or malformed statement
/// ([`LoadErrorKind::Syntax`]), a coordinate that is NaN or infinite
/// ([`LoadErrorKind::NonFinite`]) or beyond ±1e15, or a weight of 0
/// ([`LoadErrorKind::OutOfRange`]), a face index out of range
/// ([`LoadErrorKind::IndexOutOfRange`]), no face at all
/// ([`LoadErrorKind::NoFaces`]).
pub fn read_obj(bytes: &[u8], source_name: &str) -> Result<ObjObstacles, LoadError> {
    let text = utf8_text(bytes, source_name)?;
    let scanned = scan::scan(text, source_name)?;
    let options = tobj::LoadOptions {
        triangulate: true,
        single_index: false,
        ignore_points: false,
        ignore_lines: false,
    };
    // The cleaned text has no `mtllib`, so the material loader is never
    // called; no material file is read.
    let (models, _) = tobj::load_obj_buf(
        &mut std::io::Cursor::new(scanned.cleaned.as_bytes()),
        &options,
        |_| Err(tobj::LoadError::OpenFileFailed),
    )
    .map_err(|e| internal(source_name, &format!("tobj rejected the checked text: {e}")))?;
    if models.len() != scanned.parts.len() {
        return Err(internal(
            source_name,
            &format!(
                "tobj read {} objects where the scan found {}",
                models.len(),
                scanned.parts.len()
            ),
        ));
    }
    let mut import = ObjObstacles::default();
    for (model, part) in models.into_iter().zip(scanned.parts) {
        if part.triangles == 0 {
            continue;
        }
        let source = ObjSource {
            file: source_name.to_owned(),
            name: part.name,
            kind: part.kind,
            line: part.line,
            faces: part.faces,
        };
        let (mesh, closure) = to_mesh(&model.mesh)
            .filter(|(m, _)| m.triangle_indices().len() == part.triangles)
            .ok_or_else(|| {
                internal(
                    source_name,
                    &format!("tobj's triangles for {source} do not match the faces"),
                )
            })?;
        import.warnings.extend(closure_warning(&source, &closure));
        import.meshes.push(ObjMesh { mesh, source });
    }
    for (what, keyword, skipped) in [
        ("polyline", "l", scanned.polylines),
        ("point", "p", scanned.points),
    ] {
        if let Some((count, first)) = skipped {
            import.warnings.push(format!(
                "warning: {source_name}: skipped {count} {what}{} (`{keyword}`, the first at line {first}): clearway reads faces only",
                if count == 1 { "" } else { "s" }
            ));
        }
    }
    Ok(import)
}

/// A clearway mesh from a triangulated `tobj` mesh, solid when closed, and
/// how its edges are shared.
fn to_mesh(model: &tobj::Mesh) -> Option<(Mesh, closed::Closure)> {
    let vertices: Vec<Point3> = model
        .positions
        .chunks_exact(3)
        .map(|p| Point3::new(p[0], p[1], p[2]))
        .collect();
    let triangles: Vec<[u32; 3]> = model
        .indices
        .chunks_exact(3)
        .map(|t| [t[0], t[1], t[2]])
        .collect();
    if model.indices.len() % 3 != 0 {
        return None;
    }
    let open = Mesh::new(vertices, triangles, false).ok()?;
    let closure = closed::closure(&open);
    if !closure.is_closed() {
        return Some((open, closure));
    }
    let vertices = open.vertices().to_vec();
    let triangles = open.triangle_indices().to_vec();
    Some((Mesh::new(vertices, triangles, true).ok()?, closure))
}

/// The warning a mesh's edges call for, if any: an almost closed surface
/// (read as hollow), or a solid with faces wound against their neighbours
/// or edges shared by more than two faces (read as solid by parity).
fn closure_warning(source: &ObjSource, closure: &closed::Closure) -> Option<String> {
    let first_line = |tally: &closed::EdgeTally| {
        tally
            .first_triangle
            .and_then(|t| source.faces.line_of_triangle(t))
            .map_or_else(String::new, |line| {
                format!(", the first in the face at line {line}")
            })
    };
    let edges = |n: usize| {
        if n == 1 {
            "1 edge".to_owned()
        } else {
            format!("{n} edges")
        }
    };
    if closure.is_almost_closed() {
        let open = &closure.open;
        return Some(format!(
            "warning: {source} is read as a surface, not a solid: {} of its {} belong{} to an \
             odd number of its faces ({}{}), so its inside is not obstacle; close the mesh to \
             make it solid",
            open.edges,
            edges(closure.edges),
            if open.edges == 1 { "s" } else { "" },
            "a hole, or a face missing or given twice",
            first_line(open),
        ));
    }
    if !closure.is_closed() {
        return None;
    }
    let mut untidy = Vec::new();
    if closure.miswound.edges > 0 {
        untidy.push(format!(
            "{} run{} the same way in both {} faces (a face wound backwards{})",
            edges(closure.miswound.edges),
            if closure.miswound.edges == 1 { "s" } else { "" },
            if closure.miswound.edges == 1 {
                "its"
            } else {
                "their"
            },
            first_line(&closure.miswound),
        ));
    }
    if closure.non_manifold.edges > 0 {
        untidy.push(format!(
            "{} {} shared by more than two faces (solids touching along an edge{})",
            edges(closure.non_manifold.edges),
            if closure.non_manifold.edges == 1 {
                "is"
            } else {
                "are"
            },
            first_line(&closure.non_manifold),
        ));
    }
    (!untidy.is_empty()).then(|| {
        format!(
            "warning: {source} is read as a solid (every edge is shared by an even number of \
             its faces, so its inside is well defined), though {}",
            untidy.join(" and ")
        )
    })
}

fn internal(source_name: &str, what: &str) -> LoadError {
    LoadError::new(
        LoadErrorKind::Internal,
        source_name,
        format!("{what} (a bug in clearway: please report it with the file)"),
    )
}

/// The bytes as text, or a located error: UTF-16, not UTF-8, or binary.
fn utf8_text<'a>(bytes: &'a [u8], source_name: &str) -> Result<&'a str, LoadError> {
    if clearway_text::utf16::looks_like_utf16(bytes) {
        let message = format!(
            "the OBJ file is UTF-16 text; clearway reads UTF-8: {}",
            clearway_text::utf16::CONVERT
        );
        return Err(
            LoadError::new(LoadErrorKind::NotUtf8, source_name, message).at(
                "",
                0..0,
                "UTF-16 starts here".to_owned(),
            ),
        );
    }
    let (text, utf8_error) = match std::str::from_utf8(bytes) {
        Ok(text) => (text, None),
        Err(e) => {
            let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
            (std::str::from_utf8(valid).unwrap_or_default(), Some(e))
        }
    };
    let is_bad = |b: &u8| (*b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || *b == 0x7F;
    if let Some(offset) = text.as_bytes().iter().position(is_bad) {
        let byte = text.as_bytes()[offset];
        let message = format!(
            "the OBJ file is a binary file, not text: it holds the control byte 0x{byte:02X}"
        );
        return Err(
            LoadError::new(LoadErrorKind::Binary, source_name, message).at(
                text,
                offset..offset + 1,
                format!("byte 0x{byte:02X}"),
            ),
        );
    }
    if let Some(e) = utf8_error {
        let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
        let message =
            format!("the OBJ file is not UTF-8 text: byte 0x{byte:02X} is not valid UTF-8");
        return Err(
            LoadError::new(LoadErrorKind::NotUtf8, source_name, message).at(
                text,
                text.len()..text.len(),
                format!("byte 0x{byte:02X} follows here"),
            ),
        );
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Location;

    #[test]
    fn renders_like_the_map_loader() {
        let text = "v 0 0 0\nf 1 2 9\n";
        let at = text.find('9').unwrap();
        let err = LoadError::new(
            LoadErrorKind::IndexOutOfRange,
            "x.obj",
            "vertex index 9 is out of range".into(),
        )
        .at(text, at..at + 1, "no vertex 9".into());
        assert_eq!(
            err.to_string(),
            "error: vertex index 9 is out of range\n  --> x.obj:2:7\n   |\n 2 | f 1 2 9\n   |       ^ no vertex 9"
        );
        assert_eq!(err.location(), Some(Location { line: 2, column: 7 }));
    }

    /// A unit cube: 8 vertices, 6 quads wound counter-clockwise seen from
    /// outside.
    const CUBE: &str = "\
o cube
v 0 0 0
v 1 0 0
v 1 1 0
v 0 1 0
v 0 0 1
v 1 0 1
v 1 1 1
v 0 1 1
f 1 4 3 2
f 5 6 7 8
f 1 2 6 5
f 2 3 7 6
f 3 4 8 7
f 4 1 5 8
";

    fn read(text: &str) -> ObjObstacles {
        read_obj(text.as_bytes(), "t.obj").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_cube_is_12_triangles_and_solid() {
        let import = read(CUBE);
        assert_eq!(import.meshes.len(), 1);
        let cube = &import.meshes[0];
        assert_eq!(cube.mesh.vertices().len(), 8);
        assert_eq!(cube.mesh.triangle_indices().len(), 12);
        assert!(cube.mesh.is_solid());
        assert_eq!(cube.source.to_string(), "t.obj object `cube` at line 1");
        assert_eq!(cube.source.line, 1);
        // The first quad (1 4 3 2) is the fan (1 4 3), (1 3 2), in the
        // order the vertices were first used.
        let corner = |t: usize, c: usize| cube.mesh.triangle(t).corners[c];
        assert_eq!(
            [corner(0, 0), corner(0, 1), corner(0, 2)],
            [
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(0.0, 1.0, 0.0),
                Point3::new(1.0, 1.0, 0.0)
            ]
        );
        assert_eq!(
            [corner(1, 0), corner(1, 1), corner(1, 2)],
            [
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(1.0, 1.0, 0.0),
                Point3::new(1.0, 0.0, 0.0)
            ]
        );
        assert!(import.warnings.is_empty());
    }

    #[test]
    fn a_cube_missing_a_face_is_a_surface_with_a_warning() {
        // The missing face 4 1 5 8 leaves its 4 sides open, among the
        // 17 edges left (12 sides, 5 diagonals); the first face along one
        // of them is the bottom, 1 4 3 2 on line 10.
        let open = CUBE.replace("f 4 1 5 8\n", "");
        let import = read(&open);
        let m = &import.meshes[0].mesh;
        assert_eq!((m.triangle_indices().len(), m.is_solid()), (10, false));
        assert_eq!(
            import.warnings,
            [
                "warning: t.obj object `cube` at line 1 is read as a surface, not a solid: 4 of \
                 its 17 edges belong to an odd number of its faces (a hole, or a face missing \
                 or given twice, the first in the face at line 10), so its inside is not \
                 obstacle; close the mesh to make it solid"
            ]
        );
        assert_eq!(
            import.solidity(),
            "t.obj: 1 mesh, 1 surface (object `cube` at line 1)"
        );
    }

    #[test]
    fn a_cube_with_a_face_wound_backwards_is_solid_with_a_warning() {
        // The last face (line 15) turned round: its 4 sides run the same
        // way as in their neighbours; its diagonal is its own. Parity does
        // not care: solid.
        let flipped = CUBE.replace("f 4 1 5 8", "f 8 5 1 4");
        let import = read(&flipped);
        let m = &import.meshes[0].mesh;
        assert_eq!((m.triangle_indices().len(), m.is_solid()), (12, true));
        assert_eq!(
            import.warnings,
            [
                "warning: t.obj object `cube` at line 1 is read as a solid (every edge is shared \
                 by an even number of its faces, so its inside is well defined), though 4 edges \
                 run the same way in both their faces (a face wound backwards, the first in the \
                 face at line 10)"
            ]
        );
        assert_eq!(
            import.solidity(),
            "t.obj: 1 mesh, 1 solid (object `cube` at line 1)"
        );
    }

    #[test]
    fn two_cubes_sharing_an_edge_in_one_object_are_solid_with_a_warning() {
        // The second cube is the first moved by (1, 1, 0): they share the
        // edge from (1, 1, 0) to (1, 1, 1), vertices 3 and 7 of the first,
        // which 4 faces meet at (2 of each cube). The first of them is the
        // first cube's 2 3 7 6, on line 13.
        let second: String = CUBE
            .lines()
            .skip(1)
            .map(|line| match line.split_once(' ') {
                Some(("v", xyz)) => {
                    let v: Vec<f64> = xyz.split(' ').map(|w| w.parse().unwrap()).collect();
                    format!("v {} {} {}\n", v[0] + 1.0, v[1] + 1.0, v[2])
                }
                Some(("f", corners)) => {
                    let shifted: Vec<String> = corners
                        .split(' ')
                        .map(|i| (i.parse::<u32>().unwrap() + 8).to_string())
                        .collect();
                    format!("f {}\n", shifted.join(" "))
                }
                _ => unreachable!("{line}"),
            })
            .collect();
        let import = read(&format!("{CUBE}{second}"));
        let m = &import.meshes[0].mesh;
        assert_eq!((m.triangle_indices().len(), m.is_solid()), (24, true));
        assert_eq!(
            import.warnings,
            [
                "warning: t.obj object `cube` at line 1 is read as a solid (every edge is shared \
                 by an even number of its faces, so its inside is well defined), though 1 edge \
                 is shared by more than two faces (solids touching along an edge, the first in \
                 the face at line 13)"
            ]
        );
    }

    #[test]
    fn a_single_quad_is_2_triangles_and_not_solid() {
        let import = read("v 0 0 0\nv 2 0 0\nv 2 0 1\nv 0 0 1\nf 1 2 3 4\n");
        let quad = &import.meshes[0];
        assert_eq!(quad.mesh.triangle_indices(), &[[0, 1, 2], [0, 2, 3]]);
        assert!(!quad.mesh.is_solid());
        assert_eq!(quad.source.kind, ObjGroupKind::Unnamed);
        assert_eq!(quad.source.to_string(), "t.obj faces from line 5");
        assert!(
            import.warnings.is_empty(),
            "a wall quad is a surface, no warning"
        );
    }

    #[test]
    fn a_pentagon_is_a_fan_of_3_triangles() {
        let import = read("v 0 0 0\nv 2 0 0\nv 3 1 0\nv 1 2 0\nv -1 1 0\nf 1 2 3 4 5\n");
        assert_eq!(
            import.meshes[0].mesh.triangle_indices(),
            &[[0, 1, 2], [0, 2, 3], [0, 3, 4]]
        );
    }

    #[test]
    fn two_objects_are_two_meshes_named_a_and_b() {
        let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\no a\nf 1 2 3\no b\nf 1 2 4\nf 2 3 4\n";
        let import = read(text);
        let names: Vec<_> = import
            .meshes
            .iter()
            .map(|m| {
                (
                    m.source.name.as_str(),
                    m.source.line,
                    m.mesh.triangle_indices().len(),
                )
            })
            .collect();
        assert_eq!(names, vec![("a", 5, 1), ("b", 7, 2)]);
        // Each mesh holds only the vertices its faces use.
        assert_eq!(import.meshes[0].mesh.vertices().len(), 3);
        assert_eq!(
            import.meshes[1].mesh.vertices(),
            &[
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(1.0, 0.0, 0.0),
                Point3::new(0.0, 0.0, 1.0),
                Point3::new(0.0, 1.0, 0.0)
            ]
        );
        let (obstacles, sources) = import.into_obstacles();
        assert_eq!(obstacles.len(), 2);
        assert_eq!(sources[1].to_string(), "t.obj object `b` at line 7");
    }

    #[test]
    fn groups_split_too_and_a_name_with_no_faces_renames() {
        let text = "v 0 0 0\nv 1 0 0\nv 0 1 0\no rock\ng left wall # west side\nf 1 2 3\ng right\nf 3 2 1\ng\n";
        let import = read(text);
        let got: Vec<_> = import.meshes.iter().map(|m| m.source.to_string()).collect();
        assert_eq!(
            got,
            [
                "t.obj group `left wall` at line 5",
                "t.obj group `right` at line 7"
            ]
        );
        assert_eq!(import.meshes[0].source.line, 5);
    }

    #[test]
    fn relative_indices_and_weights() {
        // -1 is the vertex just before the face; w divides x, y and z.
        let import = read("v 0 0 0\nv 2 0 0 2\nv 0 4 0 4\nf -3 -2 -1\n");
        let m = &import.meshes[0].mesh;
        assert_eq!(m.triangle(0).corners[1], Point3::new(1.0, 0.0, 0.0));
        assert_eq!(m.triangle(0).corners[2], Point3::new(0.0, 1.0, 0.0));
    }

    #[test]
    fn texture_and_normal_indices_are_ignored() {
        let import =
            read("v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\nf 1/1/1 2//1 3/1\nusemtl x\n");
        assert_eq!(import.meshes[0].mesh.triangle_indices(), &[[0, 1, 2]]);
    }

    #[test]
    fn a_byte_order_mark_is_not_a_statement() {
        let import = read("\u{FEFF}v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        assert_eq!(import.meshes[0].mesh.triangle_indices(), &[[0, 1, 2]]);
    }

    #[test]
    fn polylines_are_skipped_with_a_warning() {
        let import = read("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nl 2 3 1\nf 1 2 3\n");
        assert_eq!(import.meshes.len(), 1);
        assert_eq!(import.meshes[0].mesh.triangle_indices().len(), 1);
        assert_eq!(
            import.warnings,
            [
                "warning: t.obj: skipped 2 polylines (`l`, the first at line 4): clearway reads faces only"
            ]
        );
    }

    #[test]
    fn points_are_skipped_with_a_warning_as_polylines_are() {
        let import = read("v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\nf 1 2 3\np 1\np 2 3\n");
        assert_eq!(
            import.warnings,
            [
                "warning: t.obj: skipped 1 polyline (`l`, the first at line 4): clearway reads faces only",
                "warning: t.obj: skipped 2 points (`p`, the first at line 6): clearway reads faces only",
            ]
        );
    }

    #[test]
    fn a_missing_file_and_a_folder_name_their_path() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope.obj");
        let err = load_obj(&missing).unwrap_err();
        assert_eq!(err.kind(), LoadErrorKind::Io);
        assert!(err.to_string().contains("nope.obj"), "{err}");
        let err = load_obj(dir.path()).unwrap_err();
        assert!(err.to_string().contains("is a directory"), "{err}");
    }
}

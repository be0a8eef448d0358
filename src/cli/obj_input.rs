//! `--obstacles level.obj`: adding an OBJ file's meshes to a 3D map, and
//! remembering where each came from for reports, as `--obstacles level.tmx`
//! does for a flat map (see `tiled_input`).

use std::path::Path;
use std::sync::OnceLock;

use super::timings::Timings;
use clearway::Map;
use clearway::obj::{self, ObjSource};
use clearway::{Obstacle3, Space};

use super::Failure;
use super::args::{TiledArgs, TiledOriginArg};
use super::input::read_input;
use super::mesh_spot::MeshTriangles;
use super::obstacle_sources::{self, ObstacleSources};

/// The sources of the obstacles from the OBJ file (`level.obj object
/// `arch``), with each mesh's triangles.
#[derive(Debug, Default)]
pub struct ObjObstacleSources {
    sources: ObstacleSources<ObjSource>,
    /// Each mesh's triangles, indexed when a report first cites it.
    triangles: Vec<OnceLock<MeshTriangles>>,
}

impl ObjObstacleSources {
    /// `level.obj object `arch`` for an obstacle from the OBJ file; `None`
    /// for the map's own.
    pub fn source(&self, obstacle: usize) -> Option<String> {
        self.sources.source(obstacle)
    }

    /// The line of the face that triangle `triangle` of obstacle
    /// `obstacle` (a mesh from the OBJ file) came from.
    pub fn triangle_line(&self, obstacle: usize, triangle: usize) -> Option<usize> {
        self.sources.get(obstacle)?.faces.line_of_triangle(triangle)
    }

    /// The indexed triangles of obstacle `obstacle`, a mesh from the OBJ
    /// file, kept for [`mesh_spot`](super::mesh_spot::mesh_spot).
    pub fn triangles(&self, obstacle: usize) -> Option<&OnceLock<MeshTriangles>> {
        self.triangles.get(self.sources.position(obstacle)?)
    }

    /// How many obstacles came from the OBJ file.
    pub fn count(&self) -> usize {
        self.sources.count()
    }
}

/// Whether `--obstacles` names an OBJ file, by its extension.
pub fn is_obj(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("obj"))
}

/// Whether `--obstacles` names a Tiled map, by its extension.
pub fn is_tmx(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tmx"))
}

/// `map` with the meshes of `args`' obstacles files appended, in order (the
/// map itself when there are none), before it is indexed. `map_name` names
/// the map in messages. A Tiled map, or a Tiled option, is a usage error:
/// Tiled maps are flat.
pub fn add(
    map: Map<Space>,
    map_name: &str,
    args: Option<&TiledArgs>,
    timings: &mut Timings,
) -> Result<(Map<Space>, ObjObstacleSources), Failure> {
    let Some(args) = args.filter(|a| a.files().next().is_some()) else {
        return Ok((map, ObjObstacleSources::default()));
    };
    let (map, sources) = obstacle_sources::append_files(
        map.obstacles().len(),
        args.files(),
        |path| read_one(path, map_name, args),
        |obstacles| map.with_extra_obstacles(obstacles),
        "obj",
        timings,
    )?;
    let triangles = sources.sources().iter().map(|_| OnceLock::new()).collect();
    Ok((map, ObjObstacleSources { sources, triangles }))
}

/// The meshes of one OBJ file, with where each came from.
fn read_one(
    path: &Path,
    map_name: &str,
    args: &TiledArgs,
) -> Result<(Vec<Obstacle3>, Vec<ObjSource>), Failure> {
    if is_tmx(path) {
        return Err(Failure::Usage(format!(
            "--obstacles `{}`: Tiled maps are 2D, and `{map_name}` is a 3D level (its nodes \
             have three coordinates); give a 3D level's obstacles as a Wavefront OBJ file \
             (--obstacles level.obj)",
            path.display()
        )));
    }
    refuse_tiled_options(args, path)?;
    let import = if path.as_os_str() == "-" {
        obj::read_obj(stdin_obj()?, "<stdin>")
    } else {
        let (bytes, name) = read_input(path, "OBJ file", 0)?;
        obj::read_obj(&bytes, &name)
    }
    .map_err(|e| Failure::Located(e.to_string()))?;
    for warning in &import.warnings {
        super::tiled_input::warn_once(warning.clone());
    }
    // Which meshes are solid: a box read as hollow changes every answer
    // inside it, so it is said (once, for `diff` too) unless --quiet.
    if !super::conventions::quiet() {
        super::tiled_input::warn_once(import.solidity());
    }
    Ok(import.into_obstacles())
}

/// The Tiled options mean nothing to an OBJ file, whose coordinates are map
/// units already: giving one is a usage error rather than silently ignored.
fn refuse_tiled_options(args: &TiledArgs, path: &Path) -> Result<(), Failure> {
    let given = [
        ("--layer", args.options.layer.is_some()),
        ("--pixels-per-unit", args.options.pixels_per_unit != 1.0),
        (
            "--tiled-origin",
            args.options.tiled_origin != TiledOriginArg::BottomLeft,
        ),
        ("--ellipse-sides", args.options.ellipse_sides != 32),
        ("--solid-property", args.options.solid_property.is_some()),
    ];
    match given.iter().find(|(_, given)| *given) {
        Some((option, _)) => Err(Failure::Usage(format!(
            "{option} is for Tiled maps (.tmx); `{}` is read as a Wavefront OBJ file, in map \
             units",
            path.display()
        ))),
        None => Ok(()),
    }
}

/// The OBJ file on standard input, read once: `diff --obstacles -` uses it
/// for both levels.
fn stdin_obj() -> Result<&'static [u8], Failure> {
    static STDIN_OBJ: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    if let Some(bytes) = STDIN_OBJ.get() {
        return Ok(bytes);
    }
    let (bytes, _) = read_input(Path::new("-"), "OBJ file", 0)?;
    Ok(STDIN_OBJ.get_or_init(|| bytes))
}

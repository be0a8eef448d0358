//! Writes the JSON twin of a 3D level, for the coal peer in `benches/peer/`
//! (`check3d_peer.py`). `gen_map --json` writes flat levels only; this reads
//! any valid 3D level with clearway's own loader, so both sides see the same
//! `f64` values (numbers are written in Rust's shortest round-trip form).
//!
//! ```text
//! cargo run --release --example level3d_json -- LEVEL.ron LEVEL.json
//! ```
//!
//! ```text
//! {"slack": s,
//!  "nodes": [x, y, z, ...],                      // by node index, flat
//!  "edges": [from, to, ...],                     // node indices, flat
//!  "closed": [edge, ...],                        // closed edges
//!  "points": [x, y, z, ...],  "point_ids": [obstacle, ...],
//!  "spheres": [x, y, z, r, ...], "sphere_ids": [...],
//!  "segments": [x, y, z, x, y, z, ...], "segment_ids": [...],
//!  "triangles": [9 numbers a triangle, ...], "triangle_ids": [...],
//!  "boxes": [min x, y, z, max x, y, z, ...], "box_ids": [...],
//!  "meshes": [{"id": obstacle, "solid": bool,
//!              "vertices": [x, y, z, ...], "triangles": [i, j, k, ...]}, ...]}
//! ```
//!
//! Each group keeps file order; `*_ids` give each obstacle's index in the
//! RON file. The output is written to a temporary file beside OUT and
//! renamed, so a failed run leaves nothing behind. A 2D level is refused.

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clearway::{Level, Map, Obstacle3, Space};

/// One group of obstacles: flat numbers and the obstacles' file indices.
#[derive(Default)]
struct Group {
    numbers: String,
    ids: String,
}

impl Group {
    /// Adds one obstacle's numbers.
    fn push(&mut self, id: usize, numbers: &[f64]) {
        for &x in numbers {
            if !self.numbers.is_empty() {
                self.numbers.push(',');
            }
            let _ = write!(self.numbers, "{x:?}");
        }
        if !self.ids.is_empty() {
            self.ids.push(',');
        }
        let _ = write!(self.ids, "{id}");
    }
}

fn write_twin(map: &Map<Space>, out: &mut impl Write) -> std::io::Result<()> {
    write!(out, "{{\"slack\":{:?},\n\"nodes\":[", map.slack())?;
    for (k, n) in map.nodes().iter().enumerate() {
        let sep = if k == 0 { "" } else { "," };
        write!(out, "{sep}{:?},{:?},{:?}", n.pos.x, n.pos.y, n.pos.z)?;
    }
    write!(out, "],\n\"edges\":[")?;
    for (k, e) in map.edges().iter().enumerate() {
        let sep = if k == 0 { "" } else { "," };
        write!(out, "{sep}{},{}", e.from.get(), e.to.get())?;
    }
    write!(out, "],\n\"closed\":[")?;
    let closed = map.edges().iter().enumerate().filter(|(_, e)| e.closed);
    for (k, (i, _)) in closed.enumerate() {
        let sep = if k == 0 { "" } else { "," };
        write!(out, "{sep}{i}")?;
    }
    write!(out, "]")?;
    let (mut points, mut spheres, mut segments) =
        (Group::default(), Group::default(), Group::default());
    let (mut triangles, mut boxes) = (Group::default(), Group::default());
    let mut meshes = String::new();
    for (id, o) in map.obstacles().iter().enumerate() {
        match o {
            Obstacle3::Point(p) => points.push(id, &[p.x, p.y, p.z]),
            Obstacle3::Sphere(s) => {
                spheres.push(id, &[s.center.x, s.center.y, s.center.z, s.radius]);
            }
            Obstacle3::Segment(s) => segments.push(id, &[s.a.x, s.a.y, s.a.z, s.b.x, s.b.y, s.b.z]),
            Obstacle3::Triangle(t) => {
                let [a, b, c] = t.corners;
                triangles.push(id, &[a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]);
            }
            Obstacle3::Box(b) => {
                boxes.push(id, &[b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z]);
            }
            Obstacle3::Mesh(m) => {
                let sep = if meshes.is_empty() { "" } else { ",\n" };
                let _ = write!(
                    meshes,
                    "{sep}{{\"id\":{id},\"solid\":{},\"vertices\":[",
                    m.is_solid()
                );
                for (k, v) in m.vertices().iter().enumerate() {
                    let sep = if k == 0 { "" } else { "," };
                    let _ = write!(meshes, "{sep}{:?},{:?},{:?}", v.x, v.y, v.z);
                }
                meshes.push_str("],\"triangles\":[");
                for (k, [i, j, l]) in m.triangle_indices().iter().enumerate() {
                    let sep = if k == 0 { "" } else { "," };
                    let _ = write!(meshes, "{sep}{i},{j},{l}");
                }
                meshes.push_str("]}");
            }
        }
    }
    for (name, ids, g) in [
        ("points", "point_ids", points),
        ("spheres", "sphere_ids", spheres),
        ("segments", "segment_ids", segments),
        ("triangles", "triangle_ids", triangles),
        ("boxes", "box_ids", boxes),
    ] {
        write!(out, ",\n\"{name}\":[{}],\"{ids}\":[{}]", g.numbers, g.ids)?;
    }
    writeln!(out, ",\n\"meshes\":[{meshes}]}}")
}

fn run(input: &Path, output: &Path) -> Result<(), String> {
    let level = Level::loader()
        .read_file(input)
        .map_err(|e| e.to_string())?;
    let Level::Space(map) = level else {
        return Err(format!(
            "{}: a 2D level: use `gen_map --json` for its twin",
            input.display()
        ));
    };
    let name = output.file_name().ok_or("the output names no file")?;
    let tmp = output.with_file_name(format!(".{}.tmp", name.to_string_lossy()));
    let result = File::create(&tmp).and_then(|f| {
        let mut w = BufWriter::with_capacity(1 << 20, f);
        write_twin(&map, &mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    match result.and_then(|()| fs::rename(&tmp, output)) {
        Ok(()) => Ok(()),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(format!("{}: {e}", output.display()))
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let [input, output] = args.as_slice() else {
        eprintln!("usage: level3d_json LEVEL.ron OUT.json");
        return ExitCode::from(2);
    };
    match run(input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("level3d_json: {e}");
            ExitCode::from(2)
        }
    }
}

//! The JSON twin of a synthetic level, for tools outside Rust (the shapely
//! and networkx peer in `benches/peer/`).
//!
//! ```text
//! {"agents": [{"name": "scout", "radius": 0.4}, ...],
//!  "nodes": [[id, x, y], ...],
//!  "edges": [[from, to, one_way, cost_or_null], ...],
//!  "obstacles": {"points": [[x, y], ...], "circles": [[x, y, r], ...],
//!                "segments": [[x1, y1, x2, y2], ...],
//!                "polygons": [[[x, y], ...], ...]},
//!  "obstacle_kinds": "PPCSG..."}
//! ```
//!
//! Obstacles are grouped by kind; each group keeps file order, and
//! `obstacle_kinds` has one letter per obstacle in file order (`P`oint,
//! `C`ircle, `S`egment, poly`G`on), so the k-th letter's rank within its
//! group gives obstacle k of the RON file. Numbers are written with Rust's
//! shortest round-trip form, so both files hold the same f64 values.
//!
//! The nodes and edges are written as soon as the network exists; the
//! obstacle groups are spooled to temporary files while the RON is written
//! and copied in at the end, so memory stays bounded as for the RON.

use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};

use super::Params;
use super::network::Network;
use super::scatter::Shape;

/// One spooled part of the output: a group of obstacles, or the kind letters.
struct Spool {
    out: BufWriter<File>,
    count: usize,
}

impl Spool {
    fn new() -> io::Result<Spool> {
        Ok(Spool {
            out: BufWriter::with_capacity(1 << 16, tempfile::tempfile()?),
            count: 0,
        })
    }

    /// Starts the next list item: a comma after the first.
    fn item(&mut self) -> io::Result<&mut BufWriter<File>> {
        if self.count > 0 {
            self.out.write_all(b",")?;
        }
        self.count += 1;
        Ok(&mut self.out)
    }

    /// Copies what was spooled to `w`.
    fn copy_to(self, w: &mut impl Write) -> io::Result<()> {
        let mut file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        io::copy(&mut file, w)?;
        Ok(())
    }
}

/// The JSON level being written alongside the RON.
pub(super) struct JsonLevel<W: Write> {
    out: W,
    points: Spool,
    circles: Spool,
    segments: Spool,
    polygons: Spool,
    kinds: BufWriter<File>,
}

impl<W: Write> JsonLevel<W> {
    /// Writes the agents, nodes and edges, and opens the obstacle spools.
    pub(super) fn start(mut out: W, params: &Params, net: &Network) -> io::Result<Self> {
        write!(out, "{{\"agents\":[")?;
        for (k, a) in params.agents.iter().enumerate() {
            let sep = if k == 0 { "" } else { "," };
            // A JSON string: Rust's escapes agree with JSON's for printable
            // ASCII, which is what `Params::agents` asks for.
            write!(
                out,
                "{sep}{{\"name\":{:?},\"radius\":{:?}}}",
                a.name, a.radius
            )?;
        }
        write!(out, "],\n\"nodes\":[")?;
        for (id, p) in net.nodes.iter().enumerate() {
            let sep = if id == 0 { "" } else { "," };
            write!(out, "{sep}[{id},{:?},{:?}]", p.x, p.y)?;
        }
        write!(out, "],\n\"edges\":[")?;
        for (k, (from, to)) in net.edges.iter().enumerate() {
            let sep = if k == 0 { "" } else { "," };
            write!(out, "{sep}[{from},{to},false,null]")?;
        }
        writeln!(out, "],")?;
        Ok(JsonLevel {
            out,
            points: Spool::new()?,
            circles: Spool::new()?,
            segments: Spool::new()?,
            polygons: Spool::new()?,
            kinds: BufWriter::with_capacity(1 << 16, tempfile::tempfile()?),
        })
    }

    /// Adds the next obstacle (in file order).
    pub(super) fn shape(&mut self, shape: &Shape) -> io::Result<()> {
        match shape {
            Shape::Point(p) => {
                write!(self.points.item()?, "[{:?},{:?}]", p.x, p.y)?;
                self.kinds.write_all(b"P")
            }
            Shape::Circle(c, r) => {
                write!(self.circles.item()?, "[{:?},{:?},{r:?}]", c.x, c.y)?;
                self.kinds.write_all(b"C")
            }
            Shape::Wall(a, b) => {
                let w = self.segments.item()?;
                write!(w, "[{:?},{:?},{:?},{:?}]", a.x, a.y, b.x, b.y)?;
                self.kinds.write_all(b"S")
            }
            Shape::Polygon(v, n) => {
                let w = self.polygons.item()?;
                w.write_all(b"[")?;
                for (k, p) in v[..*n].iter().enumerate() {
                    let sep = if k == 0 { "" } else { "," };
                    write!(w, "{sep}[{:?},{:?}]", p.x, p.y)?;
                }
                w.write_all(b"]")?;
                self.kinds.write_all(b"G")
            }
        }
    }

    /// Copies the obstacle groups in, closes the document and flushes.
    pub(super) fn finish(mut self) -> io::Result<()> {
        let groups = [
            ("points", self.points),
            ("circles", self.circles),
            ("segments", self.segments),
            ("polygons", self.polygons),
        ];
        write!(self.out, "\"obstacles\":{{")?;
        for (k, (name, spool)) in groups.into_iter().enumerate() {
            let sep = if k == 0 { "" } else { ",\n" };
            write!(self.out, "{sep}\"{name}\":[")?;
            spool.copy_to(&mut self.out)?;
            write!(self.out, "]")?;
        }
        write!(self.out, "}},\n\"obstacle_kinds\":\"")?;
        let kinds = Spool {
            out: self.kinds,
            count: 0,
        };
        kinds.copy_to(&mut self.out)?;
        writeln!(self.out, "\"}}")?;
        self.out.flush()
    }
}

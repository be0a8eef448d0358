//! What the command line needs of a level's dimension to report on it:
//! how to write a point (`(x, y)` or `(x, y, z)`), name an obstacle's kind,
//! and whether it can draw the level. Every command is written once,
//! generic over [`Shown`], and run on the level read, flat or 3D.

use std::sync::OnceLock;

use serde::ser::{Serialize, SerializeSeq, Serializer};

use clearway::geometry::{Point, Point3, Segment};
use clearway::render::Up;
use clearway::walking::{Walking, WalkingClearances};
use clearway::{Clearances, Dimension, Map, Obstacle, Obstacle3, ObstacleKind, Plane, Space};

use super::Failure;
use super::input::Level;
use super::mesh_spot::{MeshSpot, MeshTriangles, mesh_spot};
use super::radius::Radii;
use super::render;

/// A dimension the reports can show.
pub trait Shown: Dimension {
    /// The axes, as CSV headers name them: `x, y` or `x, y, z`.
    const AXES: &'static [&'static str];
    /// A point's coordinates, in axis order.
    fn coordinates(p: Self::Point) -> Coordinates;
    /// The point of these coordinates, in axis order; `None` when there
    /// are not as many as axes.
    fn point(coordinates: &[f64]) -> Option<Self::Point>;
    /// An obstacle's kind, as reports name it (`circle`, `box`).
    fn kind(obstacle: &Self::Obstacle) -> ObstacleKind;
    /// Where on a mesh obstacle its closest point `at` lies, to cite the
    /// triangle; `None` for any other obstacle (and in the plane).
    /// `triangles` keeps the mesh's indexed triangles between calls.
    fn mesh_spot(
        obstacle: &Self::Obstacle,
        at: Self::Point,
        triangles: &OnceLock<MeshTriangles>,
    ) -> Option<MeshSpot>;
    /// The clearances of a walking agent of profile `walking` and radius
    /// `radius`, folded as [`WalkingClearances::for_agent`] folds them, and
    /// the stretches without ground that block it
    /// ([`WalkingClearances::ground_gaps`]).
    fn walking_clearances(
        map: &Map<Self>,
        walking: Walking,
        radius: f64,
    ) -> (Clearances<Self>, Vec<Segment<Self::Point>>);
    /// `check --render`: the picture of the checked level.
    fn render_check(
        level: &Level<Self>,
        clearances: &Clearances<Self>,
        radii: &Radii,
        paths: (&std::path::Path, &std::path::Path),
        picture: (render::Format, Up),
    ) -> Result<(), Failure>;
}

impl Shown for Plane {
    const AXES: &'static [&'static str] = &["x", "y"];

    fn coordinates(p: Point) -> Coordinates {
        Coordinates {
            values: [p.x, p.y, 0.0],
            len: 2,
        }
    }

    fn point(coordinates: &[f64]) -> Option<Point> {
        match *coordinates {
            [x, y] => Some(Point::new(x, y)),
            _ => None,
        }
    }

    fn kind(obstacle: &Obstacle) -> ObstacleKind {
        obstacle.kind()
    }

    fn mesh_spot(_: &Obstacle, _: Point, _: &OnceLock<MeshTriangles>) -> Option<MeshSpot> {
        None
    }

    /// A flat level's agents never walk (the loader refuses a height in
    /// 2D): their clearances are the discs'.
    fn walking_clearances(map: &Map, _: Walking, _: f64) -> (Clearances, Vec<Segment<Point>>) {
        (Clearances::compute(map), Vec::new())
    }

    fn render_check(
        level: &Level,
        clearances: &Clearances,
        radii: &Radii,
        paths: (&std::path::Path, &std::path::Path),
        picture: (render::Format, Up),
    ) -> Result<(), Failure> {
        render::for_check_map(&level.map, clearances, radii, paths, picture)
    }
}

impl Shown for Space {
    const AXES: &'static [&'static str] = &["x", "y", "z"];

    fn coordinates(p: Point3) -> Coordinates {
        Coordinates {
            values: [p.x, p.y, p.z],
            len: 3,
        }
    }

    fn point(coordinates: &[f64]) -> Option<Point3> {
        match *coordinates {
            [x, y, z] => Some(Point3::new(x, y, z)),
            _ => None,
        }
    }

    fn kind(obstacle: &Obstacle3) -> ObstacleKind {
        obstacle.kind()
    }

    fn mesh_spot(
        obstacle: &Obstacle3,
        at: Point3,
        triangles: &OnceLock<MeshTriangles>,
    ) -> Option<MeshSpot> {
        match obstacle {
            Obstacle3::Mesh(mesh) => mesh_spot(mesh, at, triangles),
            _ => None,
        }
    }

    fn walking_clearances(
        map: &Map<Space>,
        walking: Walking,
        radius: f64,
    ) -> (Clearances<Space>, Vec<Segment<Point3>>) {
        let walk = WalkingClearances::compute(map, walking);
        (walk.for_agent(map, radius), walk.ground_gaps(map, radius))
    }

    fn render_check(
        level: &Level<Space>,
        clearances: &Clearances<Space>,
        radii: &Radii,
        paths: (&std::path::Path, &std::path::Path),
        picture: (render::Format, Up),
    ) -> Result<(), Failure> {
        render::for_check_map(&level.map, clearances, radii, paths, picture)
    }
}

/// A point's 2 or 3 coordinates, without allocating: JSON writes them as
/// the array `[x, y]` or `[x, y, z]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Coordinates {
    values: [f64; 3],
    len: usize,
}

impl Coordinates {
    /// The coordinates, in axis order.
    pub fn as_slice(&self) -> &[f64] {
        &self.values[..self.len]
    }

    /// The same point with `-0` written as `0`: a pinch point on an axis is
    /// at 0, and `-0` in a table reads as a different number.
    pub fn unsigned_zero(mut self) -> Coordinates {
        for v in &mut self.values {
            *v += 0.0;
        }
        self
    }
}

impl Serialize for Coordinates {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len))?;
        for v in self.as_slice() {
            seq.serialize_element(v)?;
        }
        seq.end()
    }
}

//! Laying a level flat for the picture: a 2D level is drawn as it is; a 3D
//! level is seen from above, along its up axis ([`Up`]), each position
//! keeping its height for the colours and the hover titles.
//!
//! The picture code is written once, generic over the dimension
//! ([`Picture<'a, D>`](super::Picture)); what differs between the two sits
//! behind [`Flatten`]. For a 2D level every method is the identity or
//! `None`, so its picture is the one it always was, byte for byte.

use super::frame::Bounds;
use super::text;
use crate::dimension::{Dimension, Plane, Space};
use crate::geometry::{Point, Point3, Segment};
use crate::map::Map;
use crate::obstacle::ObstacleKind;

/// Which axis of a 3D level points up: the picture looks down along it.
///
/// * `Z` (the default): the picture's right is +x, its up is +y.
/// * `Y` (y-up levels, as glTF, OpenGL and Godot write them): the picture's
///   right is +x, its up is −z. In a right-handed y-up level that is the
///   view from above (+y), not a mirror image: the level `(x, y, z)` drawn
///   with `Up::Y` is the same picture as the z-up level `(x, −z, y)` drawn
///   with `Up::Z`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Up {
    /// z points up.
    #[default]
    Z,
    /// y points up.
    Y,
}

impl Up {
    twin_pub! {
        /// The picture point a level position is drawn at.
        ///
        /// ```
        /// use clearway::geometry::{Point, Point3};
        /// use clearway::render::Up;
        /// let p = Point3::new(1.0, 2.0, 3.0);
        /// assert_eq!(Up::Z.flat(p), Point::new(1.0, 2.0));
        /// assert_eq!(Up::Y.flat(p), Point::new(1.0, -3.0));
        /// ```
        fn flat(self, p: Point3) -> Point {
            match self {
                Up::Z => Point::new(p.x, p.y),
                Up::Y => Point::new(p.x, -p.z),
            }
        }
    }

    twin_pub! {
        /// A level position's height.
        fn height(self, p: Point3) -> f64 {
            match self {
                Up::Z => p.z,
                Up::Y => p.y,
            }
        }
    }

    twin_pub! {
        /// The up axis's name, as titles and the legend write heights.
        fn name(self) -> &'static str {
            match self {
                Up::Z => "z",
                Up::Y => "y",
            }
        }
    }

    /// The level axes along the picture's right and up, as the axis arrows
    /// name them: seen along y, the picture's up is −z, not y.
    pub(crate) fn picture_axes(self) -> [&'static str; 2] {
        match self {
            Up::Z => ["x", "y"],
            Up::Y => ["x", "−z"],
        }
    }
}

/// A map of either dimension, for the parts of the picture that draw each
/// differently (the obstacles).
#[derive(Clone, Copy, Debug)]
pub enum MapOf<'a> {
    /// A flat level.
    Plane(&'a Map),
    /// A level with height.
    Space(&'a Map<Space>),
}

/// How the picture lays a level of this dimension flat. Implemented for
/// [`Plane`] and [`Space`] only ([`Dimension`] is sealed).
pub trait Flatten: Dimension + drawn::Drawn {
    /// The picture-plane point a position is drawn at.
    fn flat(p: Self::Point, up: Up) -> Point;
    /// An obstacle's kind, as titles name it.
    fn kind(o: &Self::Obstacle) -> ObstacleKind;
}

/// What else the picture code asks of a dimension; not part of the API.
mod drawn {
    use super::{Map, MapOf, Segment, Up};
    use crate::Dimension;

    /// The picture's own questions about a dimension.
    pub trait Drawn: Dimension {
        /// A position's height; `None` in 2D.
        fn height(p: Self::Point, up: Up) -> Option<f64>;
        /// A position as titles write it: `(x, y)` or `(x, y, z)`.
        fn words(p: Self::Point) -> String;
        /// An edge's length as drawn, in level units.
        fn drawn_length(s: Segment<Self::Point>, up: Up) -> f64;
        /// The map, by its dimension.
        fn map_of(map: &Map<Self>) -> MapOf<'_>;
        /// The level axes along the picture's right and up (x, y in 2D).
        fn picture_axes(up: Up) -> [&'static str; 2];
    }
}

impl Flatten for Plane {
    fn flat(p: Point, _: Up) -> Point {
        p
    }
    fn kind(o: &crate::Obstacle) -> ObstacleKind {
        o.kind()
    }
}

impl drawn::Drawn for Plane {
    fn height(_: Point, _: Up) -> Option<f64> {
        None
    }
    fn words(p: Point) -> String {
        text::point(p)
    }
    fn drawn_length(s: Segment, _: Up) -> f64 {
        s.length()
    }
    fn map_of(map: &Map) -> MapOf<'_> {
        MapOf::Plane(map)
    }
    fn picture_axes(_: Up) -> [&'static str; 2] {
        ["x", "y"]
    }
}

impl Flatten for Space {
    fn flat(p: Point3, up: Up) -> Point {
        up.flat(p)
    }
    fn kind(o: &crate::Obstacle3) -> ObstacleKind {
        o.kind()
    }
}

impl drawn::Drawn for Space {
    fn height(p: Point3, up: Up) -> Option<f64> {
        Some(up.height(p))
    }
    fn words(p: Point3) -> String {
        text::point3(p)
    }
    fn drawn_length(s: Segment<Point3>, up: Up) -> f64 {
        up.flat(s.a).distance_to(up.flat(s.b))
    }
    fn map_of(map: &Map<Space>) -> MapOf<'_> {
        MapOf::Space(map)
    }
    fn picture_axes(up: Up) -> [&'static str; 2] {
        up.picture_axes()
    }
}

/// The box around every node and obstacle of a 3D level seen along `up`;
/// `None` for a level with neither.
pub(super) fn bounds_3d(map: &Map<Space>, up: Up) -> Option<Bounds> {
    let mut bounds: Option<Bounds> = None;
    let mut add = |p: Point3| {
        let p = up.flat(p);
        bounds = Some(match bounds {
            None => Bounds { min: p, max: p },
            Some(b) => Bounds {
                min: Point::new(b.min.x.min(p.x), b.min.y.min(p.y)),
                max: Point::new(b.max.x.max(p.x), b.max.y.max(p.y)),
            },
        });
    };
    for n in map.nodes() {
        add(n.pos);
    }
    for o in map.obstacles() {
        let (lo, hi) = super::footprints::extent(o);
        if !(lo.is_finite() && hi.is_finite()) {
            continue; // an empty mesh
        }
        add(lo);
        add(hi);
    }
    bounds
}

#[cfg(test)]
mod tests {
    use super::Up;

    /// The axis arrows name the level's axes: seen along y, up is −z.
    #[test]
    fn picture_axes_name_the_level_axes() {
        assert_eq!(Up::Z.picture_axes(), ["x", "y"]);
        assert_eq!(Up::Y.picture_axes(), ["x", "−z"]);
    }
}

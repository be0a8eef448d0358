//! One Tiled object to obstacles: placement (rotation, offsets, axis flip,
//! scale) and the shape rules.

use std::f64::consts::PI;

use super::TiledOrigin;
use super::flip::TileFlip;
use crate::geometry::{Circle, Point, Polygon, Segment};
use crate::obstacle::Obstacle;

/// The largest coordinate a map may hold (see docs/MAP_FORMAT.md).
const MAX_COORDINATE: f64 = 1e15;

/// How pixel positions of one object layer, or of one tile's collision
/// shapes, become clearway coordinates.
pub(super) struct Frame {
    /// The summed offsets of the layer and its groups, in pixels; for a
    /// tile, where the top-left corner of its flipped box lies on the map.
    pub(super) offset: (f64, f64),
    pub(super) pixels_per_unit: f64,
    pub(super) origin: TiledOrigin,
    pub(super) map_height_px: f64,
    pub(super) ellipse_sides: u32,
    /// For a tile's collision shapes: the tile's flips, applied to the
    /// shapes' tile-local pixels before `offset` is added.
    pub(super) tile: Option<TileFlip>,
}

/// What an object becomes.
pub(super) enum Converted {
    /// One or more obstacles (a capsule gives up to three).
    Obstacles(Vec<Obstacle>),
    /// Nothing: why, for a warning.
    Skipped(&'static str),
}

/// Converts one object; `Err` holds why it cannot be an obstacle.
pub(super) fn convert(object: &tiled::ObjectData, frame: &Frame) -> Result<Converted, String> {
    if object.tile_data().is_some() {
        return Ok(Converted::Skipped(
            "tile objects are not obstacles (draw a collision shape instead)",
        ));
    }
    finite("x", object.x)?;
    finite("y", object.y)?;
    finite("rotation", object.rotation)?;
    let place = Placement::new(object, frame);
    let obstacles = match &object.shape {
        tiled::ObjectShape::Text { .. } => {
            return Ok(Converted::Skipped("text objects are not obstacles"));
        }
        tiled::ObjectShape::Point(..) => vec![Obstacle::Point(place.at(0.0, 0.0)?)],
        tiled::ObjectShape::Rect { width, height } => {
            rectangle(&place, size("width", *width)?, size("height", *height)?)?
        }
        tiled::ObjectShape::Ellipse { width, height } => ellipse(
            &place,
            frame,
            size("width", *width)?,
            size("height", *height)?,
        )?,
        tiled::ObjectShape::Capsule { width, height } => {
            capsule(&place, size("width", *width)?, size("height", *height)?)?
        }
        tiled::ObjectShape::Polygon { points } => {
            let outline = place.all(points)?;
            let distinct = outline.len();
            let polygon = Polygon::new(outline).ok_or_else(|| {
                format!(
                    "a polygon needs at least 3 distinct vertices; this one has {distinct} points"
                )
            })?;
            vec![Obstacle::Polygon(polygon)]
        }
        tiled::ObjectShape::Polyline { points } => {
            let line = place.all(points)?;
            match line.as_slice() {
                [] => return Err("a polyline without points".into()),
                [only] => vec![Obstacle::Point(*only)],
                _ => line
                    .windows(2)
                    .map(|w| Obstacle::Segment(Segment::new(w[0], w[1])))
                    .collect(),
            }
        }
    };
    Ok(Converted::Obstacles(obstacles))
}

/// A rectangle: its 4 corners; a wall if it has no width or no height; a
/// point if it has neither.
fn rectangle(place: &Placement, width: f64, height: f64) -> Result<Vec<Obstacle>, String> {
    Ok(vec![match (width == 0.0, height == 0.0) {
        (true, true) => Obstacle::Point(place.at(0.0, 0.0)?),
        (true, false) | (false, true) => {
            Obstacle::Segment(Segment::new(place.at(0.0, 0.0)?, place.at(width, height)?))
        }
        (false, false) => Obstacle::Polygon(polygon(&[
            place.at(0.0, 0.0)?,
            place.at(width, 0.0)?,
            place.at(width, height)?,
            place.at(0.0, height)?,
        ])?),
    }])
}

/// An ellipse in the box `width` x `height` at the object's origin.
///
/// A circle when `width == height`; a wall through the middle when one of
/// them is 0 (the ellipse is then that segment); otherwise the polygon
/// below, which encloses the ellipse.
///
/// Why the polygon encloses the ellipse. Take the regular n-gon whose
/// vertices lie at radius `R = 1 / cos(pi / n)` and angles `2 pi i / n`
/// around the origin. Each of its sides is at distance `R cos(pi / n) = 1`
/// from the origin (the apothem), so each side lies on a line tangent to
/// the unit circle, and the n-gon, the intersection of the half-planes of
/// those lines that contain the origin, contains the unit disc. The ellipse
/// with semi-axes `a`, `b` is the image of the unit disc under the linear map
/// `(u, v) -> (a u, b v)`; the image of the n-gon under the same map is the
/// polygon with vertices `(R a cos t_i, R b sin t_i)`, and a map preserves
/// inclusion, so that polygon contains the ellipse. Rotating and translating
/// both changes nothing.
///
/// Rounding. Computing a vertex moves it by at most a few ulps of the
/// largest magnitude involved (`scale`, in pixels). The exact polygon is
/// scaled about the centre by `1 + delta`; each side line of the polygon is
/// at least `min(a, b)` from the centre (it touches the ellipse, which holds
/// the disc of radius `min(a, b)`), so each side moves out by at least
/// `delta * min(a, b) = 64 eps * scale`, far more than rounding can take back.
/// The overstatement this adds is 64 ulps of `scale`: nothing next to the
/// polygon's own, at most `(R - 1) max(a, b)`.
fn ellipse(
    place: &Placement,
    frame: &Frame,
    width: f64,
    height: f64,
) -> Result<Vec<Obstacle>, String> {
    let (a, b) = (width / 2.0, height / 2.0);
    if width == 0.0 || height == 0.0 {
        // The ellipse has collapsed onto its box, a segment or a point.
        return rectangle(place, width, height);
    }
    if width == height {
        return Ok(vec![Obstacle::Circle(Circle {
            center: place.at(a, b)?,
            radius: place.length(a),
        })]);
    }
    let n = frame.ellipse_sides.max(3);
    let mut scale = [
        place.origin_px.0.abs(),
        place.origin_px.1.abs(),
        width,
        height,
        frame.map_height_px,
    ]
    .into_iter()
    .fold(0.0, f64::max);
    if place.tile.is_some() {
        // A tile's shapes are placed by the tile's offset after flipping.
        scale = scale.max(frame.offset.0.abs()).max(frame.offset.1.abs());
    }
    let delta = 64.0 * f64::EPSILON * scale / a.min(b);
    let r = (1.0 / (PI / f64::from(n)).cos()) * (1.0 + delta);
    let vertices = (0..n)
        .map(|i| {
            let t = 2.0 * PI * f64::from(i) / f64::from(n);
            place.at(a + r * a * t.cos(), b + r * b * t.sin())
        })
        .collect::<Result<Vec<Point>, String>>()?;
    Ok(vec![Obstacle::Polygon(polygon(&vertices)?)])
}

/// A capsule in the box `width` x `height`: a stadium whose round ends are on
/// the shorter side. It is exactly the union of a disc at each end and the
/// rectangle between their centres, as wide as the discs.
fn capsule(place: &Placement, width: f64, height: f64) -> Result<Vec<Obstacle>, String> {
    let r = width.min(height) / 2.0;
    if r == 0.0 {
        return rectangle(place, width, height);
    }
    if width == height {
        return Ok(vec![Obstacle::Circle(Circle {
            center: place.at(r, r)?,
            radius: place.length(r),
        })]);
    }
    let (ends, body) = if width > height {
        (
            [(r, r), (width - r, r)],
            [(r, 0.0), (width - r, 0.0), (width - r, height), (r, height)],
        )
    } else {
        (
            [(r, r), (r, height - r)],
            [(0.0, r), (width, r), (width, height - r), (0.0, height - r)],
        )
    };
    let disc = |(x, y): (f64, f64)| -> Result<Obstacle, String> {
        Ok(Obstacle::Circle(Circle {
            center: place.at(x, y)?,
            radius: place.length(r),
        }))
    };
    let corners = body
        .iter()
        .map(|&(x, y)| place.at(x, y))
        .collect::<Result<Vec<Point>, String>>()?;
    Ok(vec![
        disc(ends[0])?,
        Obstacle::Polygon(polygon(&corners)?),
        disc(ends[1])?,
    ])
}

fn polygon(vertices: &[Point]) -> Result<Polygon, String> {
    Polygon::new(vertices.to_vec()).ok_or_else(|| {
        "the shape is too small: its corners coincide once converted, leaving fewer than 3 distinct vertices".into()
    })
}

/// A rectangle of the map in pixels, `(x0, y0)` to `(x1, y1)` (y down), as a
/// polygon of its 4 corners in `frame` (whose `tile` is ignored): merged
/// solid cells.
pub(super) fn pixel_rectangle(
    frame: &Frame,
    (x0, y0): (f64, f64),
    (x1, y1): (f64, f64),
) -> Result<Obstacle, String> {
    let place = Placement {
        origin_px: (0.0, 0.0),
        cos: 1.0,
        sin: 0.0,
        pixels_per_unit: frame.pixels_per_unit,
        origin: frame.origin,
        map_height_px: frame.map_height_px,
        tile: None,
    };
    Ok(Obstacle::Polygon(polygon(&[
        place.at(x0, y0)?,
        place.at(x1, y0)?,
        place.at(x1, y1)?,
        place.at(x0, y1)?,
    ])?))
}

/// Where an object's local pixel coordinates land in clearway coordinates.
struct Placement {
    /// The object's `x`, `y` plus the layer offsets, in pixels (y down); for
    /// a tile's shape, its `x`, `y` in the tile.
    origin_px: (f64, f64),
    cos: f64,
    sin: f64,
    pixels_per_unit: f64,
    origin: TiledOrigin,
    map_height_px: f64,
    /// A tile's flips, and where its flipped box lies on the map.
    tile: Option<(TileFlip, (f64, f64))>,
}

impl Placement {
    fn new(object: &tiled::ObjectData, frame: &Frame) -> Placement {
        let (cos, sin) = cos_sin(f64::from(object.rotation));
        let origin_px = match frame.tile {
            Some(_) => (f64::from(object.x), f64::from(object.y)),
            None => (
                f64::from(object.x) + frame.offset.0,
                f64::from(object.y) + frame.offset.1,
            ),
        };
        Placement {
            origin_px,
            cos,
            sin,
            pixels_per_unit: frame.pixels_per_unit,
            origin: frame.origin,
            map_height_px: frame.map_height_px,
            tile: frame.tile.map(|flip| (flip, frame.offset)),
        }
    }

    /// The point at `(lx, ly)` pixels from the object's origin, before its
    /// rotation. Tiled rotates clockwise on screen, which in y-down pixels is
    /// the usual rotation matrix: `(1, 0)` turned by 90 degrees is `(0, 1)`,
    /// straight down. A tile's shape is then flipped as the tile is and
    /// moved to the tile's place.
    fn at(&self, lx: f64, ly: f64) -> Result<Point, String> {
        let mut px = self.origin_px.0 + lx * self.cos - ly * self.sin;
        let mut py = self.origin_px.1 + lx * self.sin + ly * self.cos;
        if let Some((flip, (ox, oy))) = &self.tile {
            let (u, v) = flip.apply(px, py);
            (px, py) = (ox + u, oy + v);
        }
        let x = px / self.pixels_per_unit;
        let y = match self.origin {
            TiledOrigin::BottomLeft => (self.map_height_px - py) / self.pixels_per_unit,
            TiledOrigin::TopLeft => -py / self.pixels_per_unit,
        };
        // `+ 0.0` turns -0 into 0, so that text and JSON never show `-0`.
        let p = Point::new(x + 0.0, y + 0.0);
        if !(p.x.is_finite() && p.y.is_finite()) {
            return Err(format!("the point ({px}, {py}) px is not finite"));
        }
        if p.x.abs() > MAX_COORDINATE || p.y.abs() > MAX_COORDINATE {
            return Err(format!(
                "the point ({px}, {py}) px becomes ({}, {}), out of range: coordinates must lie within ±1e15",
                p.x, p.y
            ));
        }
        Ok(p)
    }

    /// Every point of a polygon or polyline.
    fn all(&self, points: &[(f32, f32)]) -> Result<Vec<Point>, String> {
        points
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| {
                finite(&format!("point {i}: x"), x)?;
                finite(&format!("point {i}: y"), y)?;
                self.at(f64::from(x), f64::from(y))
            })
            .collect()
    }

    /// A length in pixels, in clearway units.
    fn length(&self, px: f64) -> f64 {
        px / self.pixels_per_unit
    }
}

/// The cosine and sine of a clockwise rotation in degrees, exact for
/// multiples of 90 degrees.
fn cos_sin(degrees: f64) -> (f64, f64) {
    let turn = degrees.rem_euclid(360.0);
    if turn == 0.0 {
        (1.0, 0.0)
    } else if turn == 90.0 {
        (0.0, 1.0)
    } else if turn == 180.0 {
        (-1.0, 0.0)
    } else if turn == 270.0 {
        (0.0, -1.0)
    } else {
        let t = turn.to_radians();
        (t.cos(), t.sin())
    }
}

/// A number Tiled read: not NaN, and in range. Tiled's numbers are 32-bit,
/// so a written `1e39` reads as infinite: it is reported as out of range,
/// which is what it is, and what `inf` is too.
fn finite(what: &str, value: f32) -> Result<(), String> {
    if value.is_nan() {
        Err(format!("{what} is NaN"))
    } else if value.is_infinite() {
        Err(format!(
            "{what} is out of range: Tiled's numbers are 32-bit floats, at most ±3.4e38"
        ))
    } else {
        Ok(())
    }
}

/// A width or height: finite and >= 0.
fn size(what: &str, value: f32) -> Result<f64, String> {
    finite(what, value)?;
    if value < 0.0 {
        return Err(format!("{what} is negative ({value})"));
    }
    Ok(f64::from(value) + 0.0)
}

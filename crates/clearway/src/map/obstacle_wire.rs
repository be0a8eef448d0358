//! One obstacle from its wire form ([`ObstacleEntry`]), validated exactly
//! as the loader validates a map file's obstacles: for obstacles that come
//! from elsewhere than a map file (the events `clearway update` reads),
//! which must be held to the same rules, in the same words.

use clearway_format::locate::DocPath;
use clearway_format::wire::ObstacleEntry;

use super::LoadErrorKind;
use super::validate::{self, ValidationError};
use super::validate3d;
use crate::dimension::Dimension;
use crate::obstacle::Obstacle;
use crate::obstacle3::Obstacle3;

/// Why an obstacle's wire form is not a valid obstacle of the level: what
/// the loader would say of it as obstacle `index` of a map file.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ObstacleEntryError {
    /// The class of the error, as [`LoadError::kind`](super::LoadError::kind)
    /// gives it for the same obstacle in a map file.
    pub kind: LoadErrorKind,
    /// The message, as the loader's: `` `obstacles[3].radius` is negative
    /// (-1.0): a radius must be >= 0 ``.
    pub message: String,
    /// A few words on the bad value, for a snippet that underlines it.
    pub label: String,
}

/// The obstacle `entry` describes, in a level of dimension `D`, validated
/// as the loader validates obstacle `index` of a map file (every
/// coordinate finite and within ±1e15, radii >= 0, polygons with three
/// distinct vertices, boxes with min <= max, mesh indices in range, the
/// kind and the positions of the level's dimension); `index` only names it
/// in the message.
///
/// ```
/// use clearway::map::obstacle_from_wire;
/// use clearway::geometry::{Circle, Point};
/// use clearway::{Obstacle, Plane, Space};
/// use clearway_format::wire::{self, ObstacleEntry};
/// // As a map file writes it (JSON spells it `{"Circle": {"center": [5, 2], "radius": 1}}`).
/// let entry: ObstacleEntry = wire::options().from_str("Circle(center: (5, 2), radius: 1)")?;
/// let circle = obstacle_from_wire::<Plane>(entry.clone(), 7)?;
/// assert_eq!(circle, Obstacle::Circle(Circle { center: Point::new(5.0, 2.0), radius: 1.0 }));
/// let error = obstacle_from_wire::<Space>(entry, 7).unwrap_err();
/// assert!(error.message.starts_with("obstacle 7 is a `Circle`, which is 2D-only"), "{error}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// What the loader would say of it: the message, and the field at fault.
pub fn obstacle_from_wire<D: Dimension>(
    entry: ObstacleEntry,
    index: usize,
) -> Result<D::Obstacle, ObstacleEntryError> {
    D::obstacle_from_wire(entry, index)
}

/// [`obstacle_from_wire`] in a flat level.
pub(crate) fn flat(entry: ObstacleEntry, index: usize) -> Result<Obstacle, ObstacleEntryError> {
    validate::obstacle(index, entry, &level_dimension()).map_err(entry_error)
}

/// [`obstacle_from_wire`] in a 3D level.
pub(crate) fn solid(entry: ObstacleEntry, index: usize) -> Result<Obstacle3, ObstacleEntryError> {
    validate3d::obstacle3(index, entry, &level_dimension()).map_err(entry_error)
}

/// What the validator names as the position that set the level's
/// dimension; never shown, as mixed dimensions are said otherwise here.
fn level_dimension() -> DocPath {
    DocPath::item("nodes", 0).field("pos")
}

/// The loader's error as this obstacle's: a position of the other
/// dimension is said without the map file's first position, which an
/// obstacle given alone does not have.
fn entry_error(error: ValidationError) -> ObstacleEntryError {
    let (message, label) = match &error {
        ValidationError::MixedDimensions {
            path, found, map, ..
        } => (
            format!(
                "`{path}` is a {found} position in a {map} level: a level is 2D or 3D throughout"
            ),
            format!("{found} position in a {map} level"),
        ),
        other => (other.to_string(), other.label()),
    };
    ObstacleEntryError {
        kind: error.kind(),
        message,
        label,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Plane, Space};

    fn entry(ron: &str) -> ObstacleEntry {
        clearway_format::wire::options().from_str(ron).unwrap()
    }

    /// The loader's rules, in its words: a negative radius, a 3D position
    /// in a flat level, a degenerate polygon, an inverted box, a mesh index
    /// out of range.
    #[test]
    fn bad_obstacles_are_refused_as_the_loader_refuses_them() {
        let error = |ron: &str, flat_level: bool| {
            if flat_level {
                obstacle_from_wire::<Plane>(entry(ron), 4).unwrap_err()
            } else {
                obstacle_from_wire::<Space>(entry(ron), 4).unwrap_err()
            }
        };
        let negative = error("Circle(center: (0, 0), radius: -1)", true);
        assert_eq!(negative.kind, LoadErrorKind::Negative);
        assert_eq!(
            negative.message,
            "`obstacles[4].radius` is negative (-1.0): a radius must be >= 0"
        );
        let mixed = error("Point((0, 0, 1))", true);
        assert_eq!(mixed.kind, LoadErrorKind::MixedDimensions);
        assert_eq!(
            mixed.message,
            "`obstacles[4].0` is a 3D position in a 2D level: a level is 2D or 3D throughout"
        );
        let flat = error("Polygon([(0, 0), (1, 1), (0, 0)])", true);
        assert_eq!(flat.kind, LoadErrorKind::DegeneratePolygon);
        let inverted = error("Box(min: (0, 0, 2), max: (1, 1, 1))", false);
        assert_eq!(inverted.kind, LoadErrorKind::InvertedBox);
        let mesh = error(
            "Mesh(vertices: [(0, 0, 0), (1, 0, 0), (0, 1, 0)], triangles: [(0, 1, 3)])",
            false,
        );
        assert_eq!(mesh.kind, LoadErrorKind::MeshIndexOutOfRange);
        let huge = error("Point((1e16, 0))", true);
        assert_eq!(huge.kind, LoadErrorKind::OutOfRange);
    }
}

//! A position as written in a map file: `(x, y)` in a flat level,
//! `(x, y, z)` in a 3D one.
//!
//! One wire type reads both, so that a file is parsed once whatever its
//! dimension and validation decides (and reports, located) which dimension
//! the level has. A plane position is read and written exactly as the
//! tuple `(f64, f64)` it replaces: the same text in, the same text out.

use std::fmt;

use serde::de::{self, IgnoredAny, SeqAccess, Visitor};
use serde::ser::SerializeTuple;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A position `(x, y)` or `(x, y, z)` as written in the file.
///
/// ```
/// use clearway_format::wire::{self, Position};
/// let p: Position = wire::options().from_str("(1, 2.5)")?;
/// assert_eq!(p, Position::Plane(1.0, 2.5));
/// let q: Position = wire::options().from_str("(1, 2.5, -3)")?;
/// assert_eq!(q, Position::Space(1.0, 2.5, -3.0));
/// assert_eq!(wire::options().to_string(&q).unwrap(), "(1.0,2.5,-3.0)");
/// # Ok::<(), ron::error::SpannedError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Position {
    /// `(x, y)`: a position in a flat level.
    Plane(f64, f64),
    /// `(x, y, z)`: a position in a 3D level.
    Space(f64, f64, f64),
}

impl Position {
    /// How many coordinates it has: 2 or 3.
    pub fn dimension(self) -> usize {
        match self {
            Position::Plane(..) => 2,
            Position::Space(..) => 3,
        }
    }
}

impl From<(f64, f64)> for Position {
    fn from((x, y): (f64, f64)) -> Self {
        Position::Plane(x, y)
    }
}

impl From<(f64, f64, f64)> for Position {
    fn from((x, y, z): (f64, f64, f64)) -> Self {
        Position::Space(x, y, z)
    }
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // As serde writes the tuples `(f64, f64)` and `(f64, f64, f64)`.
        let coordinates: &[f64] = match self {
            Position::Plane(x, y) => &[*x, *y],
            Position::Space(x, y, z) => &[*x, *y, *z],
        };
        let mut tuple = serializer.serialize_tuple(coordinates.len())?;
        for c in coordinates {
            tuple.serialize_element(c)?;
        }
        tuple.end()
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Asked for as a tuple, as serde asks for `(f64, f64)`: the same
        // deserializer call, so a value that is not a tuple at all gets
        // exactly the error it got before 3D positions existed.
        deserializer.deserialize_tuple(3, PositionVisitor)
    }
}

/// What a position may be, in messages.
const EXPECTED: &str = "a tuple of size 2 or 3";

struct PositionVisitor;

impl<'de> Visitor<'de> for PositionVisitor {
    type Value = Position;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a position (x, y) or (x, y, z)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Position, A::Error> {
        let Some(x) = seq.next_element::<f64>()? else {
            return Err(de::Error::invalid_length(0, &EXPECTED));
        };
        let Some(y) = seq.next_element::<f64>()? else {
            return Err(de::Error::invalid_length(1, &EXPECTED));
        };
        let Some(z) = seq.next_element::<f64>()? else {
            return Ok(Position::Plane(x, y));
        };
        let mut found = 3;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            found += 1;
        }
        if found > 3 {
            return Err(de::Error::invalid_length(found, &EXPECTED));
        }
        Ok(Position::Space(x, y, z))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire;

    fn read(text: &str) -> Result<Position, String> {
        wire::options()
            .from_str::<Position>(text)
            .map_err(|e| e.code.to_string())
    }

    #[test]
    fn plane_positions_read_and_write_as_the_pair_they_replace() {
        for text in [
            "(0, 0)",
            "(1.5, -2e3)",
            "( -0.0 ,7 , )",
            "(1_000, 1e-3)",
            "(NaN, inf)",
        ] {
            let pair = wire::options().from_str::<(f64, f64)>(text);
            let position = wire::options().from_str::<Position>(text);
            let pair = pair.map(Position::from);
            assert_eq!(format!("{position:?}"), format!("{pair:?}"), "{text}");
            let position = position.unwrap();
            let (x, y) = match position {
                Position::Plane(x, y) => (x, y),
                Position::Space(..) => panic!("{text} read as 3D"),
            };
            assert_eq!(
                wire::options().to_string(&position).unwrap(),
                wire::options().to_string(&(x, y)).unwrap()
            );
        }
        // -0.0 keeps its sign.
        assert!(matches!(read("(-0.0, 0)"), Ok(Position::Plane(x, _)) if x.is_sign_negative()));
    }

    #[test]
    fn a_broken_pair_is_reported_where_it_was_before() {
        // What follows the second coordinate may now be a comma and a
        // third one, so ron says "expected a comma" where it said "expected
        // closing `)`": same place, both syntax errors.
        for text in ["(1, 2 x)", "(1, 0x10)", "(1, 2 3)"] {
            let pair = wire::options().from_str::<(f64, f64)>(text).unwrap_err();
            let position = wire::options().from_str::<Position>(text).unwrap_err();
            assert_eq!(position.span, pair.span, "{text}");
            assert_eq!(pair.code, ron::Error::ExpectedStructLikeEnd, "{text}");
            assert_eq!(position.code, ron::Error::ExpectedComma, "{text}");
        }
    }

    #[test]
    fn space_positions_have_three_coordinates() {
        assert_eq!(read("(1, 2, 3)"), Ok(Position::Space(1.0, 2.0, 3.0)));
        assert_eq!(read("(1, 2, 3,)"), Ok(Position::Space(1.0, 2.0, 3.0)));
        assert_eq!(Position::Space(1.0, 2.0, 3.0).dimension(), 3);
        assert_eq!(Position::Plane(1.0, 2.0).dimension(), 2);
        assert_eq!(
            wire::options()
                .to_string(&Position::Space(1.0, -0.0, 1e15))
                .unwrap(),
            wire::options().to_string(&(1.0, -0.0, 1e15)).unwrap()
        );
    }

    #[test]
    fn other_lengths_and_types_are_errors() {
        assert_eq!(
            read("(1)"),
            Err("Expected a tuple of size 2 or 3 but found one element instead".to_owned())
        );
        assert_eq!(
            read("(1, 2, 3, 4, 5)"),
            Err("Expected a tuple of size 2 or 3 but found 5 elements instead".to_owned())
        );
        assert!(read("()").is_err());
        assert!(read("5").is_err());
        assert!(read("(1, \"a\")").is_err());
        assert!(read("(1, 2, \"a\")").is_err());
    }
}

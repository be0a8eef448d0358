//! The `geometry` target: one edge and one obstacle, flat
//! ([`super::geometry2`]) or in space ([`super::geometry3`]), as the
//! input's first byte says (low bit 0 flat, 1 with height).

use arbitrary::{Arbitrary, Unstructured};

use super::{geometry2, geometry3};

/// An input of either dimension.
#[derive(Debug)]
pub enum Input {
    /// An edge and an obstacle in the plane.
    Plane(geometry2::Input),
    /// An edge and an obstacle in space.
    Space(geometry3::Input),
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(if bool::arbitrary(u)? {
            Input::Space(geometry3::Input::arbitrary(u)?)
        } else {
            Input::Plane(geometry2::Input::arbitrary(u)?)
        })
    }
}

/// The checks on one input.
pub fn check(input: Input) {
    match input {
        Input::Plane(input) => geometry2::check(input),
        Input::Space(input) => geometry3::check(input),
    }
}

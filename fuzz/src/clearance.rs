//! The `clearance` target: a small level written as RON, flat
//! ([`super::clearance2`]) or in space ([`super::clearance3`]), as the
//! input's first byte says (low bit 0 flat, 1 with height).

use arbitrary::{Arbitrary, Unstructured};

use super::{clearance2, clearance3};

/// An input of either dimension.
#[derive(Debug)]
pub enum Input {
    /// A flat level.
    Plane(clearance2::Input),
    /// A level with height.
    Space(clearance3::Input),
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(if bool::arbitrary(u)? {
            Input::Space(clearance3::Input::arbitrary(u)?)
        } else {
            Input::Plane(clearance2::Input::arbitrary(u)?)
        })
    }
}

/// The checks on one input.
pub fn check(input: Input) {
    match input {
        Input::Plane(input) => clearance2::check(input),
        Input::Space(input) => clearance3::check(input),
    }
}

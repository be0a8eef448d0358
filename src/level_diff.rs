//! What changed between two versions of a level.

//! Pictures of a level: SVG and PNG.

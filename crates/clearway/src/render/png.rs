//! PNG pictures: the SVG, rasterised by resvg. There is one drawing; this
//! only turns it into pixels.

use resvg::{tiny_skia, usvg};

use super::font::Fonts;

/// Why an SVG could not be turned into a PNG.
#[derive(Debug, thiserror::Error)]
pub enum PngError {
    /// The SVG did not parse (not expected for clearway's own pictures).
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The picture has no pixels, or too many to allocate.
    #[error("cannot make a {width}x{height} picture")]
    Size {
        /// The width asked for, in pixels.
        width: u32,
        /// The height asked for, in pixels.
        height: u32,
    },
    /// Encoding the pixels failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

/// Rasterises an SVG document at its own size (its `width` and `height`,
/// in pixels), its texts in the built-in font (and the system's fonts for
/// characters that font lacks).
///
/// # Errors
/// When the SVG does not parse, its size is zero or too large, or encoding
/// fails.
///
/// ```
/// let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2">
///   <rect width="4" height="2" fill="#d62728"/></svg>"##;
/// let png = clearway::render::svg_to_png(svg).unwrap();
/// assert_eq!(&png[1..4], b"PNG");
/// ```
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    svg_to_png_with(svg, Fonts::EmbeddedThenSystem)
}

/// [`svg_to_png`] with a choice of fonts: [`Fonts::Embedded`] draws exactly
/// what a machine without fonts draws.
///
/// # Errors
/// As [`svg_to_png`].
pub fn svg_to_png_with(svg: &str, fonts: Fonts) -> Result<Vec<u8>, PngError> {
    let options = usvg::Options {
        fontdb: fonts.database(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    let mut pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size { width, height })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

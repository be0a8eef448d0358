//! PNG pictures: the SVG, rasterised by resvg. There is one drawing; this
//! only turns it into pixels.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

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

/// The system's fonts, scanned once per process. Texts are drawn with
/// whichever of the picture's font stack is installed; without any, texts are
/// left out and every shape is still drawn.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// Rasterises an SVG document at its own size (one pixel per SVG unit).
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
    let options = usvg::Options {
        fontdb: fonts(),
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

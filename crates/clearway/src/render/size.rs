//! The size a picture is written at, when asked for (`--width`/`--height`):
//! the whole picture, legend and all, scaled uniformly.

/// A width and/or a height in pixels to write a picture at.
///
/// ```
/// use clearway::render::OutputSize;
/// let size = OutputSize { width: Some(600), height: None };
/// // A picture laid out 1200 x 800 is written 600 x 400.
/// assert_eq!(size.fit((1200.0, 800.0)), Some(((1200.0, 800.0), (600, 400))));
/// // Both given: the canvas grows to that shape, the picture centred in it.
/// let both = OutputSize { width: Some(600), height: Some(600) };
/// assert_eq!(both.fit((1200.0, 800.0)), Some(((1200.0, 1200.0), (600, 600))));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutputSize {
    /// The width in pixels; `None` follows the height (or the layout).
    pub width: Option<u32>,
    /// The height in pixels; `None` follows the width (or the layout).
    pub height: Option<u32>,
}

impl OutputSize {
    twin_pub! {
        /// For a picture laid out `natural` (width, height) big: the canvas to
        /// lay it out on (its own size, or grown in one direction to the shape
        /// asked for) and the size to write it at, in whole pixels. `None` when
        /// no size is asked for.
        fn fit(self, natural: (f64, f64)) -> Option<((f64, f64), (u32, u32))> {
            let (w, h) = natural;
            let follow = |given: u32, ratio: f64| ((f64::from(given) * ratio).round() as u32).max(1);
            match (self.width, self.height) {
                (None, None) => None,
                (Some(width), None) => Some((natural, (width, follow(width, h / w)))),
                (None, Some(height)) => Some((natural, (follow(height, w / h), height))),
                (Some(width), Some(height)) => {
                    let aspect = f64::from(width) / f64::from(height);
                    let canvas = if w / h < aspect {
                        ((h * aspect).ceil(), h)
                    } else {
                        (w, (w / aspect).ceil())
                    };
                    Some((canvas, (width, height)))
                }
            }
        }
    }
}

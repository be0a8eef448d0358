//! Pictures of a level: SVG and PNG, and an interactive HTML page
//! ([`Picture::to_html`]).
//!
//! A [`Picture`] decides what to draw (obstacles, edges coloured by
//! clearance, pinch points, agent outlines, one-way arrows, routes the
//! caller found, nodes, a legend and a scale bar) and writes it as SVG; PNG
//! is that SVG rasterised by resvg ([`svg_to_png`]), its texts in a font
//! built into the binary. Level coordinates have y up; the picture keeps it
//! up.
//!
//! A 3D level is seen from above, along its up axis ([`Up`]): the same
//! picture code, generic over the dimension ([`Flatten`]), draws its
//! obstacles as footprints shaded by their height, its nodes filled by
//! their height, and writes the heights in the titles.
//!
//! The output is deterministic: the same map and options give the same SVG,
//! byte for byte (coordinates are written to a tenth of a pixel).
//!
//! ```
//! use clearway::{Clearances, Map};
//! use clearway::render::{Picture, PictureOptions};
//! let map = Map::loader().read_str(r#"Map(
//!     nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (10.0, 0.0))],
//!     edges: [(from: 0, to: 1)],
//!     obstacles: [Point((5.0, 1.0))],
//! )"#, "level.ron")?;
//! let clearances = Clearances::compute(&map);
//! let options = PictureOptions {
//!     agent_radius: Some(2.0),
//!     title: Some("level.ron".to_string()),
//!     ..PictureOptions::default()
//! };
//! let picture = Picture::new(&map, &clearances, options);
//!
//! // The edge is blocked, and its title says so.
//! let svg = picture.to_svg();
//! assert!(svg.contains("<title>edge 0 (0 -&gt; 1): clearance 1 &lt; radius 2: blocked"));
//! # Ok::<(), clearway::map::LoadError>(())
//! ```

mod areas;
mod base64;
mod centre;
mod drawer;
mod edges;
mod flatten;
mod font;
mod footprints;
mod frame;
mod ground_gaps;
mod heights;
mod html;
mod html_shapes;
mod html_wire;
mod labels;
mod layout;
mod legend;
mod nodes;
mod notes;
mod obstacles;
mod options;
mod outlines;
// The colours: public only for the tests that check what was drawn.
mod packed;
#[cfg(feature = "test-twins")]
pub mod palette;
#[cfg(not(feature = "test-twins"))]
mod palette;
mod pinches;
mod png;
mod routes;
mod scale_bar;
mod scene;
mod size;
mod svg;
mod text;

pub use flatten::{Flatten, Up};
pub use frame::Bounds;
pub use options::{PictureOptions, ShownRoute, ShownWalking};
pub use png::{PngError, svg_to_png};
pub use scene::Picture;
pub use size::OutputSize;
// The drawing layer under `Picture` (a `Drawer` and its shapes, styles and
// fonts, an SVG writer, a recorder): public only for the tests that check
// what was drawn (feature `test-twins`).
#[cfg(feature = "test-twins")]
pub use drawer::{Anchor, Color, Drawer, Recorded, RecordingDrawer, Shape, Style, TextStyle};
#[cfg(feature = "test-twins")]
pub use font::Fonts;
#[cfg(feature = "test-twins")]
pub use png::svg_to_png_with;
#[cfg(feature = "test-twins")]
pub use scene::{LABEL_MAX_NODES, LARGE_MAP_EDGES};
#[cfg(feature = "test-twins")]
pub use svg::SvgWriter;
#[cfg(not(feature = "test-twins"))]
use svg::SvgWriter;

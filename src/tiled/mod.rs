//! Obstacles from Tiled maps (.tmx).
//!
//! Level designers draw collision shapes in [Tiled](https://www.mapeditor.org)
//! on an object layer. This module reads such a layer with the `tiled` crate
//! and turns each object into clearway [`Obstacle`]s, in clearway's
//! coordinates:
//!
//! | Tiled object | obstacle |
//! |---|---|
//! | rectangle (any rotation) | `Polygon` of its 4 corners (a `Segment` if one side is 0, a `Point` if both are) |
//! | polygon | `Polygon` |
//! | polyline | one `Segment` per stretch (a `Point` for a single vertex) |
//! | ellipse with width == height | `Circle` |
//! | other ellipse | a `Polygon` that *encloses* it, so clearance is never overstated |
//! | point | `Point` |
//! | capsule | exactly: a `Circle` at each end and the `Polygon` between them (one `Circle` when width == height) |
//! | text, tile object | skipped, with a warning naming the object id |
//!
//! # Coordinates
//!
//! Tiled stores pixels with y pointing down. An object's `x`, `y` is the
//! top-left corner of rectangles, ellipses and capsules, and the origin of
//! polygons and polylines; `rotation` is in degrees, clockwise on screen,
//! around that `x`, `y`. The offsets (`offsetx`, `offsety`) of the object
//! layer and of every group layer that contains it are added (parallax
//! factors only change how Tiled scrolls layers and are ignored). A pixel
//! position `(px, py)` then becomes, with `ppu` = [`TiledOptions::pixels_per_unit`]:
//!
//! - [`TiledOrigin::BottomLeft`] (the default): `x = px / ppu`,
//!   `y = (map_height_px - py) / ppu`, where `map_height_px` is the map's
//!   height in tiles times its tile height: the map's bottom-left corner is
//!   clearway's origin, and the whole map lies at `y >= 0`.
//! - [`TiledOrigin::TopLeft`]: `x = px / ppu`, `y = -py / ppu`: the map's
//!   top-left corner is the origin, and the map lies at `y <= 0`.
//!
//! Either way y points up, as in clearway maps.
//!
//! ```
//! use clearway::tiled::{TiledOptions, obstacles_from_tmx_bytes};
//! use clearway::{Obstacle, geometry::Point};
//! let tmx = br#"<?xml version="1.0" encoding="UTF-8"?>
//! <map version="1.10" orientation="orthogonal" width="10" height="10" tilewidth="16" tileheight="16">
//!  <objectgroup id="1" name="walls">
//!   <object id="7" x="32" y="16"><point/></object>
//!  </objectgroup>
//! </map>"#;
//! let options = TiledOptions { pixels_per_unit: 16.0, ..TiledOptions::default() };
//! let import = obstacles_from_tmx_bytes(tmx, "level.tmx", &options)?;
//! // (32, 16) px, 160 px high map: (32 / 16, (160 - 16) / 16) = (2, 9).
//! assert_eq!(import.obstacles, vec![Obstacle::Point(Point::new(2.0, 9.0))]);
//! assert_eq!(import.sources[0].to_string(), "level.tmx object 7");
//! # Ok::<(), clearway::tiled::TiledError>(())
//! ```

use std::fmt;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use crate::obstacle::Obstacle;
use crate::quote::capped;

mod layers;
mod placement;
mod shapes;

pub use placement::misses_network;

/// How to read a Tiled map's objects as obstacles.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledOptions {
    /// The object layer to read, by name (`walls`) or by its path through
    /// group layers (`level/walls`). A group layer reads every object layer
    /// inside it. A name (or path) that several layers share is an error. `None` (the default) reads the map's only object layer, and
    /// is an error when the map has several.
    pub layer: Option<String>,
    /// Tiled pixels per clearway unit (finite, > 0); default 1: a pixel is a
    /// unit. With 16 px tiles, 16 makes a tile one unit.
    pub pixels_per_unit: f64,
    /// Where clearway's origin lies on the Tiled map; default the bottom-left
    /// corner.
    pub origin: TiledOrigin,
    /// The number of sides (at least 3) of the polygon that stands in for a
    /// non-circular ellipse; default 32. It encloses the ellipse and
    /// overstates it by at most `1 / cos(pi / n) - 1` of the larger semi-axis
    /// (0.5 % for 32 sides).
    pub ellipse_sides: u32,
}

impl Default for TiledOptions {
    fn default() -> Self {
        TiledOptions {
            layer: None,
            pixels_per_unit: 1.0,
            origin: TiledOrigin::BottomLeft,
            ellipse_sides: 32,
        }
    }
}

/// Where clearway's origin lies on a Tiled map, whose y axis points down.
/// Both choices give a y axis pointing up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TiledOrigin {
    /// The map's bottom-left corner: `y = (map_height_px - py) / ppu`.
    #[default]
    BottomLeft,
    /// The map's top-left corner: `y = -py / ppu`.
    TopLeft,
}

/// Where an imported obstacle came from: one Tiled object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledSource {
    /// The Tiled map, as named to the importer (usually its path).
    pub file: String,
    /// The object layer's path (`walls`, or `level/walls` inside a group).
    pub layer: String,
    /// The object's id in Tiled.
    pub object_id: u32,
    /// The object's name in Tiled (often empty).
    pub object_name: String,
}

impl fmt::Display for TiledSource {
    /// `level.tmx object 12`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} object {}", self.file, self.object_id)
    }
}

/// The obstacles read from a Tiled map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TiledObstacles {
    /// The obstacles, layer by layer in file order, objects in file order.
    pub obstacles: Vec<Obstacle>,
    /// Where each obstacle came from: `sources[i]` for `obstacles[i]`. A
    /// capsule gives several obstacles with one source.
    pub sources: Vec<TiledSource>,
    /// Objects that were skipped (text, tile objects) and other notes, one
    /// line each, for standard error.
    pub warnings: Vec<String>,
}

/// Why a Tiled map's obstacles could not be read. Every message names the
/// file, and the object id when one object is at fault.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TiledError {
    /// The file is missing or unreadable, or is not a Tiled map.
    #[error("cannot read Tiled map `{file}`: {reason}")]
    Load {
        /// The file.
        file: String,
        /// What went wrong.
        reason: String,
    },
    /// An option is out of range (a scale that is not finite and > 0, ...).
    #[error("{0}")]
    Option(String),
    /// The map has no object layer at all.
    #[error("Tiled map `{file}` has no object layer")]
    NoObjectLayer {
        /// The file.
        file: String,
    },
    /// No layer was named and the map has several object layers.
    #[error(
        "Tiled map `{file}` has {} object layers ({}): choose one with --layer",
        layers.len(),
        quoted(layers)
    )]
    SeveralObjectLayers {
        /// The file.
        file: String,
        /// Every object layer's path.
        layers: Vec<String>,
    },
    /// The layer named does not exist.
    #[error(
        "Tiled map `{file}` has no layer `{}`; its object layers are {}",
        capped(layer),
        quoted(available)
    )]
    UnknownLayer {
        /// The file.
        file: String,
        /// The name asked for.
        layer: String,
        /// Every object layer's path.
        available: Vec<String>,
    },
    /// The layer name (or path) matches several layers.
    #[error(
        "Tiled map `{file}` has {} layers named `{}` ({}): {}",
        matches.len(),
        capped(layer),
        quoted(matches),
        if *same_path {
            "their paths through group layers are the same too: rename one in Tiled"
        } else {
            "name one by its path through group layers (`group/layer`)"
        }
    )]
    AmbiguousLayer {
        /// The file.
        file: String,
        /// The name asked for.
        layer: String,
        /// The paths of the layers it matches (with the layer id where two
        /// paths are the same).
        matches: Vec<String>,
        /// Whether some of them have the same path, so that no `--layer`
        /// can tell them apart.
        same_path: bool,
    },
    /// The layer named is a tile or image layer.
    #[error(
        "layer `{}` of Tiled map `{file}` is {kind}, not an object layer",
        capped(layer)
    )]
    NotAnObjectLayer {
        /// The file.
        file: String,
        /// The layer's path.
        layer: String,
        /// `a tile layer` or `an image layer`.
        kind: &'static str,
    },
    /// An object cannot be an obstacle: a NaN or out-of-range number, a
    /// polygon with fewer than 3 distinct vertices, ...
    #[error("Tiled map `{file}`, layer `{}`, object {object_id}{}: {reason}", capped(layer), line.map(|l| format!(" (line {l})")).unwrap_or_default())]
    BadObject {
        /// The file.
        file: String,
        /// The layer's path.
        layer: String,
        /// The object's id.
        object_id: u32,
        /// What is wrong with it.
        reason: String,
        /// The line of the object's tag in the `.tmx`, when the text could
        /// be read again to find it.
        line: Option<usize>,
    },
}

fn quoted(names: &[String]) -> String {
    if names.is_empty() {
        return "none".into();
    }
    let names: Vec<String> = names.iter().map(|n| format!("`{}`", capped(n))).collect();
    crate::quote::capped_list(&names)
}

/// Reads the obstacles of the Tiled map (.tmx) at `path`. Tilesets and
/// templates it references are read relative to it.
///
/// # Errors
///
/// [`TiledError::Load`] if the file is missing, unreadable or not a Tiled
/// map; the layer errors if `options.layer` names no object layer (or none
/// is named and there is not exactly one); [`TiledError::BadObject`] for an
/// object with a non-finite or out-of-range number or a degenerate polygon;
/// [`TiledError::Option`] for a scale that is not finite and > 0 or fewer
/// than 3 ellipse sides.
pub fn load_obstacles(
    path: impl AsRef<Path>,
    options: &TiledOptions,
) -> Result<TiledObstacles, TiledError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    check_options(options)?;
    if path.is_dir() {
        return Err(TiledError::Load {
            file,
            reason: "it is a directory, not a file".into(),
        });
    }
    let mut start = [0u8; 2];
    let peeked = std::fs::File::open(path).and_then(|mut f| f.read(&mut start));
    if let Ok(n) = peeked {
        check_not_utf16(&start[..n], &file)?;
    }
    let map = tiled::Loader::new()
        .load_tmx_map(path)
        .map_err(|e| load_error(&file, path, &e))?;
    obstacles_from_map(&map, &file, options).map_err(|e| match e {
        // Read again only on this error path, to find the object's line.
        TiledError::BadObject { .. } => match std::fs::read(path) {
            Ok(text) => with_object_line(e, &text),
            Err(_) => e,
        },
        e => e,
    })
}

/// Reads the obstacles of a Tiled map held in memory (read from standard
/// input, say). `source_name` names it in messages and sources; tilesets and
/// templates it references are read relative to the current directory.
///
/// # Errors
///
/// As [`load_obstacles`].
pub fn obstacles_from_tmx_bytes(
    bytes: &[u8],
    source_name: &str,
    options: &TiledOptions,
) -> Result<TiledObstacles, TiledError> {
    check_options(options)?;
    check_not_utf16(bytes, source_name)?;
    // The loader asks its reader for files by path: the map itself under a
    // name no real file has, and anything it references from the disk.
    let own_path = PathBuf::from("./<clearway: in-memory map>.tmx");
    let wanted = own_path.clone();
    let reader = move |path: &Path| -> Result<Box<dyn Read>, std::io::Error> {
        if path == wanted {
            Ok(Box::new(Cursor::new(bytes.to_vec())))
        } else {
            Ok(Box::new(std::io::BufReader::new(std::fs::File::open(
                path,
            )?)))
        }
    };
    let map = tiled::Loader::with_reader(reader)
        .load_tmx_map(&own_path)
        .map_err(|e| load_error(source_name, &own_path, &e))?;
    obstacles_from_map(&map, source_name, options).map_err(|e| with_object_line(e, bytes))
}

/// Converts the objects of an already loaded Tiled map. `source_name` names
/// the map in messages and sources.
///
/// # Errors
///
/// As [`load_obstacles`], except [`TiledError::Load`].
pub fn obstacles_from_map(
    map: &tiled::Map,
    source_name: &str,
    options: &TiledOptions,
) -> Result<TiledObstacles, TiledError> {
    check_options(options)?;
    let mut import = TiledObstacles::default();
    if map.orientation != tiled::Orientation::Orthogonal {
        import.warnings.push(format!(
            "warning: {source_name}: the map is {:?}, not orthogonal; its object coordinates are read as Tiled stores them, unprojected",
            map.orientation
        ));
    }
    let map_height_px = f64::from(map.height) * f64::from(map.tile_height);
    for layer in layers::select(map, source_name, options.layer.as_deref())? {
        if !(layer.offset_x.is_finite() && layer.offset_y.is_finite()) {
            return Err(TiledError::Load {
                file: source_name.to_string(),
                reason: format!(
                    "layer `{}` (or a group around it) has an offset that is not finite: ({}, {})",
                    layer.path, layer.offset_x, layer.offset_y
                ),
            });
        }
        let frame = shapes::Frame {
            offset: (layer.offset_x, layer.offset_y),
            pixels_per_unit: options.pixels_per_unit,
            origin: options.origin,
            map_height_px,
            ellipse_sides: options.ellipse_sides,
        };
        for object in layer.layer.objects() {
            let source = TiledSource {
                file: source_name.to_string(),
                layer: layer.path.clone(),
                object_id: object.id(),
                object_name: object.name.clone(),
            };
            match shapes::convert(&object, &frame) {
                Ok(shapes::Converted::Obstacles(obstacles)) => {
                    for obstacle in obstacles {
                        import.obstacles.push(obstacle);
                        import.sources.push(source.clone());
                    }
                }
                Ok(shapes::Converted::Skipped(why)) => import.warnings.push(format!(
                    "warning: {source_name}: skipped object {} in layer `{}`: {why}",
                    object.id(),
                    capped(&layer.path)
                )),
                Err(reason) => {
                    return Err(TiledError::BadObject {
                        file: source_name.to_string(),
                        layer: layer.path.clone(),
                        object_id: object.id(),
                        reason,
                        line: None,
                    });
                }
            }
        }
    }
    Ok(import)
}

/// A [`TiledError::BadObject`] with the line of its object's tag in `text`.
fn with_object_line(e: TiledError, text: &[u8]) -> TiledError {
    match e {
        TiledError::BadObject {
            file,
            layer,
            object_id,
            reason,
            line: _,
        } => TiledError::BadObject {
            line: object_line(text, object_id),
            file,
            layer,
            object_id,
            reason,
        },
        e => e,
    }
}

/// The 1-based line of the `<object` tag with id `id` in a `.tmx` text.
/// (Object ids are unique in a map; the XML reader gives no positions.)
fn object_line(text: &[u8], id: u32) -> Option<usize> {
    let wanted = [format!("id=\"{id}\""), format!("id='{id}'")];
    let mut at = 0;
    while let Some(found) = find(&text[at..], b"<object") {
        let start = at + found;
        let end = find(&text[start..], b">").map_or(text.len(), |e| start + e);
        let tag = &text[start..end];
        let after_name = tag.get(7).is_some_and(u8::is_ascii_whitespace);
        if after_name
            && wanted.iter().any(|w| {
                find(tag, w.as_bytes()).is_some_and(|i| {
                    tag.get(i.wrapping_sub(1))
                        .is_some_and(u8::is_ascii_whitespace)
                })
            })
        {
            return Some(text[..start].iter().filter(|&&b| b == b'\n').count() + 1);
        }
        at = end;
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The XML reader takes UTF-8 only, and would call UTF-16 a missing root.
fn check_not_utf16(start: &[u8], file: &str) -> Result<(), TiledError> {
    if crate::utf16::looks_like_utf16(start) {
        return Err(TiledError::Load {
            file: file.to_string(),
            reason: format!(
                "it is UTF-16 text; clearway reads UTF-8: {}",
                crate::utf16::CONVERT
            ),
        });
    }
    Ok(())
}

fn check_options(options: &TiledOptions) -> Result<(), TiledError> {
    let ppu = options.pixels_per_unit;
    if !(ppu.is_finite() && ppu > 0.0) {
        return Err(TiledError::Option(format!(
            "pixels per unit must be finite and > 0, not {ppu}"
        )));
    }
    if options.ellipse_sides < 3 {
        return Err(TiledError::Option(format!(
            "an ellipse needs a polygon of at least 3 sides, not {}",
            options.ellipse_sides
        )));
    }
    Ok(())
}

/// A readable reason from the `tiled` crate's error; `own` is the path the
/// loader was given for the map itself.
fn load_error(file: &str, own: &Path, e: &tiled::Error) -> TiledError {
    let reason = match e {
        tiled::Error::ResourceLoadingError { path, err } if path == own => err.to_string(),
        tiled::Error::ResourceLoadingError { path, err } => {
            format!("cannot read `{}`: {err}", path.display())
        }
        tiled::Error::XmlDecodingError(x) => format!("not a Tiled map (bad XML): {x}"),
        other => other.to_string(),
    };
    TiledError::Load {
        file: file.to_string(),
        // The XML reader's messages may repeat the input.
        reason: crate::quote::capped_message(&reason).into_owned(),
    }
}

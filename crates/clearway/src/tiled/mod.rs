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
//! # Tile layers
//!
//! A tile of a tile layer is solid when its tileset tile has shapes drawn in
//! Tiled's collision editor: they are read as objects are, in the tile's
//! pixels, flipped as the tile is (Tiled's order: the diagonal flag, then
//! horizontal and vertical) and placed at its cell, its (flipped) box's
//! bottom-left corner on the cell's. With [`TiledOptions::solid_property`],
//! a tile whose bool property of that name is true is solid, its whole cell;
//! such cells (and tiles whose only shape is an unrotated rectangle filling
//! the cell) are merged into few rectangles with [`Grid::solid_rectangles`].
//! Infinite maps are read chunk by chunk; only orthogonal maps are read.
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

use crate::grid::Grid;
use crate::obstacle::Obstacle;
use clearway_text::quote::capped;

mod flip;
mod layers;
mod shapes;
mod tiles;

/// How to read a Tiled map's objects as obstacles.
#[derive(Clone, Debug, PartialEq)]
pub struct TiledOptions {
    /// The object or tile layer to read, by name (`walls`) or by its path
    /// through group layers (`level/walls`). A group layer reads every
    /// object and tile layer inside it. A name (or path) that several layers
    /// share is an error. `None` (the default) reads the map's only layer
    /// with obstacles: its only object layer or tile layer with solid tiles,
    /// and is an error when the map has several.
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
    /// A tile whose boolean property of this name is true is solid: its whole
    /// cell. `None` (the default): only tiles with collision shapes are
    /// solid.
    pub solid_property: Option<String>,
    /// For a grid ([`tile_layer_grid`]): a free cell whose tile has a
    /// string property of this name has that area (`"water"`), which the
    /// level's edges carry for agents' costs and forbidden areas. `None`
    /// (the default): no areas.
    pub area_property: Option<String>,
}

impl Default for TiledOptions {
    fn default() -> Self {
        TiledOptions {
            layer: None,
            pixels_per_unit: 1.0,
            origin: TiledOrigin::BottomLeft,
            ellipse_sides: 32,
            solid_property: None,
            area_property: None,
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

/// Where an imported obstacle came from: one Tiled object, one collision
/// shape of a tile of a tile layer, or a rectangle of solid tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledSource {
    /// The Tiled map, as named to the importer (usually its path).
    pub file: String,
    /// The layer's path (`walls`, or `level/walls` inside a group).
    pub layer: String,
    /// The object's id in Tiled: for a tile's collision shape, its id among
    /// the tile's shapes; 0 for solid tiles merged whole.
    pub object_id: u32,
    /// The object's name in Tiled (often empty).
    pub object_name: String,
    /// For an obstacle of a tile layer, the tiles it stands for.
    pub tiles: Option<TileSpan>,
}

impl fmt::Display for TiledSource {
    /// `level.tmx object 12`; `level.tmx layer `walls` tile (3, 4) shape 2`;
    /// `level.tmx layer `walls` tiles (0, 0) to (4, 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.tiles {
            None => write!(f, "{} object {}", self.file, self.object_id),
            Some(span) if self.object_id == 0 => {
                write!(f, "{} layer `{}` {span}", self.file, self.layer)
            }
            Some(span) => write!(
                f,
                "{} layer `{}` {span} shape {}",
                self.file, self.layer, self.object_id
            ),
        }
    }
}

/// Tiles of a tile layer, in Tiled's tile coordinates (row 0 at the top;
/// negative in infinite maps): columns `col .. col + width`, rows `row ..
/// row + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileSpan {
    /// The leftmost column.
    pub col: i64,
    /// The top row.
    pub row: i64,
    /// How many columns.
    pub width: u64,
    /// How many rows.
    pub height: u64,
}

impl fmt::Display for TileSpan {
    /// `tile (3, 4)`, or `tiles (0, 0) to (4, 2)` (both corners included).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if (self.width, self.height) == (1, 1) {
            write!(f, "tile ({}, {})", self.col, self.row)
        } else {
            write!(
                f,
                "tiles ({}, {}) to ({}, {})",
                self.col,
                self.row,
                self.col + self.width as i64 - 1,
                self.row + self.height as i64 - 1
            )
        }
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
    /// No layer was named and the map has no layer to read: no object
    /// layer and no tile layer with solid tiles (no tile layer at all, for a
    /// grid).
    #[error("Tiled map `{file}` has no {what}")]
    NoObjectLayer {
        /// The file.
        file: String,
        /// What it lacks: `object layer`, ...
        what: &'static str,
    },
    /// No layer was named and the map has several layers to read.
    #[error(
        "Tiled map `{file}` has {} {what} ({}): choose one with --layer",
        layers.len(),
        quoted(layers)
    )]
    SeveralObjectLayers {
        /// The file.
        file: String,
        /// What they are: `object layers`, ...
        what: &'static str,
        /// Their paths.
        layers: Vec<String>,
    },
    /// The layer named does not exist.
    #[error(
        "Tiled map `{file}` has no layer `{}`; its {what} are {}",
        capped(layer),
        quoted(available)
    )]
    UnknownLayer {
        /// The file.
        file: String,
        /// The name asked for.
        layer: String,
        /// What could be read: `object layers`, `object and tile layers`...
        what: &'static str,
        /// The paths of every layer that could be read.
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
    /// The layer named cannot be read: an image layer (or, for a grid, an
    /// object layer).
    #[error(
        "layer `{}` of Tiled map `{file}` is {kind}, not {wanted}",
        capped(layer)
    )]
    NotAnObjectLayer {
        /// The file.
        file: String,
        /// The layer's path.
        layer: String,
        /// `an image layer` or `an object layer`.
        kind: &'static str,
        /// What could be read: `an object layer or a tile layer`, ...
        wanted: &'static str,
    },
    /// A tile layer is read from a map that is not orthogonal.
    #[error(
        "{}Tiled map `{file}` is {orientation}, not orthogonal: clearway reads tile layers of orthogonal maps only",
        location.map_or_else(String::new, |(line, col)| format!("{file}:{line}:{col}: "))
    )]
    NotOrthogonal {
        /// The file.
        file: String,
        /// `isometric`, `staggered`, `hexagonal` or `oblique`.
        orientation: &'static str,
        /// Line and column (from 1) of the map's `orientation` attribute,
        /// when the file's text is at hand.
        location: Option<(usize, usize)>,
    },
    /// A tile of a tileset cannot be read: a bad collision shape, a solid
    /// property that is not a bool, ...
    #[error("Tiled map `{file}`, tileset `{tileset}`, tile {tile_id}: {reason}")]
    BadTile {
        /// The map.
        file: String,
        /// The tileset's name.
        tileset: String,
        /// The tile's id in its tileset (as Tiled shows it).
        tile_id: u32,
        /// What is wrong with it.
        reason: String,
    },
    /// A tile layer's bounding box spans too many cells to hold as a grid
    /// (an infinite map with chunks far apart, say).
    #[error(
        "layer `{layer}` of Tiled map `{file}` spans {width} x {height} tiles, more than the {} cells clearway reads",
        tiles::MAX_CELLS
    )]
    TooLarge {
        /// The file.
        file: String,
        /// The layer's path.
        layer: String,
        /// Columns.
        width: u64,
        /// Rows.
        height: u64,
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
    clearway_text::quote::capped_list(&names)
}

/// Reads the obstacles of the Tiled map (.tmx) at `path`. Tilesets and
/// templates it references are read relative to it.
///
/// # Errors
///
/// [`TiledError::Load`] if the file is missing, unreadable or not a Tiled
/// map; the layer errors if `options.layer` names no object or tile layer
/// (or none is named and there is not exactly one with obstacles);
/// [`TiledError::BadObject`] for an object with a non-finite or
/// out-of-range number or a degenerate polygon, [`TiledError::BadTile`] for
/// such a collision shape of a tile; [`TiledError::NotOrthogonal`] for tile
/// layers of other maps; [`TiledError::Option`] for a scale that is not
/// finite and > 0 or fewer than 3 ellipse sides.
pub fn load_obstacles(
    path: impl AsRef<Path>,
    options: &TiledOptions,
) -> Result<TiledObstacles, TiledError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    check_options(options)?;
    let map = load_map(path, &file)?;
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
    let map = load_map_bytes(bytes, source_name)?;
    obstacles_from_map(&map, source_name, options)
        .map_err(|e| locate(with_object_line(e, bytes), bytes))
}

fn load_map(path: &Path, file: &str) -> Result<tiled::Map, TiledError> {
    if path.is_dir() {
        return Err(TiledError::Load {
            file: file.to_string(),
            reason: "it is a directory, not a file".into(),
        });
    }
    let mut start = [0u8; 2];
    let peeked = std::fs::File::open(path).and_then(|mut f| f.read(&mut start));
    if let Ok(n) = peeked {
        check_not_utf16(&start[..n], file)?;
    }
    tiled::Loader::new()
        .load_tmx_map(path)
        .map_err(|e| load_error(file, path, &e))
}

fn load_map_bytes(bytes: &[u8], source_name: &str) -> Result<tiled::Map, TiledError> {
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
    tiled::Loader::with_reader(reader)
        .load_tmx_map(&own_path)
        .map_err(|e| load_error(source_name, &own_path, &e))
}

/// The layers of `map` that `options.layer` names ([`layers::select`]),
/// with a tile layer's solid tiles told by `options.solid_property`.
fn chosen_layers<'map>(
    map: &'map tiled::Map,
    source_name: &str,
    options: &TiledOptions,
    kind: layers::Wanted,
) -> Result<Vec<layers::ChosenLayer<'map>>, TiledError> {
    let property = options.solid_property.as_deref();
    // A grid's layer may hold areas without solid tiles.
    let area_property = match kind {
        layers::Wanted::Tiles => options.area_property.as_deref(),
        layers::Wanted::Obstacles => None,
    };
    let has_solid =
        |layer: &tiled::TileLayer<'map>| tiles::layer_has_solid(layer, property, area_property);
    layers::select(map, source_name, options.layer.as_deref(), kind, &has_solid)
}

/// Converts the objects and solid tiles of an already loaded Tiled map.
/// `source_name` names the map in messages and sources.
///
/// Each tile layer gives, in this order: its whole solid cells (tiles whose
/// `solid_property` is true, and tiles whose only collision shape is an
/// unrotated rectangle filling the cell) merged into rectangles
/// ([`Grid::solid_rectangles`]), then the collision shapes of its other
/// tiles, from the top row down, each flipped as its tile is and placed at
/// its cell: the bottom-left corner of the tile's (flipped) box at the
/// bottom-left corner of the cell, moved by the tileset's drawing offset, as
/// Tiled draws tiles taller than the grid.
///
/// # Errors
///
/// As [`load_obstacles`], except [`TiledError::Load`].
pub(crate) fn obstacles_from_map(
    map: &tiled::Map,
    source_name: &str,
    options: &TiledOptions,
) -> Result<TiledObstacles, TiledError> {
    check_options(options)?;
    let mut import = TiledObstacles::default();
    let property = options.solid_property.as_deref();
    let chosen = chosen_layers(map, source_name, options, layers::Wanted::Obstacles)?;
    let any_tiles = chosen
        .iter()
        .any(|l| matches!(l.layer, layers::Chosen::Tiles(_)));
    if map.orientation != tiled::Orientation::Orthogonal {
        if any_tiles {
            return Err(not_orthogonal(map, source_name));
        }
        import.warnings.push(format!(
            "warning: {source_name}: the map is {:?}, not orthogonal; its object coordinates are read as Tiled stores them, unprojected",
            map.orientation
        ));
    }
    let map_height_px = f64::from(map.height) * f64::from(map.tile_height);
    for layer in chosen {
        if !(layer.offset_x.is_finite() && layer.offset_y.is_finite()) {
            return Err(TiledError::Load {
                file: source_name.to_string(),
                reason: format!(
                    "layer `{}` (or a group around it) has an offset that is not finite: ({}, {})",
                    layer.path, layer.offset_x, layer.offset_y
                ),
            });
        }
        let objects = match &layer.layer {
            layers::Chosen::Objects(objects) => objects,
            layers::Chosen::Tiles(tile_layer) => {
                let frame = tiles::TileFrame {
                    file: source_name,
                    layer_path: &layer.path,
                    layer_offset: (layer.offset_x, layer.offset_y),
                    cell: (f64::from(map.tile_width), f64::from(map.tile_height)),
                    pixels_per_unit: options.pixels_per_unit,
                    origin: options.origin,
                    map_height_px,
                    ellipse_sides: options.ellipse_sides,
                    property,
                };
                tiles::read_layer(tile_layer, &frame, &mut import)?;
                continue;
            }
        };
        let frame = shapes::Frame {
            offset: (layer.offset_x, layer.offset_y),
            pixels_per_unit: options.pixels_per_unit,
            origin: options.origin,
            map_height_px,
            ellipse_sides: options.ellipse_sides,
            tile: None,
        };
        for object in objects.objects() {
            let source = TiledSource {
                file: source_name.to_string(),
                layer: layer.path.clone(),
                object_id: object.id(),
                object_name: object.name.clone(),
                tiles: None,
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
    if clearway_text::utf16::looks_like_utf16(start) {
        return Err(TiledError::Load {
            file: file.to_string(),
            reason: format!(
                "it is UTF-16 text; clearway reads UTF-8: {}",
                clearway_text::utf16::CONVERT
            ),
        });
    }
    Ok(())
}

/// The cells of a Tiled tile layer, for a level made from the grid
/// (`clearway grid level.tmx`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TiledGrid {
    /// The cells, row 0 at the top, solid where a tile has a collision shape
    /// (whatever its size: a half-block makes its whole cell solid) or a
    /// true [`TiledOptions::solid_property`]; free cells with the areas of
    /// [`TiledOptions::area_property`].
    pub grid: Grid,
    /// The Tiled tile coordinates (column, row) of the grid's cell (0, 0):
    /// cell (col, row) is Tiled's tile (col + first.0, row + first.1).
    /// (0, 0) for a finite map, whose grid is the map's width x height; for
    /// an infinite map, the top-left corner of the bounding box of its
    /// chunks (multiples of 16, possibly negative).
    pub first: (i64, i64),
}

/// The solid cells of the tile layer of the Tiled map at `path` that
/// `options.layer` names (a group layer: every tile layer in it, cell by
/// cell). With no layer named: the only tile layer with solid tiles, or the
/// only tile layer (with [`TiledOptions::area_property`], tiles naming an
/// area count as solid ones for this choice). Only `layer`,
/// `solid_property` and `area_property` of the options are used; layer
/// offsets are ignored (a grid is cells). With `area_property`, free cells
/// take areas from their tiles: of the uppermost layer whose tile names
/// one; an edge between two areas takes the one whose tile has the lower
/// global id (the map's tilesets in order, then tile ids).
///
/// # Errors
///
/// As [`load_obstacles`]; naming an object layer is an error too, and so
/// is a tile whose `area_property` is not a string, or a string that is no
/// area name (empty, with control characters or blanks at either end):
/// [`TiledError::BadTile`].
pub fn tile_layer_grid(
    path: impl AsRef<Path>,
    options: &TiledOptions,
) -> Result<TiledGrid, TiledError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let map = load_map(path, &file)?;
    tile_layer_grid_from_map(&map, &file, options)
}

twin_pub! {
    /// [`tile_layer_grid`] of a Tiled map held in memory.
    ///
    /// # Errors
    ///
    /// As [`tile_layer_grid`].
    fn tile_layer_grid_from_tmx_bytes(
        bytes: &[u8],
        source_name: &str,
        options: &TiledOptions,
    ) -> Result<TiledGrid, TiledError> {
        let map = load_map_bytes(bytes, source_name)?;
        tile_layer_grid_from_map(&map, source_name, options).map_err(|e| locate(e, bytes))
    }
}

/// [`tile_layer_grid`] of an already loaded Tiled map.
///
/// # Errors
///
/// As [`tile_layer_grid`], except [`TiledError::Load`].
pub(crate) fn tile_layer_grid_from_map(
    map: &tiled::Map,
    source_name: &str,
    options: &TiledOptions,
) -> Result<TiledGrid, TiledError> {
    let property = options.solid_property.as_deref();
    let chosen = chosen_layers(map, source_name, options, layers::Wanted::Tiles)?;
    if map.orientation != tiled::Orientation::Orthogonal {
        return Err(not_orthogonal(map, source_name));
    }
    let tile_layers: Vec<(String, tiled::TileLayer<'_>)> = chosen
        .into_iter()
        .filter_map(|l| match l.layer {
            layers::Chosen::Tiles(t) => Some((l.path, t)),
            layers::Chosen::Objects(_) => None,
        })
        .collect();
    let area_property = options.area_property.as_deref();
    let (grid, bounds) = tiles::solid_cells(&tile_layers, source_name, property, area_property)?;
    Ok(TiledGrid {
        grid,
        first: (bounds.min_col, bounds.min_row),
    })
}

/// The error for tile layers of a map that is not orthogonal, located in
/// the map's file when it can be read.
fn not_orthogonal(map: &tiled::Map, file: &str) -> TiledError {
    let orientation = match map.orientation {
        tiled::Orientation::Isometric => "isometric",
        tiled::Orientation::Staggered => "staggered",
        tiled::Orientation::Hexagonal => "hexagonal",
        tiled::Orientation::Oblique => "oblique",
        tiled::Orientation::Orthogonal => "orthogonal",
    };
    let error = TiledError::NotOrthogonal {
        file: file.to_string(),
        orientation,
        location: None,
    };
    match std::fs::read(&map.source) {
        Ok(bytes) => locate(error, &bytes),
        Err(_) => error,
    }
}

/// Fills in where the error lies in the map's text, when it can tell.
fn locate(error: TiledError, bytes: &[u8]) -> TiledError {
    match error {
        TiledError::NotOrthogonal {
            file,
            orientation,
            location: None,
        } => TiledError::NotOrthogonal {
            location: attribute_location(bytes, "<map", "orientation"),
            file,
            orientation,
        },
        other => other,
    }
}

/// Line and column (from 1, in characters) of the attribute `name` of the
/// first `element` (`<map`) of an XML text.
fn attribute_location(bytes: &[u8], element: &str, name: &str) -> Option<(usize, usize)> {
    let text = String::from_utf8_lossy(bytes);
    let start = text
        .find(&format!("{element} "))
        .or_else(|| text.find(&format!("{element}\n")))?;
    let end = start + text[start..].find('>')?;
    let tag = &text[start..end];
    let at = tag.match_indices(name).map(|(i, _)| i).find(|&i| {
        tag[..i].ends_with(char::is_whitespace)
            && tag[i + name.len()..].trim_start().starts_with('=')
    })?;
    let offset = start + at;
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    Some((line, col))
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
        reason: clearway_text::quote::capped_message(&reason).into_owned(),
    }
}

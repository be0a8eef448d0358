//! Tile layers: which tiles are solid, their collision shapes placed on the
//! map, and whole solid cells merged into few rectangles.

use std::collections::BTreeSet;

use super::flip::TileFlip;
use super::shapes::{self, Converted, Frame};
use super::{TileSpan, TiledError, TiledObstacles, TiledSource};
use crate::grid::Grid;

/// The most cells a tile layer's bounding box may span (a grid of bools).
pub(super) const MAX_CELLS: u64 = 100_000_000;

/// The tiles a layer covers: Tiled tile coordinates `min_col ..
/// min_col + width`, `min_row .. min_row + height`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Bounds {
    pub(super) min_col: i64,
    pub(super) min_row: i64,
    pub(super) width: u64,
    pub(super) height: u64,
}

impl Bounds {
    /// The smallest bounds holding both; an empty one holds nothing.
    pub(super) fn union(self, other: Bounds) -> Bounds {
        if self.width == 0 || self.height == 0 {
            return other;
        }
        if other.width == 0 || other.height == 0 {
            return self;
        }
        let min_col = self.min_col.min(other.min_col);
        let min_row = self.min_row.min(other.min_row);
        let end_col = (self.min_col + self.width as i64).max(other.min_col + other.width as i64);
        let end_row = (self.min_row + self.height as i64).max(other.min_row + other.height as i64);
        Bounds {
            min_col,
            min_row,
            width: (end_col - min_col) as u64,
            height: (end_row - min_row) as u64,
        }
    }
}

/// A tile of a layer at Tiled tile coordinates (col, row).
type Placed<'map> = (i64, i64, tiled::LayerTile<'map>);

/// The layer's bounds and its tiles, row by row from the top. A finite
/// layer's bounds are its size; an infinite layer's are the bounding box of
/// its chunks (the `tiled` crate's 16 x 16 chunks, aligned on multiples of
/// 16 as Tiled writes them).
pub(super) fn layer_tiles<'map>(layer: &tiled::TileLayer<'map>) -> (Bounds, Vec<Placed<'map>>) {
    let mut tiles = Vec::new();
    match layer {
        tiled::TileLayer::Finite(f) => {
            let (w, h) = (f.width(), f.height());
            for row in 0..h {
                for col in 0..w {
                    if let Some(t) = f.get_tile(col as i32, row as i32) {
                        tiles.push((i64::from(col), i64::from(row), t));
                    }
                }
            }
            let bounds = Bounds {
                min_col: 0,
                min_row: 0,
                width: u64::from(w),
                height: u64::from(h),
            };
            (bounds, tiles)
        }
        tiled::TileLayer::Infinite(inf) => {
            let (cw, ch) = (
                i64::from(tiled::ChunkData::WIDTH),
                i64::from(tiled::ChunkData::HEIGHT),
            );
            let mut bounds = Bounds {
                min_col: 0,
                min_row: 0,
                width: 0,
                height: 0,
            };
            for ((cx, cy), chunk) in inf.chunks() {
                let (x0, y0) = (i64::from(cx) * cw, i64::from(cy) * ch);
                bounds = bounds.union(Bounds {
                    min_col: x0,
                    min_row: y0,
                    width: cw as u64,
                    height: ch as u64,
                });
                for y in 0..ch as i32 {
                    for x in 0..cw as i32 {
                        if let Some(t) = chunk.get_tile(x, y) {
                            tiles.push((x0 + i64::from(x), y0 + i64::from(y), t));
                        }
                    }
                }
            }
            // The crate keeps chunks in a hash map: sort for a fixed order.
            tiles.sort_by_key(|&(col, row, _)| (row, col));
            (bounds, tiles)
        }
    }
}

/// Whether the tile has a shape drawn in Tiled's collision editor (text and
/// tile objects are not shapes).
fn has_collision_shapes(tile: &tiled::TileData) -> bool {
    tile.collision
        .as_ref()
        .is_some_and(|c| c.object_data().iter().any(is_shape))
}

fn is_shape(object: &tiled::ObjectData) -> bool {
    object.tile_data().is_none() && !matches!(object.shape, tiled::ObjectShape::Text { .. })
}

/// Whether the tile's boolean property `property` is true; `Err` when it
/// has that property with another type.
fn property_solid(tile: &tiled::TileData, property: Option<&str>) -> Result<bool, String> {
    let Some(name) = property else {
        return Ok(false);
    };
    match tile.properties.get(name) {
        None => Ok(false),
        Some(tiled::PropertyValue::BoolValue(b)) => Ok(*b),
        Some(other) => Err(format!(
            "its property `{name}` is {}, not a bool (tick the box in Tiled: a property of type bool)",
            type_name(other)
        )),
    }
}

fn type_name(value: &tiled::PropertyValue) -> &'static str {
    match value {
        tiled::PropertyValue::BoolValue(_) => "a bool",
        tiled::PropertyValue::FloatValue(_) => "a float",
        tiled::PropertyValue::IntValue(_) => "an int",
        tiled::PropertyValue::ColorValue(_) => "a color",
        tiled::PropertyValue::StringValue(_) => "a string",
        tiled::PropertyValue::FileValue(_) => "a file",
        tiled::PropertyValue::ObjectValue(_) => "an object",
        tiled::PropertyValue::ListValue(_) => "a list",
        _ => "a class",
    }
}

/// The area a tile gives its cell: the value of its string property
/// `property` (`None` without one); `Err` when it has that property with
/// another type, or a string that is no area name.
fn property_area<'t>(
    tile: &'t tiled::TileData,
    property: Option<&str>,
) -> Result<Option<&'t str>, String> {
    let Some(name) = property else {
        return Ok(None);
    };
    match tile.properties.get(name) {
        None => Ok(None),
        Some(tiled::PropertyValue::StringValue(area)) => match area_name_fault(area) {
            None => Ok(Some(area.as_str())),
            Some(fault) => Err(format!(
                "its property `{name}` is {}, which {fault}",
                capped_quote(area)
            )),
        },
        Some(other) => Err(format!(
            "its property `{name}` is {}, not a string (the name of the tile's area: a property of type string)",
            type_name(other)
        )),
    }
}

/// Why `area` is no area name: empty (plain ground has no property), or
/// with control characters or blanks at either end (unseen in a report).
fn area_name_fault(area: &str) -> Option<&'static str> {
    if area.is_empty() {
        Some("is no area name (leave the property off the tiles of plain ground)")
    } else if area.chars().any(char::is_control) {
        Some("holds a control character: an area name is one printable line")
    } else if area.trim() != area {
        Some("starts or ends with a blank: an area name has none")
    } else {
        None
    }
}

/// `"text"`, quoted and cut short when long, control characters escaped.
fn capped_quote(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    let more = if short.len() < text.len() { "..." } else { "" };
    format!("{:?}{more}", short)
}

/// Whether the layer holds a tile that is solid (or that names
/// `property` with the wrong type, so that reading it reports the error),
/// or, with `area_property`, a tile that names it (an area, or an error).
pub(super) fn layer_has_solid(
    layer: &tiled::TileLayer<'_>,
    property: Option<&str>,
    area_property: Option<&str>,
) -> bool {
    layer_tiles(layer).1.iter().any(|(_, _, t)| {
        t.get_tile().is_some_and(|tile| {
            has_collision_shapes(&tile)
                || property_solid(&tile, property) != Ok(false)
                || property_area(&tile, area_property) != Ok(None)
        })
    })
}

fn bad_tile(file: &str, tile: &tiled::LayerTile<'_>, reason: String) -> TiledError {
    let tileset = tile.get_tileset();
    TiledError::BadTile {
        file: file.to_string(),
        tileset: tileset.name.clone(),
        tile_id: tile.id(),
        reason,
    }
}

fn too_large(file: &str, layer: &str, bounds: Bounds) -> TiledError {
    TiledError::TooLarge {
        file: file.to_string(),
        layer: layer.to_string(),
        width: bounds.width,
        height: bounds.height,
    }
}

/// A grid as large as `bounds`, or an error when it spans too many cells.
fn grid_for(bounds: Bounds, file: &str, layer: &str) -> Result<Grid, TiledError> {
    if bounds.width.saturating_mul(bounds.height) > MAX_CELLS {
        return Err(too_large(file, layer, bounds));
    }
    Ok(Grid::new(bounds.width as usize, bounds.height as usize))
}

/// The size of a tile's image box in pixels: its sub-rectangle or its own
/// image (image collection tilesets), else the tileset's tile size.
fn tile_box(tile: &tiled::Tile<'_>, tileset: &tiled::Tileset) -> (f64, f64) {
    if let Some(rect) = &tile.image_rect {
        return (f64::from(rect.width), f64::from(rect.height));
    }
    if let Some(image) = &tile.image {
        return (f64::from(image.width), f64::from(image.height));
    }
    (
        f64::from(tileset.tile_width),
        f64::from(tileset.tile_height),
    )
}

/// The map's and a layer's placement of tiles.
pub(super) struct TileFrame<'a> {
    pub(super) file: &'a str,
    pub(super) layer_path: &'a str,
    /// The layer's offset with its groups', in pixels.
    pub(super) layer_offset: (f64, f64),
    /// The map's cell size in pixels.
    pub(super) cell: (f64, f64),
    /// Every other field of the frame of a tile's shapes.
    pub(super) pixels_per_unit: f64,
    pub(super) origin: super::TiledOrigin,
    pub(super) map_height_px: f64,
    pub(super) ellipse_sides: u32,
    pub(super) property: Option<&'a str>,
}

impl TileFrame<'_> {
    fn frame(&self, offset: (f64, f64), tile: Option<TileFlip>) -> Frame {
        Frame {
            offset,
            pixels_per_unit: self.pixels_per_unit,
            origin: self.origin,
            map_height_px: self.map_height_px,
            ellipse_sides: self.ellipse_sides,
            tile,
        }
    }

    fn source(&self, span: TileSpan, object_id: u32, object_name: &str) -> TiledSource {
        TiledSource {
            file: self.file.to_string(),
            layer: self.layer_path.to_string(),
            object_id,
            object_name: object_name.to_string(),
            tiles: Some(span),
        }
    }
}

/// Whether the tile's only collision shape is an unrotated rectangle that
/// fills the map cell exactly: the whole cell is solid, and merges.
fn fills_cell(tile: &tiled::Tile<'_>, tileset: &tiled::Tileset, cell: (f64, f64)) -> bool {
    let Some(collision) = &tile.collision else {
        return false;
    };
    let [only] = collision.object_data() else {
        return false;
    };
    let tiled::ObjectShape::Rect { width, height } = only.shape else {
        return false;
    };
    tile_box(tile, tileset) == cell
        && (tileset.offset_x, tileset.offset_y) == (0, 0)
        && only.tile_data().is_none()
        && (only.x, only.y, only.rotation) == (0.0, 0.0, 0.0)
        && (f64::from(width), f64::from(height)) == cell
}

/// Adds the obstacles of one tile layer to `import`: the whole solid cells
/// (a true `property`, or a collision rectangle that fills the cell) merged
/// into rectangles first, then every other tile's collision shapes, tile by
/// tile from the top row.
pub(super) fn read_layer(
    layer: &tiled::TileLayer<'_>,
    frame: &TileFrame<'_>,
    import: &mut TiledObstacles,
) -> Result<(), TiledError> {
    let (bounds, tiles) = layer_tiles(layer);
    let mut whole: Option<Grid> = None;
    let mut shaped = TiledObstacles::default();
    let mut warned = BTreeSet::new();
    let (tw, th) = frame.cell;
    for (col, row, placed) in &tiles {
        let Some(tile) = placed.get_tile() else {
            continue;
        };
        let tileset = placed.get_tileset();
        let property = property_solid(&tile, frame.property)
            .map_err(|reason| bad_tile(frame.file, placed, reason))?;
        if property || fills_cell(&tile, tileset, frame.cell) {
            if whole.is_none() {
                whole = Some(grid_for(bounds, frame.file, frame.layer_path)?);
            }
            if let Some(grid) = whole.as_mut() {
                let c = (col - bounds.min_col) as usize;
                let r = (row - bounds.min_row) as usize;
                grid.set_solid(c, r, true);
            }
            continue;
        }
        let Some(collision) = &tile.collision else {
            continue;
        };
        let (width, height) = tile_box(&tile, tileset);
        if tileset.tile_render_size == tiled::TileRenderSize::Grid && (width, height) != (tw, th) {
            return Err(bad_tile(
                frame.file,
                placed,
                format!(
                    "tiles of the tileset are drawn scaled to the map grid (tile render size `grid`), which clearway does not read: its tiles are {width} x {height} px, the map's cells {tw} x {th} px"
                ),
            ));
        }
        let flip = TileFlip {
            width,
            height,
            horizontal: placed.flip_h,
            vertical: placed.flip_v,
            diagonal: placed.flip_d,
        };
        // Tiled draws a tile in an orthogonal map with the bottom-left
        // corner of its (flipped) box at the bottom-left corner of its cell,
        // moved by the tileset's drawing offset.
        let (_, box_height) = flip.size();
        let offset = (
            *col as f64 * tw + f64::from(tileset.offset_x) + frame.layer_offset.0,
            (*row + 1) as f64 * th - box_height
                + f64::from(tileset.offset_y)
                + frame.layer_offset.1,
        );
        let shape_frame = frame.frame(offset, Some(flip));
        let span = TileSpan {
            col: *col,
            row: *row,
            width: 1,
            height: 1,
        };
        for object in collision.object_data() {
            match shapes::convert(object, &shape_frame) {
                Ok(Converted::Obstacles(obstacles)) => {
                    for obstacle in obstacles {
                        shaped.obstacles.push(obstacle);
                        shaped
                            .sources
                            .push(frame.source(span, object.id(), &object.name));
                    }
                }
                Ok(Converted::Skipped(why)) => {
                    if warned.insert((placed.tileset_index(), placed.id(), object.id())) {
                        import.warnings.push(format!(
                            "warning: {}: skipped collision object {} of tile {} of tileset `{}`: {why}",
                            frame.file,
                            object.id(),
                            placed.id(),
                            tileset.name
                        ));
                    }
                }
                Err(reason) => {
                    return Err(bad_tile(
                        frame.file,
                        placed,
                        format!("collision object {}: {reason}", object.id()),
                    ));
                }
            }
        }
    }
    if let Some(grid) = whole {
        let rect_frame = frame.frame((0.0, 0.0), None);
        for r in grid.solid_rectangles() {
            let col = bounds.min_col + r.col as i64;
            let row = bounds.min_row + r.row as i64;
            let (x0, y0) = (
                col as f64 * tw + frame.layer_offset.0,
                row as f64 * th + frame.layer_offset.1,
            );
            let (x1, y1) = (
                (col + r.width as i64) as f64 * tw + frame.layer_offset.0,
                (row + r.height as i64) as f64 * th + frame.layer_offset.1,
            );
            let span = TileSpan {
                col,
                row,
                width: r.width as u64,
                height: r.height as u64,
            };
            let obstacle =
                shapes::pixel_rectangle(&rect_frame, (x0, y0), (x1, y1)).map_err(|reason| {
                    TiledError::Load {
                        file: frame.file.to_string(),
                        reason: format!("layer `{}`, {span}: {reason}", frame.layer_path),
                    }
                })?;
            import.obstacles.push(obstacle);
            import.sources.push(frame.source(span, 0, ""));
        }
    }
    import.obstacles.append(&mut shaped.obstacles);
    import.sources.append(&mut shaped.sources);
    Ok(())
}

/// The cells of the tile layers, solid where a tile has a collision shape
/// or a true `property`, over the union of their bounds; and that union.
/// With `area_property`, a free cell whose tile has that string property
/// has that area: of the uppermost layer whose tile there names one. The
/// areas are given to the grid in the order of their tiles' global ids (the
/// map's tilesets in order, then tile ids), so that an edge between two
/// areas takes the one whose tile comes first, as a Moving AI map's water
/// comes before its swamp ([`Grid::set_area`]).
pub(super) fn solid_cells(
    layers: &[(String, tiled::TileLayer<'_>)],
    file: &str,
    property: Option<&str>,
    area_property: Option<&str>,
) -> Result<(Grid, Bounds), TiledError> {
    let read: Vec<_> = layers
        .iter()
        .map(|(path, layer)| (path, layer_tiles(layer)))
        .collect();
    let bounds = read.iter().map(|(_, (b, _))| *b).fold(
        Bounds {
            min_col: 0,
            min_row: 0,
            width: 0,
            height: 0,
        },
        Bounds::union,
    );
    let name = match read.as_slice() {
        [(path, _)] => path.as_str(),
        _ => "(several)",
    };
    let mut grid = grid_for(bounds, file, name)?;
    // Each area tile met, layer by layer: (cell, tileset, tile id, area).
    let mut areas: Vec<(usize, usize, u32, String)> = Vec::new();
    for (_, (_, tiles)) in &read {
        for (col, row, placed) in tiles {
            let Some(tile) = placed.get_tile() else {
                continue;
            };
            let solid = property_solid(&tile, property)
                .map_err(|reason| bad_tile(file, placed, reason))?
                || has_collision_shapes(&tile);
            let area = property_area(&tile, area_property)
                .map_err(|reason| bad_tile(file, placed, reason))?;
            let c = (col - bounds.min_col) as usize;
            let r = (row - bounds.min_row) as usize;
            if solid {
                grid.set_solid(c, r, true);
            }
            if let Some(area) = area {
                let cell = r * grid.width() + c;
                areas.push((cell, placed.tileset_index(), placed.id(), area.to_owned()));
            }
        }
    }
    // The uppermost layer's area of each cell (a stable sort keeps the
    // layers' order within a cell), then the areas in tile order.
    areas.sort_by_key(|a| a.0);
    let mut kept: Vec<(usize, usize, u32, String)> = Vec::with_capacity(areas.len());
    for area in areas {
        match kept.last_mut() {
            Some(last) if last.0 == area.0 => *last = area,
            _ => kept.push(area),
        }
    }
    kept.sort_by_key(|a| (a.1, a.2));
    let width = grid.width();
    kept.retain(|(cell, _, _, _)| !grid.is_solid(cell % width, cell / width));
    let names: BTreeSet<&str> = kept.iter().map(|a| a.3.as_str()).collect();
    if names.len() > usize::from(u16::MAX) {
        return Err(TiledError::Load {
            file: file.to_string(),
            reason: format!(
                "its tiles name {} areas; a level holds at most {}",
                names.len(),
                u16::MAX
            ),
        });
    }
    for (cell, _, _, area) in &kept {
        grid.set_area(cell % width, cell / width, Some(area));
    }
    Ok((grid, bounds))
}

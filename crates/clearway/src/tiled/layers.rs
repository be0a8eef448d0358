//! Choosing the object and tile layers to read, through group layers, with
//! their accumulated offsets.

use super::TiledError;

/// A layer to read, with the offset of its own and of every group layer
/// that holds it, in pixels.
pub(super) struct ChosenLayer<'map> {
    /// `walls`, or `level/walls` inside a group `level`.
    pub(super) path: String,
    pub(super) offset_x: f64,
    pub(super) offset_y: f64,
    pub(super) layer: Chosen<'map>,
}

/// The two kinds of layers that hold obstacles.
pub(super) enum Chosen<'map> {
    /// Objects, each a shape.
    Objects(tiled::ObjectLayer<'map>),
    /// Tiles, solid by their collision shapes or a property.
    Tiles(tiled::TileLayer<'map>),
}

/// Which layers a reader wants.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    /// Object layers and tile layers (obstacles).
    Obstacles,
    /// Tile layers only (a grid).
    Tiles,
}

/// Every layer of the map, depth first in file order.
struct Entry<'map> {
    path: String,
    name: String,
    offset_x: f64,
    offset_y: f64,
    /// Index of the enclosing group entries, innermost last.
    groups: Vec<usize>,
    layer: tiled::Layer<'map>,
}

/// The layers that `wanted` names: by name or by path; every object and
/// tile layer in a group layer (tile layers only for [`Wanted::Tiles`]).
/// With no name, the only candidate: the only object layer or tile layer
/// that `has_solid` says holds solid tiles (for [`Wanted::Tiles`], the only
/// tile layer with solid tiles, or the only tile layer).
pub(super) fn select<'map>(
    map: &'map tiled::Map,
    file: &str,
    wanted: Option<&str>,
    kind: Wanted,
    has_solid: &dyn Fn(&tiled::TileLayer<'map>) -> bool,
) -> Result<Vec<ChosenLayer<'map>>, TiledError> {
    let mut entries = Vec::new();
    collect(map.layers(), "", 0.0, 0.0, &[], &mut entries);
    let readable = |e: &Entry<'map>| match e.layer.layer_type() {
        tiled::LayerType::Objects(_) => kind == Wanted::Obstacles,
        tiled::LayerType::Tiles(_) => true,
        _ => false,
    };
    let layers: Vec<usize> = (0..entries.len())
        .filter(|&i| readable(&entries[i]))
        .collect();
    let any_tiles = entries.iter().any(|e| e.layer.as_tile_layer().is_some());
    // How the readable layers are called in messages: a map without tile
    // layers speaks of object layers only.
    let (singular, plural) = match (kind, any_tiles) {
        (Wanted::Obstacles, false) => ("object layer", "object layers"),
        (Wanted::Obstacles, true) => (
            "object layer and no tile layer with solid tiles",
            "object and tile layers",
        ),
        (Wanted::Tiles, _) => ("tile layer", "tile layers"),
    };
    let paths = |which: &[usize]| -> Vec<String> {
        which.iter().map(|&i| entries[i].path.clone()).collect()
    };
    let Some(wanted) = wanted else {
        let solid: Vec<usize> = layers
            .iter()
            .copied()
            .filter(|&i| match entries[i].layer.layer_type() {
                tiled::LayerType::Tiles(t) => has_solid(&t),
                _ => true,
            })
            .collect();
        let candidates = if kind == Wanted::Tiles && solid.is_empty() {
            layers.clone()
        } else {
            solid
        };
        return match candidates.as_slice() {
            [] => Err(TiledError::NoObjectLayer {
                file: file.to_string(),
                what: singular,
            }),
            [only] => Ok(chosen(&entries, &[*only])),
            _ => Err(TiledError::SeveralObjectLayers {
                file: file.to_string(),
                what: match (kind, any_tiles) {
                    (Wanted::Obstacles, false) => "object layers",
                    (Wanted::Obstacles, true) => {
                        "layers with obstacles (object layers, and tile layers with solid tiles)"
                    }
                    (Wanted::Tiles, _) => "tile layers with solid tiles",
                },
                layers: paths(&candidates),
            }),
        };
    };
    // An exact path wins over bare names; two layers with the same path
    // (same names all the way up) are as ambiguous as two with one name.
    let by_path: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].path == wanted)
        .collect();
    let matches = if by_path.is_empty() {
        (0..entries.len())
            .filter(|&i| entries[i].name == wanted)
            .collect()
    } else {
        by_path
    };
    let found = match matches.as_slice() {
        [] => {
            return Err(TiledError::UnknownLayer {
                file: file.to_string(),
                layer: wanted.to_string(),
                what: plural,
                available: paths(&layers),
            });
        }
        [one] => *one,
        many => {
            let paths: Vec<&str> = many.iter().map(|&i| entries[i].path.as_str()).collect();
            let same_path = |path: &str| paths.iter().filter(|&&p| p == path).count() > 1;
            return Err(TiledError::AmbiguousLayer {
                file: file.to_string(),
                layer: wanted.to_string(),
                // Layers whose paths are the same are told apart by their ids.
                matches: many
                    .iter()
                    .map(|&i| match &entries[i] {
                        e if same_path(&e.path) => {
                            format!("{} (layer id {})", e.path, e.layer.id())
                        }
                        e => e.path.clone(),
                    })
                    .collect(),
                same_path: paths.iter().any(|p| same_path(p)),
            });
        }
    };
    match entries[found].layer.layer_type() {
        tiled::LayerType::Objects(_) if kind == Wanted::Tiles => {
            Err(wrong_kind(file, &entries[found], "an object layer", kind))
        }
        tiled::LayerType::Objects(_) | tiled::LayerType::Tiles(_) => Ok(chosen(&entries, &[found])),
        tiled::LayerType::Group(_) => {
            let inside: Vec<usize> = layers
                .iter()
                .copied()
                .filter(|&i| entries[i].groups.contains(&found))
                .collect();
            Ok(chosen(&entries, &inside))
        }
        tiled::LayerType::Image(_) => {
            Err(wrong_kind(file, &entries[found], "an image layer", kind))
        }
    }
}

fn wrong_kind(file: &str, entry: &Entry<'_>, is: &'static str, kind: Wanted) -> TiledError {
    TiledError::NotAnObjectLayer {
        file: file.to_string(),
        layer: entry.path.clone(),
        kind: is,
        wanted: match kind {
            Wanted::Obstacles => "an object layer or a tile layer",
            Wanted::Tiles => "a tile layer",
        },
    }
}

fn chosen<'map>(entries: &[Entry<'map>], which: &[usize]) -> Vec<ChosenLayer<'map>> {
    which
        .iter()
        .filter_map(|&i| {
            let e = &entries[i];
            let layer = match e.layer.layer_type() {
                tiled::LayerType::Objects(o) => Chosen::Objects(o),
                tiled::LayerType::Tiles(t) => Chosen::Tiles(t),
                _ => return None,
            };
            Some(ChosenLayer {
                path: e.path.clone(),
                offset_x: e.offset_x,
                offset_y: e.offset_y,
                layer,
            })
        })
        .collect()
}

fn collect<'map>(
    layers: impl Iterator<Item = tiled::Layer<'map>>,
    prefix: &str,
    offset_x: f64,
    offset_y: f64,
    groups: &[usize],
    out: &mut Vec<Entry<'map>>,
) {
    for layer in layers {
        let path = format!("{prefix}{}", layer.name);
        let x = offset_x + f64::from(layer.offset_x);
        let y = offset_y + f64::from(layer.offset_y);
        let index = out.len();
        out.push(Entry {
            path: path.clone(),
            name: layer.name.clone(),
            offset_x: x,
            offset_y: y,
            groups: groups.to_vec(),
            layer,
        });
        if let Some(group) = layer.as_group_layer() {
            let mut inner = groups.to_vec();
            inner.push(index);
            collect(group.layers(), &format!("{path}/"), x, y, &inner, out);
        }
    }
}

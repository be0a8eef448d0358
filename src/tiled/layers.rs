//! Choosing the object layers to read, through group layers, with their
//! accumulated offsets.

use super::TiledError;

/// An object layer to read, with the offset of its own and of every group
/// layer that holds it, in pixels.
pub(super) struct ChosenLayer<'map> {
    /// `walls`, or `level/walls` inside a group `level`.
    pub(super) path: String,
    pub(super) offset_x: f64,
    pub(super) offset_y: f64,
    pub(super) layer: tiled::ObjectLayer<'map>,
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

/// The object layers that `wanted` names: the only object layer when
/// `wanted` is `None`; a layer by name or by path; every object layer in a
/// group layer.
pub(super) fn select<'map>(
    map: &'map tiled::Map,
    file: &str,
    wanted: Option<&str>,
) -> Result<Vec<ChosenLayer<'map>>, TiledError> {
    let mut entries = Vec::new();
    collect(map.layers(), "", 0.0, 0.0, &[], &mut entries);
    let object_layers: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].layer.as_object_layer().is_some())
        .collect();
    let object_paths = || -> Vec<String> {
        object_layers
            .iter()
            .map(|&i| entries[i].path.clone())
            .collect()
    };
    let Some(wanted) = wanted else {
        return match object_layers.as_slice() {
            [] => Err(TiledError::NoObjectLayer {
                file: file.to_string(),
            }),
            [only] => Ok(chosen(&entries, &[*only])),
            _ => Err(TiledError::SeveralObjectLayers {
                file: file.to_string(),
                layers: object_paths(),
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
                available: object_paths(),
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
        tiled::LayerType::Objects(_) => Ok(chosen(&entries, &[found])),
        tiled::LayerType::Group(_) => {
            let inside: Vec<usize> = object_layers
                .iter()
                .copied()
                .filter(|&i| entries[i].groups.contains(&found))
                .collect();
            Ok(chosen(&entries, &inside))
        }
        tiled::LayerType::Tiles(_) => Err(not_objects(file, &entries[found], "a tile layer")),
        tiled::LayerType::Image(_) => Err(not_objects(file, &entries[found], "an image layer")),
    }
}

fn not_objects(file: &str, entry: &Entry<'_>, kind: &'static str) -> TiledError {
    TiledError::NotAnObjectLayer {
        file: file.to_string(),
        layer: entry.path.clone(),
        kind,
    }
}

fn chosen<'map>(entries: &[Entry<'map>], which: &[usize]) -> Vec<ChosenLayer<'map>> {
    which
        .iter()
        .filter_map(|&i| {
            let e = &entries[i];
            Some(ChosenLayer {
                path: e.path.clone(),
                offset_x: e.offset_x,
                offset_y: e.offset_y,
                layer: e.layer.as_object_layer()?,
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

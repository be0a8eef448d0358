//! The `load` target: the map loader on arbitrary bytes, flat or 3D
//! (`Level::loader().read_bytes`, which reads either). It never panics, and
//!
//! * an error has a non-empty message and, when located, a line and column
//!   inside the text (1-based);
//! * a map that loads, of either dimension, writes back out
//!   (`to_ron_string`) as text that loads into an equal map of the same
//!   dimension, and writes the same bytes again;
//! * its clearances are never NaN or negative, and the R-tree search agrees
//!   with brute force.

use clearway::map::Level;
use clearway::{Clearances, Dimension, Map};
use clearway_format::wire::MapFile;

/// The checks on one input.
pub fn check(bytes: &[u8]) {
    match Level::loader().read_bytes(bytes, "fuzz.ron") {
        Err(e) => {
            let shown = e.to_string();
            assert!(!shown.is_empty() && !e.message().is_empty());
            if let Some(loc) = e.location() {
                let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
                assert!(
                    loc.line >= 1 && loc.line <= lines,
                    "{loc:?} of {lines} lines"
                );
                assert!(loc.column >= 1, "{loc:?}");
            }
        }
        Ok(Level::Plane(map)) => loaded(&map, |level| match level {
            Level::Plane(again) => again,
            Level::Space(_) => panic!("a flat map wrote back as a 3D one"),
        }),
        Ok(Level::Space(map)) => loaded(&map, |level| match level {
            Level::Space(again) => again,
            Level::Plane(_) => panic!("a 3D map wrote back as a flat one"),
        }),
    }
}

/// The checks on a map that loaded; `same` takes the reloaded level back
/// to a map of the same dimension.
fn loaded<D: Dimension>(map: &Map<D>, same: impl Fn(Level) -> Map<D>)
where
    for<'a> MapFile: From<&'a Map<D>>,
{
    let text = map.to_ron_string();
    let again = same(
        Level::loader()
            .read_str(&text, "again.ron")
            .unwrap_or_else(|e| panic!("written map does not load: {e}\n{text}")),
    );
    assert_eq!(again.agents(), map.agents());
    assert_eq!(again.nodes(), map.nodes());
    assert_eq!(again.edges(), map.edges());
    assert_eq!(again.obstacles(), map.obstacles());
    assert_eq!(again.to_ron_string(), text);
    if map.edges().len() + map.nodes().len() <= 2_000 && map.obstacles().len() <= 2_000 {
        let fast = Clearances::compute(map);
        for c in fast.edges().iter().chain(fast.nodes()) {
            assert!(!c.value.is_nan() && c.value >= 0.0, "{c:?}");
        }
        assert_eq!(fast, Clearances::compute_brute_force(map));
    }
}

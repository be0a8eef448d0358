//! The map loader on arbitrary bytes: it never panics, and
//!
//! * an error has a non-empty message and, when located, a line and column
//!   inside the text (1-based);
//! * a map that loads writes back out (`to_ron_string`) as text that loads
//!   into an equal map, and writes the same bytes again;
//! * its clearances are never NaN or negative, and the R-tree search agrees
//!   with brute force.

#![no_main]

use clearway::{Clearances, Map};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    match Map::from_ron_bytes(bytes, "fuzz.ron") {
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
        Ok(map) => {
            let text = map.to_ron_string();
            let again = Map::from_ron_str(&text, "again.ron")
                .unwrap_or_else(|e| panic!("written map does not load: {e}\n{text}"));
            assert_eq!(again.agents(), map.agents());
            assert_eq!(again.nodes(), map.nodes());
            assert_eq!(again.edges(), map.edges());
            assert_eq!(again.obstacles(), map.obstacles());
            assert_eq!(again.to_ron_string(), text);
            if map.edges().len() + map.nodes().len() <= 2_000 && map.obstacles().len() <= 2_000 {
                let fast = Clearances::compute(&map);
                for c in fast.edges().iter().chain(fast.nodes()) {
                    assert!(!c.value.is_nan() && c.value >= 0.0, "{c:?}");
                }
                assert_eq!(fast, Clearances::compute_brute_force(&map));
            }
        }
    }
});

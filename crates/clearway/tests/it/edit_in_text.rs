//! `bake`, `prune` and `link` edit the map's own text: the edited text loads to
//! exactly the map the RON writer would write, on every example map and on
//! random maps, and the example maps keep their comments.

use crate::common::random_map::random_map;
use clearway::link::{LinkRule, links};
use clearway::map::Level;
use clearway::tiled::{TiledOptions, load_obstacles};
use clearway::{Clearances, Map, Space};
use clearway_format::wire::MapFile;
use clearway_format::{EdgeAppend, append_edges};
use proptest::prelude::*;

fn loaded(text: &str, what: &str) -> MapFile {
    let map = Map::loader()
        .read_str(text, what)
        .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    MapFile::from(&map)
}

/// The radii to prune for: every agent's, and a few more.
fn radii(map: &Map) -> Vec<f64> {
    let mut radii = vec![0.0, 0.5, 1.0, 2.5];
    radii.extend(map.agents().iter().map(|a| a.radius));
    radii
}

/// The `//` comment lines of `text`, trimmed.
fn comment_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|line| line.starts_with("//"))
        .collect()
}

/// Every `//` comment of `text`, whole-line or after a value, trimmed:
/// pruning an edge keeps the comment that ended its line, on a line of its
/// own. (The example levels hold no `//` inside a string.)
fn all_comments(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|line| line.find("//").map(|at| line[at..].trim()))
        .collect()
}

/// The 3D levels as [`loaded`] reads flat ones.
fn loaded_3d(text: &str, what: &str) -> MapFile {
    match Level::loader().read_str(text, what) {
        Ok(Level::Space(map)) => MapFile::from(&map),
        other => panic!("{what}: not a 3D level: {other:?}\n{text}"),
    }
}

/// Checks bake and prune on a 3D level (`link` is for flat levels only)
/// against the writer, and that every comment line is kept.
fn edits_3d_as_the_writer_writes(text: &str, map: &Map<Space>, what: &str) {
    let clearances = Clearances::compute(map);
    let baked = map
        .baked_text(text, &clearances)
        .unwrap_or_else(|| panic!("{what}: could not bake in the text"));
    assert_eq!(
        loaded_3d(&baked, what),
        loaded_3d(&map.baked(&clearances).to_ron_string(), what),
        "{what}: baked"
    );
    assert_eq!(all_comments(&baked), all_comments(text), "{what}");
    for agent in map.agents() {
        let pruned = map
            .pruned_text(text, &clearances, agent.radius)
            .unwrap_or_else(|| panic!("{what}: could not prune in the text"));
        let written = map.pruned(&clearances, agent.radius).to_ron_string();
        assert_eq!(
            loaded_3d(&pruned, what),
            loaded_3d(&written, what),
            "{what}: pruned"
        );
        assert_eq!(all_comments(&pruned), all_comments(text), "{what}");
    }
}

/// Checks bake, prune and link on `map` (loaded from `text`, with `own`
/// obstacles of its own) against the writer.
fn agrees_with_the_writer(text: &str, map: &Map, own: usize, what: &str) {
    for (max_length, radius) in [(8.0, 0.0), (16.0, 0.5), (30.0, 1.0)] {
        let rule = LinkRule {
            max_length,
            agent_radius: radius,
            max_links: None,
        };
        let found = links(map, &rule);
        // As `clearway link` edits the text: the new edges by node id.
        let added: Vec<EdgeAppend> = found
            .iter()
            .map(|l| EdgeAppend {
                from: map.nodes()[l.from].id,
                to: map.nodes()[l.to].id,
            })
            .collect();
        let linked = append_edges(text, map.edges().len(), &added)
            .unwrap_or_else(|| panic!("{what}: could not link in the text"));
        let written = map.linked(&found).to_ron_string_with_obstacles(own);
        assert_eq!(
            loaded(&linked, what),
            loaded(&written, what),
            "{what}: linked\n{linked}"
        );
        assert_eq!(comment_lines(&linked), comment_lines(text), "{what}");
    }
    let clearances = Clearances::compute(map);
    let baked = map
        .baked_text(text, &clearances)
        .unwrap_or_else(|| panic!("{what}: could not bake in the text"));
    let written = map.baked(&clearances).to_ron_string_with_obstacles(own);
    assert_eq!(
        loaded(&baked, what),
        loaded(&written, what),
        "{what}: baked\n{baked}"
    );
    assert_eq!(comment_lines(&baked), comment_lines(text), "{what}");
    for radius in radii(map) {
        let pruned = map
            .pruned_text(text, &clearances, radius)
            .unwrap_or_else(|| panic!("{what}: could not prune in the text"));
        let written = map
            .pruned(&clearances, radius)
            .to_ron_string_with_obstacles(own);
        assert_eq!(
            loaded(&pruned, what),
            loaded(&written, what),
            "{what}, radius {radius}: pruned\n{pruned}"
        );
    }
}

#[test]
fn every_example_map_edits_as_the_writer_writes() {
    let mut seen = 0;
    for dir in ["../../maps", "../../maps/review"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "ron") {
                continue;
            }
            let what = path.display().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let map = match Level::loader().read_str(&text, &what) {
                Ok(Level::Plane(map)) => map,
                Ok(Level::Space(map)) => {
                    edits_3d_as_the_writer_writes(&text, &map, &what);
                    seen += 1;
                    continue;
                }
                Err(e) => panic!("{e}"),
            };
            let own = map.obstacles().len();
            agrees_with_the_writer(&text, &map, own, &what);
            seen += 1;
        }
    }
    assert!(seen >= 6, "{seen} maps");
}

#[test]
fn the_tiled_yard_edits_with_its_tmx_obstacles_left_out() {
    let text = std::fs::read_to_string("../../maps/tiled_yard.ron").unwrap();
    let map = Map::loader().read_str(&text, "tiled_yard.ron").unwrap();
    let own = map.obstacles().len();
    let options = TiledOptions {
        layer: Some("collision".into()),
        pixels_per_unit: 16.0,
        ..TiledOptions::default()
    };
    let tiled = load_obstacles("../../maps/tiled_yard.tmx", &options).unwrap();
    assert!(!tiled.obstacles.is_empty());
    let map = map.with_extra_obstacles(tiled.obstacles).unwrap();
    agrees_with_the_writer(&text, &map, own, "tiled_yard.ron + .tmx");
    let baked = map.baked_text(&text, &Clearances::compute(&map)).unwrap();
    assert!(
        baked.contains("//        |  2 -------- 3"),
        "the ASCII map stays"
    );
    assert_eq!(
        Map::loader()
            .read_str(&baked, "b")
            .unwrap()
            .obstacles()
            .len(),
        own
    );
}

proptest! {
    #![proptest_config(clearway_test_support::proptest_config::config(64))]

    #[test]
    fn random_maps_edit_as_the_writer_writes(m in random_map(12, 10)) {
        let text = m.to_ron();
        let map = Map::loader().read_str(&text, "random.ron").unwrap();
        agrees_with_the_writer(&text, &map, map.obstacles().len(), "random.ron");
    }
}

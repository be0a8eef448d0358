//! `clearway render MAP -o level.html`: the viewer page. What the browser
//! does with it is tested in `viewer/tests` (node, Chromium); here, that the
//! page is written (atomically, deterministically, self-contained) and
//! carries the library's numbers bit for bit.

use crate::common::cli::{RunExt, clearway};

use std::path::Path;

use clearway::{Clearances, Map};

fn map_path(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(name)
}

/// Renders `map` to `level.html` in a fresh folder; the page's text.
fn page(map: &str, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("level.html");
    let mut args: Vec<std::ffi::OsString> = vec![
        "render".into(),
        map_path(map).into_os_string(),
        "-o".into(),
        out.clone().into_os_string(),
    ];
    args.extend(extra.iter().map(Into::into));
    clearway().args(&args).run().exit(0);
    std::fs::read_to_string(&out).unwrap()
}

/// The text of the `<script>` element with this id.
fn script<'a>(page: &'a str, id: &str) -> &'a str {
    let open = format!("id=\"{id}\"");
    let at = page.find(&open).unwrap_or_else(|| panic!("no {id}"));
    let start = at + page[at..].find('>').unwrap() + 1;
    let end = start + page[start..].find("</script>").unwrap();
    &page[start..end]
}

/// Base64 back to bytes.
fn decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => 0,
        }
    };
    let mut out = Vec::new();
    for chunk in text.as_bytes().chunks(4) {
        let n = chunk.iter().fold(0u32, |n, &c| n << 6 | value(c));
        let pad = chunk.iter().filter(|&&c| c == b'=').count();
        out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8][..3 - pad]);
    }
    out
}

fn f64s(page: &str, name: &str) -> Vec<f64> {
    decode(script(page, &format!("cw-{name}")))
        .chunks(8)
        .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

#[test]
fn the_page_carries_every_clearance_bit_for_bit() {
    for name in ["rooms.ron", "warehouse.ron", "two_storey.ron"] {
        let html = page(name, &[]);
        let text = std::fs::read_to_string(map_path(name)).unwrap();
        let level = clearway::Level::loader().read_str(&text, name).unwrap();
        let (edges, lengths): (Vec<f64>, Vec<f64>) = match &level {
            clearway::Level::Plane(map) => values(map),
            clearway::Level::Space(map) => values(map),
        };
        let got = f64s(&html, "clearance");
        assert_eq!(got.len(), edges.len(), "{name}");
        for (i, (g, w)) in got.iter().zip(&edges).enumerate() {
            assert_eq!(g.to_bits(), w.to_bits(), "{name} edge {i}");
        }
        assert_eq!(f64s(&html, "length"), lengths, "{name}");
    }
}

fn values<D: clearway::Dimension>(map: &Map<D>) -> (Vec<f64>, Vec<f64>) {
    let c = Clearances::compute(map);
    let lengths = (0..map.edges().len())
        .map(|i| {
            let s = map.edge_segment(clearway::EdgeIdx::new(i));
            D::distance(s.a, s.b)
        })
        .collect();
    (c.edges().iter().map(|c| c.value).collect(), lengths)
}

#[test]
fn the_page_is_self_contained_and_deterministic() {
    let html = page("rooms.ron", &["--agent", "ogre"]);
    assert!(html.starts_with("<!DOCTYPE html>"));
    for outside in ["src=", "href=", "http://", "https://", "@import", "url("] {
        assert!(!html.contains(outside), "the page names {outside}");
    }
    let meta = script(&html, "cw-meta");
    assert!(meta.contains("\"title\":\"rooms.ron\""), "{meta}");
    assert!(meta.contains("\"agent\":\"ogre\""));
    assert!(meta.contains("\"dim\":2"));
    assert_eq!(html, page("rooms.ron", &["--agent", "ogre"]));
    let three_d = page("two_storey.ron", &[]);
    assert!(script(&three_d, "cw-meta").contains("\"dim\":3"));
}

#[test]
fn obstacles_are_cited_by_line() {
    let html = page("rooms.ron", &[]);
    let lines: Vec<u32> = decode(script(&html, "cw-obstacleLine"))
        .chunks(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    let text = std::fs::read_to_string(map_path("rooms.ron")).unwrap();
    assert!(!lines.is_empty());
    for (i, &line) in lines.iter().enumerate() {
        assert!(line > 0, "obstacle {i} has a line");
        let said = text.lines().nth(line as usize - 1).unwrap();
        assert!(
            ["Point", "Circle", "Segment", "Polygon"]
                .iter()
                .any(|k| said.contains(k)),
            "obstacle {i}: line {line} is `{said}`"
        );
    }
}

#[test]
fn a_page_that_cannot_be_written_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("missing").join("level.html");
    clearway()
        .args([
            "render".as_ref(),
            map_path("rooms.ron").as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ])
        .run()
        .exit(2)
        .stderr_has("nothing was written");
    assert!(!out.exists());
    clearway()
        .args([
            "render".as_ref(),
            map_path("rooms.ron").as_os_str(),
            "-o".as_ref(),
            "level.txt".as_ref(),
        ])
        .run()
        .exit(2)
        .stderr_has("name it .svg, .png or .html");
}

#[test]
fn a_level_with_areas_carries_each_agents_multipliers() {
    let pond = page("pond.ron", &[]);
    let text = std::fs::read_to_string(map_path("pond.ron")).unwrap();
    let map = Map::loader().read_str(&text, "pond.ron").unwrap();
    // Each edge's area plus one (0 for none): the pond's first edge is water.
    let area: Vec<u32> = decode(script(&pond, "cw-area"))
        .chunks(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert_eq!(area, [1, 0, 0]);
    // boat pays the water half, cat may not enter it, duck pays 1.5.
    let multipliers = f64s(&pond, "agentMultiplier");
    assert_eq!(multipliers, [1.0, 0.5, 1.0, f64::INFINITY, 1.0, 1.5]);
    let scales = f64s(&pond, "agentBoundScale");
    assert_eq!(scales, [0.5 * (1.0 - 1e-12), 1.0, 1.0]);
    // The cost of every edge, as routes sum it (no explicit costs: lengths).
    let cost = f64s(&pond, "cost");
    let length = f64s(&pond, "length");
    assert_eq!(cost, length);
    assert_eq!(cost.len(), map.edges().len());
    assert!(
        script(&pond, "cw-meta")
            .contains(r#""areas":[{"index":0,"name":"water","legend":"area \"water\" (1)""#)
    );
    // A level without areas carries none of it.
    let plain = page("rooms.ron", &[]);
    assert!(!plain.contains("id=\"cw-area\"") && !plain.contains("cw-agentMultiplier"));
}

#[test]
fn picture_options_a_page_cannot_honour_are_refused() {
    for extra in [
        &["--width", "800"][..],
        &["--height", "600"],
        &["--route", "id:1", "id:14", "--widest", "id:1", "id:14"],
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("level.html");
        let mut args: Vec<std::ffi::OsString> = vec![
            "render".into(),
            map_path("rooms.ron").into_os_string(),
            "-o".into(),
            out.clone().into_os_string(),
        ];
        args.extend(extra.iter().map(Into::into));
        clearway().args(&args).run().exit(2).stderr_has(".html");
        assert!(!out.exists(), "{extra:?}: nothing written");
    }
    // Honoured: the pair picked (node indices: ids 1 and 14 are the first
    // node and the fourteenth) and the view.
    let routed = page(
        "rooms.ron",
        &["--route", "id:1", "id:14", "--region", "0,0,10,10"],
    );
    let meta = script(&routed, "cw-meta");
    assert!(
        meta.contains(r#""picks":[0,13],"widestMode":false,"view":[0,0,10,10]"#),
        "{meta}"
    );
}

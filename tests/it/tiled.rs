//! Obstacles from Tiled: every coordinate of hand-written .tmx files
//! against values worked out by hand (in the comments), the ellipse
//! enclosure, layer choice, and the errors.

use crate::common::cli::{RunExt, clearway, stderr};

use std::path::Path;

use clearway::geometry::{Circle, Point, Segment};
use clearway::tiled::{
    TiledError, TiledOptions, TiledOrigin, load_obstacles, obstacles_from_tmx_bytes,
};
use clearway::{Map, Obstacle};

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn vertices(o: &Obstacle) -> Vec<Point> {
    match o {
        Obstacle::Polygon(poly) => poly.vertices().to_vec(),
        other => panic!("expected a polygon, got {other:?}"),
    }
}

fn assert_close(got: &[Point], want: &[Point]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g.x - w.x).abs() < 1e-12 && (g.y - w.y).abs() < 1e-12,
            "{got:?} vs {want:?}"
        );
    }
}

fn yard_options() -> TiledOptions {
    TiledOptions {
        layer: Some("collision".into()),
        pixels_per_unit: 16.0,
        ..TiledOptions::default()
    }
}

/// maps/tiled_yard.tmx: 20 x 15 tiles of 16 px, so 240 px high; with 16 px
/// per unit a pixel (px, py) is (px / 16, (240 - py) / 16).
#[test]
fn the_example_yard_imports_at_the_hand_computed_coordinates() {
    let import = load_obstacles("maps/tiled_yard.tmx", &yard_options()).unwrap();
    let o = &import.obstacles;
    assert_eq!(o.len(), 11, "{o:#?}");
    // Object 1, the fence: polyline at (0, 0) through the four corners of
    // the 320 x 240 px map: one segment per stretch.
    let fence = [
        p(0.0, 15.0),
        p(20.0, 15.0),
        p(20.0, 0.0),
        p(0.0, 0.0),
        p(0.0, 15.0),
    ];
    for i in 0..4 {
        assert_eq!(
            o[i],
            Obstacle::Segment(Segment::new(fence[i], fence[i + 1]))
        );
    }
    // Object 2, crates: rectangle at (64, 48) px, 32 x 32: corners (64, 48),
    // (96, 48), (96, 80), (64, 80) px.
    assert_eq!(
        vertices(&o[4]),
        [p(4.0, 12.0), p(6.0, 12.0), p(6.0, 10.0), p(4.0, 10.0)]
    );
    // Object 3, pallet: 32 x 16 px at (160, 48) px turned 45 degrees
    // clockwise about its top-left corner. Local (32, 0) goes to
    // 32 (cos 45, sin 45) = (16 r2, 16 r2) px = (r2, -r2) units (y flips);
    // (32, 16) goes to (16 r2 - 8 r2, 16 r2 + 8 r2) px = (r2 / 2, -1.5 r2);
    // (0, 16) goes to (-8 r2, 8 r2) px = (-r2 / 2, -r2 / 2). The corner
    // itself is (160 / 16, (240 - 48) / 16) = (10, 12).
    let r2 = 2f64.sqrt();
    assert_close(
        &vertices(&o[5]),
        &[
            p(10.0, 12.0),
            p(10.0 + r2, 12.0 - r2),
            p(10.0 + r2 / 2.0, 12.0 - 1.5 * r2),
            p(10.0 - r2 / 2.0, 12.0 - r2 / 2.0),
        ],
    );
    // Object 4, loading dock: polygon at (224, 160) px, points relative.
    assert_eq!(
        vertices(&o[6]),
        [
            p(14.0, 5.0),
            p(17.0, 5.0),
            p(17.0, 3.0),
            p(15.5, 2.0),
            p(14.0, 3.0)
        ]
    );
    // Object 5, silo: 32 x 32 ellipse at (48, 160) px: centre (64, 176) px.
    assert_eq!(
        o[7],
        Obstacle::Circle(Circle {
            center: p(4.0, 4.0),
            radius: 1.0
        })
    );
    // Object 6, pond: 64 x 32 ellipse at (192, 16) px: centre (224, 32) px =
    // (14, 13), semi-axes 2 and 1: a 32-gon whose vertices lie on the
    // ellipse scaled by 1 / cos(pi / 32), the first on the +x axis.
    let pond = vertices(&o[8]);
    assert_eq!(pond.len(), 32);
    let scale = 1.0 / (std::f64::consts::PI / 32.0).cos();
    assert!((pond[0].x - (14.0 + 2.0 * scale)).abs() < 1e-9 && (pond[0].y - 13.0).abs() < 1e-9);
    for v in &pond {
        let r = (((v.x - 14.0) / 2.0).powi(2) + ((v.y - 13.0) / 1.0).powi(2)).sqrt();
        assert!((r - scale).abs() < 1e-9, "{v:?}: {r} vs {scale}");
    }
    // Objects 7 and 8, bollards: points (128, 128) and (160, 144) px.
    assert_eq!(o[9], Obstacle::Point(p(8.0, 7.0)));
    assert_eq!(o[10], Obstacle::Point(p(10.0, 6.0)));
    let ids: Vec<u32> = import.sources.iter().map(|s| s.object_id).collect();
    assert_eq!(ids, [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(
        import.sources[4].to_string(),
        "maps/tiled_yard.tmx object 2"
    );
    assert!(import.warnings.is_empty(), "{:?}", import.warnings);
}

/// A map 8 tiles of 32 px high (256 px). The layer `walls` sits in the group
/// `level`: offsets (10, 20) + (5, -4) = (15, 16) px. Scale 2 px per unit.
const OFFSETS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="10" height="8" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="props" tilewidth="32" tileheight="32" tilecount="1" columns="1">
  <image source="props.png" width="32" height="32"/>
 </tileset>
 <group id="1" name="level" offsetx="10" offsety="20">
  <objectgroup id="2" name="walls" offsetx="5" offsety="-4">
   <object id="1" x="85" y="40"><point/></object>
   <object id="2" x="35" y="24" width="20" height="10" rotation="90"/>
   <object id="3" x="15" y="64" width="40" height="20"><capsule/></object>
   <object id="4" x="85" y="104" rotation="180"><polygon points="0,0 20,0 0,10"/></object>
   <object id="5" x="5" y="4" width="0" height="0"/>
   <object id="6" x="5" y="14" width="10" height="0"/>
   <object id="7" gid="1" x="0" y="32" width="32" height="32"/>
   <object id="8" x="0" y="0" width="64" height="16"><text>hello</text></object>
  </objectgroup>
 </group>
 <objectgroup id="3" name="other">
  <object id="9" x="0" y="0"><point/></object>
 </objectgroup>
</map>
"#;

fn offsets_options(layer: &str) -> TiledOptions {
    TiledOptions {
        layer: Some(layer.into()),
        pixels_per_unit: 2.0,
        ..TiledOptions::default()
    }
}

#[test]
fn group_and_layer_offsets_rotation_and_every_shape_by_hand() {
    let import =
        obstacles_from_tmx_bytes(OFFSETS.as_bytes(), "offsets.tmx", &offsets_options("walls"))
            .unwrap();
    let o = &import.obstacles;
    // Object 1: (85, 40) + (15, 16) = (100, 56) px -> (50, (256 - 56) / 2).
    assert_eq!(o[0], Obstacle::Point(p(50.0, 100.0)));
    // Object 2: origin (50, 40) px; 90 degrees clockwise takes local (x, y)
    // to (-y, x): corners (0,0) (20,0) (20,10) (0,10) -> (0,0) (0,20)
    // (-10,20) (-10,0) -> px (50,40) (50,60) (40,60) (40,40).
    assert_eq!(
        vertices(&o[1]),
        [p(25.0, 108.0), p(25.0, 98.0), p(20.0, 98.0), p(20.0, 108.0)]
    );
    // Object 3: capsule 40 x 20 at (30, 80) px: discs of radius 10 px at
    // local (10, 10) and (30, 10) -> px (40, 90), (60, 90); between them the
    // rectangle local (10,0) (30,0) (30,20) (10,20) -> px (40,80) (60,80)
    // (60,100) (40,100).
    assert_eq!(
        o[2],
        Obstacle::Circle(Circle {
            center: p(20.0, 83.0),
            radius: 5.0
        })
    );
    assert_eq!(
        vertices(&o[3]),
        [p(20.0, 88.0), p(30.0, 88.0), p(30.0, 78.0), p(20.0, 78.0)]
    );
    assert_eq!(
        o[4],
        Obstacle::Circle(Circle {
            center: p(30.0, 83.0),
            radius: 5.0
        })
    );
    // Object 4: polygon at (100, 120) px turned 180 degrees: (x, y) ->
    // (-x, -y): px (100,120) (80,120) (100,110).
    assert_eq!(
        vertices(&o[5]),
        [p(50.0, 68.0), p(40.0, 68.0), p(50.0, 73.0)]
    );
    // Object 5: an empty rectangle is a point: (20, 20) px.
    assert_eq!(o[6], Obstacle::Point(p(10.0, 118.0)));
    // Object 6: a rectangle without height is a wall: (20,30) to (30,30) px.
    assert_eq!(
        o[7],
        Obstacle::Segment(Segment::new(p(10.0, 113.0), p(15.0, 113.0)))
    );
    assert_eq!(o.len(), 8);
    let ids: Vec<u32> = import.sources.iter().map(|s| s.object_id).collect();
    assert_eq!(ids, [1, 2, 3, 3, 3, 4, 5, 6]);
    assert_eq!(import.sources[0].layer, "level/walls");
    // Objects 7 (a tile) and 8 (text) are skipped, each with a warning.
    assert_eq!(import.warnings.len(), 2, "{:?}", import.warnings);
    assert!(import.warnings[0].contains("object 7") && import.warnings[0].contains("tile"));
    assert!(import.warnings[1].contains("object 8") && import.warnings[1].contains("text"));
}

#[test]
fn top_left_origin_negates_y() {
    let options = TiledOptions {
        origin: TiledOrigin::TopLeft,
        ..offsets_options("level/walls")
    };
    let import = obstacles_from_tmx_bytes(OFFSETS.as_bytes(), "offsets.tmx", &options).unwrap();
    // (100, 56) px -> (50, -28).
    assert_eq!(import.obstacles[0], Obstacle::Point(p(50.0, -28.0)));
}

#[test]
fn a_group_layer_reads_every_object_layer_in_it() {
    let by_group =
        obstacles_from_tmx_bytes(OFFSETS.as_bytes(), "o.tmx", &offsets_options("level")).unwrap();
    let by_name =
        obstacles_from_tmx_bytes(OFFSETS.as_bytes(), "o.tmx", &offsets_options("walls")).unwrap();
    assert_eq!(by_group.obstacles, by_name.obstacles);
}

#[test]
fn layer_choice_errors_name_the_file_and_the_layers() {
    let no_layer = TiledOptions {
        pixels_per_unit: 2.0,
        ..TiledOptions::default()
    };
    let e = obstacles_from_tmx_bytes(OFFSETS.as_bytes(), "o.tmx", &no_layer).unwrap_err();
    assert!(matches!(e, TiledError::SeveralObjectLayers { .. }));
    assert_eq!(
        e.to_string(),
        "Tiled map `o.tmx` has 2 object layers (`level/walls`, `other`): choose one with --layer"
    );
    let e = obstacles_from_tmx_bytes(OFFSETS.as_bytes(), "o.tmx", &offsets_options("roof"))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Tiled map `o.tmx` has no layer `roof`; its object layers are `level/walls`, `other`"
    );
}

#[test]
fn a_nan_coordinate_is_an_error_naming_file_layer_and_object() {
    let tmx = OFFSETS.replace(r#"<object id="4" x="85""#, r#"<object id="4" x="NaN""#);
    let e =
        obstacles_from_tmx_bytes(tmx.as_bytes(), "o.tmx", &offsets_options("walls")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Tiled map `o.tmx`, layer `level/walls`, object 4 (line 11): x is NaN"
    );
}

#[test]
fn a_missing_or_broken_file_is_an_error_naming_it() {
    let e = load_obstacles("no/such/level.tmx", &TiledOptions::default()).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("cannot read Tiled map `no/such/level.tmx`: "),
        "{text}"
    );
    let e =
        obstacles_from_tmx_bytes(b"<map><oops", "bad.tmx", &TiledOptions::default()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("cannot read Tiled map `bad.tmx`: "),
        "{e}"
    );
}

/// Every point of the ellipse lies in the polygon that stands for it, for
/// any number of sides and any rotation; the polygon's vertices lie on the
/// ellipse scaled by 1 / cos(pi / n).
#[test]
fn the_ellipse_polygon_encloses_the_ellipse() {
    for sides in [3u32, 4, 5, 7, 12, 32, 100] {
        for rotation in [0.0, 17.0, 45.0, 90.0, 133.3, 300.0] {
            let (w, h) = (60.0, 22.0);
            let tmx = format!(
                r#"<map version="1.10" orientation="orthogonal" width="100" height="100" tilewidth="16" tileheight="16">
                 <objectgroup id="1" name="o"><object id="1" x="1000.5" y="700.25" width="{w}" height="{h}" rotation="{rotation}"><ellipse/></object></objectgroup></map>"#
            );
            let options = TiledOptions {
                ellipse_sides: sides,
                pixels_per_unit: 1.0,
                ..TiledOptions::default()
            };
            let import = obstacles_from_tmx_bytes(tmx.as_bytes(), "e.tmx", &options).unwrap();
            let poly = &import.obstacles[0];
            assert_eq!(vertices(poly).len(), sides as usize);
            // The tiled crate reads numbers as f32: so must the reference.
            let turned = f64::from(rotation as f32).to_radians();
            let (c, s) = (turned.cos(), turned.sin());
            for k in 0..720 {
                let t = 2.0 * std::f64::consts::PI * f64::from(k) / 720.0;
                let (lx, ly) = (w / 2.0 * (1.0 + t.cos()), h / 2.0 * (1.0 + t.sin()));
                let (px, py) = (1000.5 + lx * c - ly * s, 700.25 + lx * s + ly * c);
                let q = p(px, 1600.0 - py);
                let d = poly.separation_from(Segment::new(q, q)).distance;
                assert_eq!(d, 0.0, "{sides} sides, {rotation} deg: {q:?} is outside");
            }
        }
    }
}

#[test]
fn extra_obstacles_must_be_finite() {
    let map = Map::loader()
        .read_str("(nodes: [(id: 0, pos: (0, 0))])", "m.ron")
        .unwrap();
    let e = map
        .with_extra_obstacles(vec![
            Obstacle::Point(p(0.0, 1.0)),
            Obstacle::Point(p(f64::NAN, 0.0)),
        ])
        .unwrap_err();
    assert_eq!(e.index, 1);
}

const YARD: [&str; 6] = [
    "maps/tiled_yard.ron",
    "--obstacles",
    "maps/tiled_yard.tmx",
    "--layer",
    "collision",
    "--pixels-per-unit",
];

#[test]
fn check_with_tiled_obstacles_names_the_tmx_object() {
    clearway().arg("check").args(YARD).arg("16").run().exit(1).stdout_has("blocked: edge 1 (2 -> 3): clearance 1 < radius 1.2: polygon #4 (maps/tiled_yard.tmx object 2) pinches at (4, 13), obstacle at (4, 12)").stdout_has("ok: cart (radius 0.5)");
}

#[test]
fn tiled_obstacles_can_come_from_standard_input() {
    let tmx = std::fs::read("maps/tiled_yard.tmx").unwrap();
    clearway()
        .args([
            "clearance",
            "maps/tiled_yard.ron",
            "--obstacles",
            "-",
            "--layer",
            "collision",
            "--pixels-per-unit",
            "16",
        ])
        .write_stdin(tmx)
        .run()
        .exit(0)
        .stdout_has("(<stdin> object 2)");
}

#[test]
fn tiled_errors_exit_2_with_the_path() {
    clearway()
        .args([
            "check",
            "maps/tiled_yard.ron",
            "--obstacles",
            "maps/nope.tmx",
        ])
        .run()
        .exit(2)
        .stdout_is("")
        .stderr_starts_with("error: cannot read Tiled map `maps/nope.tmx`: ");

    let out = clearway()
        .arg("check")
        .args(&YARD[..4])
        .arg("roof")
        .run()
        .exit(2);
    let err = stderr(&out);
    assert!(
        // The yard's tile layer `ground` (empty) could be read too.
        err.contains(
            "has no layer `roof`; its object and tile layers are `ground`, `collision`, `notes`"
        ),
        "{err}"
    );
}

#[test]
fn skipped_objects_are_warned_about_on_stderr() {
    clearway()
        .args([
            "check",
            "maps/tiled_yard.ron",
            "--obstacles",
            "maps/tiled_yard.tmx",
            "--layer",
            "notes",
        ])
        .run()
        .exit(0).stderr_is("warning: maps/tiled_yard.tmx: skipped object 9 in layer `notes`: text objects are not obstacles\n");
}

#[test]
fn the_example_files_exist() {
    assert!(Path::new("maps/tiled_yard.tmx").is_file());
    assert!(Path::new("maps/tiled_yard.ron").is_file());
}

/// Two object layers named `collision`, one in the group `ground` (a point
/// at (10, 20) px) and one in the group `roof` (a point at (30, 40) px),
/// and two top-level layers named `notes`. The map is 4 x 4 tiles of 16 px.
const TWINS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" height="4" tilewidth="16" tileheight="16" infinite="0">
 <group id="1" name="ground">
  <objectgroup id="2" name="collision">
   <object id="1" x="10" y="20"><point/></object>
  </objectgroup>
 </group>
 <group id="3" name="roof">
  <objectgroup id="4" name="collision">
   <object id="2" x="30" y="40"><point/></object>
  </objectgroup>
 </group>
 <objectgroup id="5" name="notes">
  <object id="3" x="1" y="1"><point/></object>
 </objectgroup>
 <objectgroup id="6" name="notes">
  <object id="4" x="2" y="2"><point/></object>
 </objectgroup>
</map>
"#;

fn layer(name: &str) -> TiledOptions {
    TiledOptions {
        layer: Some(name.into()),
        ..TiledOptions::default()
    }
}

#[test]
fn two_layers_with_one_name_are_an_error_naming_both() {
    let e = obstacles_from_tmx_bytes(TWINS.as_bytes(), "t.tmx", &layer("collision")).unwrap_err();
    assert!(matches!(e, TiledError::AmbiguousLayer { .. }));
    assert_eq!(
        e.to_string(),
        "Tiled map `t.tmx` has 2 layers named `collision` (`ground/collision`, `roof/collision`): \
         name one by its path through group layers (`group/layer`)"
    );
    // Their paths tell them apart: each reads its own point, y = 64 - py.
    let ground =
        obstacles_from_tmx_bytes(TWINS.as_bytes(), "t.tmx", &layer("ground/collision")).unwrap();
    assert_eq!(ground.obstacles, [Obstacle::Point(p(10.0, 44.0))]);
    let roof =
        obstacles_from_tmx_bytes(TWINS.as_bytes(), "t.tmx", &layer("roof/collision")).unwrap();
    assert_eq!(roof.obstacles, [Obstacle::Point(p(30.0, 24.0))]);
    // Two layers with the same path: no --layer can tell them apart.
    let e = obstacles_from_tmx_bytes(TWINS.as_bytes(), "t.tmx", &layer("notes")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Tiled map `t.tmx` has 2 layers named `notes` (`notes (layer id 5)`, `notes (layer id 6)`): \
         their paths through group layers are the same too: rename one in Tiled"
    );
}

#[test]
fn the_command_line_refuses_a_layer_name_two_layers_share() {
    let dir = tempfile::tempdir().unwrap();
    let tmx = dir.path().join("twins.tmx");
    std::fs::write(&tmx, TWINS).unwrap();
    clearway()
        .args(["check", "maps/tiled_yard.ron", "--obstacles"])
        .arg(&tmx)
        .args(["--layer", "collision"])
        .run()
        .exit(2)
        .stdout_is("")
        .stderr_has("has 2 layers named `collision` (`ground/collision`, `roof/collision`)");
    let out = clearway()
        .args(["check", "maps/tiled_yard.ron", "--obstacles"])
        .arg(&tmx)
        .args(["--layer", "roof/collision"])
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(2), "{out:?}");
}

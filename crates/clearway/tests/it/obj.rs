//! The OBJ import (`clearway::obj`): every class of broken OBJ file in
//! `tests/bad_obj/` gives a located error with a snippet and no panic
//! (locations counted by hand in each file), and the shipped drone level's
//! mesh loads into the objects it was made with.

use std::path::Path;

use clearway::LoadErrorKind;
use clearway::obj::{ObjGroupKind, load_obj, read_obj};

/// (file in tests/bad_obj, line:col, kind, words the message must contain)
const CORPUS: &[(&str, &str, LoadErrorKind, &str)] = &[
    (
        "index_out_of_range.obj",
        "5:7",
        LoadErrorKind::IndexOutOfRange,
        "vertex index 9 is out of range: the file has 3 vertices",
    ),
    (
        // 23 digits: too many for any integer type, but an index all the
        // same (out of range, as 9 is), not a malformed corner.
        "index_23_digits.obj",
        "5:7",
        LoadErrorKind::IndexOutOfRange,
        "vertex index 12345678901234567890123 is out of range: the file has 3 vertices",
    ),
    (
        "relative_index_out_of_range.obj",
        "3:9",
        LoadErrorKind::IndexOutOfRange,
        "relative vertex index -3 is out of range: 2 vertices come before this face",
    ),
    (
        "index_zero.obj",
        "4:3",
        LoadErrorKind::IndexOutOfRange,
        "vertex index 0 is out of range",
    ),
    (
        "nan.obj",
        "3:5",
        LoadErrorKind::NonFinite,
        "y coordinate is NaN",
    ),
    (
        "inf.obj",
        "2:7",
        LoadErrorKind::NonFinite,
        "z coordinate is infinite",
    ),
    (
        "overflow_1e400.obj",
        "2:3",
        LoadErrorKind::NonFinite,
        "x coordinate is infinite",
    ),
    (
        "out_of_range.obj",
        "3:5",
        LoadErrorKind::OutOfRange,
        "y coordinate is 2e15, out of range",
    ),
    (
        "out_of_range_after_weight.obj",
        "2:3",
        LoadErrorKind::OutOfRange,
        "is 2e15, out of range after dividing by w",
    ),
    (
        "weight_zero.obj",
        "1:9",
        LoadErrorKind::OutOfRange,
        "the vertex weight w is 0",
    ),
    (
        "vertex_two_values.obj",
        "2:6",
        LoadErrorKind::Syntax,
        "this one has 2 values",
    ),
    (
        "vertex_not_a_number.obj",
        "2:5",
        LoadErrorKind::Syntax,
        "`0,5` is not a number",
    ),
    (
        "face_corner_malformed.obj",
        "4:5",
        LoadErrorKind::Syntax,
        "`2/1/1/1` is not a face corner",
    ),
    (
        "face_two_vertices.obj",
        "4:6",
        LoadErrorKind::Syntax,
        "a face needs at least 3 vertices; this one has 2",
    ),
    (
        "unknown_statement.obj",
        "4:1",
        LoadErrorKind::Syntax,
        "`face` is not an OBJ statement",
    ),
    (
        "no_faces.obj",
        "1:1",
        LoadErrorKind::NoFaces,
        "has no faces",
    ),
    ("empty.obj", "1:1", LoadErrorKind::NoFaces, "has no faces"),
    (
        "not_utf8.obj",
        "1:6",
        LoadErrorKind::NotUtf8,
        "byte 0xE9 is not valid UTF-8",
    ),
    (
        "binary.obj",
        "2:4",
        LoadErrorKind::Binary,
        "it holds the control byte 0x00",
    ),
    ("utf16.obj", "1:1", LoadErrorKind::NotUtf8, "UTF-16"),
];

#[test]
fn every_broken_obj_file_gives_a_located_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/bad_obj");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/bad_obj exists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    for f in &files {
        assert!(
            CORPUS.iter().any(|(listed, ..)| listed == f),
            "{f} has no expectation in CORPUS"
        );
    }
    for &(file, location, kind, words) in CORPUS {
        let bytes = std::fs::read(dir.join(file)).expect("readable");
        let err = read_obj(&bytes, file).expect_err(file);
        let shown = err.to_string();
        assert_eq!(err.kind(), kind, "{file}:\n{shown}");
        assert!(
            shown.contains(&format!("--> {file}:{location}\n")),
            "{file}: expected {location}:\n{shown}"
        );
        assert!(shown.starts_with("error: "), "{file}:\n{shown}");
        assert!(
            shown.contains(words),
            "{file}: expected {words:?}:\n{shown}"
        );
        let line = location.split(':').next().unwrap_or_default();
        assert!(
            shown.contains(&format!("\n {line} |")),
            "{file}: no snippet:\n{shown}"
        );
        assert!(shown.contains('^'), "{file}: no caret:\n{shown}");
        // The same through the path, named by it.
        let path = dir.join(file);
        let err = load_obj(&path).expect_err(file);
        assert!(
            err.to_string()
                .contains(&format!("{}:{location}", path.display())),
            "{err}"
        );
    }
}

/// Lines of OBJ statements, well-formed or not, never panic: each either
/// reads or fails with a located error (tobj is handed only text the scan
/// accepted, so it never fails unlocated).
#[test]
fn arbitrary_statements_never_panic_and_always_locate() {
    use proptest::prelude::*;
    let number = prop_oneof![
        40 => (-3.0f64..3.0).prop_map(|x| x.to_string()),
        1 => Just("nan".to_owned()),
        1 => Just("1e400".to_owned()),
        1 => Just("2e15".to_owned()),
        1 => Just("x".to_owned()),
    ];
    let corner = prop_oneof![
        40 => (-4i64..6).prop_map(|i| i.to_string()),
        2 => (-6i64..8).prop_map(|i| format!("{i}/1")),
        2 => (-6i64..8).prop_map(|i| format!("{i}//-1")),
        1 => Just("1/0/99999999999999999999".to_owned()),
        1 => Just("/2".to_owned()),
    ];
    let junk = prop_oneof![
        Just("v"),
        Just("f"),
        Just("l"),
        Just("vt"),
        Just("#"),
        Just("usemtl"),
        Just("1"),
        Just("zz"),
    ];
    let line = prop_oneof![
        8 => proptest::collection::vec(number.clone(), 3..4).prop_map(|n| format!("v {}", n.join(" "))),
        1 => proptest::collection::vec(number, 2..8).prop_map(|n| format!("v {}", n.join(" "))),
        8 => proptest::collection::vec(corner.clone(), 3..6).prop_map(|c| format!("f {}", c.join(" "))),
        2 => (prop_oneof![Just("o"), Just("g")], "[a-z ]{0,4}").prop_map(|(k, n)| format!("{k} {n}")),
        1 => proptest::collection::vec(corner, 0..3).prop_map(|c| format!("f {}", c.join(" "))),
        1 => proptest::collection::vec(junk, 0..5).prop_map(|w| w.join(" ")),
    ];
    // Four good vertices first, so that many files are whole and reach tobj.
    let text = proptest::collection::vec(line, 0..10)
        .prop_map(|l| format!("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n{}", l.join("\n")));
    use proptest::test_runner::{RngAlgorithm, TestRng, TestRunner};
    let config = clearway_test_support::proptest_config::config(500);
    let oks = std::cell::Cell::new(0);
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
        .run(&text, |text| {
            match read_obj(text.as_bytes(), "p.obj") {
                Ok(import) => {
                    prop_assert!(!import.meshes.is_empty());
                    oks.set(oks.get() + 1);
                }
                Err(e) => {
                    prop_assert!(e.kind() != LoadErrorKind::Internal, "{e}");
                    prop_assert!(e.location().is_some(), "{e}");
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // Enough of the cases are well-formed files to reach tobj.
    assert!(oks.get() > 25, "only {} cases read", oks.get());
}

#[test]
fn the_drone_canyon_mesh_loads_into_its_objects() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/drone_canyon.obj");
    let import = load_obj(&path).unwrap_or_else(|e| panic!("{e}"));
    assert!(import.warnings.is_empty(), "{:?}", import.warnings);
    let got: Vec<(&str, ObjGroupKind, usize, bool)> = import
        .meshes
        .iter()
        .map(|m| {
            (
                m.source.name.as_str(),
                m.source.kind,
                m.mesh.triangle_indices().len(),
                m.mesh.is_solid(),
            )
        })
        .collect();
    assert_eq!(got, EXPECTED_DRONE_CANYON);
    for m in &import.meshes {
        assert!(m.mesh.vertices().iter().all(|p| p.is_finite()));
    }
}

/// The objects `maps/drone_canyon.obj` was made with: (name, kind,
/// triangles, solid). Floor: a 10 x 6 grid of quads; each wall 8 x 3; the
/// arch 8 segments of 4 quads and 2 quad caps; the tower 8 side quads and
/// 2 octagons (6 triangles each); the platform a box.
const EXPECTED_DRONE_CANYON: &[(&str, ObjGroupKind, usize, bool)] = &[
    ("canyon_floor", ObjGroupKind::Object, 120, false),
    ("west", ObjGroupKind::Group, 48, false),
    ("east", ObjGroupKind::Group, 48, false),
    ("rock_arch", ObjGroupKind::Object, 68, true),
    ("tower", ObjGroupKind::Object, 28, true),
    ("tower_platform", ObjGroupKind::Object, 12, true),
];

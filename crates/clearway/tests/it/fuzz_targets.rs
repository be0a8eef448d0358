//! The fuzz targets' checks (`fuzz/src/`, included here by path) run in the
//! test suite, without libFuzzer, over the committed inputs:
//!
//! * `geometry`, `clearance` and `live_events`: every raw fuzzer input
//!   `tests/fuzz_regressions/TARGET-*.bin`, decoded as
//!   `libfuzzer_sys::fuzz_target!` decodes it; flat ones and 3D ones, and
//!   for `live_events` every kind of change applied;
//! * `load` and `parse`: every map text the fuzzers are seeded with (the
//!   example levels `maps/*.ron`, flat and 3D, the bad-input corpus
//!   `tests/bad/*.ron` and the decoded regressions), `parse` at chunk sizes
//!   0 (whole), 1, 7 and 63 bytes.
//!
//! `cargo fuzz run -s none TARGET FILE` replays one input through the real
//! target (see `docs/TESTING.md`).

#[path = "../../../../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod clearway_fuzz;

use std::path::{Path, PathBuf};

use clearway_fuzz::{clearance, decode, geometry, live_events, load, parse};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files in `dir` (relative to the repository) whose names end in `ext`.
fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.expect("entry").path())
        .filter(|p| p.to_str().is_some_and(|s| s.ends_with(ext)))
        .collect();
    out.sort();
    out
}

/// The raw inputs of one target, with their bytes.
fn raw_inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    files("tests/fuzz_regressions", ".bin")
        .into_iter()
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{target}-")))
        })
        .map(|p| {
            let bytes = std::fs::read(&p).expect("readable");
            (p, bytes)
        })
        .collect()
}

#[test]
fn geometry_target_over_its_inputs() {
    let (mut flat, mut space) = (0, 0);
    for (path, bytes) in raw_inputs("geometry") {
        let input: geometry::Input =
            decode(&bytes).unwrap_or_else(|| panic!("{path:?} does not decode"));
        match input {
            geometry::Input::Plane(_) => flat += 1,
            geometry::Input::Space(_) => space += 1,
        }
        eprintln!("{path:?}: {input:?}");
        geometry::check(input);
    }
    assert!(flat >= 5 && space >= 8, "{flat} flat, {space} 3D inputs");
}

#[test]
fn clearance_target_over_its_inputs() {
    let (mut flat, mut space) = (0, 0);
    for (path, bytes) in raw_inputs("clearance") {
        let input: clearance::Input =
            decode(&bytes).unwrap_or_else(|| panic!("{path:?} does not decode"));
        match input {
            clearance::Input::Plane(_) => flat += 1,
            clearance::Input::Space(_) => space += 1,
        }
        eprintln!("{path:?}: {input:?}");
        clearance::check(input);
    }
    assert!(flat >= 3 && space >= 3, "{flat} flat, {space} 3D inputs");
}

#[test]
fn live_events_target_over_its_inputs() {
    let (mut flat, mut space) = (0, 0);
    let mut applied = std::collections::BTreeSet::new();
    for (path, bytes) in raw_inputs("live_events") {
        let input: live_events::Input =
            decode(&bytes).unwrap_or_else(|| panic!("{path:?} does not decode"));
        match input {
            live_events::Input::Plane(_) => flat += 1,
            live_events::Input::Space(_) => space += 1,
        }
        eprintln!("{path:?}: {input:?}");
        applied.extend(live_events::check(input));
    }
    assert!(flat >= 3 && space >= 3, "{flat} flat, {space} 3D inputs");
    let every = [
        "add",
        "add edge",
        "add node",
        "close",
        "move",
        "on node",
        "open",
        "remove",
        "remove edge",
        "remove node",
        "replace",
    ];
    assert_eq!(applied.into_iter().collect::<Vec<_>>(), every);
}

/// The map texts the `load` and `parse` targets are seeded with.
fn seeds() -> Vec<PathBuf> {
    let mut all = files("../../maps", ".ron");
    all.extend(files("../../tests/bad", ".ron"));
    all.extend(files("tests/fuzz_regressions", ".ron"));
    all
}

#[test]
fn load_target_over_the_seeds() {
    let mut space = 0;
    for path in seeds() {
        let bytes = std::fs::read(&path).expect("readable");
        if matches!(
            clearway::map::Level::loader().read_bytes(&bytes, "seed.ron"),
            Ok(clearway::map::Level::Space(_))
        ) {
            space += 1;
        }
        eprintln!("{path:?}");
        load::check(&bytes);
    }
    assert!(space >= 3, "{space} 3D levels among the seeds");
}

#[test]
fn parse_target_over_the_seeds() {
    for path in seeds() {
        let bytes = std::fs::read(&path).expect("readable");
        for size in [0u8, 1, 7, 63] {
            let mut input = vec![size];
            input.extend_from_slice(&bytes);
            eprintln!("{path:?} in chunks of {size}");
            parse::check(&input);
        }
    }
}

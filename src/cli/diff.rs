//! `clearway diff OLD NEW`: what a level change does to its edges, one line
//! per change, for code review.

use std::fmt::Write as _;

use serde::Serialize;

use clearway::level_diff::{ChangeKind, DiffOptions, DiffRadius, EdgeChange, EdgeSide, LevelDiff};
use clearway::timings::Timings;

use super::args::{DiffArgs, ReportFormat, TiledArgs};
use super::input::{Level, Source};
use super::node_names::node_ref_by_id;
use super::numbers::{given, human, human_apart};
use super::progress::compute_clearances;
use super::radius::resolve_required;
use super::{Failure, Outcome, write_stdout};

/// The JSON report.
#[derive(Serialize)]
struct Report<'a> {
    old: String,
    new: String,
    absolute_tolerance: f64,
    relative_tolerance: f64,
    radii: &'a [DiffRadius],
    newly_blocked: usize,
    unblocked: usize,
    added: usize,
    removed: usize,
    changed: usize,
    changes: Vec<ChangeRow<'a>>,
}

/// One change, as JSON: the library's, with the radius spelled out.
#[derive(Serialize)]
struct ChangeRow<'a> {
    kind: ChangeKind,
    from: u64,
    to: u64,
    /// Which of the parallel edges from `from` to `to`, from 0.
    occurrence: usize,
    /// `{"edge", "clearance"}` in OLD; `null` when added.
    old: Option<EdgeSide>,
    /// `{"edge", "clearance"}` in NEW; `null` when removed.
    new: Option<EdgeSide>,
    /// For blocked and unblocked: the radius and its agent profile.
    #[serde(skip_serializing_if = "Option::is_none")]
    radius: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    agent: Option<&'a str>,
}

impl<'a> ChangeRow<'a> {
    fn new(diff: &'a LevelDiff, c: &EdgeChange) -> Self {
        let r = c.radius.and_then(|i| diff.radii.get(i));
        ChangeRow {
            kind: c.kind,
            from: c.from,
            to: c.to,
            occurrence: c.occurrence,
            old: c.old,
            new: c.new,
            radius: r.map(|r| r.agent_radius),
            agent: r.and_then(|r| r.agent.as_deref()),
        }
    }
}

pub fn run(args: &DiffArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    if args.old.as_os_str() == "-" && args.new.as_os_str() == "-" {
        return Err(Failure::Usage(
            "OLD and NEW cannot both be read from standard input".into(),
        ));
    }
    let stdin = |p: Option<&std::path::Path>| p.is_some_and(|p| p.as_os_str() == "-");
    let tmx_from_stdin =
        stdin(args.tiled.obstacles.as_deref()) || stdin(args.old_obstacles.as_deref());
    if tmx_from_stdin && (stdin(Some(&args.old)) || stdin(Some(&args.new))) {
        return Err(Failure::Usage(
            "cannot read both a level and a Tiled map from standard input: \
             name one of them by its path"
                .into(),
        ));
    }
    let old_tiled = TiledArgs {
        obstacles: args
            .old_obstacles
            .clone()
            .or_else(|| args.tiled.obstacles.clone()),
        ..args.tiled.clone()
    };
    let old = Level::read(
        Source {
            path: &args.old,
            tiled: Some(&old_tiled),
        },
        timings,
    )?;
    let new = Level::read(
        Source {
            path: &args.new,
            tiled: Some(&args.tiled),
        },
        timings,
    )?;
    let radii = radii(args, &new)?;
    let (old_clearances, new_clearances) = timings.time("clearance", || {
        (compute_clearances(&old.map), compute_clearances(&new.map))
    });
    let options = DiffOptions {
        absolute_tolerance: args.tolerance,
        relative_tolerance: args.relative_tolerance,
    };
    let diff = LevelDiff::compute(
        (&old.map, &old_clearances),
        (&new.map, &new_clearances),
        &radii,
        &options,
    );
    let output_start = std::time::Instant::now();
    let output = match args.format {
        ReportFormat::Text => text(&diff, (&old.map, &new.map)),
        ReportFormat::Json => {
            let report = Report {
                old: args.old.display().to_string(),
                new: args.new.display().to_string(),
                absolute_tolerance: options.absolute_tolerance,
                relative_tolerance: options.relative_tolerance,
                radii: &diff.radii,
                newly_blocked: diff.newly_blocked(),
                unblocked: diff.count(ChangeKind::Unblocked),
                added: diff.count(ChangeKind::Added),
                removed: diff.count(ChangeKind::Removed),
                changed: diff.count(ChangeKind::Changed),
                changes: diff
                    .changes
                    .iter()
                    .map(|c| ChangeRow::new(&diff, c))
                    .collect(),
            };
            serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::Io(format!("cannot write JSON: {e}")))?
                + "\n"
        }
    };
    write_stdout(&output)?;
    timings.record("output", output_start.elapsed());
    Ok(if diff.newly_blocked() > 0 {
        Outcome::Fail
    } else {
        Outcome::Pass
    })
}

/// `--radius`, `--agent` (a profile of NEW), or every profile of NEW.
fn radii(args: &DiffArgs, new: &Level) -> Result<Vec<DiffRadius>, Failure> {
    if args.radius.radius.is_some() || args.radius.agent.is_some() {
        let r = resolve_required(&args.radius, &new.map)?;
        return Ok(vec![DiffRadius {
            agent: r.agent,
            agent_radius: r.agent_radius,
        }]);
    }
    Ok(new
        .map
        .agents()
        .iter()
        .map(|a| DiffRadius {
            agent: Some(a.name.clone()),
            agent_radius: a.radius,
        })
        .collect())
}

/// One line per change, then a summary line:
///
/// ```text
/// blocked    edge 101->110  clearance 2 -> 1  (radius 1.5 tank)
/// added      edge 130->131  clearance absent -> 3
/// changed    edge 102->103  clearance 4.5 -> 4.25
/// FAILED: 1 newly blocked, 0 unblocked, 1 added, 0 removed, 1 changed
/// ```
fn text(diff: &LevelDiff, maps: (&clearway::Map, &clearway::Map)) -> String {
    let mut out = String::new();
    for c in &diff.changes {
        let radius = c.radius.and_then(|i| diff.radii.get(i));
        let (old, new) = numbers(c.old, c.new, radius.map(|r| r.agent_radius));
        let _ = write!(
            out,
            "{:<10} edge {}  clearance {old} -> {new}",
            c.kind.name(),
            edge_label(c, maps)
        );
        if let Some(r) = radius {
            let _ = write!(out, "  (radius {}", given(r.agent_radius));
            if let Some(agent) = &r.agent {
                let _ = write!(out, " {agent}");
            }
            out.push(')');
        }
        out.push('\n');
    }
    let newly_blocked = diff.newly_blocked();
    let _ = writeln!(
        out,
        "{}: {newly_blocked} newly blocked, {} unblocked, {} added, {} removed, {} changed",
        if newly_blocked > 0 { "FAILED" } else { "ok" },
        diff.count(ChangeKind::Unblocked),
        diff.count(ChangeKind::Added),
        diff.count(ChangeKind::Removed),
        diff.count(ChangeKind::Changed),
    );
    out
}

/// `101->110`, or `101->110 #2` for the second of parallel edges; a named
/// node as `110 "west_door"` (its name in NEW, else in OLD).
fn edge_label(c: &EdgeChange, (old, new): (&clearway::Map, &clearway::Map)) -> String {
    let node = |id: u64| match new.node_index(id) {
        Some(_) => node_ref_by_id(new, id),
        None => node_ref_by_id(old, id),
    };
    let (from, to) = (node(c.from), node(c.to));
    if c.occurrence == 0 {
        format!("{from}->{to}")
    } else {
        format!("{from}->{to} #{}", c.occurrence + 1)
    }
}

/// The two clearances as text: seven significant digits, or every digit
/// when seven would show a change as no change, or a clearance as the
/// radius it is compared with.
fn numbers(old: Option<EdgeSide>, new: Option<EdgeSide>, radius: Option<f64>) -> (String, String) {
    let short = |s: Option<EdgeSide>| {
        s.map_or_else(
            || "absent".to_string(),
            |s| match radius {
                Some(r) => human_apart(s.clearance, r),
                None => human(s.clearance),
            },
        )
    };
    let (a, b) = (short(old), short(new));
    match (old, new) {
        (Some(o), Some(n)) if a == b && o.clearance != n.clearance => {
            (format!("{}", o.clearance), format!("{}", n.clearance))
        }
        _ => (a, b),
    }
}

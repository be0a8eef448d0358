//! `clearway diff OLD NEW`: what a level change does to its edges, one line
//! per change, for code review.

use std::fmt::Write as _;

use serde::Serialize;

use super::timings::Timings;
use clearway::level_diff::{ChangeKind, DiffOptions, DiffRadius, EdgeChange, EdgeSide, LevelDiff};

use super::args::{CheckFormat, DiffArgs, TiledArgs};
use super::conventions::kept_until_exit;
use super::dimension::Shown;
use super::input::{AnyLevel, Level, Source};
use super::node_names::node_ref_by_id;
use super::numbers::{given, human, human_apart};
use super::progress::compute_clearances;
use super::radius::resolve_required;
use super::{Failure, Outcome, stream_stdout, write_stdout};
use super::{ci_diff, ci_report};

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
    one_way: usize,
    cost: usize,
    changes: Vec<ChangeRow<'a>>,
}

/// One change, as JSON: the library's, with the radius spelled out.
#[derive(Serialize)]
struct ChangeRow<'a> {
    kind: ChangeKind,
    from: u64,
    to: u64,
    /// Which of the edges between `from` and `to`, from 0.
    occurrence: usize,
    /// `{"edge", "clearance", "from", "to", "one_way", "cost"}` in OLD;
    /// `null` when added.
    old: Option<EdgeSide>,
    /// The same in NEW; `null` when removed.
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
    if args.summary && args.format != CheckFormat::Text {
        return Err(Failure::Usage(
            "--summary is for the text format; the other formats list every change".into(),
        ));
    }
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
    let old = AnyLevel::read(
        Source {
            path: &args.old,
            tiled: Some(&old_tiled),
        },
        timings,
    )?;
    let new_source = Source {
        path: &args.new,
        tiled: Some(&args.tiled),
    };
    // The CI formats point at the lines of NEW.
    let new = match args.format {
        CheckFormat::Text | CheckFormat::Json => AnyLevel::read(new_source, timings)?,
        _ => AnyLevel::read_citing_lines(new_source, timings)?,
    };
    match (old, new) {
        (AnyLevel::Plane(old), AnyLevel::Plane(new)) => {
            compare(args, kept_until_exit(old), kept_until_exit(new), timings)
        }
        (AnyLevel::Space(old), AnyLevel::Space(new)) => {
            compare(args, kept_until_exit(old), kept_until_exit(new), timings)
        }
        (old, _) => {
            let (flat, three_d) = match old {
                AnyLevel::Plane(_) => (&args.old, &args.new),
                AnyLevel::Space(_) => (&args.new, &args.old),
            };
            Err(Failure::Usage(format!(
                "cannot compare a flat level with a 3D one: `{}` is flat (its nodes have two \
                 coordinates) and `{}` is 3D (three); diff compares two versions of one level",
                flat.display(),
                three_d.display()
            )))
        }
    }
}

/// The comparison of two levels of the same dimension.
fn compare<D: Shown>(
    args: &DiffArgs,
    old: &Level<D>,
    new: &Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let radii = radii(args, new)?;
    let (old_clearances, new_clearances) = kept_until_exit(timings.time("clearance", || {
        (compute_clearances(&old.map), compute_clearances(&new.map))
    }));
    let options = DiffOptions {
        absolute_tolerance: args.tolerance,
        relative_tolerance: args.relative_tolerance,
    };
    let diff = LevelDiff::compute(
        (&old.map, old_clearances),
        (&new.map, new_clearances),
        &radii,
        &options,
    );
    let output_start = std::time::Instant::now();
    match args.format {
        CheckFormat::Text => write_stdout(&text(&diff, (&old.map, &new.map), args.summary))?,
        CheckFormat::Json => {
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
                one_way: diff.count(ChangeKind::OneWay),
                cost: diff.count(ChangeKind::Cost),
                changes: diff
                    .changes
                    .iter()
                    .map(|c| ChangeRow::new(&diff, c))
                    .collect(),
            };
            let json = serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::Io(format!("cannot write JSON: {e}")))?;
            write_stdout(&(json + "\n"))?;
        }
        ci => {
            let file = ci_report::file_name(&args.new);
            let summary = text(&diff, (&old.map, &new.map), true);
            let report = ci_diff::report(&diff, new, new_clearances, file, summary);
            stream_stdout(|out| ci_report::write(ci, &report, out))?;
        }
    }
    timings.record("output", output_start.elapsed());
    Ok(if diff.newly_blocked() > 0 {
        Outcome::Fail
    } else {
        Outcome::Pass
    })
}

/// `--radius`, `--agent` (a profile of NEW), or every profile of NEW.
fn radii<D: Shown>(args: &DiffArgs, new: &Level<D>) -> Result<Vec<DiffRadius>, Failure> {
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
/// one_way    edge 103->104  two-way -> one-way 103->104
/// cost       edge 104->105  cost length -> 7
/// FAILED: 1 newly blocked, 0 unblocked, 1 added, 0 removed, 1 changed, 1 one_way, 1 cost
/// ```
///
/// Only the summary line with `summary_only`.
fn text<D: Shown>(
    diff: &LevelDiff,
    maps: (&clearway::Map<D>, &clearway::Map<D>),
    summary_only: bool,
) -> String {
    let mut out = String::new();
    let listed = if summary_only { 0 } else { diff.changes.len() };
    for c in &diff.changes[..listed] {
        let radius = c.radius.and_then(|i| diff.radii.get(i));
        let _ = write!(out, "{:<10} edge {}  ", c.kind.name(), edge_label(c, maps));
        match (c.kind, c.old, c.new) {
            (ChangeKind::OneWay, Some(o), Some(n)) => {
                let _ = write!(out, "{} -> {}", direction(o), direction(n));
            }
            (ChangeKind::Cost, Some(o), Some(n)) => {
                let (mut a, mut b) = (cost(o, human), cost(n, human));
                if a == b {
                    // Seven digits would show a change as no change.
                    (a, b) = (cost(o, |x| x.to_string()), cost(n, |x| x.to_string()));
                }
                let _ = write!(out, "cost {a} -> {b}");
            }
            _ => {
                let (old, new) = numbers(c.old, c.new, radius.map(|r| r.agent_radius));
                let _ = write!(out, "clearance {old} -> {new}");
            }
        }
        if let Some(r) = radius {
            let _ = write!(out, "  (radius {}", given(r.agent_radius));
            if let Some(agent) = &r.agent {
                let _ = write!(out, " {}", clearway::quote::capped(agent));
            }
            out.push(')');
        }
        out.push('\n');
    }
    let newly_blocked = diff.newly_blocked();
    let _ = writeln!(
        out,
        "{}: {newly_blocked} newly blocked, {} unblocked, {} added, {} removed, {} changed, {} one_way, {} cost",
        if newly_blocked > 0 { "FAILED" } else { "ok" },
        diff.count(ChangeKind::Unblocked),
        diff.count(ChangeKind::Added),
        diff.count(ChangeKind::Removed),
        diff.count(ChangeKind::Changed),
        diff.count(ChangeKind::OneWay),
        diff.count(ChangeKind::Cost),
    );
    out
}

/// `two-way`, or `one-way 3->4` with its direction.
fn direction(side: EdgeSide) -> String {
    if side.one_way {
        format!("one-way {}->{}", side.from, side.to)
    } else {
        "two-way".to_string()
    }
}

/// The explicit cost, or `length` when the edge costs its length.
fn cost(side: EdgeSide, number: impl Fn(f64) -> String) -> String {
    side.cost.map_or_else(|| "length".to_string(), number)
}

/// `101->110`, or `101->110 #2` for the second of parallel edges; a named
/// node as `110 "west_door"` (its name in NEW, else in OLD).
fn edge_label<D: Shown>(
    c: &EdgeChange,
    (old, new): (&clearway::Map<D>, &clearway::Map<D>),
) -> String {
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
pub(super) fn numbers(
    old: Option<EdgeSide>,
    new: Option<EdgeSide>,
    radius: Option<f64>,
) -> (String, String) {
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

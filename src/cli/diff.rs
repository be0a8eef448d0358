//! `clearway diff OLD NEW`: what a level change does to its edges, one line
//! per change, for code review.

use std::fmt::Write as _;

use serde::Serialize;

use super::timings::Timings;
use crate::cli::level_diff::{
    AgentChange, ChangeKind, DiffOptions, DiffRadius, EdgeChange, EdgeClearances, EdgeSide,
    EdgeValues, LevelDiff,
};
use clearway::{Clearances, EdgeIdx};

use super::args::{CheckFormat, DiffArgs, RadiusChoice, TiledArgs};
use super::conventions::{kept_until_exit, write_json};
use super::dimension::Shown;
use super::input::{AnyLevel, Level, Source};
use super::node_names::edge_ref_noted;
use super::numbers::{given, human, human_judged};
use super::progress::compute_edge_values;
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
    #[serde(flatten)]
    counts: DiffCounts<'a>,
    /// Edges closed and opened: both present when either count is above 0,
    /// neither otherwise, so that the reports on levels whose doors did not
    /// change are as they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    closed: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    opened: Option<usize>,
    /// Edges whose area changed: present only when some did, so that the
    /// reports on levels whose areas did not change are as they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    area: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    forbidden: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    allowed: Option<usize>,
    changes: Vec<ChangeRow<'a>>,
}

/// The radii, the agent changes and the counts by kind that a JSON diff
/// report starts with (`diff`'s, and each of `watch`'s saves).
#[derive(Serialize)]
pub(super) struct DiffCounts<'a> {
    radii: &'a [DiffRadius],
    agent_changes: &'a [AgentChange],
    newly_blocked: usize,
    unblocked: usize,
    added: usize,
    removed: usize,
    changed: usize,
    one_way: usize,
    cost: usize,
}

impl<'a> DiffCounts<'a> {
    /// The counts of `diff`.
    pub(super) fn of(diff: &'a LevelDiff) -> Self {
        DiffCounts {
            radii: &diff.radii,
            agent_changes: &diff.agent_changes,
            newly_blocked: diff.newly_blocked(),
            unblocked: diff.count(ChangeKind::Unblocked),
            added: diff.count(ChangeKind::Added),
            removed: diff.count(ChangeKind::Removed),
            changed: diff.count(ChangeKind::Changed),
            one_way: diff.count(ChangeKind::OneWay),
            cost: diff.count(ChangeKind::Cost),
        }
    }
}

/// One change, as JSON: the library's, with the radius spelled out.
#[derive(Serialize)]
pub(super) struct ChangeRow<'a> {
    kind: ChangeKind,
    from: u64,
    to: u64,
    /// Which of the edges between `from` and `to`, from 0.
    occurrence: usize,
    /// `{"edge", "clearance", "from", "to", "one_way", "cost"}` in OLD,
    /// with `"closed": true` when closed;
    /// `null` when added.
    old: Option<EdgeSide>,
    /// The same in NEW; `null` when removed.
    new: Option<EdgeSide>,
    /// For blocked and unblocked: the radius NEW is judged against, the
    /// one OLD is (they differ for a resized profile), and the profile.
    #[serde(skip_serializing_if = "Option::is_none")]
    radius: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    old_radius: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    agent: Option<&'a str>,
    /// For an area change: the area in OLD and in NEW (`null` for none).
    #[serde(skip_serializing_if = "Option::is_none")]
    old_area: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_area: Option<Option<&'a str>>,
}

impl<'a> ChangeRow<'a> {
    pub(super) fn new(diff: &'a LevelDiff, c: &'a EdgeChange) -> Self {
        let r = c.radius.and_then(|i| diff.radii.get(i));
        ChangeRow {
            kind: c.kind,
            from: c.from,
            to: c.to,
            occurrence: c.occurrence,
            old: c.old,
            new: c.new,
            radius: r.map(|r| r.agent_radius),
            old_radius: r.map(|r| r.old_radius),
            agent: r.and_then(|r| r.agent.as_deref()),
            old_area: c.areas.as_ref().map(|(old, _)| old.as_deref()),
            new_area: c.areas.as_ref().map(|(_, new)| new.as_deref()),
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
    old: &mut Level<D>,
    new: &Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let radii = radii(&args.radius, old, new)?;
    // Each edge's value is all a sphere's verdicts read: 8 bytes an edge,
    // not every edge's and node's clearance with its witness (56 bytes
    // each). The CI formats' witnesses of newly blocked edges are found
    // again, edge by edge.
    let values = |map: &clearway::Map<D>| EdgeValues {
        values: compute_edge_values(map),
        slack: map.slack(),
    };
    // OLD's R-tree goes before NEW's is built, unless a walking agent
    // measures OLD again.
    let walkers_measure = [&old.map, &new.map]
        .iter()
        .any(|map| map.agents().iter().any(|a| a.walking.is_some()));
    let (old_values, new_values) = kept_until_exit(timings.time("clearance", || {
        let old_values = values(&old.map);
        if !walkers_measure {
            old.map.free_obstacle_index();
        }
        (old_values, values(&new.map))
    }));
    let old: &Level<D> = old;
    let options = DiffOptions {
        absolute_tolerance: args.tolerance,
        relative_tolerance: args.relative_tolerance,
    };
    let (diff, walkers) = timings.time("walking", || {
        diff_with_walkers(
            (old, &*old_values),
            (new, &*new_values),
            &radii,
            &options,
            |_, _| None,
        )
    });
    let walkers: &[(usize, Clearances<D>)] = kept_until_exit(walkers);
    let output_start = std::time::Instant::now();
    match args.format {
        CheckFormat::Text => write_stdout(&text(&diff, (&old.map, &new.map), args.summary))?,
        CheckFormat::Json => {
            let doors = door_counts(&diff);
            let report = Report {
                old: args.old.display().to_string(),
                new: args.new.display().to_string(),
                absolute_tolerance: options.absolute_tolerance,
                relative_tolerance: options.relative_tolerance,
                counts: DiffCounts::of(&diff),
                closed: doors.map(|(closed, _)| closed),
                opened: doors.map(|(_, opened)| opened),
                area: Some(diff.count(ChangeKind::Area)).filter(|&n| n > 0),
                forbidden: forbid_counts(&diff).map(|(forbidden, _)| forbidden),
                allowed: forbid_counts(&diff).map(|(_, allowed)| allowed),
                changes: diff
                    .changes
                    .iter()
                    .map(|c| ChangeRow::new(&diff, c))
                    .collect(),
            };
            write_json(&report)?;
        }
        ci => {
            let file = ci_report::file_name(&args.new);
            let summary = text(&diff, (&old.map, &new.map), true);
            // A walking agent's newly blocked edges cite its own witnesses;
            // a sphere's, the edge's nearest obstacle, found again.
            let clearance_of = |k: usize, edge: EdgeIdx| match walkers.iter().find(|w| w.0 == k) {
                Some(w) => *w.1.edge(edge),
                None => *Clearances::options()
                    .compute_part(&new.map, edge.get()..edge.get() + 1, 0..0)
                    .edge(EdgeIdx::new(0)),
            };
            let report = ci_diff::report(&diff, new, &clearance_of, file, summary);
            stream_stdout(|out| ci_report::write(ci, &report, out))?;
        }
    }
    timings.record("output", output_start.elapsed());
    Ok(Outcome::passed_if(diff.newly_blocked() == 0))
}

/// The diff for `radii`: the spheres' verdicts from the levels'
/// clearances, each walking agent's from its own in each level (its
/// profile in OLD, or NEW's when OLD has none or a sphere of that name),
/// which are returned by radius index for the reports' witnesses. A
/// walking agent's clearances in a level are `known(new, r)` when it knows
/// them (`watch` keeps them current), else computed.
#[allow(clippy::type_complexity)]
pub(super) fn diff_with_walkers<D: Shown>(
    (old, old_clearances): (&Level<D>, &dyn EdgeClearances),
    (new, new_clearances): (&Level<D>, &dyn EdgeClearances),
    radii: &[DiffRadius],
    options: &DiffOptions,
    known: impl Fn(bool, &DiffRadius) -> Option<Clearances<D>>,
) -> (LevelDiff, Vec<(usize, Clearances<D>)>) {
    let walking_in = |map: &clearway::Map<D>, r: &DiffRadius| {
        let name = r.agent.as_deref()?;
        map.agents().iter().find(|a| a.name == name)?.walking
    };
    let spheres: Vec<usize> = (0..radii.len())
        .filter(|&i| walking_in(&new.map, &radii[i]).is_none())
        .collect();
    let sphere_radii: Vec<DiffRadius> = spheres.iter().map(|&i| radii[i].clone()).collect();
    let mut diff = LevelDiff::compute(
        (&old.map, old_clearances),
        (&new.map, new_clearances),
        &sphere_radii,
        options,
    );
    // The spheres' radius indices, into every radius's (an order-keeping map).
    diff.radii = radii.to_vec();
    for c in &mut diff.changes {
        c.radius = c.radius.map(|k| spheres[k]);
    }
    let mut walkers = Vec::new();
    for (i, r) in radii.iter().enumerate() {
        let Some(walking) = walking_in(&new.map, r) else {
            continue;
        };
        let was = walking_in(&old.map, r).unwrap_or(walking);
        let old_own =
            known(false, r).unwrap_or_else(|| D::walking_clearances(&old.map, was, r.old_radius).0);
        let new_own = known(true, r)
            .unwrap_or_else(|| D::walking_clearances(&new.map, walking, r.agent_radius).0);
        let own = LevelDiff::compute(
            (&old.map, &old_own),
            (&new.map, &new_own),
            std::slice::from_ref(r),
            options,
        );
        diff.take_verdicts(own, i);
        walkers.push((i, new_own));
    }
    (diff, walkers)
}

/// `--radius`, `--agent` (a profile of NEW), or every profile of NEW; a
/// profile judged in OLD at its radius there (see [`DiffRadius`]).
pub(super) fn radii<D: Shown>(
    choice: &RadiusChoice,
    old: &Level<D>,
    new: &Level<D>,
) -> Result<Vec<DiffRadius>, Failure> {
    let (old_agents, new_agents) = (old.map.agents(), new.map.agents());
    if choice.radius.is_some() || choice.agent.is_some() {
        let r = resolve_required(choice, &new.map)?;
        let profile = r
            .agent
            .as_deref()
            .and_then(|name| DiffRadius::profile(old_agents, new_agents, name));
        return Ok(vec![
            profile.unwrap_or_else(|| DiffRadius::same(r.agent, r.agent_radius)),
        ]);
    }
    Ok(DiffRadius::every_profile(old_agents, new_agents))
}

/// One line per agent profile changed, one per edge change, then a summary
/// line:
///
/// ```text
/// agent      soldier  radius 0.4 -> 1.2
/// blocked    edge 4 (101 -> 110 "west_door")  clearance 1 -> 1  (radius 0.4 -> 1.2 soldier)
/// blocked    edge 0 (4 -> 0)  clearance absent -> 0.67  (radius 2 tank)
/// added      edge 0 (4 -> 0)  clearance absent -> 0.67
/// removed    edge 3 (2 -> 3, in OLD)  clearance 3.2 -> absent
/// changed    edge 2 (1 -> 2, was edge 1)  clearance 4.5 -> 4.25
/// one_way    edge 3 (103 -> 104)  two-way -> one-way 103->104
/// cost       edge 5 (104 -> 105)  cost length -> 7
/// closed     edge 6 (105 -> 106)  open -> closed
/// FAILED: 2 newly blocked, 0 unblocked, 1 added, 1 removed, 1 changed, 1 one_way, 1 cost, 1 closed, 0 opened, 1 agent changed (soldier radius 0.4 -> 1.2)
/// ```
///
/// Only the summary line with `summary_only`.
fn text<D: Shown>(
    diff: &LevelDiff,
    maps: (&clearway::Map<D>, &clearway::Map<D>),
    summary_only: bool,
) -> String {
    text_noted(diff, maps, summary_only, &|_| String::new())
}

/// [`text`], with `note` of each change at the end of its line (`watch`
/// names the obstacle that sets the new clearance there).
pub(super) fn text_noted<D: Shown>(
    diff: &LevelDiff,
    maps: (&clearway::Map<D>, &clearway::Map<D>),
    summary_only: bool,
    note: &dyn Fn(&EdgeChange) -> String,
) -> String {
    let mut out = String::new();
    if !summary_only {
        for a in &diff.agent_changes {
            let (name, radii) = agent_change(a);
            let _ = writeln!(out, "{:<10} {name}  {radii}", "agent");
        }
    }
    let listed = if summary_only { 0 } else { diff.changes.len() };
    for c in &diff.changes[..listed] {
        let radius = c.radius.and_then(|i| diff.radii.get(i));
        let _ = write!(out, "{:<10} {}  ", c.kind.name(), edge_label(c, maps));
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
            (ChangeKind::Closed | ChangeKind::Opened, Some(o), Some(n)) => {
                let _ = write!(out, "{} -> {}", door(o), door(n));
            }
            (ChangeKind::Area, _, _) => {
                let name = |a: Option<&String>| {
                    a.map_or_else(
                        || "none".to_owned(),
                        |a| format!("{:?}", clearway_text::quote::capped(a)),
                    )
                };
                let (was, is) = c.areas.clone().unwrap_or_default();
                let _ = write!(out, "area {} -> {}", name(was.as_ref()), name(is.as_ref()));
            }
            (ChangeKind::Forbidden | ChangeKind::Allowed, o, n) => {
                let name = |a: Option<&String>| {
                    a.map_or_else(
                        || "none".to_owned(),
                        |a| format!("{:?}", clearway_text::quote::capped(a)),
                    )
                };
                let (was, is) = c.areas.clone().unwrap_or_default();
                let verdict = if c.kind == ChangeKind::Forbidden {
                    "now forbidden"
                } else {
                    "allowed again"
                };
                if o.is_some() && n.is_some() && was != is {
                    let _ = write!(
                        out,
                        "area {} -> {}, ",
                        name(was.as_ref()),
                        name(is.as_ref())
                    );
                } else {
                    let _ = write!(out, "area {}, ", name(is.as_ref()));
                }
                out.push_str(verdict);
            }
            _ => {
                let radii = radius.map(|r| (r.old_radius, r.agent_radius));
                // A newly blocked edge admitted the old radius and fails the
                // new one; a newly passable one the other way round.
                let blocked = c.kind == ChangeKind::Blocked;
                let (old, new) = numbers(c.old, c.new, radii, (blocked, !blocked));
                let _ = write!(out, "clearance {old} -> {new}");
            }
        }
        if let Some(r) = radius {
            let _ = write!(out, "  (radius {}", radius_text(r));
            if let Some(agent) = &r.agent {
                let _ = write!(out, " {}", clearway_text::quote::capped(agent));
            }
            out.push(')');
        }
        out.push_str(&note(c));
        out.push('\n');
    }
    let newly_blocked = diff.newly_blocked();
    let _ = write!(
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
    if let Some((closed, opened)) = door_counts(diff) {
        let _ = write!(out, ", {closed} closed, {opened} opened");
    }
    // Only when some area changed: the line reads as before otherwise.
    let areas = diff.count(ChangeKind::Area);
    if areas > 0 {
        let _ = write!(out, ", {areas} area");
    }
    if let Some((forbidden, allowed)) = forbid_counts(diff) {
        let _ = write!(out, ", {forbidden} forbidden, {allowed} allowed");
    }
    if !diff.agent_changes.is_empty() {
        let n = diff.agent_changes.len();
        let all: Vec<String> = (diff.agent_changes.iter())
            .map(|a| {
                let (name, radii) = agent_change(a);
                format!("{name} {radii}")
            })
            .collect();
        let _ = write!(
            out,
            ", {n} {} changed ({})",
            if n == 1 { "agent" } else { "agents" },
            clearway_text::quote::capped_list(&all)
        );
    }
    out.push('\n');
    out
}

/// `soldier` and `radius 0.4 -> 1.2`; `absent` for the side without the
/// profile.
fn agent_change(a: &AgentChange) -> (String, String) {
    let side = |r: Option<f64>| r.map_or_else(|| "absent".to_string(), given);
    let mut parts = Vec::new();
    if a.old_radius != a.radius {
        parts.push(format!(
            "radius {} -> {}",
            side(a.old_radius),
            side(a.radius)
        ));
    }
    if let Some(costs) = &a.costs {
        let text = |costs: &std::collections::BTreeMap<String, f64>| {
            let all: Vec<String> = costs
                .iter()
                .map(|(area, m)| format!("{:?}: {}", clearway_text::quote::capped(area), given(*m)))
                .collect();
            format!("{{{}}}", all.join(", "))
        };
        parts.push(format!(
            "costs {} -> {}",
            text(&costs.old),
            text(&costs.new)
        ));
    }
    if let Some(forbid) = &a.forbid {
        let text = |areas: &[String]| {
            let all: Vec<String> = areas
                .iter()
                .map(|area| format!("{:?}", clearway_text::quote::capped(area)))
                .collect();
            format!("[{}]", all.join(", "))
        };
        parts.push(format!(
            "forbid {} -> {}",
            text(&forbid.old),
            text(&forbid.new)
        ));
    }
    (
        clearway_text::quote::capped(&a.agent).to_string(),
        parts.join(", "),
    )
}

/// The radius as given, `0.4 -> 1.2` for a resized profile.
pub(super) fn radius_text(r: &DiffRadius) -> String {
    if r.resized() {
        format!("{} -> {}", given(r.old_radius), given(r.agent_radius))
    } else {
        given(r.agent_radius)
    }
}
/// `two-way`, or `one-way 3->4` with its direction.
fn direction(side: EdgeSide) -> String {
    if side.one_way {
        format!("one-way {}->{}", side.from, side.to)
    } else {
        "two-way".to_string()
    }
}

/// `open` or `closed`.
fn door(side: EdgeSide) -> &'static str {
    if side.closed { "closed" } else { "open" }
}

/// How many edges were closed and opened, when either count is above 0:
/// the summaries name them only then.
/// The edges newly forbidden and allowed again, when there are some: the
/// counts are left out of reports of levels where none are.
fn forbid_counts(diff: &LevelDiff) -> Option<(usize, usize)> {
    let forbidden = diff.count(ChangeKind::Forbidden);
    let allowed = diff.count(ChangeKind::Allowed);
    (forbidden + allowed > 0).then_some((forbidden, allowed))
}

fn door_counts(diff: &LevelDiff) -> Option<(usize, usize)> {
    let closed = diff.count(ChangeKind::Closed);
    let opened = diff.count(ChangeKind::Opened);
    (closed + opened > 0).then_some((closed, opened))
}

/// The explicit cost, or `length` when the edge costs its length.
fn cost(side: EdgeSide, number: impl Fn(f64) -> String) -> String {
    side.cost.map_or_else(|| "length".to_string(), number)
}

/// The edge as every report names it (`edge 4 (101 -> 110 "west_door")`),
/// by its index in NEW, with `, was edge 3` when OLD had it at another
/// index; a removed edge by its index in OLD: `edge 3 (2 -> 3, in OLD)`.
fn edge_label<D: Shown>(
    c: &EdgeChange,
    (old, new): (&clearway::Map<D>, &clearway::Map<D>),
) -> String {
    match (c.old, c.new) {
        (Some(o), Some(n)) if o.edge != n.edge => {
            edge_ref_noted(new, n.edge, &format!(", was edge {}", o.edge))
        }
        (_, Some(n)) => edge_ref_noted(new, n.edge, ""),
        (Some(o), None) => edge_ref_noted(old, o.edge, ", in OLD"),
        (None, None) => unreachable!("a change is to an edge of either level"),
    }
}

/// The two clearances as text, each judged against its level's radius:
/// seven significant digits, or more where seven would read on the wrong
/// side of the radius for the verdict (`verdicts`: whether the old and the
/// new side admit it; see [`human_judged`]), or every digit when seven
/// would show a change as no change.
pub(super) fn numbers(
    old: Option<EdgeSide>,
    new: Option<EdgeSide>,
    radii: Option<(f64, f64)>,
    verdicts: (bool, bool),
) -> (String, String) {
    let short = |s: Option<EdgeSide>, radius: Option<f64>, admitted: bool| {
        s.map_or_else(
            || "absent".to_string(),
            |s| match radius {
                Some(r) => human_judged(s.clearance, r, admitted),
                None => human(s.clearance),
            },
        )
    };
    let (a, b) = (
        short(old, radii.map(|r| r.0), verdicts.0),
        short(new, radii.map(|r| r.1), verdicts.1),
    );
    match (old, new) {
        (Some(o), Some(n)) if a == b && o.clearance != n.clearance => {
            (format!("{}", o.clearance), format!("{}", n.clearance))
        }
        _ => (a, b),
    }
}

//! `clearway check`: fail when an edge is too tight for an agent.

use std::fmt::Write as _;

use serde::Serialize;

use clearway::StaleBake;
use clearway::render::Up;
use clearway::walking::Walking;
use clearway::{Clearance, Clearances, EdgeIdx, TightSpots};

use super::args::{CheckArgs, CheckFormat};
use super::check_walking::{self, WalkingVerdict};
use super::ci_report::Suite;
use super::conventions;
use super::counted::counted;
use super::dimension::Shown;
use super::input::{AnyLevel, Level};
use super::node_names::{closed_note, edge_ref, node_ref};
use super::numbers::{given, human, human_judged, human_pair, human_point};
use super::output;
use super::progress::{compute_clearances, compute_tight_spots};
use super::radius::{self, CheckedRadius, Radii};
use super::render;
use super::rows::{EdgeRow, NodeRow};
use super::timings::Timings;
use super::{Failure, Outcome, stream_stdout, write_stdout};
use super::{ci_check, ci_report};

/// The verdict for one radius, as JSON.
#[derive(Debug, Serialize)]
pub(super) struct RadiusReport {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    pub radius: f64,
    /// A walking agent's height, climb and slope; absent for spheres.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub walking: Option<WalkingProfile>,
    pub edges_checked: usize,
    /// How many edges are closed: judged by their clearance like every
    /// edge (a door that opens must fit the agent), and named `closed` in
    /// `blocked`. Absent when none is, as in levels before closed edges.
    #[serde(skip_serializing_if = "is_zero")]
    pub edges_closed: usize,
    /// How many edges are of an area the agent forbids: not a clearance
    /// verdict (they are checked as every edge), a count of what the agent
    /// may not use. Absent when none is, as for maps without areas.
    #[serde(skip_serializing_if = "is_zero")]
    pub edges_forbidden: usize,
    pub blocked: Vec<EdgeRow>,
    pub blocked_nodes: Vec<NodeRow>,
    /// Baked clearances that no longer match the obstacles; the same for
    /// every radius, and a failure whatever the radius.
    pub stale_bakes: Vec<StaleRow>,
}

/// A walking agent's body, as JSON.
#[derive(Clone, Debug, Serialize)]
pub(super) struct WalkingProfile {
    height: f64,
    climb: f64,
    max_slope: f64,
}

impl WalkingProfile {
    pub fn of(w: &Walking) -> WalkingProfile {
        WalkingProfile {
            height: w.height,
            climb: w.climb,
            max_slope: w.max_slope,
        }
    }
}

/// A stale baked clearance, as JSON.
#[derive(Clone, Debug, Serialize)]
pub(super) struct StaleRow {
    edge: EdgeIdx,
    from: u64,
    to: u64,
    baked: f64,
    recomputed: Option<f64>,
}

pub fn run(args: &CheckArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let render_format = args.render.as_deref().map(render::Format::of).transpose()?;
    if let Some(out) = &args.render {
        output::refuse_inputs(out, &args.map)?;
    }
    if args.summary && args.format != CheckFormat::Text {
        return Err(Failure::Usage(
            "--summary is for the text format; the other formats list every edge".into(),
        ));
    }
    // Text names obstacles by their line; the CI formats cite edges too.
    let level = match args.format {
        CheckFormat::Json => AnyLevel::read(&args.map, timings)?,
        CheckFormat::Text => AnyLevel::read_citing_obstacles(&args.map, timings)?,
        _ => AnyLevel::read_citing_lines(&args.map, timings)?,
    };
    match level {
        AnyLevel::Plane(level) => {
            let up = render::up_of(args.up, false, &args.map.map)?;
            // A flat level's agents are discs: none walks.
            let discs = |_: &Level, radii: &[CheckedRadius], _: &[StaleRow]| {
                radii.iter().map(|_| None).collect()
            };
            check(args, level, render_format.map(|f| (f, up)), discs, timings)
        }
        AnyLevel::Space(level) => {
            let up = render::up_of(args.up, true, &args.map.map)?;
            let picture = render_format.map(|f| (f, up));
            check(args, level, picture, check_walking::verdicts, timings)
        }
    }
}

/// The check of a level of either dimension.
fn check<D: Shown>(
    args: &CheckArgs,
    level: Level<D>,
    render_format: Option<(render::Format, Up)>,
    walking: impl Fn(&Level<D>, &[CheckedRadius], &[StaleRow]) -> Vec<Option<WalkingVerdict>>,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let radii = radius::resolve(&args.radius, &level.map)?;
    // A check needs exact clearances only up to the largest radius it
    // checks (of the spheres: walking agents are measured apart); the
    // picture also shows how much room the other edges have.
    let spheres: Vec<f64> = radii
        .all()
        .iter()
        .filter(|r| r.walking.is_none())
        .map(|r| r.agent_radius)
        .collect();
    let largest = spheres.iter().copied().fold(0.0, f64::max);
    // With only walking agents, no sphere's tight spot is wanted: only a
    // baked clearance gone stale, if the map has any.
    let search = !spheres.is_empty() || level.map.edges().iter().any(|e| e.clearance.is_some());
    // Only the tight spots are kept, unless the picture needs every clearance.
    let (spots, every_clearance) = timings.time("clearance", || match args.render {
        Some(_) => {
            let every = compute_clearances(&level.map);
            (
                TightSpots::from_clearances(&level.map, &every, largest),
                Some(every),
            )
        }
        None if search => (compute_tight_spots(&level.map, largest), None),
        None => (TightSpots::unsearched(&level.map), None),
    });
    let stale: Vec<StaleRow> = spots
        .stale_bakes()
        .iter()
        .map(|s| stale_row(&level, s))
        .collect();
    // A phase of its own only where some agent walks: the timings of other
    // levels list what they did.
    let walkers = if radii.all().iter().any(|r| r.walking.is_some()) {
        timings.time("walking", || walking(&level, &radii.all(), &stale))
    } else {
        walking(&level, &radii.all(), &stale)
    };
    let mut lines: Vec<Option<String>> = Vec::new();
    let mut suites: Vec<Option<Suite>> = Vec::new();
    let reports: Vec<RadiusReport> = radii
        .all()
        .into_iter()
        .zip(walkers)
        .map(|(r, walker)| match walker {
            Some(v) => {
                lines.push(Some(v.lines));
                suites.push(Some(v.suite));
                v.report
            }
            None => {
                lines.push(None);
                suites.push(None);
                report_for(&level, &spots, r, stale.clone())
            }
        })
        .collect();
    let any_blocked = !stale.is_empty() || reports.iter().any(|r| !r.blocked.is_empty());
    let output_start = std::time::Instant::now();
    match args.format {
        CheckFormat::Json => match &radii {
            Radii::One(_) => conventions::write_json(&reports[0])?,
            Radii::EveryProfile(_) => conventions::write_json(&reports)?,
        },
        CheckFormat::Text => write_stdout(
            &reports
                .iter()
                .zip(&lines)
                .map(|(r, lines)| match lines {
                    Some(lines) if args.summary => summary_line(&level, r),
                    Some(lines) => format!("{lines}{}", summary_line(&level, r)),
                    None => text_for(&level, &spots, r, args.summary),
                })
                .collect::<String>(),
        )?,
        ci => {
            let summary = reports
                .iter()
                .zip(&lines)
                .map(|(r, lines)| match lines {
                    Some(_) => summary_line(&level, r),
                    None => text_for(&level, &spots, r, true),
                })
                .collect();
            let file = ci_report::file_name(&args.map.map);
            let report = ci_check::report(&level, &spots, &radii.all(), suites, file, summary);
            // Written as it is made: a case per edge and radius is too many
            // to hold.
            stream_stdout(|out| ci_report::write(ci, &report, out))?;
        }
    }
    timings.record("output", output_start.elapsed());
    if let (Some(out), Some(picture), Some(every)) = (&args.render, render_format, &every_clearance)
    {
        let paths = (args.map.map.as_path(), out.as_path());
        timings.time("render", || {
            D::render_check(&level, every, &radii, paths, picture)
        })?;
    }
    conventions::keep_until_exit((level, spots, every_clearance));
    Ok(Outcome::passed_if(!any_blocked))
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The verdict for each radius of `radii` on a level whose every
/// clearance is known, as `check` gives it: the JSON rows, and the text
/// summary lines (`watch` starts with them). A walking agent's verdict is
/// judged on its own folded clearances, `own(r)` (`None` for a sphere).
pub(super) fn verdicts<D: Shown>(
    level: &Level<D>,
    every: &Clearances<D>,
    radii: &[CheckedRadius],
    own: impl Fn(&CheckedRadius) -> Option<Clearances<D>>,
) -> (Vec<RadiusReport>, String) {
    let largest = radii.iter().map(|r| r.agent_radius).fold(0.0, f64::max);
    let spots = TightSpots::from_clearances(&level.map, every, largest);
    let stale: Vec<StaleRow> = spots
        .stale_bakes()
        .iter()
        .map(|s| stale_row(level, s))
        .collect();
    let mut text = String::new();
    let reports: Vec<RadiusReport> = radii
        .iter()
        .map(|r| match own(r) {
            Some(fold) => {
                let spots = TightSpots::from_clearances(&level.map, &fold, r.agent_radius);
                let mut report = report_for(level, &spots, r.clone(), stale.clone());
                report.walking = r.walking.as_ref().map(WalkingProfile::of);
                text += &text_for(level, &spots, &report, true);
                report
            }
            None => {
                let report = report_for(level, &spots, r.clone(), stale.clone());
                text += &text_for(level, &spots, &report, true);
                report
            }
        })
        .collect();
    (reports, text)
}

fn stale_row<D: Shown>(level: &Level<D>, s: &StaleBake) -> StaleRow {
    let e = &level.map.edges()[s.edge];
    StaleRow {
        edge: s.edge,
        from: level.map.nodes()[e.from].id,
        to: level.map.nodes()[e.to].id,
        baked: s.baked,
        recomputed: s.recomputed.is_finite().then_some(s.recomputed),
    }
}

fn report_for<D: Shown>(
    level: &Level<D>,
    spots: &TightSpots<D>,
    r: CheckedRadius,
    stale_bakes: Vec<StaleRow>,
) -> RadiusReport {
    let map = &level.map;
    RadiusReport {
        blocked: spots
            .blocked_edges(r.agent_radius)
            .map(|(i, c)| EdgeRow::new(map, *i, c).citing(level, c))
            .collect(),
        blocked_nodes: spots
            .blocked_nodes(r.agent_radius)
            .map(|(i, c)| NodeRow::new(map, *i, c).citing(level, c))
            .collect(),
        radius: r.agent_radius,
        walking: None,
        edges_checked: map.edges().len(),
        edges_closed: map.edges().iter().filter(|e| e.closed).count(),
        edges_forbidden: r.profile(map).map_or(0, |agent| {
            (0..map.edges().len())
                .filter(|&e| map.forbids(agent, EdgeIdx::new(e)))
                .count()
        }),
        agent: r.agent,
        stale_bakes,
    }
}

/// One line per blocked edge, one per blocked node, then a summary line;
/// only the summary line with `summary_only`.
fn text_for<D: Shown>(
    level: &Level<D>,
    spots: &TightSpots<D>,
    report: &RadiusReport,
    summary_only: bool,
) -> String {
    let mut out = String::new();
    let listed = |n: usize| if summary_only { 0 } else { n };
    for (row, (i, c)) in report.blocked[..listed(report.blocked.len())]
        .iter()
        .zip(spots.blocked_edges(report.radius))
    {
        let _ = writeln!(
            out,
            "blocked: {}{}: {}{}",
            edge_ref(&level.map, *i),
            closed_note(&level.map, *i),
            too_tight(row.clearance, report.radius),
            blame(level, c),
        );
    }
    for (row, (i, c)) in report.blocked_nodes[..listed(report.blocked_nodes.len())]
        .iter()
        .zip(spots.blocked_nodes(report.radius))
    {
        let _ = writeln!(
            out,
            "blocked: node {}: {}{}",
            node_ref(&level.map, *i),
            too_tight(row.clearance, report.radius),
            blame(level, c),
        );
    }
    out.push_str(&stale_lines(level, report, summary_only));
    out.push_str(&summary_line(level, report));
    out
}

/// The stale bakes' lines (none with `summary_only`).
fn stale_lines<D: Shown>(level: &Level<D>, report: &RadiusReport, summary_only: bool) -> String {
    let mut out = String::new();
    let listed = |n: usize| if summary_only { 0 } else { n };
    for s in &report.stale_bakes[..listed(report.stale_bakes.len())] {
        let (baked, now) = match s.recomputed {
            Some(now) => human_pair(s.baked, now),
            None => (human(s.baked), "inf".into()),
        };
        let _ = writeln!(
            out,
            "stale bake: {}: baked clearance {baked}, the obstacles now give {now}",
            edge_ref(&level.map, s.edge),
        );
    }
    out
}

/// The summary line of one radius's verdict.
fn summary_line<D: Shown>(level: &Level<D>, report: &RadiusReport) -> String {
    let mut out = String::new();
    let radius = given(report.radius);
    let body = match &report.walking {
        Some(w) => format!(", height {}", given(w.height)),
        None => String::new(),
    };
    let who = match &report.agent {
        Some(name) => format!(
            "{} (radius {radius}{body})",
            clearway_text::quote::capped(name)
        ),
        None => format!("radius {radius}"),
    };
    // As for spheres: blocked edges fail a check, blocked nodes are told.
    let failed = !report.blocked.is_empty() || !report.stale_bakes.is_empty();
    let verdict = if failed { "FAILED" } else { "ok" };
    let _ = write!(
        out,
        "{verdict}: {who}: {} of {} edges blocked, {} of {} nodes blocked",
        report.blocked.len(),
        report.edges_checked,
        report.blocked_nodes.len(),
        level.map.nodes().len(),
    );
    if report.edges_closed > 0 {
        let _ = write!(out, ", {} closed", counted(report.edges_closed, "edge"));
    }
    if report.edges_forbidden > 0 {
        let _ = write!(
            out,
            ", {} of areas it may not use",
            counted(report.edges_forbidden, "edge")
        );
    }
    if !report.stale_bakes.is_empty() {
        let stale = report.stale_bakes.len();
        let _ = write!(out, ", {}", counted(stale, "stale baked clearance"));
    }
    out.push('\n');
    out
}

/// Why a blocked edge or node is blocked: `clearance 1 < radius 1.5`, or,
/// at a radius the clearance is not below (radius 0), that clearance 0
/// touches an obstacle, which blocks every agent.
pub(super) fn too_tight(clearance: Option<f64>, radius: f64) -> String {
    format!(
        "clearance {} {}",
        clearance_text(clearance, radius),
        fails(clearance, radius)
    )
}

/// How a clearance fails a radius: `< radius 1.5`, or, when it is not
/// below it (clearance 0 at radius 0), `(touches an obstacle) at radius 0`.
pub(super) fn fails(clearance: Option<f64>, radius: f64) -> String {
    if clearance.is_some_and(|c| c < radius) {
        format!("< radius {}", given(radius))
    } else {
        format!("(touches an obstacle) at radius {}", given(radius))
    }
}

/// A clearance on its own: `inf` when unbounded.
pub(super) fn plain_clearance(value: Option<f64>) -> String {
    value.map_or_else(|| "inf".into(), human)
}

/// A blocked clearance next to the radius it fails: always reads below it.
fn clearance_text(value: Option<f64>, radius: f64) -> String {
    value.map_or_else(|| "inf".into(), |c| human_judged(c, radius, false))
}

/// `: circle #7 (line 42) pinches at (10, 4), obstacle at (9, 4)`: the
/// obstacle that sets a clearance and [`pinch_points`]; or a note that the
/// value is baked.
pub(super) fn blame<D: Shown>(level: &Level<D>, clearance: &Clearance<D::Point>) -> String {
    let Some(w) = clearance.witness else {
        return " (baked value; the map has no obstacles)".into();
    };
    let kind = D::kind(&level.map.obstacles()[w.obstacle]);
    let line = level
        .obstacle_cited(w.obstacle, w.obstacle_point)
        .map(|origin| format!(" ({origin})"))
        .unwrap_or_default();
    let points = pinch_points(
        human_point::<D>(w.edge_point),
        human_point::<D>(w.obstacle_point),
    );
    format!(": {kind} #{}{line}{points}", w.obstacle)
}

/// ` pinches at (10, 4), obstacle at (9, 4)`: where the clearance is
/// measured on the path (the point on an edge, or a node's place) and the
/// obstacle's nearest point, worded alike for edges and nodes in every
/// report.
pub(super) fn pinch_points(at: String, obstacle: String) -> String {
    format!(" pinches at {at}, obstacle at {obstacle}")
}

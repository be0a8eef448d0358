//! `clearway route --pairs`: many route queries with one load, one
//! clearance computation and one router, answered one line each, in input
//! order, as they are computed.

use std::io;
use std::path::Path;

use serde::Serialize;

use super::timings::Timings;
use clearway::Router;

use super::args::{ReportFormat, RouteArgs};
use super::conventions::kept_until_exit;
use super::dimension::Shown;
use super::ends::NodeNames;
use super::input::{AnyLevel, Level};
use super::numbers::human;
use super::pairs_file::{Pair, PairsFile};
use super::progress::{Bar, clearances_for};
use super::radius::resolve_required;
use super::route::{RouteReport, text};
use super::{Failure, Outcome, stream_stdout};

/// One JSON Lines object: the query as written, then what a single
/// `route --format json` reports for it.
#[derive(Serialize)]
struct PairReport<'a> {
    /// The query's line in the pairs file, from 1.
    line: usize,
    from: &'a str,
    to: &'a str,
    #[serde(flatten)]
    route: RouteReport,
    /// The optimal length a scenario file gives (scenario files only).
    #[serde(skip_serializing_if = "Option::is_none")]
    scenario_optimal_length: Option<f64>,
}

pub fn run(args: &RouteArgs, pairs_path: &Path, timings: &mut Timings) -> Result<Outcome, Failure> {
    let stdin = |path: &Path| path.as_os_str() == "-";
    if stdin(pairs_path) && stdin(&args.map.map) {
        return Err(Failure::Usage(
            "the map and --pairs cannot both be read from standard input".into(),
        ));
    }
    if stdin(pairs_path) && args.map.tiled.obstacles.as_deref().is_some_and(stdin) {
        return Err(Failure::Usage(
            "--obstacles and --pairs cannot both be read from standard input".into(),
        ));
    }
    // The file's own mistakes are reported before the map is loaded.
    let file = timings.time("pairs", || PairsFile::read(pairs_path))?;
    let pairs = file.pairs()?;
    match AnyLevel::read(&args.map, timings)? {
        AnyLevel::Plane(level) => routes(
            args,
            &file,
            &pairs,
            pairs_path,
            kept_until_exit(level),
            timings,
        ),
        AnyLevel::Space(level) => routes(
            args,
            &file,
            &pairs,
            pairs_path,
            kept_until_exit(level),
            timings,
        ),
    }
}

/// The routes through a level of either dimension.
fn routes<D: Shown>(
    args: &RouteArgs,
    file: &PairsFile,
    pairs: &[Pair<'_>],
    pairs_path: &Path,
    level: &'static Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let stdin = |path: &Path| path.as_os_str() == "-";
    let map = &level.map;
    let checked = resolve_required(&args.radius, map)?;
    let ends = timings.time("pairs", || file.resolve(pairs, &NodeNames::new(map)))?;
    if pairs.is_empty() {
        let name = if stdin(pairs_path) {
            "standard input".to_string()
        } else {
            format!("`{}`", pairs_path.display())
        };
        eprintln!("warning: no pairs in {name}");
    }
    let clearances =
        kept_until_exit(timings.time("clearance", || clearances_for(map, Some(&checked))));
    // The widest table answers the widest routes and proves goals out of
    // reach without a search over the level, for every pair after the first.
    let router = kept_until_exit(timings.time("router", || {
        Router::new(map, clearances).with_widest_table()
    }));
    let bar = Bar::for_routes(map, pairs.len());

    let started = std::time::Instant::now();
    let radius = checked.agent_radius;
    // An agent's costs and forbidden areas apply; a radius alone, none.
    let agent = checked.profile(map);
    let mut all_found = true;
    // After a reader closes standard output, the rest are still routed,
    // for the verdict.
    let mut closed: Option<io::Error> = None;
    stream_stdout(|out| {
        for (pair, &(start, goal)) in pairs.iter().zip(&ends) {
            let found = match agent {
                Some(agent) => router.route_for(start, goal, agent),
                None => router.route(start, goal, radius),
            };
            bar.advance(1);
            all_found &= found.is_some();
            if closed.is_some() {
                continue;
            }
            // The text of a route found says nothing of the widest route.
            let widest = match (args.format, &found) {
                (ReportFormat::Text, Some(_)) => None,
                _ => match agent {
                    Some(agent) => router.widest_route_for(start, goal, agent),
                    None => router.widest_route(start, goal),
                },
            };
            let line = match args.format {
                ReportFormat::Json => {
                    json_line(pair, RouteReport::new(map, found.as_ref(), widest.as_ref()))?
                }
                ReportFormat::Text => {
                    let report = text(map, found.as_ref(), widest.as_ref(), radius, (start, goal));
                    text_line(pair, &report)
                }
            };
            if let Err(e) = out.write_all(line.as_bytes()) {
                if e.kind() != io::ErrorKind::BrokenPipe {
                    return Err(e);
                }
                closed = Some(e);
            }
        }
        closed.take().map_or(Ok(()), Err)
    })?;
    timings.record("routes", started.elapsed());
    Ok(if all_found {
        Outcome::Pass
    } else {
        Outcome::Fail
    })
}

/// A JSON Lines object, with its line break.
fn json_line(pair: &Pair<'_>, route: RouteReport) -> io::Result<String> {
    let report = PairReport {
        line: pair.line,
        from: &pair.from.value,
        to: &pair.to.value,
        route,
        scenario_optimal_length: pair.optimal,
    };
    Ok(serde_json::to_string(&report)? + "\n")
}

/// `LINE FROM TO: ` and the text of a single `route`, its lines joined by
/// `; `; then, for a scenario, `; scenario optimal length L`.
fn text_line(pair: &Pair<'_>, report: &str) -> String {
    let mut joined: Vec<String> = report.lines().map(str::to_string).collect();
    if let Some(optimal) = pair.optimal {
        joined.push(format!("scenario optimal length {}", human(optimal)));
    }
    format!(
        "{} {} {}: {}\n",
        pair.line,
        pair.from.written,
        pair.to.written,
        joined.join("; ")
    )
}

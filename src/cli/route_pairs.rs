//! `clearway route --pairs`: many route queries with one load, one
//! clearance computation and one router, answered one line each, in input
//! order, as they are computed.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use serde::Serialize;

use super::timings::Timings;
use clearway::Router;

use super::args::{ReportFormat, RouteArgs};
use super::conventions::kept_until_exit;
use super::dimension::Shown;
use super::ends::NodeNames;
use super::input::{AnyLevel, Level, on_level};
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
    on_level!(AnyLevel::read(&args.map, timings)?, |level| routes(
        args,
        &file,
        &pairs,
        pairs_path,
        kept_until_exit(level),
        timings,
    ))
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
    // One line a pair, made by whichever thread routes it.
    let answer = |router: &mut Router<'static, D>, i: usize, closed: bool| -> Answer {
        let (pair, (start, goal)) = (&pairs[i], ends[i]);
        let found = match agent {
            Some(agent) => router.route(start, goal, agent),
            None => router.route(start, goal, radius),
        };
        if closed {
            // Nobody reads the line: only the verdict is wanted.
            return Answer {
                found: found.is_some(),
                line: Ok(String::new()),
            };
        }
        // The text of a route found says nothing of the widest route.
        let widest = match (args.format, &found) {
            (ReportFormat::Text, Some(_)) => None,
            _ => match agent {
                Some(agent) => router.widest_route(start, goal, Some(agent)),
                None => router.widest_route(start, goal, None),
            },
        };
        let line = match args.format {
            ReportFormat::Json => {
                json_line(pair, RouteReport::new(map, found.as_ref(), widest.as_ref()))
            }
            ReportFormat::Text => {
                let report = text(map, found.as_ref(), widest.as_ref(), radius, (start, goal));
                Ok(text_line(pair, &report))
            }
        };
        Answer {
            found: found.is_some(),
            line,
        }
    };
    let mut all_found = true;
    // After a reader closes standard output, the rest are still routed,
    // for the verdict.
    let mut closed: Option<io::Error> = None;
    stream_stdout(|out| {
        in_order(router, pairs.len(), &answer, |answer, reader_gone| {
            bar.advance(1);
            all_found &= answer.found;
            if closed.is_some() {
                return Ok(());
            }
            if let Err(e) = out.write_all(answer.line?.as_bytes()) {
                if e.kind() != io::ErrorKind::BrokenPipe {
                    return Err(e);
                }
                closed = Some(e);
                reader_gone.store(true, Ordering::Relaxed);
            }
            Ok(())
        })?;
        closed.take().map_or(Ok(()), Err)
    })?;
    timings.record("routes", started.elapsed());
    Ok(Outcome::passed_if(all_found))
}

/// What one pair gave: whether a route was found, and its line (empty once
/// the reader has gone).
struct Answer {
    found: bool,
    line: io::Result<String>,
}

/// Answers queries `0..count` on every core, each thread on a
/// [fork](Router::fork) of `router` taking the next query as it finishes
/// one, and hands the answers to `take` in query order as soon as each one's
/// predecessors are in. A fork answers as the router does (the same search,
/// in the same order), so the answers are the ones a single thread gives.
/// `take` sets the flag it is given when the reader has gone: the answers
/// after that are asked for without their lines. The first error `take`
/// returns ends the run; the threads stop after the query they are on.
fn in_order<D: Shown>(
    router: &'static mut Router<'static, D>,
    count: usize,
    answer: &(dyn Fn(&mut Router<'static, D>, usize, bool) -> Answer + Sync),
    mut take: impl FnMut(Answer, &AtomicBool) -> io::Result<()>,
) -> io::Result<()> {
    let threads = rayon::current_num_threads().clamp(1, count.max(1));
    let mut forks: Vec<Router<'static, D>> = (1..threads).map(|_| router.fork()).collect();
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let reader_gone = AtomicBool::new(false);
    std::thread::scope(|s| {
        let (sender, answers) = mpsc::channel::<(usize, Answer)>();
        let work = |router: &mut Router<'static, D>, sender: mpsc::Sender<(usize, Answer)>| loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count || stop.load(Ordering::Relaxed) {
                break;
            }
            let done = answer(router, i, reader_gone.load(Ordering::Relaxed));
            if sender.send((i, done)).is_err() {
                break;
            }
        };
        for fork in &mut forks {
            let sender = sender.clone();
            s.spawn(move || work(fork, sender));
        }
        s.spawn(move || work(router, sender));
        // Answers that came before one of their predecessors, by query.
        let mut early: BTreeMap<usize, Answer> = BTreeMap::new();
        let mut due = 0;
        for (i, done) in answers {
            early.insert(i, done);
            while let Some(done) = early.remove(&due) {
                due += 1;
                if let Err(e) = take(done, &reader_gone) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        Ok(())
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

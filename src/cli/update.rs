//! `clearway update`: a level that changes. Applies the events of a file
//! (obstacles added, removed, replaced and moved, edges closed and opened)
//! to the level one by one, its clearances kept exact
//! ([`clearway::live::LiveLevel`]), answers the routes asked between them,
//! and reports each event on a line of its own, as it is applied.

use std::io;
use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;

use clearway::live::{Change, ChangeError, LiveLevel};
use clearway::map::obstacle_from_wire;
use clearway::{Agent, EdgeIdx, Map};
use clearway_format::wire::MapFile;

use super::args::{ReportFormat, UpdateArgs};
use super::conventions::{keep_until_exit, note};
use super::counted::counted;
use super::dimension::Shown;
use super::ends::NodeNames;
use super::events::{Event, EventLine, EventsFile, Query};
use super::input::{AnyLevel, on_level};
use super::node_names::edge_ref;
use super::numbers::{given, human_point};
use super::output::Destination;
use super::radius::{CheckedRadius, resolve_required};
use super::route::{self, RouteReport};
use super::timings::Timings;
use super::update_report::{self, ChangeLine};
use super::widest::{self, WidestReport};
use super::{Failure, Outcome, stream_stdout};

pub fn run(args: &UpdateArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let stdin = |path: &Path| path.as_os_str() == "-";
    if stdin(&args.map) && stdin(&args.events) {
        return Err(Failure::Usage(
            "the map and --events cannot both be read from standard input".into(),
        ));
    }
    if let Some(out) = &args.output {
        if stdin(out) {
            return Err(Failure::Usage(
                "-o - would write the level where the report goes: write it to a file".into(),
            ));
        }
        Destination::new_level(&args.map, out, "map")?;
        Destination::new_level(&args.events, out, "events file")?;
    }
    let file = timings.time("events", || EventsFile::read(&args.events))?;
    on_level!(AnyLevel::read(&args.map, timings)?, |level| update(
        args, &file, level.map, timings
    ))
}

/// What one event answered.
enum Answer<D: Shown> {
    /// A change, what it did, and what the text calls it.
    Changed(Box<clearway::live::ChangeReport<D>>, String),
    /// A route asked: the line to print, and whether one was found.
    Routed(String, bool),
}

/// The events applied to a level of either dimension.
fn update<D: Shown>(
    args: &UpdateArgs,
    file: &EventsFile,
    map: Map<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure>
where
    for<'a> MapFile: From<&'a Map<D>>,
{
    let given_radius = if args.radius.radius.is_some() || args.radius.agent.is_some() {
        Some(resolve_required(&args.radius, &map)?)
    } else {
        None
    };
    let mut live = timings.time("clearance", || LiveLevel::new(map));
    if let Some(checked) = &given_radius {
        // A walking agent's verdicts are its walking ones (body, ground,
        // slope), as `check --agent` judges them.
        live.set_agents(vec![Agent {
            walking: checked.walking,
            ..Agent::new(agent_name(checked), checked.agent_radius)
        }]);
    }
    let agents: Vec<String> = live.agents().iter().map(|a| a.name.clone()).collect();
    // No event adds or removes a node or an edge: the level's network as
    // loaded names them all along.
    let network = live.to_map();
    let names = NodeNames::new(&network);
    let context = Context {
        file,
        network: &network,
        names: &names,
        given_radius: given_radius.as_ref(),
        format: args.format,
    };

    let mut took = Vec::new();
    let mut all_found = true;
    let mut refused = None;
    let mut events = 0;
    // After a reader closes standard output, the rest are still applied,
    // for the verdict and for `-o`.
    let mut closed: Option<io::Error> = None;
    stream_stdout(|out| {
        for line in file.lines() {
            events += 1;
            let started = Instant::now();
            let answer = match context.apply(&mut live, &line) {
                Ok(answer) => answer,
                Err(diagnostic) => {
                    refused = Some(diagnostic);
                    break;
                }
            };
            took.push(started.elapsed());
            let printed = match answer {
                Answer::Changed(report, what) => match args.format {
                    ReportFormat::Json => {
                        let line =
                            ChangeLine::new((line.index, line.number), &network, &report, &agents);
                        serde_json::to_string(&line)? + "\n"
                    }
                    ReportFormat::Text => {
                        update_report::text(line.number, &what, &network, &report, &agents)
                    }
                },
                Answer::Routed(printed, found) => {
                    all_found &= found;
                    printed
                }
            };
            if closed.is_some() {
                continue;
            }
            if let Err(e) = out.write_all(printed.as_bytes()) {
                if e.kind() != io::ErrorKind::BrokenPipe {
                    return Err(e);
                }
                closed = Some(e);
            }
        }
        closed.take().map_or(Ok(()), Err)
    })?;
    timings.record("apply", took.iter().sum());
    timings.note(event_times(&took));
    if let Some(diagnostic) = refused {
        keep_until_exit(live);
        return Err(Failure::Located(diagnostic));
    }
    if events == 0 {
        eprintln!("warning: no events in {}", file.source_name());
    }
    if let Some(out) = &args.output {
        write_level(&live, out, timings)?;
    }
    keep_until_exit(live);
    keep_until_exit(network);
    Ok(Outcome::passed_if(all_found))
}

/// What every event needs besides the level.
struct Context<'a, D: Shown> {
    file: &'a EventsFile,
    network: &'a Map<D>,
    names: &'a NodeNames<'a, D>,
    given_radius: Option<&'a CheckedRadius>,
    format: ReportFormat,
}

impl<'a, D: Shown> Context<'a, D> {
    /// Applies the event of `line` or answers its route; a bad event is a
    /// diagnostic, and changes nothing.
    fn apply(&self, live: &mut LiveLevel<D>, line: &EventLine<'_>) -> Result<Answer<D>, String> {
        let refused = |key: &str, e: &ChangeError| {
            self.file.at_key(line, key, &e.to_string(), change_label(e))
        };
        let (key, change, what) = match self.file.parse(line)? {
            Event::Route(query) => return self.route(live, line, &query),
            Event::Widest(query) => return self.widest(live, line, &query),
            Event::Add(entry) => {
                let index = live.obstacle_slots();
                let obstacle = obstacle_from_wire::<D>(entry, index)
                    .map_err(|e| self.file.at_key(line, "add", &e.message, &e.label))?;
                let what = format!("added obstacle {index} ({})", D::kind(&obstacle));
                ("add", Change::AddObstacle(obstacle), what)
            }
            Event::Remove(n) => (
                "remove",
                Change::RemoveObstacle(n),
                format!("removed obstacle {n}"),
            ),
            Event::Replace(n, entry) => {
                obstacle_exists(live, n).map_err(|e| refused("replace", &e))?;
                let with = obstacle_from_wire::<D>(entry, n)
                    .map_err(|e| self.file.at_key(line, "with", &e.message, &e.label))?;
                let what = format!("replaced obstacle {n} with a {}", D::kind(&with));
                (
                    "replace",
                    Change::ReplaceObstacle { obstacle: n, with },
                    what,
                )
            }
            Event::Move(n, by) => {
                obstacle_exists(live, n).map_err(|e| refused("move", &e))?;
                let Some(by) = D::point(&by) else {
                    let message = format!(
                        "`by` has {}: a move in a {}D level is by {}",
                        counted(by.len(), "number"),
                        D::AXES.len(),
                        if D::AXES.len() == 2 {
                            "[dx, dy]"
                        } else {
                            "[dx, dy, dz]"
                        }
                    );
                    return Err(self.file.at_key(line, "by", &message, "not a displacement"));
                };
                let what = format!("moved obstacle {n} by {}", human_point::<D>(by));
                ("by", Change::MoveObstacle { obstacle: n, by }, what)
            }
            Event::Close(e) => {
                let edge = self.edge(live, e).map_err(|err| refused("close", &err))?;
                let what = format!("closed {}", edge_ref(self.network, edge));
                ("close", Change::CloseEdge(edge), what)
            }
            Event::Open(e) => {
                let edge = self.edge(live, e).map_err(|err| refused("open", &err))?;
                let what = format!("opened {}", edge_ref(self.network, edge));
                ("open", Change::OpenEdge(edge), what)
            }
        };
        // An index the library refuses is the event's own key; a bad
        // displacement is `by`.
        let index_key = match key {
            "by" => "move",
            other => other,
        };
        let report = live.apply(change).map_err(|e| {
            let key = match e {
                ChangeError::Invalid(_) => key,
                _ => index_key,
            };
            refused(key, &e)
        })?;
        Ok(Answer::Changed(Box::new(report), what))
    }

    /// Edge `e` of the level, or why there is none.
    fn edge(&self, live: &LiveLevel<D>, e: usize) -> Result<EdgeIdx, ChangeError> {
        if e >= live.edge_slots() {
            return Err(ChangeError::UnknownEdge {
                index: e,
                last: live.edge_slots().checked_sub(1),
            });
        }
        Ok(EdgeIdx::new(e))
    }

    /// The two ends of a route asked, resolved as `--from` and `--to` are.
    fn ends(
        &self,
        line: &EventLine<'_>,
        query: &Query,
    ) -> Result<(clearway::NodeIdx, clearway::NodeIdx), String> {
        let end = |key: &str, value: &Value| {
            let given = match value {
                Value::Number(n) if n.as_u64().is_some() => format!("id:{n}"),
                Value::String(s) => s.clone(),
                _ => {
                    let message = format!(
                        "`{key}` is a node id (a whole number >= 0) or a node name (a string)"
                    );
                    return Err(self.file.at_key(line, key, &message, "not a node"));
                }
            };
            self.names
                .resolve(&given, &format!("`{key}`"))
                .map_err(|bad| self.file.at_key(line, key, &bad.message, bad.label))
        };
        Ok((end("from", &query.from)?, end("to", &query.to)?))
    }

    /// The route event's agent radius, and the agent profile whose area
    /// costs and forbidden areas the route honours (none for a radius
    /// alone): the event's `agent` or `radius`, else `--agent` or
    /// `--radius`.
    fn size(&self, line: &EventLine<'_>, query: &Query) -> Result<(f64, Option<&Agent>), String> {
        let radius = self.radius(line, query)?;
        let profile = match (&query.agent, query.radius) {
            (Some(name), _) => self.agent(name),
            (None, Some(_)) => None,
            (None, None) => self.given_profile(),
        };
        Ok((radius, profile))
    }

    /// The map's agent named `name` (a walking agent's routes are over its
    /// folded clearances, as `route --agent` finds them).
    fn agent(&self, name: &str) -> Option<&'a Agent> {
        self.network.agents().iter().find(|a| a.name == name)
    }

    /// The profile of `--agent`, when given.
    fn given_profile(&self) -> Option<&'a Agent> {
        self.agent(self.given_radius?.agent.as_deref()?)
    }

    /// The route event's agent radius: the event's `agent` or `radius`,
    /// else `--agent` or `--radius`.
    fn radius(&self, line: &EventLine<'_>, query: &Query) -> Result<f64, String> {
        if query.agent.is_some() && query.radius.is_some() {
            let message = "a route is for one agent size: give `agent` or `radius`, not both";
            return Err(self.file.at_key(line, "radius", message, "a second size"));
        }
        if let Some(name) = &query.agent {
            return self.agent(name).map(|a| a.radius).ok_or_else(|| {
                let message = format!(
                    "no agent named `{}` in the map",
                    clearway_text::quote::capped(name)
                );
                self.file.at_key(line, "agent", &message, "no such agent")
            });
        }
        if let Some(r) = query.radius {
            if !(r.is_finite() && r >= 0.0) {
                let message = "a radius must be a finite number >= 0";
                return Err(self.file.at_key(line, "radius", message, "not a radius"));
            }
            return Ok(r + 0.0);
        }
        self.given_radius.map(|c| c.agent_radius).ok_or_else(|| {
            let message = "a route needs the agent's size: give `\"radius\"` or `\"agent\"` \
                           in the event, or --radius or --agent";
            self.file.at_key(line, "route", message, "no agent size")
        })
    }

    /// A `route` event's answer, as `route` prints it.
    fn route(
        &self,
        live: &mut LiveLevel<D>,
        line: &EventLine<'_>,
        query: &Query,
    ) -> Result<Answer<D>, String> {
        let (start, goal) = self.ends(line, query)?;
        let (radius, profile) = self.size(line, query)?;
        let (found, widest) = match profile {
            Some(agent) => (
                live.route(start, goal, agent),
                live.widest_route(start, goal, Some(agent)),
            ),
            None => (
                live.route(start, goal, radius),
                live.widest_route(start, goal, None),
            ),
        };
        let printed = match self.format {
            ReportFormat::Json => {
                let report = RouteReport::new(self.network, found.as_ref(), widest.as_ref());
                query_json(line, query, Some(radius), &report)
            }
            ReportFormat::Text => {
                let text = route::text(
                    self.network,
                    found.as_ref(),
                    widest.as_ref(),
                    radius,
                    (start, goal),
                );
                query_text(line, &text)
            }
        };
        Ok(Answer::Routed(printed, found.is_some()))
    }

    /// A `widest` event's answer, as `widest` prints it.
    fn widest(
        &self,
        live: &mut LiveLevel<D>,
        line: &EventLine<'_>,
        query: &Query,
    ) -> Result<Answer<D>, String> {
        let (start, goal) = self.ends(line, query)?;
        if query.agent.is_some() || query.radius.is_some() {
            let key = if query.agent.is_some() {
                "agent"
            } else {
                "radius"
            };
            let message = "a widest route is for the largest agent that can go: it takes no size";
            return Err(self.file.at_key(line, key, message, "not for `widest`"));
        }
        // As `widest --agent`: never through an area `--agent` forbids.
        let widest = match self.given_profile() {
            Some(agent) => live.widest_route(start, goal, Some(agent)),
            None => live.widest_route(start, goal, None),
        };
        // A walking agent's clearances are its folded ones.
        let fold = self.given_profile().and_then(|a| live.walking_fold(a));
        let report = WidestReport::new(self.network, widest.as_ref());
        let printed = match self.format {
            ReportFormat::Json => query_json(line, query, None, &report),
            ReportFormat::Text => {
                let text = widest::text(
                    self.network,
                    fold.as_ref().unwrap_or(live.clearances()),
                    widest.as_ref(),
                    &report,
                    (start, goal),
                );
                query_text(line, &text)
            }
        };
        Ok(Answer::Routed(printed, report.found()))
    }
}

/// Whether obstacle `n` is in the level: as the library says it when not.
fn obstacle_exists<D: Shown>(live: &LiveLevel<D>, n: usize) -> Result<(), ChangeError> {
    if n >= live.obstacle_slots() {
        return Err(ChangeError::UnknownObstacle {
            index: n,
            last: live.obstacle_slots().checked_sub(1),
        });
    }
    if live.obstacle(n).is_none() {
        return Err(ChangeError::RemovedObstacle(n));
    }
    Ok(())
}

/// The few words a refused change's snippet puts under the value.
fn change_label(e: &ChangeError) -> &'static str {
    match e {
        ChangeError::UnknownObstacle { .. } => "no obstacle has this index",
        ChangeError::RemovedObstacle(_) => "already removed",
        ChangeError::UnknownEdge { .. } => "no edge has this index",
        ChangeError::RemovedEdge(_) => "removed",
        ChangeError::UnknownNode { .. } | ChangeError::RemovedNode(_) => "no such node",
        ChangeError::DuplicateNodeId(_) => "id in use",
        _ => "not valid",
    }
}

/// The name reports give the agent of `--agent` or `--radius`.
fn agent_name(checked: &CheckedRadius) -> String {
    match &checked.agent {
        Some(name) => name.clone(),
        None => format!("radius {}", given(checked.agent_radius)),
    }
}

/// A route answered, as JSON: the event's place and line, the query (its
/// ends as written, the radius of a `route`), then the command's own
/// report.
#[derive(Serialize)]
struct QueryJson<'a, R: Serialize> {
    event: usize,
    line: usize,
    query: &'static str,
    from: &'a Value,
    to: &'a Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    radius: Option<f64>,
    #[serde(flatten)]
    answer: &'a R,
}

/// The JSON line of a route answered.
fn query_json<R: Serialize>(
    line: &EventLine<'_>,
    query: &Query,
    radius: Option<f64>,
    answer: &R,
) -> String {
    let line = QueryJson {
        event: line.index,
        line: line.number,
        query: if radius.is_some() { "route" } else { "widest" },
        from: &query.from,
        to: &query.to,
        radius,
        answer,
    };
    serde_json::to_string(&line).unwrap_or_default() + "\n"
}

/// `line L: ` and the command's text, its lines joined by `; `.
fn query_text(line: &EventLine<'_>, text: &str) -> String {
    let joined: Vec<&str> = text.lines().collect();
    format!("line {}: {}\n", line.number, joined.join("; "))
}

/// The `--timings` line of the events: how many, and the median, 99th
/// percentile and largest time one took (nearest rank).
fn event_times(took: &[Duration]) -> String {
    let mut sorted = took.to_vec();
    sorted.sort();
    let rank = |p: f64| -> f64 {
        if sorted.is_empty() {
            return 0.0;
        }
        let k = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        sorted[k - 1].as_secs_f64() * 1e3
    };
    format!(
        "{}: median {:.3} ms, 99th percentile {:.3} ms, largest {:.3} ms",
        counted(took.len(), "event"),
        rank(0.5),
        rank(0.99),
        rank(1.0)
    )
}

/// Writes the level as it stands to `out`, atomically.
fn write_level<D: Shown>(
    live: &LiveLevel<D>,
    out: &Path,
    timings: &mut Timings,
) -> Result<(), Failure>
where
    for<'a> MapFile: From<&'a Map<D>>,
{
    timings.time("output", || {
        let level = live.to_map();
        let text = level.to_ron_string();
        keep_until_exit(level);
        Destination::File(out.to_path_buf()).write(&text)
    })?;
    note!(
        "wrote the level after the last event to `{}`",
        out.display()
    );
    Ok(())
}

//! `clearway watch MAP`: check the level, then, at each save of the map or
//! of one of its `--obstacles` files, say what the save changed, as `diff` would
//! between the last save and this one.
//!
//! The level is kept in memory as a [`LiveLevel`]: a save is turned into
//! changes to it ([`watch_changes`](super::watch_changes)), which cost what
//! they touch, instead of a check of the whole level. The clearances it
//! keeps are those a fresh check of the saved file gives, bit for bit
//! (`--verify` checks that after every save, for the tests).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::cli::level_diff::{ChangeKind, DiffOptions, DiffRadius, EdgeChange, LevelDiff};
use clearway::live::LiveLevel;
use clearway::{Agent, Clearance, Clearances, Plane, Space};

use super::args::{RadiusChoice, ReportFormat, WatchArgs};
use super::check::{RadiusReport, blame, verdicts};
use super::conventions::quiet;
use super::diff::{ChangeRow, DiffCounts, diff_with_walkers, radii, text_noted};
use super::dimension::{Coordinates, Shown};
use super::file_watch::{Event, FileWatch};
use super::input::{AnyLevel, Level, on_level};
use super::radius::{CheckedRadius, resolve};
use super::timings::Timings;
use super::watch_changes::{LiveIndices, Plan, plan};
use super::{Failure, Outcome};

pub fn run(args: &WatchArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let mut files = vec![args.map.map.as_path()];
    files.extend(args.map.obstacles.iter().map(PathBuf::as_path));
    if files.iter().any(|f| f.as_os_str() == "-") {
        return Err(Failure::Usage(
            "watch reads its files again at each save: name them by their paths, \
             not `-` (standard input)"
                .into(),
        ));
    }
    // Watching starts first: a save made while the level is first checked
    // is not missed.
    let events = FileWatch::start(&files)?;
    on_level!(
        AnyLevel::read_citing_obstacles(&args.map.to_map_arg(), timings)?,
        |level| watch(args, level, (&events, &files), timings)
    )
}

/// The dimensions a watch can keep: a save must load as the same one.
trait Watched: Shown {
    /// The level, if it is of this dimension; else what it is instead.
    fn level_of(level: AnyLevel) -> Result<Level<Self>, &'static str>;
}

impl Watched for Plane {
    fn level_of(level: AnyLevel) -> Result<Level<Self>, &'static str> {
        match level {
            AnyLevel::Plane(level) => Ok(level),
            AnyLevel::Space(_) => Err("3D (its nodes have three coordinates)"),
        }
    }
}

impl Watched for Space {
    fn level_of(level: AnyLevel) -> Result<Level<Self>, &'static str> {
        match level {
            AnyLevel::Space(level) => Ok(level),
            AnyLevel::Plane(_) => Err("flat (its nodes have two coordinates)"),
        }
    }
}

/// Checks the level, then reports each save until Ctrl-C.
fn watch<D: Watched>(
    args: &WatchArgs,
    level: Level<D>,
    (events, files): (&FileWatch, &[&Path]),
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let mut kept = Kept::start(args, level, timings)?;
    if !quiet() {
        let also: String = args
            .map
            .obstacles
            .iter()
            .map(|o| format!(" and `{}`", o.display()))
            .collect();
        eprintln!(
            "watching `{}`{also} for saves; Ctrl-C stops",
            args.map.map.display()
        );
    }
    let mut saves = 0;
    loop {
        match events.next() {
            Event::Saved(which) => {
                saves += 1;
                let files: Vec<&Path> = which.iter().map(|&k| files[k]).collect();
                kept.reload(args, saves, &files)?;
            }
            Event::Interrupted => return Ok(Outcome::Pass),
            Event::Failed(message) => return Err(Failure::Io(message)),
        }
    }
}

/// The last save that loaded, and the live level that stands for it.
struct Kept<D: Shown> {
    /// The file as loaded: what reports name edges and obstacles by.
    level: Level<D>,
    /// Its clearances, in its order.
    clearances: Clearances<D>,
    live: LiveLevel<D>,
    /// Where the file's obstacles, edges and nodes stand in `live`.
    at: LiveIndices,
    /// Each walking agent's folded clearances, in the file's order (see
    /// [`LiveLevel::reordered`]), as of the last save.
    walkers: Vec<(Agent, Clearances<D>)>,
}

/// How a save reached the live level.
enum Applied {
    /// As this many changes.
    Changes(usize),
    /// The whole level checked again, for this reason.
    Rechecked(String),
}

impl<D: Watched> Kept<D> {
    /// Checks the level, and prints the verdict as `check` would.
    fn start(args: &WatchArgs, level: Level<D>, timings: &mut Timings) -> Result<Self, Failure> {
        let checked = first_radii(&args.radius, &level)?;
        let (live, level, at) = timings.time("clearance", || fresh(level));
        let mut kept = Kept {
            clearances: live.reordered(live.clearances(), &at.edges, &at.nodes),
            level,
            live,
            at,
            walkers: Vec::new(),
        };
        kept.live.set_agents(checked.iter().map(agent).collect());
        kept.walkers = kept.walking_folds();
        if args.verify {
            verify(&kept.level, &kept.clearances)?;
        }
        let walkers = &kept.walkers;
        let own = |r: &CheckedRadius| {
            r.walking?;
            let name = r.agent.as_deref()?;
            walkers
                .iter()
                .find(|(a, _)| a.name == name)
                .map(|(_, c)| c.clone())
        };
        let (reports, text) = verdicts(&kept.level, &kept.clearances, &checked, own);
        let map = &kept.level.map;
        match args.format {
            ReportFormat::Text if checked.is_empty() => emit(&format!(
                "checked: {} edges, {} nodes, {} obstacles; no agent profile to check\n",
                map.edges().len(),
                map.nodes().len(),
                map.obstacles().len()
            ))?,
            ReportFormat::Text => emit(&text)?,
            ReportFormat::Json => emit_json(&CheckEvent {
                event: "check",
                edges: map.edges().len(),
                nodes: map.nodes().len(),
                obstacles: map.obstacles().len(),
                radii: &reports,
            })?,
        }
        Ok(kept)
    }

    /// Loads the files again and reports what changed; a save that does
    /// not load is reported and changes nothing. Fails only when the
    /// report cannot be written, or `--verify` finds a difference.
    /// `files` are the files saved.
    fn reload(&mut self, args: &WatchArgs, save: usize, files: &[&Path]) -> Result<(), Failure> {
        let start = Instant::now();
        let loaded =
            AnyLevel::read_citing_obstacles(&args.map.to_map_arg(), &mut Timings::default())
                .and_then(|level| {
                    D::level_of(level).map_err(|now| {
                        Failure::Usage(format!(
                            "`{}` is now {now}: watch keeps the dimension the level had when \
                         it started; start it again",
                            args.map.map.display()
                        ))
                    })
                })
                .and_then(|level| Ok((radii(&args.radius, &self.level, &level)?, level)));
        let (radii, new) = match loaded {
            Ok(loaded) => loaded,
            Err(failure) => return report_failure(args.format, save, &failure),
        };
        self.live.set_agents(
            radii
                .iter()
                .map(|r| Agent {
                    walking: walking_in(&new, r),
                    ..agent(&r.into())
                })
                .collect(),
        );
        let (new, applied) = self.apply(new);
        let clearances =
            self.live
                .reordered(self.live.clearances(), &self.at.edges, &self.at.nodes);
        if args.verify {
            verify(&new, &clearances)?;
        }
        let folds = self.walking_folds();
        // A walking agent's verdicts on its own clearances, as `diff`
        // judges it: the kept ones from the last save, the live level's
        // now.
        let known = |now: bool, r: &DiffRadius| {
            let name = r.agent.as_deref()?;
            if now {
                folds.iter().find(|(a, _)| a.name == name)
            } else {
                let was = walking_in(&self.level, r)?;
                self.walkers.iter().find(|(a, _)| {
                    a.name == name && a.walking == Some(was) && a.radius == r.old_radius
                })
            }
            .map(|(_, c)| c.clone())
        };
        let (diff, walkers) = diff_with_walkers(
            (&self.level, &self.clearances),
            (&new, &clearances),
            &radii,
            &DiffOptions::default(),
            known,
        );
        let took = start.elapsed();
        let saved = Saved {
            diff: &diff,
            old: &self.level,
            new: &new,
            clearances: &clearances,
            walkers: &walkers,
        };
        match args.format {
            ReportFormat::Text => emit(&saved.text(files, took, &applied))?,
            ReportFormat::Json => emit_json(&saved.json((save, files), took, &applied))?,
        }
        self.level = new;
        self.clearances = clearances;
        self.walkers = folds;
        Ok(())
    }

    /// Each walking agent's folded clearances on the live level, in the
    /// file's order.
    fn walking_folds(&self) -> Vec<(Agent, Clearances<D>)> {
        self.live
            .agents()
            .iter()
            .filter_map(|a| {
                let fold = self.live.walking_fold(a)?;
                let fold = self.live.reordered(&fold, &self.at.edges, &self.at.nodes);
                Some((a.clone(), fold))
            })
            .collect()
    }

    /// Makes the live level the saved one: through changes when they can
    /// say it, else by checking the whole level again.
    fn apply(&mut self, new: Level<D>) -> (Level<D>, Applied) {
        let why = match plan(&self.live, &self.at, &new.map) {
            Plan::Apply(changes, at) => {
                let count = changes.len();
                match self.live.apply_all(changes) {
                    Ok(_) => {
                        self.at = at;
                        return (new, Applied::Changes(count));
                    }
                    // Not expected: the file loaded, so every change is
                    // valid. The level as it stands is the safe answer.
                    Err(e) => format!("the kept level refused a change: {e}"),
                }
            }
            Plan::Recheck(why) => why,
        };
        let agents = self.live.agents().to_vec();
        let (live, new, at) = fresh(new);
        self.live = live;
        self.live.set_agents(agents);
        self.at = at;
        (new, Applied::Rechecked(why))
    }
}

/// A live level made from `level`'s map, every clearance computed; the
/// level gets the live level's copy of its map back (the same map).
fn fresh<D: Shown>(mut level: Level<D>) -> (LiveLevel<D>, Level<D>, LiveIndices) {
    let live = LiveLevel::new(level.map);
    level.map = live.to_map();
    let at = LiveIndices::of(&level.map);
    (live, level, at)
}

/// The radii of the first check: the one given, or every profile of the
/// map (none is no error: only clearance changes are reported then).
fn first_radii<D: Shown>(
    choice: &RadiusChoice,
    level: &Level<D>,
) -> Result<Vec<CheckedRadius>, Failure> {
    if choice.radius.is_none() && choice.agent.is_none() && level.map.agents().is_empty() {
        return Ok(Vec::new());
    }
    Ok(resolve(choice, &level.map)?.all())
}

/// The agent the live level's reports speak of for a checked radius (a
/// walking agent's profile with it).
fn agent(r: &CheckedRadius) -> Agent {
    let name = r
        .agent
        .clone()
        .unwrap_or_else(|| format!("radius {}", r.agent_radius));
    Agent {
        walking: r.walking,
        ..Agent::new(name, r.agent_radius)
    }
}

/// The walking profile of the agent `r` names in `level`, if it walks.
fn walking_in<D: Shown>(level: &Level<D>, r: &DiffRadius) -> Option<clearway::walking::Walking> {
    let name = r.agent.as_deref()?;
    level.map.agents().iter().find(|a| a.name == name)?.walking
}

impl From<&DiffRadius> for CheckedRadius {
    fn from(r: &DiffRadius) -> Self {
        CheckedRadius {
            agent: r.agent.clone(),
            agent_radius: r.agent_radius,
            walking: None,
        }
    }
}

/// `--verify`: the kept clearances against a fresh computation.
fn verify<D: Shown>(level: &Level<D>, kept: &Clearances<D>) -> Result<(), Failure> {
    let fresh = Clearances::compute(&level.map);
    if &fresh == kept {
        return Ok(());
    }
    let edge = (0..fresh.edges().len()).find(|&i| fresh.edges()[i] != kept.edges()[i]);
    let node = (0..fresh.nodes().len()).find(|&i| fresh.nodes()[i] != kept.nodes()[i]);
    Err(Failure::Io(format!(
        "--verify: the kept clearances differ from a fresh check: first edge {edge:?} \
         (kept {:?}, fresh {:?}), first node {node:?}, slack {} and {}",
        edge.map(|i| kept.edges()[i]),
        edge.map(|i| fresh.edges()[i]),
        kept.slack(),
        fresh.slack()
    )))
}

/// One save's report, in either format.
struct Saved<'a, D: Shown> {
    diff: &'a LevelDiff,
    old: &'a Level<D>,
    new: &'a Level<D>,
    clearances: &'a Clearances<D>,
    /// Each walking agent's own clearances by radius index: its changes
    /// cite its witnesses.
    walkers: &'a [(usize, Clearances<D>)],
}

impl<D: Shown> Saved<'_, D> {
    /// `diff`'s lines, each change with the obstacle that sets its new
    /// clearance, under a line naming the file and over `diff`'s summary
    /// line, which says how long the reload took:
    ///
    /// ```text
    /// saved: maps/yard.ron
    /// blocked    edge 3 (4 -> 5)  clearance 2 -> 0.5  (radius 1 soldier): circle #6 (line 14) pinches at (8, 2), obstacle at (8, 1.5)
    /// FAILED: 1 newly blocked, 0 unblocked, 0 added, 0 removed, 0 changed, 0 one_way, 0 cost; reloaded in 1.2 ms, 1 change applied
    /// ```
    fn text(&self, files: &[&Path], took: Duration, applied: &Applied) -> String {
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        let mut out = format!("saved: {}\n", names.join(", "));
        let note = |c: &EdgeChange| {
            self.witness(c)
                .map(|w| blame(self.new, w))
                .unwrap_or_default()
        };
        out += &text_noted(self.diff, (&self.old.map, &self.new.map), false, &note);
        out.pop();
        let _ = write!(out, "; reloaded in {}", millis(took));
        match applied {
            Applied::Changes(0) => out.push_str(", nothing to apply"),
            Applied::Changes(1) => out.push_str(", 1 change applied"),
            Applied::Changes(n) => {
                let _ = write!(out, ", {n} changes applied");
            }
            Applied::Rechecked(why) => {
                let _ = write!(out, ", the whole level checked again ({why})");
            }
        }
        out.push('\n');
        out
    }

    fn json(
        &self,
        (save, files): (usize, &[&Path]),
        took: Duration,
        applied: &Applied,
    ) -> SaveEvent<'_> {
        let diff = self.diff;
        let (changes_applied, rechecked) = match applied {
            Applied::Changes(n) => (*n, None),
            Applied::Rechecked(why) => (0, Some(why.clone())),
        };
        SaveEvent {
            event: "saved",
            save,
            files: files.iter().map(|f| f.display().to_string()).collect(),
            seconds: took.as_secs_f64(),
            changes_applied,
            rechecked,
            counts: DiffCounts::of(diff),
            changes: diff
                .changes
                .iter()
                .map(|c| WatchRow {
                    change: ChangeRow::new(diff, c),
                    witness: self.witness(c).and_then(|w| {
                        w.witness.map(|w| WitnessRow {
                            obstacle: w.obstacle,
                            edge_point: D::coordinates(w.edge_point),
                            obstacle_point: D::coordinates(w.obstacle_point),
                        })
                    }),
                })
                .collect(),
        }
    }

    /// The new clearance of a change that has one worth naming (blocked,
    /// unblocked, added, changed) and an obstacle that sets it.
    fn witness(&self, c: &EdgeChange) -> Option<&Clearance<D::Point>> {
        let shown = matches!(
            c.kind,
            ChangeKind::Blocked | ChangeKind::Unblocked | ChangeKind::Added | ChangeKind::Changed
        );
        let own = c
            .radius
            .and_then(|k| self.walkers.iter().find(|w| w.0 == k))
            .map_or(self.clearances, |w| &w.1);
        let clearance = own.edge(c.new?.edge);
        (shown && clearance.witness.is_some()).then_some(clearance)
    }
}

/// A duration in milliseconds, to a tenth.
fn millis(took: Duration) -> String {
    format!("{:.1} ms", took.as_secs_f64() * 1000.0)
}

/// A save that did not load: its error on stderr (and, as JSON, on stdout
/// too, so that a reader of the stream sees it); the watch goes on.
fn report_failure(format: ReportFormat, save: usize, failure: &Failure) -> Result<(), Failure> {
    let message = failure.to_string();
    eprintln!("{message}");
    eprintln!("(the last level that loaded is kept; still watching)");
    match format {
        ReportFormat::Text => Ok(()),
        ReportFormat::Json => emit_json(&ErrorEvent {
            event: "error",
            save,
            error: &message,
        }),
    }
}

/// The first check, as JSON: `check`'s verdict for each radius.
#[derive(Serialize)]
struct CheckEvent<'a> {
    event: &'static str,
    edges: usize,
    nodes: usize,
    obstacles: usize,
    radii: &'a [RadiusReport],
}

/// A save, as JSON: `diff`'s report, with the witnesses and the time.
#[derive(Serialize)]
struct SaveEvent<'a> {
    event: &'static str,
    /// Which save, from 1.
    save: usize,
    /// The files saved, as named on the command line.
    files: Vec<String>,
    /// From the save being seen to the report being ready.
    seconds: f64,
    /// How many changes were applied to the kept level.
    changes_applied: usize,
    /// Why the whole level was checked again instead; absent when it was not.
    #[serde(skip_serializing_if = "Option::is_none")]
    rechecked: Option<String>,
    #[serde(flatten)]
    counts: DiffCounts<'a>,
    changes: Vec<WatchRow<'a>>,
}

/// One change: `diff`'s row and the obstacle that sets the new clearance.
#[derive(Serialize)]
struct WatchRow<'a> {
    #[serde(flatten)]
    change: ChangeRow<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    witness: Option<WitnessRow>,
}

/// The obstacle that sets a clearance (its index in the saved file) and
/// where it pinches.
#[derive(Serialize)]
struct WitnessRow {
    obstacle: usize,
    edge_point: Coordinates,
    obstacle_point: Coordinates,
}

/// A save that did not load, as JSON.
#[derive(Serialize)]
struct ErrorEvent<'a> {
    event: &'static str,
    save: usize,
    error: &'a str,
}

/// Writes a report to stdout now (a reader is waiting for it). A closed
/// stdout ends the watch: nobody reads it any more.
fn emit(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::from_stdout_error)
}

/// One JSON object on one line (JSON Lines).
fn emit_json(value: &impl Serialize) -> Result<(), Failure> {
    let line =
        serde_json::to_string(value).map_err(|e| Failure::Io(format!("cannot write JSON: {e}")))?;
    emit(&(line + "\n"))
}

//! What changed between two versions of a level: edge by edge, which edges
//! became blocked or unblocked for the radii checked, which were added or
//! removed, and which clearances moved by more than a tolerance.
//!
//! Edges are matched by their end node ids, not by their index, so inserting
//! an edge shifts nothing. A two-way edge is the same edge whichever way it
//! is written (`1 -> 2` and `2 -> 1`); a one-way edge has a direction. Of the
//! edges between the same two nodes, those that are alike (two-way, or
//! one-way in the same direction) are matched first, in file order; what is
//! left of both versions is matched next, in file order, as an edge whose
//! `one_way` changed; anything left after that was added or removed. A
//! matched edge whose `one_way` or explicit `cost` changed is reported as
//! such, besides any change of its clearance; so is one that was closed or
//! opened (`closed`: a door shut or opened). Blocked and unblocked are
//! verdicts on clearance alone: a closed edge keeps its clearance, and the
//! door that opens must fit the agents it did.
//!
//! Agent profiles are part of the change: one added, removed or resized is
//! an [`AgentChange`], and each level is judged against its own profiles. A
//! profile of NEW is checked with its radius in NEW on the new level and its
//! radius in OLD on the old one ([`DiffRadius::every_profile`]): an edge is
//! newly blocked for it when it admitted the OLD radius in OLD (or is new)
//! and does not admit the NEW radius in NEW. A profile only in NEW is judged
//! against its radius on both levels, so adding an agent blocks only what
//! the level change blocks for it; a profile only in OLD is no longer
//! travelled, so nothing is blocked for it.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use clearway::map::{Agent, Map};
use clearway::{Clearances, Dimension, EdgeIdx, admits};

/// What a diff reads of a level's clearances: each edge's value, and the
/// slack its verdicts allow ([`Clearances::slack`]). Not the witnesses: a
/// diff of two large levels holds only their values ([`EdgeValues`]).
pub trait EdgeClearances {
    /// Edge `edge`'s clearance.
    fn edge_value(&self, edge: EdgeIdx) -> f64;
    /// The slack of the level's verdicts.
    fn slack(&self) -> f64;
}

impl<D: Dimension> EdgeClearances for Clearances<D> {
    fn edge_value(&self, edge: EdgeIdx) -> f64 {
        self.edge(edge).value
    }

    fn slack(&self) -> f64 {
        Clearances::slack(self)
    }
}

/// Every edge's clearance value and the level's slack: 8 bytes an edge,
/// where [`Clearances`] holds each edge's and node's witness as well.
pub struct EdgeValues {
    /// Edge by edge, as [`Clearances::compute`] gives them.
    pub values: Vec<f64>,
    /// The level's slack ([`Map::slack`]).
    pub slack: f64,
}

impl EdgeClearances for EdgeValues {
    fn edge_value(&self, edge: EdgeIdx) -> f64 {
        self.values[edge.get()]
    }

    fn slack(&self) -> f64 {
        self.slack
    }
}

/// When two clearances count as different.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiffOptions {
    /// Changes up to this many units are not reported; default 0.
    pub absolute_tolerance: f64,
    /// Changes up to this fraction of the larger clearance are not reported;
    /// default 1e-9, the precision clearances are computed to.
    pub relative_tolerance: f64,
}

impl Default for DiffOptions {
    fn default() -> Self {
        DiffOptions {
            absolute_tolerance: 0.0,
            relative_tolerance: 1e-9,
        }
    }
}

impl DiffOptions {
    /// Whether `old` and `new` differ by more than the tolerance: by more
    /// than both the absolute tolerance and the relative tolerance times the
    /// larger of the two. Unbounded equals unbounded.
    pub fn differ(&self, old: f64, new: f64) -> bool {
        if old == new {
            return false;
        }
        if old.is_infinite() || new.is_infinite() {
            return true;
        }
        let allowed = self
            .absolute_tolerance
            .max(self.relative_tolerance * old.abs().max(new.abs()));
        (new - old).abs() > allowed
    }
}

/// A radius the diff checks, and the agent profile it came from, if any.
/// A resized profile has two radii: the old level is judged against the
/// one it had in OLD, the new level against the one it has in NEW.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffRadius {
    /// The agent profile's name.
    pub agent: Option<String>,
    /// The radius the new level is judged against.
    #[serde(rename = "radius")]
    pub agent_radius: f64,
    /// The radius the old level is judged against: the profile's radius in
    /// OLD when it was resized, else the same as `agent_radius`.
    pub old_radius: f64,
}

impl DiffRadius {
    /// One radius for both levels: `--radius`, or a profile the same size
    /// in both.
    pub fn same(agent: Option<String>, radius: f64) -> DiffRadius {
        DiffRadius {
            agent,
            agent_radius: radius,
            old_radius: radius,
        }
    }

    /// NEW's profile `name`, judged in OLD against OLD's profile of that
    /// name when there is one (else against its NEW radius); `None` when
    /// NEW has no such profile.
    pub fn profile(old: &[Agent], new: &[Agent], name: &str) -> Option<DiffRadius> {
        let now = new.iter().find(|a| a.name == name)?;
        let before = old.iter().find(|a| a.name == name).unwrap_or(now);
        Some(DiffRadius {
            agent: Some(now.name.clone()),
            agent_radius: now.radius,
            old_radius: before.radius,
        })
    }

    /// Every profile of NEW, in its file order, as [`DiffRadius::profile`]
    /// judges each. A profile only in OLD is not checked: no agent of that
    /// name travels the new level.
    pub fn every_profile(old: &[Agent], new: &[Agent]) -> Vec<DiffRadius> {
        new.iter()
            .filter_map(|a| DiffRadius::profile(old, new, &a.name))
            .collect()
    }

    /// Whether the profile's radius changed between the levels.
    pub fn resized(&self) -> bool {
        self.old_radius != self.agent_radius
    }
}

/// An agent profile added, removed, resized, or whose costs or forbidden
/// areas changed: a change to the level even where no edge's verdict moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgentChange {
    /// The profile's name.
    pub agent: String,
    /// Its radius in OLD; `None` (`null` in JSON) when added.
    pub old_radius: Option<f64>,
    /// Its radius in NEW; `None` (`null` in JSON) when removed.
    pub radius: Option<f64>,
    /// For a profile of both levels whose `costs` changed: its costs in
    /// OLD and in NEW (left out of JSON otherwise, as before areas).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub costs: Option<CostsChange>,
    /// For a profile of both levels whose `forbid` changed (as a set): its
    /// forbidden areas in OLD and in NEW, sorted (left out of JSON
    /// otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forbid: Option<ForbidChange>,
}

/// An agent's multipliers by area in OLD and in NEW.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CostsChange {
    /// The costs in OLD.
    pub old: BTreeMap<String, f64>,
    /// The costs in NEW.
    pub new: BTreeMap<String, f64>,
}

/// An agent's forbidden areas in OLD and in NEW, each sorted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ForbidChange {
    /// The areas forbidden in OLD.
    pub old: Vec<String>,
    /// The areas forbidden in NEW.
    pub new: Vec<String>,
}

/// `agent`'s forbidden areas, sorted, each once: what is compared.
fn forbid_set(agent: &Agent) -> Vec<String> {
    let set: BTreeSet<&String> = agent.forbid.iter().collect();
    set.into_iter().cloned().collect()
}

impl AgentChange {
    /// The profiles added, resized, or with other costs or forbidden areas,
    /// in NEW's file order, then the profiles removed, in OLD's; profiles
    /// alike in both are left out.
    pub fn between(old: &[Agent], new: &[Agent]) -> Vec<AgentChange> {
        fn find<'a>(agents: &'a [Agent], name: &str) -> Option<&'a Agent> {
            agents.iter().find(|a| a.name == name)
        }
        let added_or_changed = new.iter().filter_map(|a| {
            let before = find(old, &a.name);
            let costs = before.filter(|b| b.costs != a.costs).map(|b| CostsChange {
                old: b.costs.clone(),
                new: a.costs.clone(),
            });
            let forbid = before
                .map(|b| (forbid_set(b), forbid_set(a)))
                .filter(|(was, is)| was != is)
                .map(|(old, new)| ForbidChange { old, new });
            let old_radius = before.map(|b| b.radius);
            (old_radius != Some(a.radius) || costs.is_some() || forbid.is_some()).then(|| {
                AgentChange {
                    agent: a.name.clone(),
                    old_radius,
                    radius: Some(a.radius),
                    costs,
                    forbid,
                }
            })
        });
        let removed = old
            .iter()
            .filter(|a| find(new, &a.name).is_none())
            .map(|a| AgentChange {
                agent: a.name.clone(),
                old_radius: Some(a.radius),
                radius: None,
                costs: None,
                forbid: None,
            });
        added_or_changed.chain(removed).collect()
    }
}

/// What happened to an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// The edge admits a checked radius no longer (or is new and does not
    /// admit it): the change breaks something.
    Blocked,
    /// The edge admits a checked radius it did not admit before.
    Unblocked,
    /// The edge is only in the new level.
    Added,
    /// The edge is only in the old level.
    Removed,
    /// The clearance moved by more than the tolerance without crossing a
    /// checked radius.
    Changed,
    /// The edge became one-way, two-way, or one-way the other way round.
    #[serde(rename = "one_way")]
    OneWay,
    /// The edge's explicit `cost` was set, changed or removed.
    Cost,
    /// The edge was open and is closed: no agent may use it now.
    Closed,
    /// The edge was closed and is open.
    Opened,
    /// The edge's area was set, changed or removed: the agents whose
    /// costs or forbidden areas name either area see it differently.
    Area,
    /// A checked agent may no longer use the edge (or may not use it, new)
    /// by its area: the agent's `forbid` or the edge's area changed.
    Forbidden,
    /// A checked agent may use the edge again: its area is no longer one
    /// the agent forbids.
    Allowed,
}

impl ChangeKind {
    /// The word used in reports: `blocked`, `unblocked`, `added`, `removed`,
    /// `changed`, `one_way`, `cost`, `closed`, `opened`, `area`,
    /// `forbidden`, `allowed`.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Blocked => "blocked",
            ChangeKind::Unblocked => "unblocked",
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
            ChangeKind::Changed => "changed",
            ChangeKind::OneWay => "one_way",
            ChangeKind::Cost => "cost",
            ChangeKind::Closed => "closed",
            ChangeKind::Opened => "opened",
            ChangeKind::Area => "area",
            ChangeKind::Forbidden => "forbidden",
            ChangeKind::Allowed => "allowed",
        }
    }
}

/// One version of an edge: its index in that level, its clearance, and how
/// it may be travelled.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EdgeSide {
    /// The edge's index in that level's file.
    pub edge: EdgeIdx,
    /// Its clearance; `f64::INFINITY` (`null` in JSON) when unbounded.
    #[serde(serialize_with = "finite_or_null")]
    pub clearance: f64,
    /// The id of the node it starts at, as written in that level.
    pub from: u64,
    /// The id of the node it ends at, as written in that level.
    pub to: u64,
    /// Whether it may be travelled only from `from` to `to`.
    pub one_way: bool,
    /// Its explicit cost; `None` (`null` in JSON) when it costs its length.
    pub cost: Option<f64>,
    /// Whether it is closed; left out of JSON when open, as the edges of
    /// levels without closed edges were written.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
}

impl EdgeSide {
    fn of<D: Dimension>(map: &Map<D>, clearances: &dyn EdgeClearances, edge: EdgeIdx) -> EdgeSide {
        let e = &map.edges()[edge];
        EdgeSide {
            edge,
            clearance: clearances.edge_value(edge),
            from: map.nodes()[e.from].id,
            to: map.nodes()[e.to].id,
            one_way: e.one_way,
            cost: e.cost,
            closed: e.closed,
        }
    }

    /// Its end ids, smaller first: what the edges between the same two
    /// nodes share.
    fn ends(&self) -> Ends {
        (self.from.min(self.to), self.from.max(self.to))
    }

    /// What matching compares first: one-way edges by direction, two-way
    /// edges by their unordered ends.
    fn shape(&self) -> (u64, u64, bool) {
        if self.one_way {
            (self.from, self.to, true)
        } else {
            let (a, b) = self.ends();
            (a, b, false)
        }
    }
}

/// One change: an edge, and for blocked and unblocked edges the radius.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EdgeChange {
    /// What happened.
    pub kind: ChangeKind,
    /// The `from` node's id, as the new level writes the edge (the old
    /// level when removed).
    pub from: u64,
    /// The `to` node's id, likewise.
    pub to: u64,
    /// Which of the edges between these two nodes this is, counting from 0:
    /// the new level's in file order, then the removed ones in the old
    /// level's file order (parallel edges are allowed).
    pub occurrence: usize,
    /// The edge in the old level; `None` when added.
    pub old: Option<EdgeSide>,
    /// The edge in the new level; `None` when removed.
    pub new: Option<EdgeSide>,
    /// For `blocked` and `unblocked`: the index in [`LevelDiff::radii`] of
    /// the radius.
    pub radius: Option<usize>,
    /// For `area`, `forbidden` and `allowed`: the edge's area in the old
    /// level and in the new (`None` for none, or for a level without the
    /// edge); `None` for every other kind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub areas: Option<(Option<String>, Option<String>)>,
}

/// Every change between two versions of a level, sorted: blocked, unblocked,
/// added, removed, changed; within a kind by from id, to id, occurrence and
/// radius.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelDiff {
    /// The radii checked, in the order given.
    pub radii: Vec<DiffRadius>,
    /// The agent profiles added, resized or removed, as
    /// [`AgentChange::between`] lists them, whatever the radii checked.
    pub agent_changes: Vec<AgentChange>,
    /// The changes.
    pub changes: Vec<EdgeChange>,
}

/// One edge of either level or both, matched, with its place among the
/// edges between the same two nodes.
#[cfg_attr(test, derive(Debug, PartialEq))]
struct Matched {
    from: u64,
    to: u64,
    occurrence: usize,
    old: Option<EdgeSide>,
    new: Option<EdgeSide>,
}

/// The edges between two nodes: their end ids, smaller first.
type Ends = (u64, u64);

/// A level's edges in the order of their ends ([`EdgeSide::ends`]): the
/// edges between the same two nodes side by side, in file order (a stable
/// sort). Indices, not [`EdgeSide`]s: 4 bytes an edge rather than 56 (a
/// list per pair of nodes would cost more again); the sides of a group are
/// made when it is matched.
fn grouped<D: Dimension>(map: &Map<D>) -> Vec<EdgeIdx> {
    let mut edges: Vec<EdgeIdx> = (0..map.edges().len()).map(EdgeIdx::new).collect();
    edges.sort_by_key(|&i| ends_of(map, i));
    edges
}

/// The end ids of edge `i`, smaller first, as [`EdgeSide::ends`] gives them.
fn ends_of<D: Dimension>(map: &Map<D>, i: EdgeIdx) -> Ends {
    let e = &map.edges()[i];
    let (a, b) = (map.nodes()[e.from].id, map.nodes()[e.to].id);
    (a.min(b), a.max(b))
}

/// The sides of the leading run of `edges` (of `level`) between `ends`,
/// into `run`; how many there are.
fn take_run<D: Dimension>(
    (map, clearances): (&Map<D>, &dyn EdgeClearances),
    edges: &[EdgeIdx],
    ends: Ends,
    run: &mut Vec<EdgeSide>,
) -> usize {
    run.clear();
    run.extend(
        edges
            .iter()
            .take_while(|&&i| ends_of(map, i) == ends)
            .map(|&i| EdgeSide::of(map, clearances, i)),
    );
    run.len()
}

/// Matches the edges of both levels (see the module comment), handing each
/// match to `each`: by end ids, then as [`match_group`] orders them.
fn match_edges<D: Dimension>(
    old: (&Map<D>, &dyn EdgeClearances),
    new: (&Map<D>, &dyn EdgeClearances),
    mut each: impl FnMut(Matched),
) {
    let (olds, news) = (grouped(old.0), grouped(new.0));
    let (mut old_run, mut new_run) = (Vec::new(), Vec::new());
    let (mut o, mut n) = (0, 0);
    loop {
        let ends = match (olds.get(o), news.get(n)) {
            (Some(&a), Some(&b)) => ends_of(old.0, a).min(ends_of(new.0, b)),
            (Some(&a), None) => ends_of(old.0, a),
            (None, Some(&b)) => ends_of(new.0, b),
            (None, None) => break,
        };
        o += take_run(old, &olds[o..], ends, &mut old_run);
        n += take_run(new, &news[n..], ends, &mut new_run);
        match_group(&old_run, &new_run, &mut each);
    }
}

/// Matches the edges between two nodes, each level's in file order: alike
/// edges first, then what is left of both as edges whose `one_way`
/// changed, then the added and removed. `each` gets them in the new
/// level's file order, then the removed ones in the old level's.
fn match_group(olds: &[EdgeSide], news: &[EdgeSide], each: &mut impl FnMut(Matched)) {
    let mut taken_new = vec![false; news.len()];
    let mut pairs: Vec<(Option<EdgeSide>, Option<EdgeSide>)> = Vec::new();
    let mut left_old = Vec::new();
    for &o in olds {
        let alike = (0..news.len()).find(|&j| !taken_new[j] && news[j].shape() == o.shape());
        match alike {
            Some(j) => {
                taken_new[j] = true;
                pairs.push((Some(o), Some(news[j])));
            }
            None => left_old.push(o),
        }
    }
    let mut left_new = (0..news.len()).filter(|&j| !taken_new[j]).map(|j| news[j]);
    for o in left_old {
        pairs.push((Some(o), left_new.next()));
    }
    pairs.extend(left_new.map(|n| (None, Some(n))));
    // The new level's edges in its file order, then the removed ones.
    pairs.sort_by_key(|(o, n)| (n.map_or(usize::MAX, |n| n.edge.get()), o.map(|o| o.edge)));
    for (occurrence, (o, n)) in pairs.into_iter().enumerate() {
        let written = n.or(o).expect("a pair holds an edge");
        each(Matched {
            from: written.from,
            to: written.to,
            occurrence,
            old: o,
            new: n,
        });
    }
}

impl LevelDiff {
    /// Compares two levels, each with its clearances, for the radii given
    /// (none: only additions, removals and changed clearances), judging
    /// OLD against each radius's `old_radius` and NEW against its
    /// `agent_radius`. Both levels have the same dimension, flat or 3D.
    pub fn compute<D: Dimension>(
        old: (&Map<D>, &dyn EdgeClearances),
        new: (&Map<D>, &dyn EdgeClearances),
        radii: &[DiffRadius],
        options: &DiffOptions,
    ) -> LevelDiff {
        let mut changes = Vec::new();
        let forbids: Vec<(BTreeSet<&str>, BTreeSet<&str>)> = radii
            .iter()
            .map(|r| forbidden_areas(old.0.agents(), new.0.agents(), r.agent.as_deref()))
            .collect();
        match_edges(old, new, |matched| {
            let Matched {
                from,
                to,
                occurrence,
                old: o,
                new: n,
            } = matched;
            let change = |kind, radius| EdgeChange {
                kind,
                from,
                to,
                occurrence,
                old: o,
                new: n,
                radius,
                areas: None,
            };
            // Each level judges its own edges, with its own slack.
            let admits =
                |s: Option<EdgeSide>, r: f64, slack: f64| s.map(|s| admits(s.clearance, r, slack));
            let mut crossed = false;
            for (i, r) in radii.iter().enumerate() {
                let (was, is) = (
                    admits(o, r.old_radius, old.1.slack()),
                    admits(n, r.agent_radius, new.1.slack()),
                );
                match (was, is) {
                    (Some(true) | None, Some(false)) => {
                        changes.push(change(ChangeKind::Blocked, Some(i)));
                        crossed = true;
                    }
                    (Some(false), Some(true)) => {
                        changes.push(change(ChangeKind::Unblocked, Some(i)));
                        crossed = true;
                    }
                    _ => {}
                }
            }
            // Each level's area of the edge, against the agent's forbidden
            // areas in that level.
            let (area_was, area_is) = (
                o.and_then(|s| old.0.edge_area(s.edge)),
                n.and_then(|s| new.0.edge_area(s.edge)),
            );
            for (i, (was_forbidden, is_forbidden)) in forbids.iter().enumerate() {
                let was = o.map(|_| area_was.is_some_and(|a| was_forbidden.contains(a)));
                let is = n.map(|_| area_is.is_some_and(|a| is_forbidden.contains(a)));
                let kind = match (was, is) {
                    (Some(false) | None, Some(true)) => ChangeKind::Forbidden,
                    (Some(true), Some(false)) => ChangeKind::Allowed,
                    _ => continue,
                };
                changes.push(EdgeChange {
                    areas: Some((area_was.map(str::to_owned), area_is.map(str::to_owned))),
                    ..change(kind, Some(i))
                });
            }
            match (o, n) {
                (None, Some(_)) => changes.push(change(ChangeKind::Added, None)),
                (Some(_), None) => changes.push(change(ChangeKind::Removed, None)),
                (Some(a), Some(b)) => {
                    if !crossed && options.differ(a.clearance, b.clearance) {
                        changes.push(change(ChangeKind::Changed, None));
                    }
                    if a.shape() != b.shape() {
                        changes.push(change(ChangeKind::OneWay, None));
                    }
                    if a.cost != b.cost {
                        changes.push(change(ChangeKind::Cost, None));
                    }
                    match (a.closed, b.closed) {
                        (false, true) => changes.push(change(ChangeKind::Closed, None)),
                        (true, false) => changes.push(change(ChangeKind::Opened, None)),
                        _ => {}
                    }
                    let (was, is) = (old.0.edge_area(a.edge), new.0.edge_area(b.edge));
                    if was != is {
                        changes.push(EdgeChange {
                            areas: Some((was.map(str::to_owned), is.map(str::to_owned))),
                            ..change(ChangeKind::Area, None)
                        });
                    }
                }
                _ => {}
            }
        });
        changes.sort_by_key(|c| (c.kind, c.from, c.to, c.occurrence, c.radius));
        LevelDiff {
            radii: radii.to_vec(),
            agent_changes: AgentChange::between(old.0.agents(), new.0.agents()),
            changes,
        }
    }

    /// Takes the verdicts of `own`, a diff of the same two levels for one
    /// radius computed with that agent's own clearances (a walking agent's:
    /// [`WalkingClearances::for_agent`](clearway::walking::WalkingClearances::for_agent)
    /// of each level), as the verdicts for the radius at `index` of
    /// [`LevelDiff::radii`]: this diff's blocked and unblocked edges for
    /// `index` are replaced by `own`'s, and the order kept. Its other
    /// changes (added, changed, ...) are this diff's own, found again, and
    /// are left out.
    pub fn take_verdicts(&mut self, own: LevelDiff, index: usize) {
        self.changes.retain(|c| c.radius != Some(index));
        self.changes.extend(
            own.changes
                .into_iter()
                .filter(|c| matches!(c.kind, ChangeKind::Blocked | ChangeKind::Unblocked))
                .map(|c| EdgeChange {
                    radius: Some(index),
                    ..c
                }),
        );
        self.changes
            .sort_by_key(|c| (c.kind, c.from, c.to, c.occurrence, c.radius));
    }

    /// How many (edge, radius) pairs the change blocks: edges that admitted
    /// a checked radius and no longer do, and new edges that do not admit it.
    pub fn newly_blocked(&self) -> usize {
        self.count(ChangeKind::Blocked)
    }

    /// How many changes are of this kind.
    pub fn count(&self, kind: ChangeKind) -> usize {
        self.changes.iter().filter(|c| c.kind == kind).count()
    }
}

/// The areas agent `name` forbids in OLD and in NEW, judged as
/// [`DiffRadius::profile`] judges its radius: NEW's profile, and OLD's of
/// that name, else NEW's again. None for a bare radius or an unknown name.
fn forbidden_areas<'a>(
    old: &'a [Agent],
    new: &'a [Agent],
    name: Option<&str>,
) -> (BTreeSet<&'a str>, BTreeSet<&'a str>) {
    let Some(now) = name.and_then(|n| new.iter().find(|a| a.name == n)) else {
        return (BTreeSet::new(), BTreeSet::new());
    };
    let before = old.iter().find(|a| a.name == now.name).unwrap_or(now);
    let set = |a: &'a Agent| a.forbid.iter().map(String::as_str).collect();
    (set(before), set(now))
}

fn finite_or_null<S: serde::Serializer>(value: &f64, s: S) -> Result<S::Ok, S::Error> {
    if value.is_finite() {
        s.serialize_f64(*value)
    } else {
        s.serialize_none()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use proptest::prelude::*;

    use super::*;

    /// A point obstacle moved 1 closer to the edge blocks it for the tank.
    #[test]
    fn an_obstacle_moved_closer_blocks_the_edge() {
        let old = Map::loader()
            .read_str(
                "(nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0))],
            edges: [(from: 1, to: 2)], obstacles: [Point((5, 2))])",
                "old.ron",
            )
            .unwrap();
        let new = Map::loader()
            .read_str(
                "(nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0))],
            edges: [(from: 1, to: 2)], obstacles: [Point((5, 1))])",
                "new.ron",
            )
            .unwrap();
        let tank = DiffRadius::same(Some("tank".into()), 1.5);
        let diff = LevelDiff::compute(
            (&old, &Clearances::compute(&old)),
            (&new, &Clearances::compute(&new)),
            &[tank],
            &DiffOptions::default(),
        );
        assert_eq!(diff.changes.len(), 1);
        assert_eq!(diff.changes[0].kind, ChangeKind::Blocked);
        assert_eq!(diff.newly_blocked(), 1);
    }

    /// The matching as first written: a map from end ids to each level's
    /// edges, walked key by key. Obviously in key order and file order, at
    /// a list per pair of nodes.
    fn match_edges_by_map(old: (&Map, &Clearances), new: (&Map, &Clearances)) -> Vec<Matched> {
        fn groups(map: &Map, clearances: &Clearances) -> BTreeMap<Ends, Vec<EdgeSide>> {
            let mut groups: BTreeMap<Ends, Vec<EdgeSide>> = BTreeMap::new();
            for i in (0..map.edges().len()).map(EdgeIdx::new) {
                let side = EdgeSide::of(map, clearances, i);
                groups.entry(side.ends()).or_default().push(side);
            }
            groups
        }
        let (mut olds, mut news) = (groups(old.0, old.1), groups(new.0, new.1));
        let keys: BTreeSet<Ends> = olds.keys().chain(news.keys()).copied().collect();
        let mut all = Vec::new();
        for key in keys {
            let (o, n) = (olds.remove(&key), news.remove(&key));
            match_group(&o.unwrap_or_default(), &n.unwrap_or_default(), &mut |m| {
                all.push(m)
            });
        }
        all
    }

    /// A level on nodes 0 to 4 (ids 10 to 14) with these edges: `(from,
    /// to, one_way, cost)`, self-loops left out. Few nodes, so that many
    /// edges share their ends, both ways round.
    fn level(edges: &[(u8, u8, bool, Option<u8>)]) -> Map {
        let edges: Vec<String> = edges
            .iter()
            .filter(|(a, b, _, _)| a != b)
            .map(|&(a, b, one_way, cost)| {
                let cost = cost.map_or("None".into(), |c| format!("Some({c}.0)"));
                format!(
                    "(from: {}, to: {}, one_way: {one_way}, cost: {cost})",
                    10 + a,
                    10 + b
                )
            })
            .collect();
        let text = format!(
            "(nodes: [(id: 10, pos: (0, 0)), (id: 11, pos: (4, 0)), (id: 12, pos: (4, 4)), \
             (id: 13, pos: (0, 4)), (id: 14, pos: (2, 9))], edges: [{}], \
             obstacles: [Point((2, 1))])",
            edges.join(", ")
        );
        Map::loader().read_str(&text, "random.ron").unwrap()
    }

    fn edges() -> impl Strategy<Value = Vec<(u8, u8, bool, Option<u8>)>> {
        prop::collection::vec(
            (0..5u8, 0..5u8, any::<bool>(), prop::option::of(1..3u8)),
            0..24,
        )
    }

    /// A door 2 wide: one edge through it, clearance 1 (the wall ends at
    /// (9, 4) and (11, 4), the edge runs up x = 10), with these agents.
    fn door(agents: &str) -> Map {
        let text = format!(
            "(agents: [{agents}], nodes: [(id: 1, pos: (10, 0)), (id: 2, pos: (10, 8))], \
             edges: [(from: 1, to: 2)], \
             obstacles: [Segment(from: (0, 4), to: (9, 4)), Segment(from: (11, 4), to: (20, 4))])"
        );
        Map::loader().read_str(&text, "door.ron").unwrap()
    }

    fn diff_of(old: &Map, new: &Map) -> LevelDiff {
        let radii = DiffRadius::every_profile(old.agents(), new.agents());
        LevelDiff::compute(
            (old, &Clearances::compute(old)),
            (new, &Clearances::compute(new)),
            &radii,
            &DiffOptions::default(),
        )
    }

    /// The geometry is the same; only the profiles change. The soldier grows
    /// from 0.4 (fits the clearance 1) to 1.2 (does not): blocked. The tank
    /// shrinks from 1.5 (does not fit) to 0.9 (fits): unblocked. The ogre
    /// (2) is new: judged at 2 in both levels, blocked in both, so not newly
    /// blocked. The cat is gone: not judged.
    #[test]
    fn a_resized_agent_is_judged_at_its_old_radius_in_old_and_its_new_in_new() {
        let old = door(
            r#"(name: "soldier", radius: 0.4), (name: "tank", radius: 1.5), (name: "cat", radius: 0.1)"#,
        );
        let new = door(
            r#"(name: "soldier", radius: 1.2), (name: "tank", radius: 0.9), (name: "ogre", radius: 2)"#,
        );
        let diff = diff_of(&old, &new);
        let kinds: Vec<(ChangeKind, Option<&str>)> = diff
            .changes
            .iter()
            .map(|c| (c.kind, diff.radii[c.radius.unwrap()].agent.as_deref()))
            .collect();
        assert_eq!(
            kinds,
            [
                (ChangeKind::Blocked, Some("soldier")),
                (ChangeKind::Unblocked, Some("tank"))
            ]
        );
        assert_eq!(diff.newly_blocked(), 1);
        let ogre = &diff.radii[2];
        assert_eq!((ogre.old_radius, ogre.agent_radius), (2.0, 2.0));
        assert!(diff.radii[0].resized() && !ogre.resized());
        let change = |agent: &str, old_radius, radius| AgentChange {
            agent: agent.into(),
            old_radius,
            radius,
            costs: None,
            forbid: None,
        };
        assert_eq!(
            diff.agent_changes,
            [
                change("soldier", Some(0.4), Some(1.2)),
                change("tank", Some(1.5), Some(0.9)),
                change("ogre", None, Some(2.0)),
                change("cat", Some(0.1), None),
            ]
        );
    }

    /// Profiles alike in both levels are no change, in whatever order.
    #[test]
    fn the_same_profiles_in_another_order_are_no_change() {
        let old = door(r#"(name: "a", radius: 0.4), (name: "b", radius: 1.5)"#);
        let new = door(r#"(name: "b", radius: 1.5), (name: "a", radius: 0.4)"#);
        let diff = diff_of(&old, &new);
        assert!(diff.agent_changes.is_empty() && diff.changes.is_empty());
    }

    /// A door shut is a `closed` change, opened an `opened` one, on the
    /// edge matched whichever way it is written; blocked and unblocked
    /// stay verdicts on clearance, so a shut door that fits the agent
    /// blocks nothing. A door shut and also moved into a wall is both.
    #[test]
    fn a_door_shut_or_opened_is_reported_as_such() {
        let level = |edges: &str, rock: &str| {
            let text = format!(
                "(agents: [(name: \"a\", radius: 0.5)], \
                 nodes: [(id: 1, pos: (0, 0)), (id: 2, pos: (10, 0)), (id: 3, pos: (0, 10))], \
                 edges: [{edges}], obstacles: [Point({rock})])"
            );
            Map::loader().read_str(&text, "doors.ron").unwrap()
        };
        let open = level("(from: 1, to: 2), (from: 1, to: 3)", "(5, 4)");
        let shut = level("(from: 2, to: 1, closed: true), (from: 1, to: 3)", "(5, 4)");
        let kinds = |d: &LevelDiff| d.changes.iter().map(|c| c.kind).collect::<Vec<_>>();
        let closing = diff_of(&open, &shut);
        assert_eq!(kinds(&closing), [ChangeKind::Closed]);
        let c = &closing.changes[0];
        assert_eq!((c.from, c.to), (2, 1));
        assert!(!c.old.unwrap().closed && c.new.unwrap().closed);
        assert_eq!(kinds(&diff_of(&shut, &open)), [ChangeKind::Opened]);
        assert!(diff_of(&shut, &shut).changes.is_empty());
        // The rock onto the shut door: blocked too, by its clearance.
        let crushed = level("(from: 1, to: 2, closed: true), (from: 1, to: 3)", "(5, 0)");
        assert_eq!(
            kinds(&diff_of(&open, &crushed)),
            [ChangeKind::Blocked, ChangeKind::Closed]
        );
    }

    /// The pond of maps/pond.ron with these agents, the straight edge
    /// across in `area`, the way round through mud and then water.
    fn pond(agents: &str, area: &str) -> Map {
        let text = format!(
            "(agents: [{agents}], nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (10, 0)), \
             (id: 2, pos: (5, 5))], edges: [(from: 0, to: 1, area: \"{area}\"), \
             (from: 0, to: 2, area: \"mud\"), (from: 2, to: 1, area: \"water\")])"
        );
        Map::loader().read_str(&text, "pond.ron").unwrap()
    }

    /// Costs and forbidden areas that change are agent changes; an edge an
    /// agent may no longer use by its area is `forbidden` for it, one it may
    /// use again `allowed`, whether the agent's `forbid` or the edge's area
    /// changed. Forbid lists are compared as sets.
    #[test]
    fn costs_and_forbidden_areas_that_change_are_reported_with_their_edges() {
        let old = pond(
            r#"(name: "boat", radius: 0.5, costs: {"water": 0.5}), (name: "cat", radius: 0.5, forbid: ["water", "mud"])"#,
            "water",
        );
        let new = pond(
            r#"(name: "boat", radius: 0.5, costs: {"water": 2}, forbid: ["mud"]), (name: "cat", radius: 0.5, forbid: ["mud", "water"])"#,
            "water",
        );
        let diff = diff_of(&old, &new);
        assert_eq!(
            diff.agent_changes,
            [AgentChange {
                agent: "boat".into(),
                old_radius: Some(0.5),
                radius: Some(0.5),
                costs: Some(CostsChange {
                    old: [("water".to_owned(), 0.5)].into(),
                    new: [("water".to_owned(), 2.0)].into(),
                }),
                forbid: Some(ForbidChange {
                    old: vec![],
                    new: vec!["mud".into()],
                }),
            }]
        );
        let kinds: Vec<(ChangeKind, u64, u64, &str)> = diff
            .changes
            .iter()
            .map(|c| {
                let agent = diff.radii[c.radius.unwrap()].agent.as_deref().unwrap();
                (c.kind, c.from, c.to, agent)
            })
            .collect();
        assert_eq!(kinds, [(ChangeKind::Forbidden, 0, 2, "boat")]);
        // Back again: allowed. Then the straight edge turned from water to
        // mud: an area change, and forbidden for the boat (it forbids mud,
        // not water); the cat forbids both, so nothing changes for it.
        assert_eq!(diff_of(&new, &old).changes[0].kind, ChangeKind::Allowed);
        let muddy = pond(
            r#"(name: "boat", radius: 0.5, costs: {"water": 2}, forbid: ["mud"]), (name: "cat", radius: 0.5, forbid: ["mud", "water"])"#,
            "mud",
        );
        let diff = diff_of(&new, &muddy);
        assert!(diff.agent_changes.is_empty());
        let kinds: Vec<(ChangeKind, Option<&str>)> = diff
            .changes
            .iter()
            .map(|c| {
                (
                    c.kind,
                    c.radius.and_then(|i| diff.radii[i].agent.as_deref()),
                )
            })
            .collect();
        assert_eq!(
            kinds,
            [
                (ChangeKind::Area, None),
                (ChangeKind::Forbidden, Some("boat"))
            ]
        );
        // The same profiles, forbid lists in another order: no change.
        assert!(diff_of(&new, &new).changes.is_empty());
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(256))]

        /// The merge walk over sorted lists matches as the map of lists did.
        #[test]
        fn matching_in_sorted_lists_is_matching_by_map(old in edges(), new in edges()) {
            let (old, new) = (level(&old), level(&new));
            let (old_c, new_c) = (Clearances::compute(&old), Clearances::compute(&new));
            let mut walked = Vec::new();
            match_edges((&old, &old_c), (&new, &new_c), |m| walked.push(m));
            prop_assert_eq!(walked, match_edges_by_map((&old, &old_c), (&new, &new_c)));
        }
    }
}

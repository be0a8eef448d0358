//! What the CI formats report, whatever their syntax: findings with their
//! place in the map, and test cases grouped by radius. `check` and `diff`
//! build one ([`super::ci_check`], [`super::ci_diff`]); the format modules
//! ([`super::report_github`], [`super::report_junit`],
//! [`super::report_sarif`]) write it.

use std::path::Path;

use clearway::map::Location;
use clearway::{Dimension, EdgeIdx, Map};

use super::args::CheckFormat;

/// A whole CI report: one command's verdict on one map.
#[derive(Debug)]
pub struct CiReport {
    /// `check` or `diff`: names the JUnit run.
    pub command: &'static str,
    /// The map the findings point into as given on the command line; `None`
    /// when it was read from standard input.
    pub file: Option<String>,
    /// The rules this command can report, whether or not any result uses
    /// them (SARIF lists them in its tool description).
    pub rules: &'static [&'static Rule],
    /// One suite per radius checked.
    pub suites: Vec<Suite>,
    /// Findings not tied to a radius (stale bakes), in a suite of their own
    /// when there is anything to check.
    pub unranked: Option<Suite>,
    /// The text report's summary lines, for the CI log.
    pub summary: String,
}

impl CiReport {
    /// Every suite: one per radius, then the one for stale bakes.
    pub fn all_suites(&self) -> impl Iterator<Item = &Suite> {
        self.suites.iter().chain(&self.unranked)
    }

    /// Every finding, in suite order.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.all_suites()
            .flat_map(|s| &s.cases)
            .filter_map(|c| c.failure.as_ref())
    }
}

/// The cases checked against one radius (or for one concern).
#[derive(Debug)]
pub struct Suite {
    /// `tank (radius 1.5)`, `radius 2`, `baked clearances`.
    pub name: String,
    /// One per edge checked, in file order.
    pub cases: Vec<Case>,
}

/// One edge checked.
#[derive(Debug)]
pub struct Case {
    /// `edge 3 (1 -> 2 "gate")`.
    pub name: String,
    /// Where the edge starts in the map.
    pub location: Option<Location>,
    /// Why it failed; `None` when it passed.
    pub failure: Option<Finding>,
}

/// One thing wrong with the map, at one place.
#[derive(Debug)]
pub struct Finding {
    /// What kind of thing.
    pub rule: &'static Rule,
    /// A short headline: `edge 3 blocked for tank (radius 1.5)`.
    pub title: String,
    /// The whole story: clearance, radius, obstacle, pinch point.
    pub message: String,
    /// Where the edge starts in the map.
    pub location: Option<Location>,
}

/// A kind of finding, as SARIF describes its rules.
#[derive(Debug)]
pub struct Rule {
    /// `blocked-edge`.
    pub id: &'static str,
    /// `BlockedEdge`.
    pub name: &'static str,
    /// One sentence.
    pub description: &'static str,
    /// Whether the finding fails the check or only warns.
    pub severity: Severity,
}

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Fails the check.
    Error,
    /// Shown, and fails `check` too (a stale bake), but is not an error in
    /// the level's geometry.
    Warning,
}

/// An edge too tight for an agent radius.
pub static BLOCKED_EDGE: Rule = Rule {
    id: "blocked-edge",
    name: "BlockedEdge",
    description: "An edge's clearance is smaller than the agent radius: an agent that size cannot travel it without touching an obstacle.",
    severity: Severity::Error,
};

/// A baked clearance that no longer matches the obstacles.
pub static STALE_BAKE: Rule = Rule {
    id: "stale-bake",
    name: "StaleBake",
    description: "A clearance baked into the map no longer matches the one its obstacles give: re-run `clearway bake`.",
    severity: Severity::Warning,
};

/// An edge a level change blocks.
pub static NEWLY_BLOCKED_EDGE: Rule = Rule {
    id: "newly-blocked-edge",
    name: "NewlyBlockedEdge",
    description: "The change leaves an edge too tight for an agent radius it admitted before (or adds an edge too tight for it).",
    severity: Severity::Error,
};

/// `edge 3 (1 -> 2)`, with the nodes' names when they have them:
/// `edge 3 (1 "gate" -> 2)`, names cut as the text report cuts them; each
/// format escapes them.
pub fn edge_name<D: Dimension>(map: &Map<D>, edge: EdgeIdx) -> String {
    super::node_names::edge_ref(map, edge)
}

/// The map's path as the findings name it; `None` for standard input.
pub fn file_name(path: &Path) -> Option<String> {
    (path.as_os_str() != "-").then(|| path.display().to_string())
}

/// The report as `format` writes it; `None` for the formats that are not
/// CI formats.
pub fn write(format: CheckFormat, report: &CiReport) -> Option<String> {
    match format {
        CheckFormat::Github => Some(super::report_github::write(report)),
        CheckFormat::Junit => Some(super::report_junit::write(report)),
        CheckFormat::Sarif => Some(super::report_sarif::write(report)),
        CheckFormat::Text | CheckFormat::Json => None,
    }
}

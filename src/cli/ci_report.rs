//! What the CI formats report, whatever their syntax: findings with their
//! place in the map, and test cases grouped by radius. `check` and `diff`
//! build one ([`super::ci_check`], [`super::ci_diff`]); the format modules
//! ([`super::report_github`], [`super::report_junit`],
//! [`super::report_sarif`]) write it.

use std::io;
use std::path::Path;

use clearway::map::Location;
use clearway::{Dimension, EdgeIdx, Map};

use super::args::CheckFormat;
use super::dimension::Shown;
use super::input::Level;

/// A whole CI report: one command's verdict on one map.
///
/// Only the findings are made up front. A passing case (most of them: one
/// per edge and radius) is named only as a writer walks it, so that a
/// report on a level of a million edges holds its findings, not a million
/// cases.
pub struct CiReport<'a> {
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
    /// A case's name and place, from its edge: `edge 3 (1 -> 2 "gate")`
    /// ([`edge_name`]) and where the edge starts in the map.
    pub case_of: Box<dyn Fn(EdgeIdx) -> (String, Option<Location>) + 'a>,
}

impl CiReport<'_> {
    /// Every suite: one per radius, then the one for stale bakes.
    pub fn all_suites(&self) -> impl Iterator<Item = &Suite> {
        self.suites.iter().chain(&self.unranked)
    }

    /// Every finding, in suite order, then edge order.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.all_suites().flat_map(Suite::findings)
    }

    /// A suite's cases in edge order, each named as it is reached.
    pub fn cases<'s>(&'s self, suite: &'s Suite) -> impl Iterator<Item = Case<'s>> {
        let mut failures = suite.failures.iter().peekable();
        suite.edges.iter().map(move |edge| {
            let (name, location) = (self.case_of)(edge);
            let failure = failures.next_if(|(e, _)| *e == edge).map(|(_, f)| f);
            Case {
                name,
                location,
                failure,
            }
        })
    }
}

/// The cases checked against one radius (or for one concern).
#[derive(Debug)]
pub struct Suite {
    /// `tank (radius 1.5)`, `radius 2`, `baked clearances`.
    pub name: String,
    /// The edges checked: a case each.
    pub edges: CaseEdges,
    /// The failing cases' findings, each with its edge, in edge order: a
    /// subset of [`Suite::edges`].
    pub failures: Vec<(EdgeIdx, Finding)>,
}

impl Suite {
    /// A suite of these edges, failing with these findings, which are put in
    /// edge order.
    ///
    /// # Panics
    /// When a finding's edge is not among the edges, or two findings have
    /// one edge: [`CiReport::cases`] would pass over a finding, and a report
    /// would count a failure it does not show.
    pub fn new(name: String, edges: CaseEdges, mut failures: Vec<(EdgeIdx, Finding)>) -> Suite {
        failures.sort_by_key(|(edge, _)| *edge);
        assert!(failures.iter().all(|(e, _)| edges.contains(*e)));
        assert!(failures.windows(2).all(|w| w[0].0 < w[1].0));
        Suite {
            name,
            edges,
            failures,
        }
    }

    /// How many cases: one per edge checked.
    pub fn len(&self) -> usize {
        match &self.edges {
            CaseEdges::Every(n) => *n,
            CaseEdges::These(edges) => edges.len(),
        }
    }

    /// The findings, in edge order.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.failures.iter().map(|(_, f)| f)
    }
}

/// Which edges a suite checks.
#[derive(Debug)]
pub enum CaseEdges {
    /// Every edge of a map of this many.
    Every(usize),
    /// These, in increasing order.
    These(Vec<EdgeIdx>),
}

impl CaseEdges {
    fn iter(&self) -> Box<dyn Iterator<Item = EdgeIdx> + '_> {
        match self {
            CaseEdges::Every(n) => Box::new((0..*n).map(EdgeIdx::new)),
            CaseEdges::These(edges) => Box::new(edges.iter().copied()),
        }
    }

    fn contains(&self, edge: EdgeIdx) -> bool {
        match self {
            CaseEdges::Every(n) => edge.get() < *n,
            CaseEdges::These(edges) => edges.binary_search(&edge).is_ok(),
        }
    }
}

/// One edge checked, as a writer walks the cases.
#[derive(Debug)]
pub struct Case<'a> {
    /// `edge 3 (1 -> 2 "gate")`.
    pub name: String,
    /// Where the edge starts in the map.
    pub location: Option<Location>,
    /// Why it failed; `None` when it passed.
    pub failure: Option<&'a Finding>,
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

/// An edge's case: its name ([`edge_name`]) and where it starts in the
/// map. [`CiReport::case_of`] is this, for the level the report is on.
pub fn edge_case<D: Shown>(level: &Level<D>, edge: EdgeIdx) -> (String, Option<Location>) {
    (edge_name(&level.map, edge), level.edge_location(edge.get()))
}

/// A finding of `rule` on `edge`, at the edge's place in the map, paired
/// with its edge as [`Suite::new`] takes it. The message starts with the
/// edge's name and a colon.
pub fn edge_finding<D: Shown>(
    level: &Level<D>,
    rule: &'static Rule,
    edge: EdgeIdx,
    title: String,
    message: std::fmt::Arguments,
) -> (EdgeIdx, Finding) {
    let (name, location) = edge_case(level, edge);
    let finding = Finding {
        rule,
        title,
        message: format!("{name}: {message}"),
        location,
    };
    (edge, finding)
}

/// The map's path as the findings name it; `None` for standard input.
pub fn file_name(path: &Path) -> Option<String> {
    (path.as_os_str() != "-").then(|| path.display().to_string())
}

/// Writes the report as `format` has it; nothing for the formats that are
/// not CI formats.
pub fn write(format: CheckFormat, report: &CiReport, out: &mut dyn io::Write) -> io::Result<()> {
    match format {
        CheckFormat::Github => super::report_github::write(report, out),
        CheckFormat::Junit => super::report_junit::write(report, out),
        CheckFormat::Sarif => super::report_sarif::write(report, out),
        CheckFormat::Text | CheckFormat::Json => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use clearway::EdgeIdx;
    use clearway::map::Location;

    use super::{BLOCKED_EDGE, CaseEdges, CiReport, Finding, Suite};

    fn finding(title: &str) -> Finding {
        Finding {
            rule: &BLOCKED_EDGE,
            title: title.into(),
            message: String::new(),
            location: None,
        }
    }

    fn report(suites: Vec<Suite>) -> CiReport<'static> {
        CiReport {
            command: "check",
            file: None,
            rules: &[],
            suites,
            unranked: None,
            summary: String::new(),
            case_of: Box::new(|i| {
                let line = 10 + i.get();
                (format!("e{i}"), Some(Location { line, column: 1 }))
            }),
        }
    }

    /// What the writers see of a suite: each case's name, line and failure.
    fn walked(report: &CiReport, suite: &Suite) -> Vec<(String, usize, Option<String>)> {
        report
            .cases(suite)
            .map(|c| {
                let line = c.location.map_or(0, |l| l.line);
                (c.name, line, c.failure.map(|f| f.title.clone()))
            })
            .collect()
    }

    #[test]
    fn cases_are_named_as_walked_and_meet_their_findings_in_edge_order() {
        // Findings given out of order: the suite puts them in edge order.
        let failures = vec![
            (EdgeIdx::new(3), finding("three")),
            (EdgeIdx::new(0), finding("zero")),
        ];
        let every = Suite::new("r".into(), CaseEdges::Every(4), failures);
        let some = Suite::new(
            "baked".into(),
            CaseEdges::These(vec![EdgeIdx::new(1), EdgeIdx::new(4)]),
            vec![(EdgeIdx::new(4), finding("four"))],
        );
        let report = report(vec![every, some]);
        let case = |name: &str, line, failure: Option<&str>| {
            (name.to_string(), line, failure.map(String::from))
        };
        assert_eq!(
            walked(&report, &report.suites[0]),
            [
                case("e0", 10, Some("zero")),
                case("e1", 11, None),
                case("e2", 12, None),
                case("e3", 13, Some("three")),
            ]
        );
        assert_eq!(
            walked(&report, &report.suites[1]),
            [case("e1", 11, None), case("e4", 14, Some("four"))]
        );
        assert_eq!(report.suites[0].len(), 4);
        assert_eq!(report.suites[1].len(), 2);
        let titles: Vec<&str> = report.findings().map(|f| f.title.as_str()).collect();
        assert_eq!(titles, ["zero", "three", "four"]);
    }

    #[test]
    #[should_panic]
    fn a_finding_off_the_suites_edges_is_refused() {
        let failures = vec![(EdgeIdx::new(2), finding("two"))];
        Suite::new(
            "baked".into(),
            CaseEdges::These(vec![EdgeIdx::new(1)]),
            failures,
        );
    }

    #[test]
    #[should_panic]
    fn two_findings_on_one_edge_are_refused() {
        let failures = vec![
            (EdgeIdx::new(1), finding("one")),
            (EdgeIdx::new(1), finding("one again")),
        ];
        Suite::new("r".into(), CaseEdges::Every(2), failures);
    }
}

//! `clearway link`: write the map with the edges its nodes are missing.

use super::timings::Timings;
use clearway::link::{Link, LinkRule, links};
use clearway::{Dimension, Map};
use petgraph::unionfind::UnionFind;

use super::args::{LinkArgs, ReportFormat};
use super::conventions::{self, kept_until_exit, note};
use super::counted::counted;
use super::dimension::Shown;
use super::input::{AnyLevel, Level, on_level};
use super::numbers::human;
use super::output::{self, Destination};
use super::radius::resolve_required;
use super::{Failure, Outcome};
use clearway_format::wire::MapFile;
use clearway_format::{AppendedEdges, EdgeAppend};

pub fn run(args: &LinkArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    on_level!(AnyLevel::read_keeping_text(&args.map, timings)?, |level| {
        link(args, kept_until_exit(level), timings)
    })
}

/// The linking of a level of either dimension: distances and clearances
/// in its own dimension.
fn link<D: Shown>(
    args: &LinkArgs,
    level: &mut Level<D>,
    timings: &mut Timings,
) -> Result<Outcome, Failure>
where
    for<'a> MapFile: From<&'a clearway::Map<D>>,
{
    let checked = resolve_required(&args.radius, &level.map)?;
    super::radius::spheres_only(&checked)?;
    let destination = Destination::choose(&args.map, &args.output)?;
    conventions::json_summary_needs_stdout(args.format, &destination)?;
    let rule = LinkRule {
        max_length: args.max_length,
        agent_radius: checked.agent_radius,
        max_links: args.max_links,
    };
    let found = kept_until_exit(timings.time("link", || links(&level.map, &rule)));
    let report = LinkReport::new(&level.map, found);
    // Measured: the R-tree's memory goes before the text is read again.
    level.map.free_obstacle_index();
    let level = &*level;
    timings.time("output", || {
        let input = level.source_text()?;
        let input = input.as_deref();
        // The edit written as it is made: the text between the changes
        // copied, not held a second time with the links.
        if let Some(appended) = input.and_then(|text| linked_text(&level.map, text, found)) {
            return destination.write_with(|out| appended.write_to(out));
        }
        let text = output::edited_or_written(input, None, || {
            let linked = level.map.linked(found);
            linked.to_ron_string_with_obstacles(level.own_obstacles())
        });
        destination.write(&text)
    })?;

    let map = &level.map;
    if args.format == ReportFormat::Json {
        let first = map.edges().len();
        let added: Vec<_> = found
            .iter()
            .enumerate()
            .map(|(k, l)| {
                serde_json::json!({
                    "edge": first + k,
                    "from": map.nodes()[l.from].id,
                    "to": map.nodes()[l.to].id,
                    "length": l.length,
                })
            })
            .collect();
        let summary = serde_json::json!({
            "agent": checked.agent,
            "radius": checked.agent_radius,
            "max_length": args.max_length,
            "max_links": args.max_links,
            "edges": map.edges().len(),
            "links": added,
            "components_before": report.components_before,
            "components_after": report.components_after,
        });
        conventions::write_json(&summary)?;
        return Ok(Outcome::Pass);
    }
    let who = match &checked.agent {
        Some(name) => format!("{name} (radius {})", human(checked.agent_radius)),
        None => format!("radius {}", human(checked.agent_radius)),
    };
    let per_node = match args.max_links {
        Some(k) => format!(", at most {k} per node"),
        None => String::new(),
    };
    note!(
        "added {} for {who} (nodes at most {} apart{per_node}): {} before, {} after; \
         connected components: {} before, {} after",
        counted(report.links, "link"),
        human(args.max_length),
        counted(map.edges().len(), "edge"),
        map.edges().len() + report.links,
        report.components_before,
        report.components_after,
    );
    Ok(Outcome::Pass)
}

/// `text`, the map file `map` was loaded from, with `links` appended to its
/// edge list and every other byte kept ([`AppendedEdges`]). `None` when the
/// text cannot be edited safely; the linked map is written anew then.
fn linked_text<'t, D: Dimension>(
    map: &Map<D>,
    text: &'t str,
    links: &[Link],
) -> Option<AppendedEdges<'t>> {
    let nodes = map.nodes();
    let added: Vec<EdgeAppend> = links
        .iter()
        .map(|l| EdgeAppend {
            from: nodes[l.from].id,
            to: nodes[l.to].id,
        })
        .collect();
    AppendedEdges::new(text, map.edges().len(), &added)
}

/// What linking adds to a map's connectivity.
struct LinkReport {
    /// The links added.
    links: usize,
    /// Connected components before linking (edges taken as two-way).
    components_before: usize,
    /// Connected components after linking.
    components_after: usize,
}

impl LinkReport {
    /// Counts the components of `map` before and after adding `links`.
    fn new<D: Dimension>(map: &Map<D>, links: &[Link]) -> LinkReport {
        let n = map.nodes().len();
        let mut sets = UnionFind::<usize>::new(n);
        let mut components = n;
        for e in map.edges() {
            if sets.union(e.from.get(), e.to.get()) {
                components -= 1;
            }
        }
        let components_before = components;
        for l in links {
            if sets.union(l.from.get(), l.to.get()) {
                components -= 1;
            }
        }
        LinkReport {
            links: links.len(),
            components_before,
            components_after: components,
        }
    }
}

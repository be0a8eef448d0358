//! Numbers and names as the picture writes them in labels and hover titles.

use crate::map::{Map, Node};
use clearway_text::numbers::significant;

/// Seven significant digits, trailing zeros trimmed (as `check` prints);
/// `unbounded` for infinity.
pub fn human(x: f64) -> String {
    if x.is_infinite() {
        "unbounded".into()
    } else {
        significant(x, 7)
    }
}

/// Three significant digits, for labels and the legend.
pub fn short(x: f64) -> String {
    if x.is_infinite() {
        "unbounded".into()
    } else {
        significant(x, 3)
    }
}

/// A value the user gave, such as a radius, with every digit it has (as
/// `check` prints it), so that it reads as given and as no other number.
pub fn given(x: f64) -> String {
    if x.is_infinite() {
        "unbounded".into()
    } else {
        clearway_text::numbers::shortest(x)
    }
}

/// A label's clearance next to radius `r`: [`short`], with more digits
/// where three would read as `r` (`fits r ≤ 0.99999999` at radius 1).
pub fn short_apart(x: f64, r: f64) -> String {
    if x.is_infinite() {
        "unbounded".into()
    } else {
        clearway_text::numbers::significant_apart(x, r, 3)
    }
}

/// A clearance judged against radius `r`: [`human`], with more digits where
/// seven would read on the wrong side of `r` for the verdict (see
/// [`clearway_text::numbers::significant_judged`]).
pub fn human_judged(x: f64, r: f64, admitted: bool) -> String {
    if x.is_infinite() {
        "unbounded".into()
    } else {
        clearway_text::numbers::significant_judged(x, r, 7, admitted)
    }
}

/// `(x, y)` in [`human`] numbers.
pub fn point(p: crate::geometry::Point) -> String {
    format!("({}, {})", human(p.x), human(p.y))
}

/// `(x, y, z)` in [`human`] numbers.
pub fn point3(p: crate::geometry::Point3) -> String {
    format!("({}, {}, {})", human(p.x), human(p.y), human(p.z))
}

/// How a node is labelled in the picture: its name (cut as messages cut
/// it), else its id.
pub fn node_label<P>(node: &Node<P>) -> String {
    match &node.name {
        Some(name) => clearway_text::quote::capped(name).into_owned(),
        None => node.id.to_string(),
    }
}

/// How a node is named in titles: `node 110 "west_door"`.
pub fn node_title<P>(node: &Node<P>) -> String {
    match &node.name {
        Some(name) => format!(
            "node {} \"{}\"",
            node.id,
            clearway_text::quote::capped(name)
        ),
        None => format!("node {}", node.id),
    }
}

/// `edge 4 (101 -> 110)`, as `check` names an edge.
pub fn edge_name<D: crate::dimension::Dimension>(map: &Map<D>, edge: usize) -> String {
    let e = &map.edges()[edge];
    format!(
        "edge {edge} ({} -> {})",
        map.nodes()[e.from].id,
        map.nodes()[e.to].id
    )
}

/// `4`, `4, 5`, or `4, 5, 6 and 3 more`.
pub fn list(items: &[usize], at_most: usize) -> String {
    let shown: Vec<String> = items.iter().take(at_most).map(usize::to_string).collect();
    let mut text = shown.join(", ");
    if items.len() > at_most {
        text.push_str(&format!(" and {} more", items.len() - at_most));
    }
    text
}

/// `; blocks edge 4 for radius 1.5` (or `edges 4, 5 and 3 more`): what an
/// obstacle's title adds for the edges it blocks.
pub fn blocks(edges: &[usize], agent_radius: f64) -> String {
    let noun = if edges.len() == 1 { "edge" } else { "edges" };
    format!(
        "; blocks {noun} {} for radius {}",
        list(edges, 12),
        given(agent_radius)
    )
}

#[cfg(test)]
mod tests {
    use super::{human, short};

    #[test]
    fn significant_digits() {
        assert_eq!(human(2.0), "2");
        assert_eq!(human(0.6180339887), "0.618034");
        assert_eq!(short(0.6180339887), "0.618");
        // Three significant digits round the integer part too.
        assert_eq!(short(1234.6), "1230");
        assert_eq!(short(98.76), "98.8");
        assert_eq!(short(f64::INFINITY), "unbounded");
    }
}

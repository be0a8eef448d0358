//! Whether imported obstacles lie anywhere near the path network: a layer
//! that misses it entirely was almost always placed with the wrong origin
//! corner or scale, and would otherwise pass every check silently.

use clearway::Obstacle;
use clearway::geometry::Point;
use clearway::map::Node;

/// An axis-aligned box.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    min: Point,
    max: Point,
}

impl Bounds {
    fn of(points: impl IntoIterator<Item = Point>) -> Option<Bounds> {
        points.into_iter().fold(None, |b, p| {
            Some(match b {
                None => Bounds { min: p, max: p },
                Some(b) => Bounds {
                    min: Point::new(b.min.x.min(p.x), b.min.y.min(p.y)),
                    max: Point::new(b.max.x.max(p.x), b.max.y.max(p.y)),
                },
            })
        })
    }

    fn grown(self, by: f64) -> Bounds {
        Bounds {
            min: Point::new(self.min.x - by, self.min.y - by),
            max: Point::new(self.max.x + by, self.max.y + by),
        }
    }

    fn meets(self, other: Bounds) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }
}

fn obstacle_bounds(obstacle: &Obstacle) -> Option<Bounds> {
    match obstacle {
        Obstacle::Point(p) => Bounds::of([*p]),
        Obstacle::Circle(c) => Bounds::of([c.center]).map(|b| b.grown(c.radius)),
        Obstacle::Segment(s) => Bounds::of([s.a, s.b]),
        Obstacle::Polygon(p) => Bounds::of(p.vertices().iter().copied()),
    }
}

/// True when there are nodes and obstacles and no obstacle's bounding box
/// meets the nodes' bounding box grown by a tenth of its larger side (at
/// least 1 unit): the obstacles cannot be the level's.
pub(super) fn misses_network(nodes: &[Node], obstacles: &[Obstacle]) -> bool {
    let Some(network) = Bounds::of(nodes.iter().map(|n| n.pos)) else {
        return false;
    };
    if obstacles.is_empty() {
        return false;
    }
    let size = (network.max.x - network.min.x).max(network.max.y - network.min.y);
    let network = network.grown((size / 10.0).max(1.0));
    !obstacles
        .iter()
        .filter_map(obstacle_bounds)
        .any(|b| b.meets(network))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn obstacles_far_from_the_nodes_miss_them() {
        let node = |id, x, y| Node {
            id,
            pos: Point::new(x, y),
            name: None,
        };
        let nodes = [node(0, 0.0, 0.0), node(1, 10.0, 10.0)];
        assert!(!misses_network(
            &nodes,
            &[Obstacle::Point(Point::new(5.0, 5.0))]
        ));
        assert!(!misses_network(
            &nodes,
            &[Obstacle::Point(Point::new(10.5, 5.0))]
        ));
        // Flipped to y <= 0 by the wrong origin corner:
        assert!(misses_network(
            &nodes,
            &[Obstacle::Point(Point::new(5.0, -50.0))]
        ));
        assert!(!misses_network(&nodes, &[]));
    }
}

//! The pieces an obstacle is cut into for the R-tree.
//!
//! Points, circles and walls go in whole: points as a [`PointPart`] of 24
//! bytes, every other part as an [`ObstaclePart`]. A small polygon that
//! fills most of its box goes in whole too, measured edge by edge when it
//! is near (see [`is_whole`]). Any other polygon goes in as its boundary
//! edges plus one *interior* part: an edge that does not touch the boundary
//! is either wholly outside (the boundary parts measure it) or wholly inside,
//! which only the interior part can see.

use rstar::{AABB, RTreeObject};

use super::node_bound::{box_box_distance_2, segment_box_distance_2};
use super::quick_distance;
use crate::dimension::{Dimension, Plane};
use crate::geometry::{
    Circle, Point, Polygon, Segment, Separation, polygon_contains, segment_to_circle,
    segment_to_segment,
};
use crate::obstacle::Obstacle;

/// The sub-index given to a polygon's interior part, so that on a tie with
/// its own boundary the boundary's witness is chosen, as the direct
/// computation does.
pub(crate) const INTERIOR: u32 = u32::MAX;

/// The piece number of a polygon indexed whole (see [`is_whole`]): the
/// part is made from the number alone, without deciding again whether the
/// polygon is whole.
pub(crate) const WHOLE: u32 = u32::MAX - 1;

/// The most vertices a polygon indexed whole may have: measuring it costs
/// a box test per edge, as its edges would cost as parts of their own.
const WHOLE_POLYGON_VERTICES_AT_MOST: usize = 8;

/// Whether `poly` goes into the index as one part rather than as its edges
/// and its interior: at most [`WHOLE_POLYGON_VERTICES_AT_MOST`] vertices,
/// and an area of at least half its bounding box.
///
/// The index then holds one part where it held n + 1 (a hexagon's seven
/// became one), and building it costs that much less. A search that comes
/// near the polygon's box measures every edge that may be near, as it did
/// when they were parts, so it finds the same separation and witness. A
/// polygon that fills little of its box (an L of long arms, a thin diagonal
/// sliver) keeps its edges as parts, whose boxes are tighter than its own.
///
/// Only the search's cost depends on this choice, never its answer, so the
/// area need not be exact: it is the shoelace sum in `f64`, which is
/// deterministic, and so is the choice.
pub(crate) fn is_whole(poly: &Polygon) -> bool {
    let vertices = poly.vertices();
    if vertices.len() > WHOLE_POLYGON_VERTICES_AT_MOST {
        return false;
    }
    let bounds = AABB::from_points(vertices);
    let (lower, upper) = (bounds.lower(), bounds.upper());
    let box_area = (upper.x - lower.x) * (upper.y - lower.y);
    // Twice the signed area, relative to the first vertex, so that large
    // coordinates do not swamp it.
    let origin = vertices[0];
    let twice_area: f64 = poly
        .edges()
        .map(|e| (e.a.x - origin.x) * (e.b.y - origin.y) - (e.b.x - origin.x) * (e.a.y - origin.y))
        .sum();
    twice_area.abs() >= box_area
}

/// A point obstacle as the index keeps it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointPart<P = Point> {
    /// The point.
    pub p: P,
    /// The obstacle's index in the map.
    pub obstacle: u32,
}

/// One indexed piece of an obstacle other than a point.
#[derive(Clone, Debug)]
pub struct ObstaclePart {
    /// The obstacle's index in the map (file order).
    pub obstacle: u32,
    /// Which piece of the obstacle this is: 0 for a circle or a wall,
    /// [`WHOLE`] for a polygon indexed whole, the boundary edge index for
    /// polygon edges, [`INTERIOR`] for a polygon's interior.
    pub piece: u32,
    /// The piece's shape.
    pub shape: PartShape,
}

/// The shape of an indexed piece.
#[derive(Clone, Copy, Debug)]
pub enum PartShape {
    /// A solid disc.
    Circle(Circle),
    /// A wall, or one boundary edge of a polygon.
    Segment(Segment),
    /// The solid inside of a polygon; the box is the polygon's bounding box.
    Interior {
        /// Lower-left corner of the polygon's bounding box.
        lower: Point,
        /// Upper-right corner of the polygon's bounding box.
        upper: Point,
    },
    /// A whole polygon (see [`is_whole`]), boundary and inside; the box is
    /// its bounding box, the outline is the map's obstacle.
    Polygon {
        /// Lower-left corner of the polygon's bounding box.
        lower: Point,
        /// Upper-right corner of the polygon's bounding box.
        upper: Point,
    },
}

impl ObstaclePart {
    /// The piece numbers of an obstacle other than a point, in the order
    /// they are cut: 0 for a circle or a wall; [`WHOLE`] for a polygon
    /// indexed whole; for any other polygon, each boundary edge (the closing
    /// edge last), then [`INTERIOR`]. None for a point, which is a
    /// [`PointPart`].
    pub(crate) fn pieces(obstacle: &Obstacle) -> impl Iterator<Item = u32> {
        let (whole, edges) = match obstacle {
            Obstacle::Point(_) => (None, 0..0),
            Obstacle::Circle(_) | Obstacle::Segment(_) => (Some(0), 0..0),
            Obstacle::Polygon(poly) if is_whole(poly) => (Some(WHOLE), 0..0),
            Obstacle::Polygon(poly) => {
                let n = u32::try_from(poly.vertices().len()).expect("fewer than 2^32 vertices");
                (Some(INTERIOR), 0..n)
            }
        };
        // A polygon's interior comes after its edges; a whole shape alone.
        edges.chain(whole)
    }

    /// Piece `piece` (one of [`ObstaclePart::pieces`]) of `obstacle`, number
    /// `index` in the map. A piece number the obstacle does not have gives
    /// its closest one (an edge number wraps around the outline, a point is
    /// a zero-length wall, [`WHOLE`] for a polygon of more than 8 vertices
    /// is its interior), so this never panics.
    pub(crate) fn piece(index: u32, obstacle: &Obstacle, piece: u32) -> ObstaclePart {
        let shape = match obstacle {
            Obstacle::Point(p) => PartShape::Segment(Segment::new(*p, *p)),
            Obstacle::Circle(c) => PartShape::Circle(*c),
            Obstacle::Segment(s) => PartShape::Segment(*s),
            Obstacle::Polygon(poly)
                if piece == WHOLE && poly.vertices().len() <= WHOLE_POLYGON_VERTICES_AT_MOST =>
            {
                let bounds = AABB::from_points(poly.vertices());
                PartShape::Polygon {
                    lower: bounds.lower(),
                    upper: bounds.upper(),
                }
            }
            Obstacle::Polygon(poly) if piece == INTERIOR || piece == WHOLE => {
                let bounds = AABB::from_points(poly.vertices());
                PartShape::Interior {
                    lower: bounds.lower(),
                    upper: bounds.upper(),
                }
            }
            Obstacle::Polygon(poly) => {
                let vertices = poly.vertices();
                let n = vertices.len().max(1);
                let i = piece as usize % n;
                let at = |k: usize| vertices.get(k).copied().unwrap_or_default();
                PartShape::Segment(Segment::new(at(i), at((i + 1) % n)))
            }
        };
        ObstaclePart {
            obstacle: index,
            piece,
            shape,
        }
    }

    /// A fast approximation of the squared distance from `edge` to this part,
    /// accurate to a few ulps of the coordinates (see [`super::quick_distance`]);
    /// for an interior part or a whole polygon, the distance to the
    /// polygon's bounding box.
    pub(crate) fn quick_distance_2(&self, edge: Segment) -> f64 {
        match self.shape {
            PartShape::Circle(c) => quick_distance::segment_circle_2(edge, c),
            PartShape::Segment(s) => quick_distance::segment_segment_2(edge, s),
            PartShape::Interior { lower, upper } | PartShape::Polygon { lower, upper } => {
                segment_box_distance_2(edge, lower, upper)
            }
        }
    }

    /// The exact separation between `edge` and this part, or `None` for an
    /// interior part the edge is not inside (its boundary parts speak then).
    /// `may_win` says whether something at a squared distance may still
    /// win against the search's best: a whole polygon measures exactly only
    /// the edges it lets through, as the search would their own parts
    /// (`None` when it lets none through and the edge is not inside).
    pub(crate) fn separation_from(
        &self,
        edge: Segment,
        obstacles: &[Obstacle],
        may_win: impl Fn(f64) -> bool,
    ) -> Option<Separation> {
        match self.shape {
            PartShape::Circle(c) => Some(segment_to_circle(edge, c)),
            PartShape::Segment(s) => Some(segment_to_segment(edge, s)),
            PartShape::Interior { .. } => match obstacles.get(self.obstacle as usize) {
                Some(Obstacle::Polygon(poly)) => inside(poly, edge),
                _ => None,
            },
            PartShape::Polygon { .. } => match obstacles.get(self.obstacle as usize) {
                Some(Obstacle::Polygon(poly)) => whole_polygon_separation(poly, edge, may_win),
                _ => None,
            },
        }
    }
}

/// Distance 0 at the edge's start when it lies inside `poly`.
fn inside(poly: &Polygon, edge: Segment) -> Option<Separation> {
    polygon_contains(poly, edge.a).then_some(Separation {
        distance: 0.0,
        edge_point: edge.a,
        obstacle_point: edge.a,
    })
}

/// The separation from `edge` to a polygon indexed whole, as its edges and
/// interior indexed as parts would give it: the nearest edge among those
/// `may_win` lets through (nearest first by their box and quick distance,
/// so that the first exact measure usually rules out the rest), the lowest
/// edge number on a tie; then the interior, which only a distance above 0
/// leaves to it (a tie at 0 goes to the boundary, whose piece numbers are
/// lower).
fn whole_polygon_separation(
    poly: &Polygon,
    edge: Segment,
    may_win: impl Fn(f64) -> bool,
) -> Option<Separation> {
    // Only polygons of this many vertices are made whole parts (`piece`).
    debug_assert!(poly.vertices().len() <= WHOLE_POLYGON_VERTICES_AT_MOST);
    let (edge_lower, edge_upper) = Plane::segment_bounds(edge);
    let mut near = [(0.0f64, 0usize); WHOLE_POLYGON_VERTICES_AT_MOST];
    let mut n = 0;
    for (i, side) in poly.edges().enumerate() {
        let (lower, upper) = Plane::segment_bounds(side);
        if !may_win(box_box_distance_2(edge_lower, edge_upper, lower, upper)) {
            continue;
        }
        let quick_2 = quick_distance::segment_segment_2(edge, side);
        if may_win(quick_2) {
            if let Some(slot) = near.get_mut(n) {
                *slot = (quick_2, i);
                n += 1;
            }
        }
    }
    let near = &mut near[..n];
    near.sort_unstable_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    let mut best: Option<(Separation, usize)> = None;
    let vertices = poly.vertices();
    let side = |i: usize| {
        let at = |k: usize| {
            vertices
                .get(k % vertices.len())
                .copied()
                .unwrap_or_default()
        };
        Segment::new(at(i), at(i + 1))
    };
    let scale = Plane::scale(edge);
    for &(quick_2, i) in near.iter() {
        if let Some((b, _)) = &best {
            // The same slack as the search's: an edge whose quick distance
            // is past the best so far cannot win or tie.
            let limit = b.distance + 1e-12 * (scale + b.distance);
            if quick_2 > limit * limit {
                break;
            }
        }
        let separation = segment_to_segment(edge, side(i));
        let better = match &best {
            None => true,
            Some((b, j)) => match separation.distance.total_cmp(&b.distance) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => i < *j,
                std::cmp::Ordering::Greater => false,
            },
        };
        if better {
            best = Some((separation, i));
        }
    }
    match best {
        Some((b, _)) if b.distance == 0.0 => Some(b),
        best => inside(poly, edge).or(best.map(|(b, _)| b)),
    }
}

impl ObstaclePart {
    /// Whether this part is a polygon indexed whole.
    #[cfg(test)]
    pub(crate) fn is_whole_polygon(&self) -> bool {
        matches!(self.shape, PartShape::Polygon { .. })
    }
}

impl RTreeObject for ObstaclePart {
    type Envelope = AABB<Point>;

    /// Called twice per comparison while the tree is bulk loaded: inlined,
    /// it costs a few instructions instead of a call.
    #[inline(always)]
    fn envelope(&self) -> Self::Envelope {
        match self.shape {
            PartShape::Circle(c) => AABB::from_corners(
                Point::new(c.center.x - c.radius, c.center.y - c.radius),
                Point::new(c.center.x + c.radius, c.center.y + c.radius),
            ),
            PartShape::Segment(s) => AABB::from_corners(s.a, s.b),
            PartShape::Interior { lower, upper } | PartShape::Polygon { lower, upper } => {
                AABB::from_corners(lower, upper)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Polygon;

    fn segment_of(part: &ObstaclePart) -> Option<Segment> {
        match part.shape {
            PartShape::Segment(s) => Some(s),
            _ => None,
        }
    }

    #[test]
    fn a_polygon_is_its_edges_in_order_then_its_interior() {
        // An L-shaped outline of six vertices: six edges, the closing one
        // from (0, 4) back to (0, 0), then the interior, whose box is
        // (0, 0)-(4, 4).
        let vertices = [
            (0.0, 0.0),
            (4.0, 0.0),
            (4.0, 1.0),
            (1.0, 1.0),
            (1.0, 4.0),
            (0.0, 4.0),
        ]
        .map(|(x, y)| Point::new(x, y));
        let poly = Polygon::new(vertices.to_vec()).unwrap();
        let edges: Vec<Segment> = poly.edges().collect();
        let obstacle = Obstacle::Polygon(poly);
        let pieces: Vec<u32> = ObstaclePart::pieces(&obstacle).collect();
        assert_eq!(pieces, [0, 1, 2, 3, 4, 5, INTERIOR]);
        for (k, edge) in (0u32..).zip(&edges) {
            let part = ObstaclePart::piece(7, &obstacle, k);
            assert_eq!((part.obstacle, part.piece), (7, k));
            assert_eq!(segment_of(&part), Some(*edge));
        }
        assert_eq!(
            edges[5],
            Segment::new(Point::new(0.0, 4.0), Point::new(0.0, 0.0))
        );
        let interior = ObstaclePart::piece(7, &obstacle, INTERIOR);
        match interior.shape {
            PartShape::Interior { lower, upper } => {
                assert_eq!((lower, upper), (Point::new(0.0, 0.0), Point::new(4.0, 4.0)));
            }
            other => panic!("{other:?}"),
        }
    }

    fn polygon(vertices: &[(f64, f64)]) -> Polygon {
        Polygon::new(vertices.iter().map(|&v| Point::from(v)).collect()).expect("a polygon")
    }

    #[test]
    fn small_polygons_that_fill_half_their_box_go_in_whole() {
        // A hexagon: 6 vertices, area 3 * 2 - 4 * (1/2) = 4 of a 3 x 2
        // box of 6, two thirds of it.
        let hexagon = polygon(&[(1., 0.), (2., 0.), (3., 1.), (2., 2.), (1., 2.), (0., 1.)]);
        // A right triangle fills exactly half its box: whole.
        let triangle = polygon(&[(0., 0.), (2., 0.), (0., 1.5)]);
        // An L of arms 1 wide and 10 long: area 19 of a 100 box.
        let l_shape = polygon(&[
            (0., 0.),
            (10., 0.),
            (10., 1.),
            (1., 1.),
            (1., 10.),
            (0., 10.),
        ]);
        // A sliver along the diagonal: area 0.75 of a 3.25 x 3 box.
        let sliver = polygon(&[(0., 0.), (3., 3.), (3.25, 3.), (0.25, 0.)]);
        // Nine vertices, on a circle: more than 8.
        let nonagon = Polygon::new(
            (0..9)
                .map(|k| {
                    let a = f64::from(k) / 9.0 * std::f64::consts::TAU;
                    Point::new(a.cos(), a.sin())
                })
                .collect(),
        )
        .expect("a nonagon");
        assert!(is_whole(&hexagon));
        assert!(is_whole(&triangle));
        assert!(!is_whole(&l_shape));
        assert!(!is_whole(&sliver));
        assert!(!is_whole(&nonagon));
        // Far from the origin, the same shapes decide the same way.
        let far = |p: &Polygon| {
            let moved = p.vertices().iter().map(|v| (v.x + 1e7, v.y - 3e6));
            polygon(&moved.collect::<Vec<_>>())
        };
        assert!(is_whole(&far(&hexagon)));
        assert!(!is_whole(&far(&l_shape)));
        let obstacle = Obstacle::Polygon(hexagon);
        assert_eq!(ObstaclePart::pieces(&obstacle).collect::<Vec<_>>(), [WHOLE]);
        let part = ObstaclePart::piece(4, &obstacle, WHOLE);
        assert!(part.is_whole_polygon());
        assert_eq!(
            (part.envelope().lower(), part.envelope().upper()),
            (Point::new(0.0, 0.0), Point::new(3.0, 2.0))
        );
    }

    #[test]
    fn a_whole_polygon_measures_as_its_parts_did() {
        // The hexagon above, and an edge from (1.5, 1) (inside) to (1.5, 5):
        // it crosses the top edge (2, 2)-(1, 2), piece 3, at (1.5, 2).
        let hexagon = polygon(&[(1., 0.), (2., 0.), (3., 1.), (2., 2.), (1., 2.), (0., 1.)]);
        let crossing = Segment::new(Point::new(1.5, 1.0), Point::new(1.5, 5.0));
        let found = whole_polygon_separation(&hexagon, crossing, |_| true).expect("measured");
        assert_eq!(found.distance, 0.0);
        assert_eq!(found.edge_point, Point::new(1.5, 2.0));
        // Wholly inside, from (1, 1) to (2, 1): no edge is within 0, so
        // the interior answers, at the edge's start.
        let inside = Segment::new(Point::new(1.0, 1.0), Point::new(2.0, 1.0));
        let found = whole_polygon_separation(&hexagon, inside, |_| true).expect("inside");
        assert_eq!(
            (found.distance, found.edge_point),
            (0.0, Point::new(1.0, 1.0))
        );
        // Above it, from (0, 4) to (3, 4): the top edge (2, 2)-(1, 2),
        // piece 3, is 2 away all along; the pieces before it are farther
        // (the vertex (3, 1) is 3 away). Its witness is the one the
        // direct computation gives: the side's first end, (2, 2), under
        // (2, 4).
        let above = Segment::new(Point::new(0.0, 4.0), Point::new(3.0, 4.0));
        let found = whole_polygon_separation(&hexagon, above, |_| true).expect("measured");
        assert_eq!(
            found,
            Obstacle::Polygon(hexagon.clone()).separation_from(above)
        );
        assert_eq!(found.distance, 2.0);
        assert_eq!(
            (found.edge_point, found.obstacle_point),
            (Point::new(2.0, 4.0), Point::new(2.0, 2.0))
        );
        // A best of 1 so far rules every edge out: nothing is measured.
        let within_1 = |bound_2: f64| bound_2 <= 1.0;
        assert_eq!(whole_polygon_separation(&hexagon, above, within_1), None);
    }

    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(512))]

        /// On small integer coordinates, where edges touch corners, lie
        /// along sides and tie everywhere: a polygon measured whole gives
        /// the separation and witness the direct computation gives (the
        /// lowest edge on a tie, the boundary before the interior), and
        /// with a best so far it gives that or nothing when it cannot win.
        #[test]
        fn a_whole_polygon_measures_as_the_direct_computation(
            vertices in proptest::collection::vec((0..6i32, 0..6i32), 3..9),
            ends in (0..7i32, 0..7i32, 0..7i32, 0..7i32),
            best in 0..5i32,
        ) {
            let vertices: Vec<Point> =
                vertices.iter().map(|&(x, y)| Point::new(f64::from(x), f64::from(y))).collect();
            proptest::prop_assume!(crate::geometry::count_distinct(&vertices) >= 3);
            let poly = Polygon::new(vertices).expect("3 distinct vertices");
            let edge = Segment::new(
                Point::new(f64::from(ends.0), f64::from(ends.1)),
                Point::new(f64::from(ends.2), f64::from(ends.3)),
            );
            let direct = Obstacle::Polygon(poly.clone()).separation_from(edge);
            let whole = whole_polygon_separation(&poly, edge, |_| true);
            proptest::prop_assert_eq!(whole, Some(direct));
            let d = f64::from(best);
            let bounded = whole_polygon_separation(&poly, edge, |bound_2| bound_2 <= d * d);
            if direct.distance <= d {
                proptest::prop_assert_eq!(bounded, Some(direct));
            } else if let Some(b) = bounded {
                proptest::prop_assert!(b.distance > d);
            }
        }
    }

    #[test]
    fn whole_shapes_are_one_piece_and_points_none() {
        let wall = Obstacle::Segment(Segment::new(Point::new(1.0, 2.0), Point::new(3.0, 5.0)));
        let disc = Obstacle::Circle(Circle {
            center: Point::new(1.0, 1.0),
            radius: 2.0,
        });
        assert_eq!(ObstaclePart::pieces(&wall).collect::<Vec<_>>(), [0]);
        assert_eq!(ObstaclePart::pieces(&disc).collect::<Vec<_>>(), [0]);
        assert_eq!(
            ObstaclePart::pieces(&Obstacle::Point(Point::new(0.0, 0.0))).count(),
            0
        );
        assert_eq!(
            segment_of(&ObstaclePart::piece(3, &wall, 0)),
            Some(Segment::new(Point::new(1.0, 2.0), Point::new(3.0, 5.0)))
        );
        assert!(matches!(
            ObstaclePart::piece(3, &disc, 0).shape,
            PartShape::Circle(c) if c.radius == 2.0
        ));
    }
}

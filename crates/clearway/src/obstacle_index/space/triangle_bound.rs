//! A proven lower bound on the distance from an edge to a triangle: its
//! distance to the triangle's plane, when both ends are clearly on one side.
//!
//! The search's bound for a triangle was the distance to the triangle's box,
//! which for a tilted triangle under an edge (terrain) is the height over its
//! highest corner, well below the distance to the triangle itself; most
//! triangles near an edge then reached the exact kernel. A segment whose ends
//! are strictly on one side of a plane is at least `min(|h_a|, |h_b|)` from
//! it (the signed height is linear along the segment), and the triangle lies
//! in the plane.
//!
//! Rounding (u = 2^-53), all relative to the local origin `c0` (a corner), so
//! coordinates of 1e7 lose nothing: `e1 = c1 - c0`, `e2 = c2 - c0`,
//! `q = p - c0` each one rounded difference (relative error <= u); the
//! normal `n = e1 × e2` rounded is within `5.8 u |e1| |e2|` of the exact
//! one, the dot `n · q` within `(4.01 u |n| + 5.81 u |e1| |e2|) |q|`, and
//! `|n|` within `5.8 u |e1| |e2| + 2.5 u |n|`. With `rho = |e1| |e2| / |n|`
//! (at most 1e6 here: thinner triangles get no bound), the height `h = n ·
//! q / |n|` comes out within `(8 u + 12 u rho) |q| + u |h|`; we subtract
//! `4e-15 (1 + rho) |q|_1` (`|q|_1 >= |q|`, 4e-15 > 26 u) and `1e-15 |h|`.
//! An end whose height is not clear of that error on the same side as the
//! other's gives no bound (0).

use crate::geometry::{Point3, Segment, Triangle};

/// A lower bound on the distance from `edge` to the plane of `triangle`
/// when both ends are strictly on one side of it (else 0), never above the
/// exact distance from `edge` to `triangle`.
#[inline]
pub(crate) fn plane_lower_bound(edge: Segment<Point3>, triangle: &Triangle) -> f64 {
    let [c0, c1, c2] = triangle.corners;
    let (e1, e2) = (c1 - c0, c2 - c0);
    let n = e1.cross(e2);
    let n_norm = n.length_2().sqrt();
    let spread = e1.length_2().sqrt() * e2.length_2().sqrt();
    // Tiny or huge: products might underflow or overflow; thin: the normal's
    // direction is uncertain. No bound.
    if !(n_norm > 1e-100 && n_norm < 1e100 && spread <= 1e6 * n_norm) {
        return 0.0;
    }
    let rho = spread / n_norm;
    let height = |p: Point3| {
        let q = p - c0;
        let h = n.dot(q) / n_norm;
        let error = 4e-15 * (1.0 + rho) * (q.x.abs() + q.y.abs() + q.z.abs()) + 1e-15 * h.abs();
        (h, error)
    };
    let ((ha, ea), (hb, eb)) = (height(edge.a), height(edge.b));
    let bound = if ha > ea && hb > eb {
        (ha - ea).min(hb - eb)
    } else if ha < -ea && hb < -eb {
        (-ha - ea).min(-hb - eb)
    } else {
        0.0
    };
    if bound.is_finite() { bound } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::space;
    use crate::geometry::space::shorthand::p;

    #[test]
    fn by_hand() {
        // The plane z = x (a triangle tilted 45 degrees) and an edge at
        // height 10 over x in [0, 2]: heights (10 - x) / sqrt(2), least at
        // x = 2: 8 / sqrt(2). Its box's top is at z = 4: 6 below the edge.
        let t = Triangle {
            corners: [p(0.0, 0.0, 0.0), p(4.0, 0.0, 4.0), p(0.0, 4.0, 0.0)],
        };
        let edge = Segment::new(p(0.0, 1.0, 10.0), p(2.0, 1.0, 10.0));
        let b = plane_lower_bound(edge, &t);
        let expected = 8.0 / 2f64.sqrt();
        assert!(b <= expected && expected - b < 1e-12, "{b}");
        // Through the plane: no bound.
        let edge = Segment::new(p(0.0, 1.0, 10.0), p(2.0, 1.0, -10.0));
        assert_eq!(plane_lower_bound(edge, &t), 0.0);
    }

    #[test]
    fn never_above_the_exact_kernel_far_from_the_origin() {
        let mut useful = 0;
        for (t, edge) in crate::geometry::triangles_with_edges_near_their_planes(11, 2000) {
            let bound = plane_lower_bound(edge, &t);
            let exact = space::segment_to_triangle(edge, t).distance;
            assert!(bound <= exact, "{bound} > {exact}: {edge:?} {t:?}");
            if bound > 0.0 {
                useful += 1;
            }
        }
        // Random edges lie on one side of a random triangle's plane often.
        assert!(useful > 1000, "{useful}");
    }
}

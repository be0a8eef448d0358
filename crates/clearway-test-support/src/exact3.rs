//! An independent exact twin of the 3D geometry kernel, on arbitrary-precision
//! rationals: every `f64` input converts exactly (`BigRational::from_float`)
//! and every decision and squared distance is exact. Written the obvious slow
//! way, sharing nothing with `src/`, and by other methods where it can:
//! meeting is "the exact squared distance is 0" (closest parameters solved
//! in rationals), boxes are clipped slab by slab and their distance is the
//! minimum of a piecewise quadratic, mesh parity is counted along a ray in a
//! direction that avoids every edge and vertex (tried until one does).

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// A plain point in space.
pub type P3 = (f64, f64, f64);

type R = BigRational;

#[derive(Clone, Debug, PartialEq)]
struct V {
    x: R,
    y: R,
    z: R,
}

fn rat(v: f64) -> R {
    BigRational::from_float(v).expect("finite coordinate")
}

fn v((x, y, z): P3) -> V {
    V {
        x: rat(x),
        y: rat(y),
        z: rat(z),
    }
}

fn sub(a: &V, b: &V) -> V {
    V {
        x: &a.x - &b.x,
        y: &a.y - &b.y,
        z: &a.z - &b.z,
    }
}

fn add(a: &V, b: &V) -> V {
    V {
        x: &a.x + &b.x,
        y: &a.y + &b.y,
        z: &a.z + &b.z,
    }
}

fn mul(a: &V, s: &R) -> V {
    V {
        x: &a.x * s,
        y: &a.y * s,
        z: &a.z * s,
    }
}

fn dot(a: &V, b: &V) -> R {
    &a.x * &b.x + &a.y * &b.y + &a.z * &b.z
}

fn cross(a: &V, b: &V) -> V {
    V {
        x: &a.y * &b.z - &a.z * &b.y,
        y: &a.z * &b.x - &a.x * &b.z,
        z: &a.x * &b.y - &a.y * &b.x,
    }
}

fn norm2(a: &V) -> R {
    dot(a, a)
}

fn min(rs: impl IntoIterator<Item = R>) -> R {
    rs.into_iter()
        .reduce(|a, b| if b < a { b } else { a })
        .expect("at least one candidate")
}

fn unit(t: &R) -> bool {
    !t.is_negative() && *t <= R::one()
}

// ------------------------------------------------------------ point, segment

fn point_segment(p: &V, a: &V, b: &V) -> R {
    let ab = sub(b, a);
    let len2 = norm2(&ab);
    if len2.is_zero() {
        return norm2(&sub(p, a));
    }
    let mut t = dot(&sub(p, a), &ab) / &len2;
    if t.is_negative() {
        t = R::zero();
    }
    if t > R::one() {
        t = R::one();
    }
    norm2(&sub(p, &add(a, &mul(&ab, &t))))
}

/// The exact squared distance from `p` to the closed segment a-b.
pub fn point_segment_distance_2(p: P3, a: P3, b: P3) -> R {
    point_segment(&v(p), &v(a), &v(b))
}

fn segment_segment(a: &V, b: &V, c: &V, d: &V) -> R {
    let ends = [
        point_segment(a, c, d),
        point_segment(b, c, d),
        point_segment(c, a, b),
        point_segment(d, a, b),
    ];
    let mut best = min(ends);
    // Interior pair: minimise |w + s u - t v|^2 by the 2x2 normal equations.
    let (u, vv, w) = (sub(b, a), sub(d, c), sub(a, c));
    let (aa, bb, cc) = (norm2(&u), dot(&u, &vv), norm2(&vv));
    let (dd, ee) = (dot(&u, &w), dot(&vv, &w));
    let den = &aa * &cc - &bb * &bb;
    if !den.is_zero() {
        let s = (&bb * &ee - &cc * &dd) / &den;
        let t = (&aa * &ee - &bb * &dd) / &den;
        if unit(&s) && unit(&t) {
            let gap = sub(&add(a, &mul(&u, &s)), &add(c, &mul(&vv, &t)));
            let d2 = norm2(&gap);
            if d2 < best {
                best = d2;
            }
        }
    }
    best
}

/// The exact squared distance between the closed segments a-b and c-d.
pub fn segment_segment_distance_2(a: P3, b: P3, c: P3, d: P3) -> R {
    segment_segment(&v(a), &v(b), &v(c), &v(d))
}

// ------------------------------------------------------------------ triangle

/// Barycentric (u, v) of `q` (in the plane) for t0 + u e1 + v e2; None when
/// the triangle is degenerate.
fn barycentric(q: &V, t: &[V; 3]) -> Option<(R, R)> {
    let (e1, e2, w) = (sub(&t[1], &t[0]), sub(&t[2], &t[0]), sub(q, &t[0]));
    let (a, b, c) = (norm2(&e1), dot(&e1, &e2), norm2(&e2));
    let den = &a * &c - &b * &b;
    if den.is_zero() {
        return None;
    }
    let (p, r) = (dot(&w, &e1), dot(&w, &e2));
    Some(((&c * &p - &b * &r) / &den, (&a * &r - &b * &p) / &den))
}

fn inside(uv: &(R, R)) -> bool {
    !uv.0.is_negative() && !uv.1.is_negative() && &uv.0 + &uv.1 <= R::one()
}

fn sides(t: &[V; 3]) -> [(&V, &V); 3] {
    [(&t[0], &t[1]), (&t[1], &t[2]), (&t[2], &t[0])]
}

fn point_triangle(p: &V, t: &[V; 3]) -> R {
    let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
    let n2 = norm2(&n);
    if !n2.is_zero() {
        let h = dot(&n, &sub(p, &t[0]));
        let foot = sub(p, &mul(&n, &(&h / &n2)));
        if barycentric(&foot, t).is_some_and(|uv| inside(&uv)) {
            return &h * &h / n2;
        }
    }
    min(sides(t).map(|(u, w)| point_segment(p, u, w)))
}

fn segment_triangle(a: &V, b: &V, t: &[V; 3]) -> R {
    let n = cross(&sub(&t[1], &t[0]), &sub(&t[2], &t[0]));
    if !norm2(&n).is_zero() {
        let ab = sub(b, a);
        let den = dot(&n, &ab);
        if !den.is_zero() {
            let lambda = dot(&n, &sub(&t[0], a)) / den;
            if unit(&lambda) {
                let x = add(a, &mul(&ab, &lambda));
                if barycentric(&x, t).is_some_and(|uv| inside(&uv)) {
                    return R::zero();
                }
            }
        }
    }
    let mut all = vec![point_triangle(a, t), point_triangle(b, t)];
    all.extend(sides(t).map(|(u, w)| segment_segment(a, b, u, w)));
    min(all)
}

/// The exact squared distance from the segment a-b to the closed triangle
/// (degenerate: its sides).
pub fn segment_triangle_distance_2(a: P3, b: P3, t: [P3; 3]) -> R {
    segment_triangle(&v(a), &v(b), &t.map(v))
}

// ----------------------------------------------------------------------- box

fn coord(p: &V, i: usize) -> &R {
    match i {
        0 => &p.x,
        1 => &p.y,
        _ => &p.z,
    }
}

/// Whether the segment a-b meets the closed box, by clipping [0, 1] slab by
/// slab (Liang-Barsky), exactly.
pub fn segment_box_meet(a: P3, b: P3, lo: P3, hi: P3) -> bool {
    let (a, b, lo, hi) = (v(a), v(b), v(lo), v(hi));
    let (mut t0, mut t1) = (R::zero(), R::one());
    for i in 0..3 {
        let (ai, di) = (coord(&a, i).clone(), coord(&b, i) - coord(&a, i));
        let (l, h) = (coord(&lo, i), coord(&hi, i));
        if di.is_zero() {
            if ai < *l || ai > *h {
                return false;
            }
            continue;
        }
        let (mut e, mut x) = ((l - &ai) / &di, (h - &ai) / &di);
        if e > x {
            std::mem::swap(&mut e, &mut x);
        }
        if e > t0 {
            t0 = e;
        }
        if x < t1 {
            t1 = x;
        }
        if t0 > t1 {
            return false;
        }
    }
    true
}

/// The exact squared distance from the segment a-b to the closed box: the
/// minimum over s in [0, 1] of the piecewise quadratic sum of squared
/// per-axis excesses, minimised piece by piece.
pub fn segment_box_distance_2(a: P3, b: P3, lo: P3, hi: P3) -> R {
    let (a, b, lo, hi) = (v(a), v(b), v(lo), v(hi));
    let d = sub(&b, &a);
    let mut breaks = vec![R::zero(), R::one()];
    for i in 0..3 {
        let di = coord(&d, i);
        if di.is_zero() {
            continue;
        }
        for bound in [coord(&lo, i), coord(&hi, i)] {
            let s = (bound - coord(&a, i)) / di;
            if s.is_positive() && s < R::one() {
                breaks.push(s);
            }
        }
    }
    breaks.sort();
    let excess = |s: &R| -> R {
        (0..3)
            .map(|i| {
                let x = coord(&a, i) + coord(&d, i) * s;
                if x < *coord(&lo, i) {
                    let e = coord(&lo, i) - &x;
                    &e * &e
                } else if x > *coord(&hi, i) {
                    let e = &x - coord(&hi, i);
                    &e * &e
                } else {
                    R::zero()
                }
            })
            .fold(R::zero(), |acc, e| acc + e)
    };
    let mut best = excess(&breaks[0]);
    for w in breaks.windows(2) {
        let (s0, s1) = (&w[0], &w[1]);
        let mid = (s0 + s1) / R::from_integer(2.into());
        // On this piece each axis is below, inside or above: a quadratic
        // sum of (c_i + s d_i)^2 over the axes outside.
        let (mut num, mut den) = (R::zero(), R::zero());
        for i in 0..3 {
            let x = coord(&a, i) + coord(&d, i) * &mid;
            let bound = if x < *coord(&lo, i) {
                coord(&lo, i)
            } else if x > *coord(&hi, i) {
                coord(&hi, i)
            } else {
                continue;
            };
            let c = coord(&a, i) - bound;
            num += &c * coord(&d, i);
            den += coord(&d, i) * coord(&d, i);
        }
        let mut s = if den.is_zero() {
            mid.clone()
        } else {
            -num / den
        };
        if s < *s0 {
            s = s0.clone();
        }
        if s > *s1 {
            s = s1.clone();
        }
        for cand in [s, s1.clone()] {
            let e = excess(&cand);
            if e < best {
                best = e;
            }
        }
    }
    best
}

// ---------------------------------------------------------------------- mesh

/// Whether `p` is inside the mesh by crossing parity (on the surface counts
/// as inside): a ray from `p` is tried in fixed odd directions until one
/// passes through no edge or vertex, then its crossings are counted.
pub fn point_in_mesh(p: P3, vertices: &[P3], triangles: &[[u32; 3]]) -> bool {
    let p = v(p);
    let tris: Vec<[V; 3]> = triangles
        .iter()
        .map(|t| t.map(|i| v(vertices[i as usize])))
        .collect();
    if tris.iter().any(|t| point_triangle(&p, t).is_zero()) {
        return true;
    }
    let dirs = [
        (1.0, 0.123, 0.0457),
        (0.31, 1.0, -0.271),
        (-0.577, 0.219, 1.0),
        (0.713, -0.689, 0.119),
        (1.0, 1.0 / 3.0, -1.0 / 7.0),
    ];
    'dirs: for dir in dirs {
        let dv = v(dir);
        let mut crossings = 0;
        for t in &tris {
            // p + s dir = t0 + u e1 + w e2 (Cramer).
            let (e1, e2, q) = (sub(&t[1], &t[0]), sub(&t[2], &t[0]), sub(&p, &t[0]));
            let n = cross(&e1, &e2);
            let den = dot(&n, &dv);
            if den.is_zero() {
                // Parallel to the plane: a ray in the plane could run along
                // the triangle; try another direction then.
                if dot(&n, &q).is_zero() && !norm2(&n).is_zero() {
                    continue 'dirs;
                }
                continue;
            }
            let s = -dot(&n, &q) / &den;
            if !s.is_positive() {
                continue;
            }
            let x = add(&p, &mul(&dv, &s));
            let Some((u, w)) = barycentric(&x, t) else {
                continue;
            };
            let last = R::one() - &u - &w;
            if u.is_negative() || w.is_negative() || last.is_negative() {
                continue;
            }
            if u.is_zero() || w.is_zero() || last.is_zero() {
                continue 'dirs; // through an edge or vertex: another ray
            }
            crossings += 1;
        }
        return crossings % 2 == 1;
    }
    panic!("every test ray hit an edge");
}

/// The exact squared distance from the segment a-b to a mesh: 0 when it
/// meets a triangle or (solid) starts inside, else the least over triangles.
pub fn segment_mesh_distance_2(
    a: P3,
    b: P3,
    vertices: &[P3],
    triangles: &[[u32; 3]],
    solid: bool,
) -> Option<R> {
    let (av, bv) = (v(a), v(b));
    let d = triangles
        .iter()
        .map(|t| segment_triangle(&av, &bv, &t.map(|i| v(vertices[i as usize]))))
        .reduce(|x, y| if y < x { y } else { x })?;
    if solid && !d.is_zero() && point_in_mesh(a, vertices, triangles) {
        return Some(R::zero());
    }
    Some(d)
}

/// The unit cube [0, 1]^3 as a closed mesh of 12 triangles, outward wound.
pub fn unit_cube() -> (Vec<P3>, Vec<[u32; 3]>) {
    let vs = (0..8)
        .map(|k| ((k & 1) as f64, ((k >> 1) & 1) as f64, ((k >> 2) & 1) as f64))
        .collect();
    let ts = vec![
        [0, 2, 1],
        [1, 2, 3],
        [4, 5, 6],
        [5, 7, 6],
        [0, 1, 4],
        [1, 5, 4],
        [2, 6, 3],
        [3, 6, 7],
        [0, 4, 2],
        [2, 4, 6],
        [1, 3, 5],
        [3, 7, 5],
    ];
    (vs, ts)
}

#[cfg(test)]
mod self_tests {
    use super::*;

    fn r(n: i64, d: i64) -> R {
        R::new(n.into(), d.into())
    }

    #[test]
    fn worked_examples() {
        // (3,3,0) to (1,1,0)-(5,2,0): 36/17, as in 2D.
        assert_eq!(
            point_segment_distance_2((3.0, 3.0, 0.0), (1.0, 1.0, 0.0), (5.0, 2.0, 0.0)),
            r(36, 17)
        );
        // Crossed beams 3 apart in z.
        assert_eq!(
            segment_segment_distance_2(
                (0.0, 0.0, 0.0),
                (4.0, 0.0, 0.0),
                (2.0, -2.0, 3.0),
                (2.0, 2.0, 3.0)
            ),
            r(9, 1)
        );
        // Box [1,2]^3 from the segment along x at (y, z) = (0, 0): 1 + 1 = 2.
        let (lo, hi) = ((1.0, 1.0, 1.0), (2.0, 2.0, 2.0));
        assert_eq!(
            segment_box_distance_2((0.0, 0.0, 0.0), (3.0, 0.0, 0.0), lo, hi),
            r(2, 1)
        );
        assert!(!segment_box_meet((0.0, 0.0, 0.0), (3.0, 0.0, 0.0), lo, hi));
        assert!(segment_box_meet((0.0, 0.0, 0.0), (3.0, 3.0, 3.0), lo, hi));
        // A diagonal passing the box's corner (1,1,1) at distance: the
        // segment (0,0,3)-(3,3,3) is 1 above the top face z = 2 at (1.5, 1.5).
        assert_eq!(
            segment_box_distance_2((0.0, 0.0, 3.0), (3.0, 3.0, 3.0), lo, hi),
            r(1, 1)
        );
        // Triangle in z = 0; the segment from (0.2,0.2,1) down to z = -1
        // pierces it; lifted to start at z = 0.5 it is 0.5 above.
        let t = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0)];
        assert!(segment_triangle_distance_2((0.2, 0.2, 1.0), (0.2, 0.2, -1.0), t).is_zero());
        assert_eq!(
            segment_triangle_distance_2((0.25, 0.25, 0.5), (0.25, 0.25, 2.0), t),
            r(1, 4)
        );
    }

    #[test]
    fn unit_cube_mesh_parity() {
        let (vs, ts) = super::unit_cube();
        assert!(point_in_mesh((0.5, 0.5, 0.5), &vs, &ts));
        assert!(!point_in_mesh((1.5, 0.5, 0.5), &vs, &ts));
        assert!(point_in_mesh((1.0, 0.5, 0.5), &vs, &ts));
    }
}

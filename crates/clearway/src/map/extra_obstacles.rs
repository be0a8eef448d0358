//! Adding obstacles that come from elsewhere (a Tiled map, an OBJ file) to
//! a loaded map.

use super::Map;
use super::validate::MAX_COORDINATE;
use crate::dimension::Dimension;
use crate::geometry::{Point, Point3};
use crate::obstacle::Obstacle;
use crate::obstacle3::Obstacle3;

/// Why an extra obstacle cannot join a map: a coordinate or radius that is
/// not finite, a coordinate beyond ±1e15, or a negative radius.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("extra obstacle {index}: {reason}")]
pub struct ExtraObstacleError {
    /// The obstacle's index in the list given (not in the map).
    pub index: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl<D: Dimension> Map<D>
where
    D::Obstacle: ExtraObstacle,
{
    /// This map with `extra` appended to its obstacles: they get the indices
    /// after the map's own, in order. The network and agents are unchanged;
    /// the obstacle index is built anew when first used. A 3D level takes 3D
    /// obstacles (the meshes of an OBJ file, [`crate::obj`]).
    ///
    /// ```
    /// use clearway::{Clearances, Map, Obstacle, geometry::Point};
    /// let map = Map::loader().read_str("(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (4, 0))], edges: [(from: 0, to: 1)])", "m.ron")?;
    /// let map = map.with_extra_obstacles(vec![Obstacle::Point(Point::new(2.0, 3.0))]).unwrap();
    /// assert_eq!(Clearances::compute(&map).edge(clearway::EdgeIdx::new(0)).value, 3.0);
    /// # Ok::<(), clearway::LoadError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ExtraObstacleError`] naming the first obstacle with a coordinate or
    /// radius that the map format would reject (NaN, infinite, beyond ±1e15,
    /// a negative radius).
    pub fn with_extra_obstacles(
        self,
        extra: Vec<D::Obstacle>,
    ) -> Result<Map<D>, ExtraObstacleError> {
        check_all(&extra)?;
        // The map's own list, moved rather than copied when no other map
        // shares it.
        let mut obstacles = match std::sync::Arc::try_unwrap(self.obstacles) {
            Ok(indexed) => indexed.list,
            Err(shared) => shared.list.clone(),
        };
        obstacles.extend(extra);
        Ok(Map::assemble(
            self.agents,
            self.nodes,
            self.node_ids,
            self.edges,
            obstacles,
        ))
    }
}

/// An obstacle whose numbers can be checked against the map format's rules.
/// Sealed: implemented for the obstacles of both dimensions.
pub trait ExtraObstacle: sealed::Sealed {
    /// What is wrong with it, if anything: a coordinate or radius that is
    /// not finite or beyond ±1e15, a negative radius.
    ///
    /// # Errors
    ///
    /// The reason, as [`ExtraObstacleError::reason`] gives it.
    fn check(&self) -> Result<(), String>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for crate::obstacle::Obstacle {}
    impl Sealed for crate::obstacle3::Obstacle3 {}
}

impl ExtraObstacle for Obstacle {
    fn check(&self) -> Result<(), String> {
        check(self)
    }
}

impl ExtraObstacle for Obstacle3 {
    fn check(&self) -> Result<(), String> {
        match self {
            Obstacle3::Point(p) => point3(*p),
            Obstacle3::Sphere(s) => {
                point3(s.center)?;
                radius(s.radius, "sphere")
            }
            Obstacle3::Segment(s) => point3(s.a).and_then(|()| point3(s.b)),
            Obstacle3::Triangle(t) => t.corners.iter().try_for_each(|&p| point3(p)),
            Obstacle3::Box(b) => point3(b.min).and_then(|()| point3(b.max)),
            Obstacle3::Mesh(m) => m.vertices().iter().try_for_each(|&p| point3(p)),
        }
    }
}

/// Checks every extra obstacle, naming the first bad one.
fn check_all<O: ExtraObstacle>(extra: &[O]) -> Result<(), ExtraObstacleError> {
    for (index, obstacle) in extra.iter().enumerate() {
        obstacle
            .check()
            .map_err(|reason| ExtraObstacleError { index, reason })?;
    }
    Ok(())
}

fn radius(r: f64, what: &str) -> Result<(), String> {
    if !r.is_finite() {
        return Err(format!("the {what}'s radius is {r}"));
    }
    if r < 0.0 {
        return Err(format!("the {what}'s radius is negative ({r})"));
    }
    Ok(())
}

fn check(obstacle: &Obstacle) -> Result<(), String> {
    match obstacle {
        Obstacle::Point(p) => point(*p),
        Obstacle::Circle(c) => {
            point(c.center)?;
            if !c.radius.is_finite() {
                return Err(format!("the circle's radius is {}", c.radius));
            }
            if c.radius < 0.0 {
                return Err(format!("the circle's radius is negative ({})", c.radius));
            }
            Ok(())
        }
        Obstacle::Segment(s) => point(s.a).and_then(|()| point(s.b)),
        Obstacle::Polygon(poly) => poly.vertices().iter().try_for_each(|&p| point(p)),
    }
}

fn point(p: Point) -> Result<(), String> {
    coordinates(&[p.x, p.y])
}

fn point3(p: Point3) -> Result<(), String> {
    coordinates(&[p.x, p.y, p.z])
}

fn coordinates(values: &[f64]) -> Result<(), String> {
    for &v in values {
        if !v.is_finite() {
            return Err(format!("the coordinate {v} is not finite"));
        }
        if v.abs() > MAX_COORDINATE {
            return Err(format!(
                "the coordinate {v} is out of range: coordinates must lie within ±1e15"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EdgeIdx;
    use crate::dimension::Space;
    use crate::geometry::{Mesh, Sphere};
    use crate::map::{Level, Map};

    fn validated_3d() -> Map<Space> {
        let text = b"(nodes: [(id: 0, pos: (0, 0, 1)), (id: 1, pos: (10, 0, 1))], edges: [(from: 0, to: 1)], obstacles: [Point((5, 0, 4))])";
        match Level::loader().read_bytes(text, "m.ron").unwrap() {
            Level::Space(map) => map,
            Level::Plane(_) => panic!("a 3D level"),
        }
    }

    /// 3D obstacles (an OBJ file's meshes) join a 3D level after its own,
    /// and a bad number is named by its index in the list given.
    #[test]
    fn extra_3d_obstacles_join_a_3d_level_and_bad_ones_are_named() {
        let sphere = |z: f64, radius: f64| {
            Obstacle3::Sphere(Sphere {
                center: Point3::new(5.0, 0.0, z),
                radius,
            })
        };
        let map = validated_3d()
            .with_extra_obstacles(vec![sphere(3.0, 1.0)])
            .unwrap();
        assert_eq!(map.obstacles().len(), 2);
        let clearances = crate::Clearances::compute(&map);
        assert_eq!(clearances.edge(EdgeIdx::new(0)).value, 1.0);
        assert_eq!(
            clearances.edge(EdgeIdx::new(0)).witness.unwrap().obstacle,
            1
        );

        let bad = validated_3d()
            .with_extra_obstacles(vec![sphere(3.0, 1.0), sphere(3.0, -0.5)])
            .unwrap_err();
        assert_eq!(bad.index, 1);
        assert_eq!(bad.reason, "the sphere's radius is negative (-0.5)");
        let mesh = Mesh::new(
            vec![
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(1.0, 0.0, f64::NAN),
                Point3::new(0.0, 1.0, 0.0),
            ],
            vec![[0, 1, 2]],
            false,
        )
        .unwrap();
        let bad = validated_3d()
            .with_extra_obstacles(vec![Obstacle3::Mesh(mesh)])
            .unwrap_err();
        assert_eq!(
            (bad.index, bad.reason.as_str()),
            (0, "the coordinate NaN is not finite")
        );
        let far = Obstacle3::Point(Point3::new(0.0, 0.0, 2e15));
        let bad = validated_3d().with_extra_obstacles(vec![far]).unwrap_err();
        assert!(bad.reason.contains("out of range"), "{}", bad.reason);
    }
}

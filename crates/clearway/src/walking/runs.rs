//! Spots measured in runs of neighbours that share one walk of the
//! obstacle index, on every core.
//!
//! Edges and nodes come in file order, and neighbours in the file are
//! usually neighbours in the level (the edges of one node, the nodes of
//! one room). Each spot's search walks the tree for the box around its
//! body and its ground; consecutive spots' boxes overlap, so a run of them
//! gathers the buckets meeting the box around all of them once, and each
//! spot then tests only those ([`BoxNeighbourhood`]), as the sphere check
//! shares its walks (`obstacle_index/neighbourhood.rs`). The parts each
//! spot finds are the walk's, in the walk's order, so the runs (and the
//! tasks) change no answer.

use super::body::body_region;
use super::ground::ground_box;
use super::{Corners, Footing, Walking};
use crate::dimension::Space;
use crate::geometry::{Point3, Segment};
use crate::map::Map;
use crate::obstacle_index::{BoxNeighbourhood, NearPart};
use crate::par::prelude::*;

/// Spots (edges or nodes, in file order) that share one gathering.
const SPOTS_PER_RUN: usize = 8;

/// At most this many buckets in one gathering; a run with more walks the
/// tree per spot.
const BUCKETS_PER_RUN: usize = 128;

/// Spots to a task: each task keeps its scratch (the parts list, the
/// surfaces that held up its last spot, the gathered buckets).
const SPOTS_PER_TASK: usize = 256;

/// How a spot asks for the parts near a box, as
/// [`ObstacleIndex::parts_near_box`](crate::obstacle_index::ObstacleIndex).
pub(crate) type PartsNear<'s, 'm> = &'s dyn Fn(Corners, f64, Corners, &mut Vec<NearPart<'m>>);

/// What `measure(i, feet_of(i), parts_near, near, footing)` keeps of each
/// of the `count` spots of `map`, in order, measured on every core in runs
/// sharing one gathering of the buckets around all the searches a spot of
/// `walking` may make (its ground and its widest body). `measure` must
/// search only within those.
pub(crate) fn measure_in_runs<'m, T: Send>(
    map: &'m Map<Space>,
    walking: &Walking,
    count: usize,
    feet_of: impl Fn(usize) -> Segment<Point3> + Sync,
    measure: impl Fn(
        usize,
        Segment<Point3>,
        PartsNear<'_, 'm>,
        &mut Vec<NearPart<'m>>,
        &mut Footing,
    ) -> Option<T>
    + Sync,
) -> Vec<T> {
    let index = map.obstacle_index();
    let obstacles = map.obstacles();
    let widest = walking.widest_body();
    (0..count.div_ceil(SPOTS_PER_TASK))
        .into_par_iter()
        .flat_map_iter(|task| {
            let spots = task * SPOTS_PER_TASK..((task + 1) * SPOTS_PER_TASK).min(count);
            let mut kept = Vec::new();
            let mut near = Vec::new();
            let mut footing = Footing::default();
            let mut hood = BoxNeighbourhood::new(index);
            let mut feet = Vec::with_capacity(SPOTS_PER_RUN);
            let mut start = spots.start;
            while start < spots.end {
                let run = start..(start + SPOTS_PER_RUN).min(spots.end);
                feet.clear();
                feet.extend(run.clone().map(&feet_of));
                let around = feet
                    .iter()
                    .map(|&f| {
                        merged(
                            ground_box(walking, f),
                            body_region(walking, f, widest).region,
                        )
                    })
                    .reduce(merged);
                if let Some(around) = around {
                    hood.gather(around, BUCKETS_PER_RUN);
                }
                let parts_near = |from, cutoff, within, out: &mut Vec<_>| {
                    hood.parts_near_box(obstacles, from, cutoff, within, out)
                };
                for (i, &f) in run.clone().zip(&feet) {
                    kept.extend(measure(i, f, &parts_near, &mut near, &mut footing));
                }
                start = run.end;
            }
            kept
        })
        .collect()
}

/// The box around two boxes.
fn merged((al, au): Corners, (bl, bu): Corners) -> Corners {
    (
        Point3::new(al.x.min(bl.x), al.y.min(bl.y), al.z.min(bl.z)),
        Point3::new(au.x.max(bu.x), au.y.max(bu.y), au.z.max(bu.z)),
    )
}

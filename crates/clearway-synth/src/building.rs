//! Multi-storey buildings (3D): floors of walled rooms joined by doors, a
//! lattice of waypoints per floor at a walker's centre height, stairs from
//! floor to floor, crates as solid meshes.
//!
//! Layout, metres, z up: rooms 8 x 8 on a grid (3 or more along x), storeys
//! 3.2 apart (a slab 0.2 thick under each floor, walls 3.0 high on it).
//! Each room holds a 4 x 4 lattice of waypoints (1, 3, 5 and 7 from its
//! corner) at 0.9 above its floor, joined to its neighbours and, in a
//! quarter of its cells, by a diagonal. A room's west and south walls have
//! a door (0.9 to 2.0 wide, 2.1 high) centred on the lattice line 5 from
//! the corner, which the edge between the rooms' waypoints passes through:
//! its clearance is half the door's width. Flight `f` of stairs climbs a
//! ramp (a mesh of two triangles, 0.9 under its waypoints) along that line
//! in one room, from floor `f` to floor `f + 1`, where the room has no
//! slab (the stairwell) and no lattice, and leaves through the east door.
//! Crates (closed boxes of 12 triangles, 0.2 to 1.3 across and 0.4 to 1.6
//! high) stand at cell centres without a diagonal, so they come close to
//! the four edges around their cell without touching them.

use std::io::{self, Write};

use super::rng::SplitMix64;
use super::{Params, Summary, quantize};

/// Room size, storey height, slab thickness, wall height, half a wall's
/// thickness, the walker's centre height, a door's height.
const ROOM: f64 = 8.0;
const STOREY: f64 = 3.2;
const SLAB: f64 = 0.2;
const WALL_HEIGHT: f64 = 3.0;
const HALF_WALL: f64 = 0.1;
const CENTRE: f64 = 0.9;
const DOOR_HEIGHT: f64 = 2.1;
/// The lattice positions in a room, from its corner; doors and stairs are
/// on `LATTICE[DOOR_LINE]`.
const LATTICE: [f64; 4] = [1.0, 3.0, 5.0, 7.0];
const DOOR_LINE: usize = 2;
/// About how many edges a room holds: 24 lattice edges, 2.25 diagonals,
/// 2 doors.
const EDGES_PER_ROOM: f64 = 28.25;
/// Triangles per crate and per ramp.
const CRATE_TRIANGLES: usize = 12;
const RAMP_TRIANGLES: usize = 2;

/// The building's shape.
struct Plan {
    floors: usize,
    /// Rooms along x (at least 3) and along y.
    cols: usize,
    rows: usize,
    seed: u64,
}

impl Plan {
    fn new(edges: usize, seed: u64) -> Plan {
        let rooms_total = (edges.max(1) as f64 / EDGES_PER_ROOM).ceil();
        let floors = rooms_total.cbrt().round().clamp(2.0, 20.0) as usize;
        let per_floor = rooms_total / floors as f64;
        let cols = (per_floor.sqrt().ceil() as usize).max(3);
        let rows = ((per_floor / cols as f64).round() as usize).max(1);
        Plan {
            floors,
            cols,
            rows,
            seed,
        }
    }

    /// The room (column, row) flight `f` climbs in: never in the last
    /// column (it leaves east), never the room of the flight below (there
    /// are at least 2 other columns).
    fn stair_room(&self, f: usize) -> (usize, usize) {
        (f % (self.cols - 1), (f / (self.cols - 1)) % self.rows)
    }

    fn is_stair_room(&self, floor: usize, room: (usize, usize)) -> bool {
        floor + 1 < self.floors && self.stair_room(floor) == room
    }

    /// The stairwell: the room of the flight from the floor below, with no
    /// slab and no lattice.
    fn is_opening(&self, floor: usize, room: (usize, usize)) -> bool {
        floor > 0 && self.stair_room(floor - 1) == room
    }

    /// Whether lattice cell (cx, cy) of a room has a diagonal, and which
    /// (`Some(true)`: lower left to upper right): a hash of the cell, so
    /// that the crates can keep clear of it.
    fn diagonal(&self, floor: usize, room: (usize, usize), cell: (usize, usize)) -> Option<bool> {
        let key = (((floor * self.rows + room.1) * self.cols + room.0) * 3 + cell.1) * 3 + cell.0;
        let mut rng = SplitMix64::new(self.seed ^ (key as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        let bits = rng.next_u64();
        (bits % 4 == 0).then_some(bits & 4 == 0)
    }

    fn floor_z(floor: usize) -> f64 {
        floor as f64 * STOREY
    }
}

/// The waypoints and edges.
struct Network {
    nodes: Vec<[f64; 3]>,
    edges: Vec<(u32, u32)>,
}

fn index(i: usize) -> u32 {
    u32::try_from(i).expect("fewer than 2^32 nodes")
}

fn network(plan: &Plan) -> Network {
    let (cols, rows) = (plan.cols, plan.rows);
    let per_floor = cols * rows * 16;
    // Lattice slot -> node id (u32::MAX: none).
    let slot = |floor: usize, room: (usize, usize), lx: usize, ly: usize| {
        ((floor * rows + room.1) * cols + room.0) * 16 + ly * 4 + lx
    };
    let mut id_of = vec![u32::MAX; plan.floors * per_floor];
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for floor in 0..plan.floors {
        let z = quantize(Plan::floor_z(floor) + CENTRE);
        for row in 0..rows {
            for col in 0..cols {
                let room = (col, row);
                if plan.is_opening(floor, room) {
                    continue;
                }
                let stairs = plan.is_stair_room(floor, room);
                for ly in 0..4 {
                    for lx in 0..4 {
                        if stairs && ly == DOOR_LINE && lx > 0 {
                            continue; // over the ramp
                        }
                        id_of[slot(floor, room, lx, ly)] = index(nodes.len());
                        nodes.push([
                            quantize(col as f64 * ROOM + LATTICE[lx]),
                            quantize(row as f64 * ROOM + LATTICE[ly]),
                            z,
                        ]);
                    }
                }
            }
        }
    }
    let join = |edges: &mut Vec<(u32, u32)>, a: usize, b: usize| {
        let (a, b) = (id_of[a], id_of[b]);
        if a != u32::MAX && b != u32::MAX {
            edges.push((a, b));
        }
    };
    for floor in 0..plan.floors {
        for row in 0..rows {
            for col in 0..cols {
                let room = (col, row);
                let s = |lx, ly| slot(floor, room, lx, ly);
                for ly in 0..4 {
                    for lx in 0..4 {
                        if lx < 3 {
                            join(&mut edges, s(lx, ly), s(lx + 1, ly));
                        }
                        if ly < 3 {
                            join(&mut edges, s(lx, ly), s(lx, ly + 1));
                        }
                        if lx < 3 && ly < 3 {
                            match plan.diagonal(floor, room, (lx, ly)) {
                                Some(true) => join(&mut edges, s(lx, ly), s(lx + 1, ly + 1)),
                                Some(false) => join(&mut edges, s(lx + 1, ly), s(lx, ly + 1)),
                                None => {}
                            }
                        }
                    }
                }
                // Through the doors of the east and north neighbours.
                if col + 1 < cols {
                    join(
                        &mut edges,
                        s(3, DOOR_LINE),
                        slot(floor, (col + 1, row), 0, DOOR_LINE),
                    );
                }
                if row + 1 < rows {
                    join(
                        &mut edges,
                        s(DOOR_LINE, 3),
                        slot(floor, (col, row + 1), DOOR_LINE, 0),
                    );
                }
            }
        }
        if floor + 1 < plan.floors {
            // The flight: up the ramp from the lattice's (0, DOOR_LINE), and
            // out through the east door on the floor above.
            let room = plan.stair_room(floor);
            let (x0, y) = (
                room.0 as f64 * ROOM,
                room.1 as f64 * ROOM + LATTICE[DOOR_LINE],
            );
            let mut prev = id_of[slot(floor, room, 0, DOOR_LINE)];
            for &lx in &LATTICE[1..] {
                let rise = STOREY * (lx - LATTICE[0]) / (LATTICE[3] - LATTICE[0]);
                nodes.push([
                    quantize(x0 + lx),
                    quantize(y),
                    quantize(Plan::floor_z(floor) + rise + CENTRE),
                ]);
                let here = index(nodes.len() - 1);
                edges.push((prev, here));
                prev = here;
            }
            let door = id_of[slot(floor + 1, (room.0 + 1, room.1), 0, DOOR_LINE)];
            edges.push((prev, door));
        }
    }
    Network { nodes, edges }
}

/// Writes the building level to `w`, after the header comment.
pub(super) fn write(params: &Params, w: &mut impl Write) -> io::Result<Summary> {
    let plan = Plan::new(params.edges, params.seed);
    let net = network(&plan);
    let mut rng = SplitMix64::new(params.seed);
    writeln!(
        w,
        "// {} floors of {} x {} rooms 8 m square, storeys 3.2 m apart, waypoints 0.9 above each floor.",
        plan.floors, plan.cols, plan.rows
    )?;
    super::write_network3(w, &params.agents, &net.nodes, &net.edges)?;
    let (cols, rows) = (plan.cols, plan.rows);
    let (east, north) = (cols as f64 * ROOM, rows as f64 * ROOM);
    let mut obstacles = 0;
    let mut solid = |w: &mut _, min: [f64; 3], max: [f64; 3]| {
        obstacles += 1;
        super::write_box(w, min, max)
    };
    for floor in 0..plan.floors {
        let z = Plan::floor_z(floor);
        let top = z + WALL_HEIGHT;
        for row in 0..rows {
            for col in 0..cols {
                let (x0, y0) = (col as f64 * ROOM, row as f64 * ROOM);
                if !plan.is_opening(floor, (col, row)) {
                    solid(w, [x0, y0, z - SLAB], [x0 + ROOM, y0 + ROOM, z])?;
                }
                // The west wall (along y at x0), then the south wall (along x at y0).
                for along_y in [true, false] {
                    let (at, from) = if along_y { (x0, y0) } else { (y0, x0) };
                    let exterior = if along_y { col == 0 } else { row == 0 };
                    let wall = |from: f64, to: f64, z0: f64, z1: f64| {
                        if along_y {
                            ([at - HALF_WALL, from, z0], [at + HALF_WALL, to, z1])
                        } else {
                            ([from, at - HALF_WALL, z0], [to, at + HALF_WALL, z1])
                        }
                    };
                    if exterior {
                        let (lo, hi) = wall(from, from + ROOM, z, top);
                        solid(w, lo, hi)?;
                        continue;
                    }
                    let half = rng.range(0.9, 2.0) / 2.0;
                    let c = from + LATTICE[DOOR_LINE];
                    for (lo, hi) in [
                        wall(from, c - half, z, top),
                        wall(c + half, from + ROOM, z, top),
                        wall(c - half, c + half, z + DOOR_HEIGHT, top),
                    ] {
                        solid(w, lo, hi)?;
                    }
                }
            }
            // The east end of this row of rooms.
            let (y0, y1) = (row as f64 * ROOM, (row + 1) as f64 * ROOM);
            solid(w, [east - HALF_WALL, y0, z], [east + HALF_WALL, y1, top])?;
        }
        for col in 0..cols {
            // The north end of this column.
            let (x0, x1) = (col as f64 * ROOM, (col + 1) as f64 * ROOM);
            solid(w, [x0, north - HALF_WALL, z], [x1, north + HALF_WALL, top])?;
        }
    }
    let roof = Plan::floor_z(plan.floors);
    solid(w, [0.0, 0.0, roof - SLAB], [east, north, roof])?;
    let mut triangles = 0;
    for floor in 0..plan.floors.saturating_sub(1) {
        let room = plan.stair_room(floor);
        let (x0, y) = (
            room.0 as f64 * ROOM,
            room.1 as f64 * ROOM + LATTICE[DOOR_LINE],
        );
        let (z0, z1) = (Plan::floor_z(floor), Plan::floor_z(floor + 1));
        let (xa, xb) = (x0 + LATTICE[0], x0 + LATTICE[3]);
        let vertices = [
            [xa, y - 1.0, z0],
            [xa, y + 1.0, z0],
            [xb, y - 1.0, z1],
            [xb, y + 1.0, z1],
        ];
        super::write_mesh(w, &vertices, &[[0, 2, 1], [1, 2, 3]], false)?;
        obstacles += 1;
        triangles += RAMP_TRIANGLES;
    }
    let crates = params.triangles.saturating_sub(triangles) / CRATE_TRIANGLES;
    for _ in 0..crates {
        let (floor, room, cell) = loop {
            let floor = rng.below(plan.floors);
            let room = (rng.below(cols), rng.below(rows));
            let cell = (rng.below(3), rng.below(3));
            if !plan.is_opening(floor, room)
                && !plan.is_stair_room(floor, room)
                && plan.diagonal(floor, room, cell).is_none()
            {
                break (floor, room, cell);
            }
        };
        let cx = room.0 as f64 * ROOM + (LATTICE[cell.0] + LATTICE[cell.0 + 1]) / 2.0;
        let cy = room.1 as f64 * ROOM + (LATTICE[cell.1] + LATTICE[cell.1 + 1]) / 2.0;
        let (hx, hy) = (rng.range(0.1, 0.65), rng.range(0.1, 0.65));
        let z = Plan::floor_z(floor);
        let height = rng.range(0.4, 1.6);
        super::write_closed_box(w, [cx - hx, cy - hy, z], [cx + hx, cy + hy, z + height])?;
        obstacles += 1;
        triangles += CRATE_TRIANGLES;
    }
    Ok(Summary {
        nodes: net.nodes.len(),
        edges: net.edges.len(),
        obstacles,
        triangles,
        bytes: 0,
    })
}

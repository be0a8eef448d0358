//! The colours of a picture, and how an edge's clearance picks one.

use super::drawer::Color;

/// Edges too tight for the agent.
pub const BLOCKED: Color = Color::hex(0xd62728);
/// Edges the agent fits along with less than its own radius to spare.
pub const TIGHT: Color = Color::hex(0xf08c00);
/// Edges with room to spare.
pub const CLEAR: Color = Color::hex(0x2e9e4f);
/// Obstacles.
pub const OBSTACLE: Color = Color::hex(0x4a4a4a);
/// Walls (segment obstacles), a little darker than solid obstacles.
pub const WALL: Color = Color::hex(0x303030);
/// The picture's background.
pub const BACKGROUND: Color = Color::hex(0xffffff);
/// Text, node outlines, arrows.
pub const INK: Color = Color::hex(0x202020);
/// Secondary text.
pub const MUTED: Color = Color::hex(0x606060);
/// The cheapest route.
pub const ROUTE: Color = Color::hex(0x1f5fd6);
/// The widest route.
pub const WIDEST: Color = Color::hex(0x8e44ad);

/// The continuous scale for clearances without a radius, from tight (red)
/// through amber and green to wide open (blue): hot means narrow.
const RAMP: [Color; 6] = [
    Color::hex(0xc62828),
    Color::hex(0xe8702a),
    Color::hex(0xd9a520),
    Color::hex(0x7cb342),
    Color::hex(0x2e9e6f),
    Color::hex(0x2b6cb0),
];

/// The ramp's colour at `t` in 0..=1 (clamped).
pub fn ramp(t: f64) -> Color {
    let t = if t.is_nan() { 1.0 } else { t.clamp(0.0, 1.0) };
    let x = t * (RAMP.len() - 1) as f64;
    let i = (x.floor() as usize).min(RAMP.len() - 2);
    RAMP[i].mix(RAMP[i + 1], x - i as f64)
}

/// How an edge fares against the agent radius.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// Clearance at least twice the radius.
    Clear,
    /// Passable, with less than one radius to spare.
    Tight,
    /// Clearance below the radius, or 0 (touching an obstacle).
    Blocked,
}

impl Verdict {
    /// The verdict for a clearance against a radius.
    pub fn of(clearance: f64, agent_radius: f64) -> Verdict {
        if !crate::clearance::admits(clearance, agent_radius) {
            Verdict::Blocked
        } else if clearance < 2.0 * agent_radius {
            Verdict::Tight
        } else {
            Verdict::Clear
        }
    }

    /// Its colour.
    pub fn color(self) -> Color {
        match self {
            Verdict::Clear => CLEAR,
            Verdict::Tight => TIGHT,
            Verdict::Blocked => BLOCKED,
        }
    }
}

/// The number of colour steps large maps group edges into without a radius.
pub const RAMP_BUCKETS: usize = 16;

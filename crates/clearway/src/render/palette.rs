//! The colours of a picture, and how an edge's clearance picks one.
//!
//! The colours read apart for colour-blind eyes too. Blocked, tight and
//! clear are a dark vermilion, an orange and a bluish green (after Okabe and
//! Ito) whose lightness differs by steps of 13 to 31 (CIE L* 40, 71, 58), so
//! they differ even in grey; simulated protanopia, deuteranopia and
//! tritanopia (Machado et al. 2009) keep every two of them at least 35 apart
//! (CIE76 ΔE). Their lines differ in pattern as well ([`verdict_line`]).
//! The continuous scale runs from dark red through orange to light and dark
//! blue, along the yellow–blue axis that red–green colour blindness keeps.

use super::drawer::{Color, Style};

/// Edges too tight for the agent.
pub const BLOCKED: Color = Color::hex(0xb5290b);
/// Edges the agent fits along with less than its own radius to spare.
pub const TIGHT: Color = Color::hex(0xe69f00);
/// Edges with room to spare.
pub const CLEAR: Color = Color::hex(0x009e73);
/// Obstacles.
pub const OBSTACLE: Color = Color::hex(0x4a4a4a);
/// Walls (segment obstacles), a little darker than solid obstacles.
pub const WALL: Color = Color::hex(0x303030);
/// Flat obstacles of a 3D level (floors), seen from above; taller ones
/// are shaded from this towards [`WALL`].
pub const FLAT_OBSTACLE: Color = Color::hex(0xcfcfcf);
/// The fills of a 3D level's nodes by height, low to high (after viridis:
/// light to dark, and apart for colour-blind eyes).
pub const HEIGHTS: [Color; 5] = [
    Color::hex(0xfde725),
    Color::hex(0x7ad151),
    Color::hex(0x22a884),
    Color::hex(0x2a788e),
    Color::hex(0x440154),
];
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
/// through orange and light blue to wide open (dark blue): hot means narrow.
/// Under simulated red–green colour blindness any two stops that are not
/// neighbours stay at least 36 apart (CIE76 ΔE), and any two three or more
/// steps apart at least 76.
const RAMP: [Color; 6] = [
    Color::hex(0xb5290b),
    Color::hex(0xd55e00),
    Color::hex(0xe69f00),
    Color::hex(0x8cc3e6),
    Color::hex(0x3a8ac6),
    Color::hex(0x1f4e99),
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
    /// The verdict for a clearance against a radius, on a level with slack
    /// `slack` ([`crate::Map::slack`]).
    pub fn of(clearance: f64, agent_radius: f64, slack: f64) -> Verdict {
        if !crate::clearance::admits(clearance, agent_radius, slack) {
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

/// How an edge with this verdict is drawn, for an edge width of `width`
/// pixels: clear edges solid, tight edges dotted, blocked edges thicker
/// (1.6 times) and dashed, so that the three read apart without colour.
/// With round caps, a dash of `d` and a gap of `g` show as `d + w` ink and
/// `g - w` space for a line `w` wide.
///
/// ```
/// use clearway::render::palette::{verdict_line, Verdict};
/// let blocked = verdict_line(Verdict::Blocked, 2.0);
/// assert!((blocked.stroke_width - 3.2).abs() < 1e-9);
/// assert!(blocked.dash.is_some());
/// assert!(verdict_line(Verdict::Clear, 2.0).dash.is_none());
/// ```
pub fn verdict_line(verdict: Verdict, width: f64) -> Style {
    match verdict {
        Verdict::Clear => Style::stroke(CLEAR, width),
        Verdict::Tight => Style::stroke(TIGHT, width).dashed(width * 0.5, width * 2.5),
        Verdict::Blocked => {
            let thick = width * 1.6;
            Style::stroke(BLOCKED, thick).dashed(thick * 3.0, thick * 2.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BLOCKED, CLEAR, Color, TIGHT, ramp};

    /// Linear RGB of an sRGB colour.
    fn linear(c: Color) -> [f64; 3] {
        [c.r, c.g, c.b].map(|v| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        })
    }

    /// CIE L*a*b* (D65) of linear RGB.
    fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
        let y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
        let z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
        [116.0 * y - 16.0, 500.0 * (x - y), 200.0 * (y - z)]
    }

    /// How a colour looks with protanopia or deuteranopia (Machado, Oliveira
    /// and Fernandes 2009, severity 1).
    fn simulate(c: Color, m: [[f64; 3]; 3]) -> [f64; 3] {
        let v = linear(c);
        m.map(|row| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0))
    }

    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];

    /// CIE76 colour difference as a reader with that vision sees it.
    fn difference(a: Color, b: Color, m: [[f64; 3]; 3]) -> f64 {
        let (a, b) = (lab(simulate(a, m)), lab(simulate(b, m)));
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    #[test]
    fn blocked_tight_and_clear_differ_in_lightness() {
        let l = |c: Color| lab(linear(c))[0];
        let (b, t, c) = (l(BLOCKED), l(TIGHT), l(CLEAR));
        // Blocked darkest, tight lightest: at least 12 L* apart, each pair.
        assert!(b + 12.0 < c && c + 12.0 < t, "L* {b:.0} {c:.0} {t:.0}");
    }

    #[test]
    fn blocked_tight_and_clear_read_apart_with_red_green_colour_blindness() {
        for m in [PROTANOPIA, DEUTERANOPIA] {
            for (a, b) in [(BLOCKED, TIGHT), (BLOCKED, CLEAR), (TIGHT, CLEAR)] {
                let d = difference(a, b, m);
                assert!(d > 30.0, "{a:?} {b:?}: {d:.0}");
            }
        }
    }

    #[test]
    fn the_scale_reads_apart_with_red_green_colour_blindness() {
        // Any two of its six stops that are not neighbours; far apart when
        // three or more steps apart.
        let stops: Vec<Color> = (0..6).map(|i| ramp(f64::from(i) / 5.0)).collect();
        for m in [PROTANOPIA, DEUTERANOPIA] {
            for i in 0..6 {
                for j in i + 2..6 {
                    let d = difference(stops[i], stops[j], m);
                    let least = if j - i >= 3 { 70.0 } else { 30.0 };
                    assert!(d > least, "stops {i} and {j}: {d:.0}");
                }
            }
        }
    }
}

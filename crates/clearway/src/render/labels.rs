//! Labels placed so that no two overlap. Each label comes with the spots
//! around its point where it may go, each with a cost (the obstacles a
//! pinch point's label would cross); the labels are placed in order (pinch
//! points first: they carry the verdicts; then nodes), each at a spot whose
//! box overlaps no label placed before and lies within the map area: the
//! cheapest, then the one over the fewest node discs, then the first. A
//! label with no such spot is left out, and the legend says how many were.

use super::drawer::{Anchor, TextStyle};
use super::legend::text_width;
use crate::geometry::Point;

/// A label to place: the point it belongs to, its words, and where it may
/// go (the text's anchor and style, and the spot's cost), best first.
pub(super) struct Wanted {
    pub(super) of: Point,
    pub(super) text: String,
    pub(super) spots: Vec<(Point, TextStyle, usize)>,
}

/// A label placed: where its text is written, and how.
pub(super) struct Placed {
    pub(super) at: Point,
    pub(super) text: String,
    pub(super) style: TextStyle,
}

/// The labels of a picture, placed.
pub(super) struct Labels {
    pub(super) placed: Vec<Placed>,
    /// How many labels had no spot clear of the others.
    pub(super) dropped: usize,
}

/// Places the labels in order within `area` (upper-left and lower-right
/// corners, pixels), over as few of the `discs` (centre and radius, pixels)
/// as they can; a label whose point lies outside the area is not shown and
/// not counted as left out.
pub(super) fn place(wanted: Vec<Wanted>, area: [Point; 2], discs: &[(Point, f64)]) -> Labels {
    let [lo, hi] = area;
    let inside = |p: Point| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
    let mut boxes: Vec<[Point; 4]> = Vec::new();
    let mut labels = Labels {
        placed: Vec::new(),
        dropped: 0,
    };
    for label in wanted {
        if !inside(label.of) {
            continue;
        }
        let covered = |b: &[Point; 4]| {
            discs
                .iter()
                .filter(|(c, r)| {
                    let disc = [
                        Point::new(c.x - r, c.y - r),
                        Point::new(c.x + r, c.y - r),
                        Point::new(c.x + r, c.y + r),
                        Point::new(c.x - r, c.y + r),
                    ];
                    *c != label.of && overlap(&disc, b)
                })
                .count()
        };
        let free = label
            .spots
            .into_iter()
            .enumerate()
            .filter_map(|(i, (at, style, cost))| {
                let b = label_box(at, &label.text, &style);
                let fits = inside(b[0]) && inside(b[2]) && !boxes.iter().any(|o| overlap(o, &b));
                fits.then(|| ((cost, covered(&b), i), (at, style, b)))
            })
            .min_by_key(|(key, _)| *key);
        match free {
            Some((_, (at, style, b))) => {
                boxes.push(b);
                labels.placed.push(Placed {
                    at,
                    text: label.text,
                    style,
                });
            }
            None => labels.dropped += 1,
        }
    }
    labels
}

/// The legend's words for labels left out.
pub(super) fn dropped_words(dropped: usize) -> String {
    let noun = if dropped == 1 { "label" } else { "labels" };
    format!("{dropped} {noun} left out: no room clear of the others")
}

/// Whether two label boxes (upper-left corner first, lower-right third)
/// overlap.
fn overlap(a: &[Point; 4], b: &[Point; 4]) -> bool {
    a[0].x < b[2].x && b[0].x < a[2].x && a[0].y < b[2].y && b[0].y < a[2].y
}

/// A box behind a label written at `at` in `style`: its corners clockwise
/// from the upper left.
pub(super) fn label_box(at: Point, label: &str, style: &TextStyle) -> [Point; 4] {
    let width = text_width(label, style.size) * if style.bold { 1.08 } else { 1.0 };
    let left = match style.anchor {
        Anchor::Start => at.x,
        Anchor::Middle => at.x - width / 2.0,
        Anchor::End => at.x - width,
    } - 3.0;
    let right = left + width + 6.0;
    let (top, bottom) = (at.y - style.size - 1.0, at.y + style.size * 0.3 + 1.0);
    [
        Point::new(left, top),
        Point::new(right, top),
        Point::new(right, bottom),
        Point::new(left, bottom),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette;

    fn style(anchor: Anchor) -> TextStyle {
        TextStyle {
            size: 10.0,
            color: palette::INK,
            anchor,
            bold: false,
            halo: false,
        }
    }

    /// Two labels at one point: the second takes its next spot; a third
    /// with only the taken spot is left out, and so is a fourth whose only
    /// spot runs out of the area.
    ///
    /// A 4-letter label at size 10 is 4 · 10 · 0.56 = 22.4 wide, its box
    /// 28.4 x 14 (3 px each side, 11 above the baseline and 4 below).
    #[test]
    fn labels_take_their_first_free_spot_or_are_left_out() {
        let area = [Point::new(0.0, 0.0), Point::new(200.0, 100.0)];
        let p = Point::new(50.0, 50.0);
        let right = (Point::new(55.0, 45.0), style(Anchor::Start), 0);
        let left = (Point::new(45.0, 45.0), style(Anchor::End), 0);
        let want = |spots: Vec<(Point, TextStyle, usize)>| Wanted {
            of: p,
            text: "node".into(),
            spots,
        };
        let labels = place(
            vec![
                want(vec![right.clone(), left.clone()]),
                want(vec![right.clone(), left.clone()]),
                want(vec![right.clone()]),
                // The box's right end at 190 + 28.4 - 3 = 215.4 > 200.
                want(vec![(Point::new(190.0, 45.0), style(Anchor::Start), 0)]),
            ],
            area,
            &[],
        );
        let at: Vec<Point> = labels.placed.iter().map(|l| l.at).collect();
        assert_eq!(at, [right.0, left.0]);
        assert_eq!(labels.dropped, 2);
        assert_eq!(
            dropped_words(labels.dropped),
            "2 labels left out: no room clear of the others"
        );
    }

    /// A label of a point outside the area (beyond a view's clip) is
    /// neither shown nor counted.
    #[test]
    fn labels_of_points_outside_the_area_are_not_counted() {
        let area = [Point::new(0.0, 0.0), Point::new(100.0, 100.0)];
        let labels = place(
            vec![Wanted {
                of: Point::new(150.0, 50.0),
                text: "far".into(),
                spots: vec![(Point::new(20.0, 50.0), style(Anchor::Start), 0)],
            }],
            area,
            &[],
        );
        assert!(labels.placed.is_empty());
        assert_eq!(labels.dropped, 0);
    }

    /// Of the free spots, the cheapest; then the one over the fewest other
    /// node discs (not its own point's); then the first.
    #[test]
    fn labels_go_where_they_cost_least_and_cover_fewest_nodes() {
        let area = [Point::new(0.0, 0.0), Point::new(200.0, 100.0)];
        let p = Point::new(50.0, 50.0);
        let right = Point::new(55.0, 45.0);
        let left = Point::new(45.0, 45.0);
        let below = Point::new(55.0, 70.0);
        // A node disc under the right spot's box (x 52..80.4, y 34..48).
        let discs = [(p, 4.0), (Point::new(70.0, 40.0), 4.0)];
        let labels = place(
            vec![Wanted {
                of: p,
                text: "node".into(),
                spots: vec![
                    (right, style(Anchor::Start), 0),
                    (left, style(Anchor::End), 1),
                    (below, style(Anchor::Start), 0),
                ],
            }],
            area,
            &discs,
        );
        assert_eq!(labels.placed[0].at, below);
    }
}

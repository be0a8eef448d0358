//! The heights of a 3D level's nodes as the picture shows them: each node
//! filled by its height band, so that the storey of every node reads at a
//! glance (stairs are the nodes between two storeys' colours).
//!
//! A level whose nodes stand at no more than five heights gets one band
//! per height (a two-storey level: one colour per storey, one per landing);
//! otherwise the range from the lowest node to the highest is cut into five
//! equal bands.

use super::drawer::Color;
use super::palette::HEIGHTS;
use super::text::short;

/// How node heights map to fill colours.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum HeightBands {
    /// One band per height, lowest first.
    Distinct(Vec<f64>),
    /// Five equal bands from `min` to `max`.
    Even { min: f64, max: f64 },
}

impl HeightBands {
    /// The bands for these heights; `None` when there are none.
    pub(super) fn of(heights: impl IntoIterator<Item = f64>) -> Option<HeightBands> {
        let mut distinct: Vec<f64> = heights.into_iter().collect();
        if distinct.is_empty() {
            return None;
        }
        distinct.sort_by(f64::total_cmp);
        distinct.dedup();
        Some(if distinct.len() <= HEIGHTS.len() {
            HeightBands::Distinct(distinct)
        } else {
            HeightBands::Even {
                min: distinct[0],
                max: distinct[distinct.len() - 1],
            }
        })
    }

    /// How many bands there are.
    pub(super) fn len(&self) -> usize {
        match self {
            HeightBands::Distinct(v) => v.len(),
            HeightBands::Even { .. } => HEIGHTS.len(),
        }
    }

    /// The band a height falls in.
    pub(super) fn band(&self, h: f64) -> usize {
        match self {
            HeightBands::Distinct(v) => v.partition_point(|&x| x < h).min(v.len() - 1),
            HeightBands::Even { min, max } => {
                let t = (h - min) / (max - min);
                ((t * HEIGHTS.len() as f64) as usize).min(HEIGHTS.len() - 1)
            }
        }
    }

    /// A band's colour: the palette's ends for the lowest and highest band,
    /// spread evenly between.
    pub(super) fn color(&self, band: usize) -> Color {
        let n = self.len();
        if n <= 1 {
            return HEIGHTS[0];
        }
        HEIGHTS[(band * (HEIGHTS.len() - 1) + (n - 1) / 2) / (n - 1)]
    }

    /// A band's words in the legend: `z 3` or `z 1.5 to 3`.
    pub(super) fn words(&self, band: usize, axis: &str) -> String {
        match self {
            HeightBands::Distinct(v) => format!("{axis} {}", short(v[band])),
            HeightBands::Even { min, max } => {
                let step = (max - min) / HEIGHTS.len() as f64;
                format!(
                    "{axis} {} to {}",
                    short(min + step * band as f64),
                    short(min + step * (band + 1) as f64)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_storeys_get_the_palettes_two_ends() {
        let bands = HeightBands::of([1.0, 4.0, 1.0, 4.0]).unwrap();
        assert_eq!(bands, HeightBands::Distinct(vec![1.0, 4.0]));
        assert_eq!(bands.color(bands.band(1.0)), HEIGHTS[0]);
        assert_eq!(bands.color(bands.band(4.0)), HEIGHTS[4]);
        assert_eq!(bands.words(1, "z"), "z 4");
    }

    #[test]
    fn many_heights_get_five_even_bands() {
        let bands = HeightBands::of((0..=10).map(f64::from)).unwrap();
        assert_eq!(bands.len(), 5);
        assert_eq!(bands.band(0.0), 0);
        assert_eq!(bands.band(10.0), 4);
        assert_eq!(bands.band(5.0), 2);
        assert_eq!(bands.words(0, "y"), "y 0 to 2");
        let three = HeightBands::of([0.0, 1.0, 2.0]).unwrap();
        let colors: Vec<Color> = (0..3).map(|b| three.color(b)).collect();
        assert_eq!(colors, [HEIGHTS[0], HEIGHTS[2], HEIGHTS[4]]);
    }
}

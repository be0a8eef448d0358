//! A tile's flips, applied to its collision shapes.
//!
//! Tiled stores three flags with each tile of a tile layer: horizontal,
//! vertical and diagonal. Tiled applies the diagonal flip first (it swaps x
//! and y, turning the tile over the line from its top-left to its
//! bottom-right corner on screen, so the bottom-left and top-right corners
//! trade places), then the horizontal and vertical flips. Together they give
//! the 8 symmetries of a square: the 4 rotations, each mirrored or not (a
//! 90 degree turn clockwise is diagonal + horizontal).

/// The flips of one tile whose image box is `width` x `height` pixels
/// before flipping.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct TileFlip {
    pub(super) width: f64,
    pub(super) height: f64,
    pub(super) horizontal: bool,
    pub(super) vertical: bool,
    pub(super) diagonal: bool,
}

impl TileFlip {
    /// The size of the box once flipped: `height` x `width` when the
    /// diagonal flip swaps the axes.
    pub(super) fn size(&self) -> (f64, f64) {
        if self.diagonal {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }

    /// Where the point `(x, y)` of the unflipped tile (pixels from its
    /// top-left corner, y down) lies in the flipped tile. Exact: a swap and
    /// subtractions from whole tile sizes.
    pub(super) fn apply(&self, x: f64, y: f64) -> (f64, f64) {
        let (mut u, mut v) = if self.diagonal { (y, x) } else { (x, y) };
        let (w, h) = self.size();
        if self.horizontal {
            u = w - u;
        }
        if self.vertical {
            v = h - v;
        }
        (u, v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flip(horizontal: bool, vertical: bool, diagonal: bool) -> TileFlip {
        TileFlip {
            width: 16.0,
            height: 8.0,
            horizontal,
            vertical,
            diagonal,
        }
    }

    #[test]
    fn the_diagonal_flip_swaps_axes_and_then_h_and_v_mirror_the_swapped_box() {
        // A 16 x 8 box; the point (3, 1) near its top-left corner.
        assert_eq!(flip(false, false, false).apply(3.0, 1.0), (3.0, 1.0));
        assert_eq!(flip(true, false, false).apply(3.0, 1.0), (13.0, 1.0));
        assert_eq!(flip(false, true, false).apply(3.0, 1.0), (3.0, 7.0));
        // Diagonal: (1, 3) in an 8 x 16 box; then mirrored in that box.
        assert_eq!(flip(false, false, true).size(), (8.0, 16.0));
        assert_eq!(flip(false, false, true).apply(3.0, 1.0), (1.0, 3.0));
        assert_eq!(flip(true, false, true).apply(3.0, 1.0), (7.0, 3.0));
        assert_eq!(flip(false, true, true).apply(3.0, 1.0), (1.0, 13.0));
        assert_eq!(flip(true, true, true).apply(3.0, 1.0), (7.0, 13.0));
    }

    #[test]
    fn diagonal_then_horizontal_turns_a_quarter_clockwise() {
        // On screen (y down), a quarter turn clockwise of a square of side
        // s takes (x, y) to (s - y, x): the top-left corner to the top-right.
        let turn = TileFlip {
            width: 10.0,
            height: 10.0,
            horizontal: true,
            vertical: false,
            diagonal: true,
        };
        assert_eq!(turn.apply(0.0, 0.0), (10.0, 0.0));
        assert_eq!(turn.apply(2.0, 7.0), (3.0, 2.0));
    }
}

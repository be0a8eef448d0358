//! Our [`Point`] (and [`Point3`]) as rstar's point type.
//!
//! rstar's own `[f64; 2]` builds every box corner through a generic
//! `array::from_fn`, which the compiler does not always inline into the bulk
//! load's sort comparator (which computes two boxes per comparison); written
//! out by hand for two fields, the boxes cost a few instructions each.

use crate::geometry::{Point, Point3};

impl rstar::Point for Point {
    type Scalar = f64;
    const DIMENSIONS: usize = 2;

    #[inline(always)]
    fn generate(mut generator: impl FnMut(usize) -> f64) -> Self {
        let x = generator(0);
        Point::new(x, generator(1))
    }

    #[inline(always)]
    fn nth(&self, index: usize) -> f64 {
        if index == 0 { self.x } else { self.y }
    }

    #[inline(always)]
    fn nth_mut(&mut self, index: usize) -> &mut f64 {
        if index == 0 { &mut self.x } else { &mut self.y }
    }
}

/// [`Point3`] as rstar's point type, for the 3D index: written out by hand
/// for three fields, for the same reason.
impl rstar::Point for Point3 {
    type Scalar = f64;
    const DIMENSIONS: usize = 3;

    #[inline(always)]
    fn generate(mut generator: impl FnMut(usize) -> f64) -> Self {
        let x = generator(0);
        let y = generator(1);
        Point3::new(x, y, generator(2))
    }

    #[inline(always)]
    fn nth(&self, index: usize) -> f64 {
        match index {
            0 => self.x,
            1 => self.y,
            _ => self.z,
        }
    }

    #[inline(always)]
    fn nth_mut(&mut self, index: usize) -> &mut f64 {
        match index {
            0 => &mut self.x,
            1 => &mut self.y,
            _ => &mut self.z,
        }
    }
}

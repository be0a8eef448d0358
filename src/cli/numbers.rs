//! Numbers as people read them in text reports. JSON and CSV keep every digit.

/// Seven significant digits, trailing zeros trimmed; `inf` for unbounded.
pub fn human(x: f64) -> String {
    clearway::numbers::significant(x, 7)
}

/// A point as `(x, y)` in [`human`] numbers.
pub fn human_point(p: clearway::geometry::Point) -> String {
    format!("({}, {})", human(p.x), human(p.y))
}

#[cfg(test)]
mod tests {
    use super::human;

    #[test]
    fn seven_significant_digits() {
        assert_eq!(human(2.0), "2");
        assert_eq!(human((36.0_f64 / 17.0).sqrt()), "1.455214");
        assert_eq!(human(0.0004), "0.0004");
        assert_eq!(human(1234567.89), "1234568");
        assert_eq!(human(1.5e-9), "1.500000e-9");
        assert_eq!(human(-0.0000001), "-1.000000e-7");
        assert_eq!(human(f64::INFINITY), "inf");
    }
}

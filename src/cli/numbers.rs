//! Numbers as people read them in text reports. JSON and CSV keep every digit.

/// Seven significant digits, trailing zeros trimmed; `inf` for unbounded.
pub fn human(x: f64) -> String {
    clearway::numbers::significant(x, 7)
}

/// A value the user gave, such as a radius, with every digit it has (so
/// that it reads as given, and as no other number does).
pub fn given(x: f64) -> String {
    clearway::numbers::shortest(x)
}

/// A computed value (a clearance) to seven significant digits, or more
/// where needed not to read as `given` (a radius it is compared with).
pub fn human_apart(x: f64, given: f64) -> String {
    clearway::numbers::significant_apart(x, given, 7)
}

/// Two computed values to seven significant digits, or more where needed
/// for them not to read the same when they differ.
pub fn human_pair(a: f64, b: f64) -> (String, String) {
    if a != b {
        for digits in 7..=17 {
            let (ta, tb) = (
                clearway::numbers::significant(a, digits),
                clearway::numbers::significant(b, digits),
            );
            if ta != tb {
                return (ta, tb);
            }
        }
    }
    (human(a), human(b))
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
        assert_eq!(human(1.5e-9), "1.5e-9");
        assert_eq!(human(-0.0000001), "-1e-7");
        assert_eq!(human(1e308), "1e308");
        assert_eq!(human(f64::INFINITY), "inf");
    }
}

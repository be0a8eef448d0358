//! Numbers as people read them in text reports. JSON and CSV keep every digit.

/// Seven significant digits, trailing zeros trimmed; `inf` for unbounded.
pub fn human(x: f64) -> String {
    clearway_text::numbers::significant(x, 7)
}

/// A value the user gave, such as a radius, with every digit it has (so
/// that it reads as given, and as no other number does).
pub fn given(x: f64) -> String {
    clearway_text::numbers::shortest(x)
}

/// A clearance judged against `radius`, to seven significant digits or
/// more where needed to read as the verdict says (see
/// [`clearway_text::numbers::significant_judged`]).
pub fn human_judged(x: f64, radius: f64, admitted: bool) -> String {
    clearway_text::numbers::significant_judged(x, radius, 7, admitted)
}

/// The largest radius that fits (a widest route's), to seven significant
/// digits when that does not read as more than fits, else with as many more
/// as it takes: a radius printed here always fits when given back as
/// `--radius` on a level with slack `slack` (0.99999999 is not printed as
/// 1; 0.8999999999999986 is printed 0.9 where the slack admits 0.9).
pub fn human_at_most(x: f64, slack: f64) -> String {
    if !x.is_finite() {
        return human(x);
    }
    (7..=17)
        .map(|digits| clearway_text::numbers::significant(x, digits))
        .find(|text| {
            text.parse::<f64>()
                .is_ok_and(|v| clearway::admits(x, v, slack) || v <= x)
        })
        .unwrap_or_else(|| given(x))
}

/// Two computed values to seven significant digits, or more where needed
/// for them not to read the same when they differ.
pub fn human_pair(a: f64, b: f64) -> (String, String) {
    if a != b {
        for digits in 7..=17 {
            let (ta, tb) = (
                clearway_text::numbers::significant(a, digits),
                clearway_text::numbers::significant(b, digits),
            );
            if ta != tb {
                return (ta, tb);
            }
        }
    }
    (human(a), human(b))
}

/// A point as `(x, y)`, or `(x, y, z)` in a 3D level, in [`human`] numbers.
pub fn human_point<D: super::dimension::Shown>(p: D::Point) -> String {
    human_coordinates(D::coordinates(p))
}

/// Coordinates as `(x, y)` or `(x, y, z)` in [`human`] numbers.
pub fn human_coordinates(p: super::dimension::Coordinates) -> String {
    let coordinates: Vec<String> = p.as_slice().iter().map(|&v| human(v)).collect();
    format!("({})", coordinates.join(", "))
}

#[cfg(test)]
mod tests {
    use super::human;

    #[test]
    fn a_widest_radius_never_reads_as_more_than_fits() {
        use super::human_at_most;
        // With no slack: never more than it is.
        assert_eq!(human_at_most(2.0, 0.0), "2");
        assert_eq!(human_at_most(1.4000000000000004, 0.0), "1.4");
        assert_eq!(human_at_most(26f64.sqrt(), 0.0), "5.0990195"); // 5.09902 > sqrt(26)
        assert_eq!(human_at_most(0.99999999, 0.0), "0.99999999");
        assert_eq!(human_at_most(0.9999999899999998, 0.0), "0.9999999899999998");
        for x in [
            0.1,
            1.0 / 3.0,
            2.0 / 3.0,
            5.0990195135927845,
            1e-300,
            123456789.0,
        ] {
            assert!(human_at_most(x, 0.0).parse::<f64>().unwrap() <= x, "{x}");
        }
        assert_eq!(human_at_most(f64::INFINITY, 0.0), "inf");
        // The door 1.8 wide of a level reaching 31.8 (slack 31.8 * 2^-50 ~
        // 2.8e-14): 0.8999999999999986 admits 0.9, so it reads 0.9; with
        // no slack it would not.
        let slack = 31.8 / 2f64.powi(50);
        assert_eq!(human_at_most(0.8999999999999986, slack), "0.9");
        assert_eq!(human_at_most(0.8999999999999986, 0.0), "0.8999999999999986");
        // The slack never lets 7 digits read more than it admits:
        // sqrt(26) rounds up by 4.9e-8, far beyond it.
        assert_eq!(human_at_most(26f64.sqrt(), slack), "5.0990195");
    }

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

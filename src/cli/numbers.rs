//! Numbers as people read them in text reports. JSON and CSV keep every digit.

/// Seven significant digits, trailing zeros trimmed; `inf` for unbounded.
pub fn human(x: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return "0".into();
    }
    let magnitude = x.abs().log10().floor();
    if !(-4.0..15.0).contains(&magnitude) {
        return format!("{x:.6e}");
    }
    let decimals = (6.0 - magnitude).max(0.0) as usize;
    let fixed = format!("{x:.decimals$}");
    let trimmed = if fixed.contains('.') {
        fixed.trim_end_matches('0').trim_end_matches('.')
    } else {
        &fixed
    };
    if trimmed == "-0" {
        "0".into()
    } else {
        trimmed.into()
    }
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

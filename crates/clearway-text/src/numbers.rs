//! Numbers as people read them in text reports, labels and hover titles.
//! Machine outputs (JSON, CSV, RON) keep every digit instead.

/// `x` to `digits` significant digits, trailing zeros trimmed, in exponent
/// notation below 1e-4 and from 1e15 on; `inf` or `-inf` for infinities.
///
/// ```
/// use clearway_text::numbers::significant;
/// assert_eq!(significant(2.0, 7), "2");
/// assert_eq!(significant((36.0_f64 / 17.0).sqrt(), 7), "1.455214");
/// assert_eq!(significant(1234567.89, 3), "1230000");
/// assert_eq!(significant(1.5e-9, 3), "1.5e-9");
/// assert_eq!(significant(1e308, 7), "1e308");
/// assert_eq!(significant(f64::INFINITY, 7), "inf");
/// ```
pub fn significant(x: f64, digits: usize) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x.is_nan() {
        return "NaN".into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let digits = digits.max(1);
    let magnitude = x.abs().log10().floor();
    if !(-4.0..15.0).contains(&magnitude) {
        return trim_exponent(&format!("{x:.prec$e}", prec = digits - 1));
    }
    let decimals = (digits as f64 - 1.0 - magnitude).max(0.0) as usize;
    // With more integer digits than asked for, round the integer part too.
    let excess = magnitude + 1.0 - digits as f64;
    let x = if excess > 0.0 {
        let unit = 10f64.powf(excess);
        (x / unit).round() * unit
    } else {
        x
    };
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

/// `1.500e-9` as `1.5e-9`, `1.000e308` as `1e308`: zeros after the point
/// say nothing.
fn trim_exponent(text: &str) -> String {
    match text.split_once('e') {
        Some((mantissa, exponent)) if mantissa.contains('.') => {
            let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
            format!("{mantissa}e{exponent}")
        }
        _ => text.to_owned(),
    }
}

/// The shortest text that reads back as exactly `x` (as Rust's `{}` writes
/// it), in exponent notation below 1e-4 and from 1e15 on, as
/// [`significant`]; `0` for both zeros. For values the user gave, such as a
/// radius: `1.0000000001` stays `1.0000000001`.
///
/// ```
/// use clearway_text::numbers::shortest;
/// assert_eq!(shortest(1.0000000001), "1.0000000001");
/// assert_eq!(shortest(0.35), "0.35");
/// assert_eq!(shortest(1e308), "1e308");
/// assert_eq!(shortest(2.5e-7), "2.5e-7");
/// assert_eq!(shortest(-0.0), "0");
/// assert_eq!(shortest(f64::INFINITY), "inf");
/// ```
pub fn shortest(x: f64) -> String {
    if !x.is_finite() {
        return significant(x, 1);
    }
    if x == 0.0 {
        return "0".into();
    }
    let magnitude = x.abs().log10().floor();
    if (-4.0..15.0).contains(&magnitude) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// A clearance `x` next to the radius it was judged against, to `digits`
/// significant digits or more where needed so that it reads as the verdict
/// says: below `radius` when it does not admit it, at least `radius` when
/// it does. A clearance within the level's slack below the radius
/// (`clearway::admits`) reads as the radius it admits (0.9, not
/// 0.8999999999999986), and a blocked one never reads as the radius or
/// above it (0.1234568 is not printed for 0.1234567881 < 0.123456789).
/// Falls back to every digit of `x` when no shorter text reads right.
///
/// ```
/// use clearway_text::numbers::significant_judged;
/// assert_eq!(significant_judged(0.8999999999999986, 0.9, 7, true), "0.9");
/// assert_eq!(significant_judged(0.8999999999999986, 0.9, 7, false), "0.899999999999999");
/// assert_eq!(significant_judged(0.1234567881, 0.123456789, 7, false), "0.123456788");
/// assert_eq!(significant_judged(1.25, 1.5, 7, false), "1.25");
/// assert_eq!(significant_judged(0.0, 0.0, 7, false), "0"); // touching, at radius 0
/// ```
pub fn significant_judged(x: f64, radius: f64, digits: usize, admitted: bool) -> String {
    if !x.is_finite() {
        return significant(x, digits);
    }
    let reads_right = |text: &str| {
        text.parse::<f64>()
            .is_ok_and(|v| if admitted { v >= radius } else { v < radius })
    };
    (digits.max(1)..=17)
        .map(|d| significant(x, d))
        .find(|text| reads_right(text))
        .unwrap_or_else(|| shortest(x))
}

/// `x` to `digits` significant digits, or more where needed so that it
/// does not read as `other` does in [`shortest`] form unless the two are
/// equal: a clearance of 0.99999999 next to a radius of 1 reads
/// `0.99999999`, not `1`.
///
/// ```
/// use clearway_text::numbers::significant_apart;
/// assert_eq!(significant_apart(0.999999999, 1.0, 7), "0.999999999");
/// assert_eq!(significant_apart(1.0, 1.0000000001, 7), "1");
/// assert_eq!(significant_apart(1.25, 1.5, 7), "1.25");
/// assert_eq!(significant_apart(1.0, 1.0, 7), "1");
/// ```
pub fn significant_apart(x: f64, other: f64, digits: usize) -> String {
    if x == other || !x.is_finite() {
        return significant(x, digits);
    }
    let other = shortest(other);
    (digits.max(1)..=17)
        .map(|d| significant(x, d))
        .find(|text| *text != other)
        .unwrap_or_else(|| shortest(x))
}

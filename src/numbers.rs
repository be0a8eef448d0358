//! Numbers as people read them in text reports, labels and hover titles.
//! Machine outputs (JSON, CSV, RON) keep every digit instead.

/// `x` to `digits` significant digits, trailing zeros trimmed, in exponent
/// notation below 1e-4 and from 1e15 on; `inf` or `-inf` for infinities.
///
/// ```
/// use clearway::numbers::significant;
/// assert_eq!(significant(2.0, 7), "2");
/// assert_eq!(significant((36.0_f64 / 17.0).sqrt(), 7), "1.455214");
/// assert_eq!(significant(1234567.89, 3), "1230000");
/// assert_eq!(significant(1.5e-9, 3), "1.50e-9");
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
        return format!("{x:.prec$e}", prec = digits - 1);
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

//! A count with its noun, singular for one: `1 stale baked clearance`,
//! `2 stale baked clearances`.

/// `count` and `noun`, with an `s` on the noun's last word unless the count
/// is 1 (every noun the reports count takes a plain `s`).
pub fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(
            counted(1, "stale baked clearance"),
            "1 stale baked clearance"
        );
        assert_eq!(counted(0, "edge"), "0 edges");
        assert_eq!(counted(2, "rectangle"), "2 rectangles");
    }
}

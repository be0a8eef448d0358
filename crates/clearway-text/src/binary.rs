//! Telling text from binary: the first byte that no text holds.

/// The offset of the first byte that makes text binary: a control
/// character other than tab, line feed and carriage return, or DEL.
///
/// Blocks of 64 bytes are tested whole, sixteen or more bytes a step, and
/// only a block that holds one is searched: a search byte by byte, which
/// cannot be vectorised for its early exit, took 0.4 s on a 239 MB level.
///
/// ```
/// assert_eq!(clearway_text::binary::first_control_byte(b"(nodes: [])\r\n\t"), None);
/// assert_eq!(clearway_text::binary::first_control_byte(b"(nodes: \x00[])"), Some(8));
/// ```
pub fn first_control_byte(bytes: &[u8]) -> Option<usize> {
    let is_bad = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7F;
    let mut offset = 0;
    for block in bytes.chunks_exact(64) {
        if block.iter().fold(false, |any, &b| any | is_bad(b)) {
            break;
        }
        offset += block.len();
    }
    let rest = bytes.get(offset..).unwrap_or_default();
    rest.iter().position(|&b| is_bad(b)).map(|i| offset + i)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::first_control_byte;

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 2000,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// The block search finds the byte the byte-by-byte search finds,
        /// wherever it falls in or across the blocks.
        #[test]
        fn first_control_byte_is_the_byte_by_byte_one(
            len in 0usize..400,
            bad in prop::collection::vec((any::<prop::sample::Index>(), 0u8..0x80), 0..3),
        ) {
            let mut bytes: Vec<u8> = (0..len).map(|i| b"ab \t\r\n(1.5, 2)"[i % 14]).collect();
            for (at, byte) in bad {
                if !bytes.is_empty() {
                    let at = at.index(bytes.len());
                    bytes[at] = byte;
                }
            }
            let is_bad = |b: &u8| (*b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || *b == 0x7F;
            prop_assert_eq!(first_control_byte(&bytes), bytes.iter().position(is_bad));
        }
    }
}

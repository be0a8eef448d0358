//! Telling UTF-16 text from binary: Windows editors save UTF-16 by default,
//! and its zero bytes would otherwise be reported as binary content.

/// Whether `bytes` start as UTF-16 text does: with its byte-order mark, or
/// with two ASCII characters, each with a zero byte on the same side (a
/// single one could be a binary file that starts with a letter).
///
/// ```
/// use clearway_text::utf16::looks_like_utf16;
/// assert!(looks_like_utf16(b"\xFF\xFE(\0"));
/// assert!(looks_like_utf16(b"(\0n\0"));
/// assert!(looks_like_utf16(b"\0<\0?"));
/// assert!(!looks_like_utf16(b"(nodes"));
/// assert!(!looks_like_utf16(b"\0\0\0\0"));
/// assert!(!looks_like_utf16(b"(\0\n\xFF"));
/// ```
pub fn looks_like_utf16(bytes: &[u8]) -> bool {
    match bytes {
        [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..] => true,
        [a, 0, b, 0, ..] | [0, a, 0, b, ..] => [a, b].iter().all(|c| **c != 0 && c.is_ascii()),
        _ => false,
    }
}

/// The advice every UTF-16 error ends with.
pub const CONVERT: &str = "save it as UTF-8, or convert it: `iconv -f UTF-16 -t UTF-8`";

//! The `parse` target: the chunked map parse on arbitrary text, flat or 3D.
//! Whatever the text, and however small the chunks,
//! `wire::from_str_in_chunks` returns exactly what ron's one-pass parse
//! returns, the map or the error with its position.

use clearway_format::wire::{self, MapFile};

/// The checks on one input: its first byte picks the chunk size (0 to 63
/// bytes), the rest is the text (inputs that are not UTF-8 are skipped).
pub fn check(bytes: &[u8]) {
    let Some((&size, rest)) = bytes.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let whole = wire::options().from_str::<MapFile>(text);
    let chunked = wire::from_str_in_chunks(text, usize::from(size % 64));
    assert_eq!(format!("{chunked:?}"), format!("{whole:?}"), "{text}");
}

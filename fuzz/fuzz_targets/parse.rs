//! The chunked map parse on arbitrary text: whatever the text, and however
//! small the chunks, `wire::from_str_in_chunks` returns exactly what ron's
//! one-pass parse returns, the map or the error with its position.

#![no_main]

use clearway::map::wire::{self, MapFile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((&size, rest)) = bytes.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let whole = wire::options().from_str::<MapFile>(text);
    let chunked = wire::from_str_in_chunks(text, usize::from(size % 64));
    assert_eq!(format!("{chunked:?}"), format!("{whole:?}"), "{text}");
});

//! The `parse` target; its checks are `clearway_fuzz::parse`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| clearway_fuzz::parse::check(bytes));

//! The `load` target; its checks are `clearway_fuzz::load`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| clearway_fuzz::load::check(bytes));

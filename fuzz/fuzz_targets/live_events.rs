//! The `live_events` target; its input and checks are
//! `clearway_fuzz::live_events`.

#![no_main]

use clearway_fuzz::live_events::{Input, check};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: Input| {
    check(input);
});

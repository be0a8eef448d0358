//! The `geometry` target; its input and checks are `clearway_fuzz::geometry`.

#![no_main]

use clearway_fuzz::geometry::{Input, check};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: Input| check(input));

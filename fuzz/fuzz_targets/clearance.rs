//! The `clearance` target; its input and checks are `clearway_fuzz::clearance`.

#![no_main]

use clearway_fuzz::clearance::{Input, check};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: Input| check(input));

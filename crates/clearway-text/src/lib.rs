//! How clearway writes for people: the pieces of text the `clearway`
//! library's messages and pictures and the command line's reports share, so
//! that both quote input, round numbers, name UTF-16 and escape XML the
//! same way.

pub mod binary;
pub mod numbers;
pub mod quote;
pub mod utf16;
pub mod xml;

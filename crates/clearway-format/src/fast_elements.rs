//! A fast reader of the big lists' elements: a serde `Deserializer` over
//! the bytes of one chunk of the chunked parse ([`crate::chunked_parse`]),
//! for the subset of RON that machine-written levels use.
//!
//! ron is the reference. This reader is serde, like ron: the wire types'
//! derives drive it, so their fields are the only list of the format's
//! fields, and a field added to them is read here as soon as its value is
//! of a kind this reader reads. It reads a strict subset of what ron reads:
//! structs with or without their name (`Node(`, `Edge(`), right before
//! their bracket, each field written `name: value` with the colon right
//! after the name; enum variants right before their bracket; tuples, lists;
//! numbers written as plain decimals (`-12.5`, `3`, `1e-3`) into `f64` and
//! `u64`; `true` and `false`; strings without escapes; options written as
//! their value (ron's `implicit_some`); trailing commas; and between tokens
//! only spaces, tabs and line breaks. On anything else (a comment,
//! `Some(..)`, `inf`, `1_000`, a hex integer, a raw string, a duplicate or
//! unknown field, a number ron would not read, a count of elements other
//! than the chunk's, a value of a kind it does not read) it declines the
//! whole chunk, and ron reads that chunk instead, so every value it returns
//! is the one ron returns and every error is ron's, at ron's position.
//!
//! A number is handed to [`str::parse`] exactly as ron hands it (ron cuts
//! the same run of digits, signs, dots and exponents, and calls the same
//! function), so the two agree bit for bit. `tests` check the reader
//! against ron on random elements and on seeded levels, and on every field
//! of the wire types; the chunked parse's twin tests and the `parse` fuzz
//! target check the whole parse.

use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, MapAccess, SeqAccess, VariantAccess,
    Visitor,
};

/// The elements of one chunk (`text` is a run of whole list elements, as
/// the chunked parse cuts it) read into `slots`, one element per slot;
/// `false` if the chunk holds anything this reader does not read, or a
/// number of elements other than `slots.len()` (the slots then hold
/// anything, and ron must fill them).
pub(crate) fn read_chunk<T: DeserializeOwned>(text: &str, slots: &mut [T]) -> bool {
    let mut reader = Reader::new(text);
    let mut slots = slots.iter_mut();
    reader.space();
    while !reader.at_end() {
        let Some(slot) = slots.next() else {
            return false;
        };
        match T::deserialize(&mut reader) {
            Ok(value) => *slot = value,
            Err(Decline) => return false,
        }
        reader.space();
        if reader.eat(b',') {
            reader.space();
        } else if !reader.at_end() {
            return false;
        }
    }
    slots.next().is_none()
}

/// The reader's one error: it declines the chunk, and ron reads it.
#[derive(Debug)]
pub(crate) struct Decline;

impl fmt::Display for Decline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the fast reader leaves this text to ron")
    }
}

impl std::error::Error for Decline {}

impl de::Error for Decline {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Decline
    }
}

type Result<T> = std::result::Result<T, Decline>;

/// A cursor over the text of one chunk.
struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Self {
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
        }
    }
}

impl<'a> Reader<'a> {
    fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Skips spaces, tabs and line breaks (ron skips these too).
    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    /// Takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        self.pos += usize::from(next);
        next
    }

    /// Whether the byte at the cursor ends a value for ron as for this
    /// reader: a separator, a closing bracket or a space.
    fn at_delimiter(&self) -> bool {
        matches!(
            self.peek(),
            Some(b',' | b')' | b']' | b' ' | b'\t' | b'\n' | b'\r') | None
        )
    }

    /// An ASCII identifier that ron reads whole: it is not followed by a
    /// non-ASCII byte (which could continue it for ron).
    fn ident(&mut self) -> Option<&'a str> {
        let start = self.pos;
        match self.peek()? {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.pos += 1,
            _ => return None,
        }
        while let Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_') = self.peek() {
            self.pos += 1;
        }
        if self.peek().is_some_and(|b| b >= 0x80) {
            return None;
        }
        self.text.get(start..self.pos)
    }

    /// A struct or variant name right before its `(`, or just the `(`:
    /// the opening of a struct named `name`.
    fn open_struct(&mut self, name: &str) -> Option<()> {
        if self.peek() != Some(b'(') && self.ident()? != name {
            return None;
        }
        self.eat(b'(').then_some(())
    }

    /// A number as ron reads an `f64`: the run of digits, signs, dots and
    /// exponent letters, given to `f64::from_str`. Only runs that start
    /// with a digit or `-` and hold no `_` are taken (ron's other cases:
    /// `inf`, `NaN`, `_` separators, `f64` suffixes, ranges).
    fn float(&mut self) -> Option<f64> {
        if let Some(value) = self.plain_float() {
            return Some(value);
        }
        let start = self.pos;
        if !matches!(self.peek()?, b'0'..=b'9' | b'-') {
            return None;
        }
        while let Some(b'0'..=b'9' | b'e' | b'E' | b'.' | b'+' | b'-') = self.peek() {
            self.pos += 1;
        }
        if !self.at_delimiter() {
            return None;
        }
        let run = &self.bytes[start..self.pos];
        if let Some(value) = plain_decimal(run) {
            return Some(value);
        }
        let run = std::str::from_utf8(run).ok()?;
        if run.contains("..") {
            return None;
        }
        run.parse().ok()
    }

    /// What [`plain_decimal`] reads of the run [`Reader::float`] would
    /// take, read in the one pass that finds the run's end: `-?digits`
    /// and `.digits`, at most 19 digits and 22 decimals, ended by a
    /// delimiter. `None`, the cursor unmoved, on anything else.
    fn plain_float(&mut self) -> Option<f64> {
        let bytes = self.bytes;
        let start = self.pos;
        let negative = bytes.get(start) == Some(&b'-');
        let mut end = start + usize::from(negative);
        let mut mantissa: u64 = 0;
        let mut digits = |end: &mut usize| {
            let first = *end;
            while let Some(&digit @ b'0'..=b'9') = bytes.get(*end) {
                // Wraps only past 19 digits, which are refused below.
                mantissa = mantissa
                    .wrapping_mul(10)
                    .wrapping_add(u64::from(digit - b'0'));
                *end += 1;
            }
            *end - first
        };
        let whole = digits(&mut end);
        let mut decimals = 0;
        if bytes.get(end) == Some(&b'.') {
            end += 1;
            decimals = digits(&mut end);
            if decimals == 0 {
                return None;
            }
        }
        // A byte that continues `float`'s run (an exponent, a second dot,
        // a sign) leaves the run to `plain_decimal` and `f64::from_str`.
        if whole == 0
            || whole + decimals > 19
            || decimals > 22
            || mantissa > 1 << 53
            || matches!(bytes.get(end), Some(b'e' | b'E' | b'.' | b'+' | b'-'))
        {
            return None;
        }
        self.pos = end;
        if !self.at_delimiter() {
            self.pos = start;
            return None;
        }
        // Exact: `mantissa` is at most 2^53 (as in `plain_decimal`).
        #[allow(clippy::cast_precision_loss)]
        let value = mantissa as f64 / POWERS_OF_TEN[decimals];
        Some(if negative { -value } else { value })
    }

    /// A `u64` written as plain decimal digits (ron's other cases: a sign,
    /// `0x`/`0b`/`0o` prefixes, `_` separators, suffixes, byte literals).
    fn unsigned(&mut self) -> Option<u64> {
        let start = self.pos;
        let mut value: u64 = 0;
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            value = value
                .checked_mul(10)?
                .checked_add(u64::from(digit - b'0'))?;
            self.pos += 1;
        }
        (self.pos > start && self.at_delimiter()).then_some(value)
    }

    fn boolean(&mut self) -> Option<bool> {
        let value = match self.ident()? {
            "true" => true,
            "false" => false,
            _ => return None,
        };
        self.at_delimiter().then_some(value)
    }

    /// A `"..."` string without escapes.
    fn string(&mut self) -> Option<&'a str> {
        if !self.eat(b'"') {
            return None;
        }
        let rest = self.bytes.get(self.pos..)?;
        let len = rest.iter().position(|&b| b == b'"' || b == b'\\')?;
        if rest[len] != b'"' {
            return None;
        }
        let text = self.text.get(self.pos..self.pos + len)?;
        self.pos += len + 1;
        Some(text)
    }
}

/// What a value must be for the fast reader to take it.
fn need<T>(value: Option<T>) -> Result<T> {
    value.ok_or(Decline)
}

impl Reader<'_> {
    /// After the elements of a tuple or list that its visitor took: an
    /// optional trailing comma, and the closing bracket.
    fn close(&mut self, close: u8) -> Result<()> {
        self.space();
        if self.eat(b',') {
            self.space();
        }
        if self.eat(close) {
            Ok(())
        } else {
            Err(Decline)
        }
    }

    /// Before the next element of a list or tuple, or the next field of a
    /// struct: `false` at the closing bracket (not taken); after the first,
    /// the separating comma (taken) and the spaces after it.
    fn next_item(&mut self, first: bool, close: u8) -> Result<bool> {
        self.space();
        match self.peek() {
            Some(b) if b == close => Ok(false),
            Some(b',') if !first => {
                self.pos += 1;
                self.space();
                Ok(self.peek() != Some(close))
            }
            _ if first => Ok(true),
            _ => Err(Decline),
        }
    }
}

/// Only the calls the wire types make are answered; every other kind of
/// value declines.
macro_rules! decline {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, _: V) -> Result<V::Value> {
                Err(Decline)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Decline;

    decline! {
        deserialize_any deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_f32 deserialize_char
        deserialize_bytes deserialize_byte_buf deserialize_unit deserialize_map
        deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_bool(need(self.boolean())?)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_u64(need(self.unsigned())?)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_f64(need(self.float())?)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_borrowed_str(need(self.string())?)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// An option written as its value, as ron reads it with
    /// `implicit_some`; `Some(..)` and `None` are left to ron.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if matches!(self.peek(), Some(b'S' | b'N')) {
            return Err(Decline);
        }
        visitor.visit_some(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _: &'static str, _: V) -> Result<V::Value> {
        Err(Decline)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: V,
    ) -> Result<V::Value> {
        Err(Decline)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !self.eat(b'[') {
            return Err(Decline);
        }
        let value = visitor.visit_seq(Items::new(self, b']'))?;
        self.close(b']')?;
        Ok(value)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value> {
        if !self.eat(b'(') {
            return Err(Decline);
        }
        let value = visitor.visit_seq(Items::new(self, b')'))?;
        self.close(b')')?;
        Ok(value)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        _: V,
    ) -> Result<V::Value> {
        Err(Decline)
    }

    /// `(field: value, ..)`, or `Name(..)` right before its bracket.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        need(self.open_struct(name))?;
        let value = visitor.visit_map(Items::new(self, b')'))?;
        self.close(b')')?;
        Ok(value)
    }

    /// `Variant(..)`: its name right before its bracket.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(self)
    }
}

/// The elements of a list or tuple, or the fields of a struct, up to the
/// closing bracket `close`.
struct Items<'r, 'de> {
    reader: &'r mut Reader<'de>,
    close: u8,
    first: bool,
}

impl<'r, 'de> Items<'r, 'de> {
    fn new(reader: &'r mut Reader<'de>, close: u8) -> Self {
        Items {
            reader,
            close,
            first: true,
        }
    }
}

impl<'de> SeqAccess<'de> for Items<'_, 'de> {
    type Error = Decline;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if !self.reader.next_item(self.first, self.close)? {
            return Ok(None);
        }
        self.first = false;
        seed.deserialize(&mut *self.reader).map(Some)
    }
}

impl<'de> MapAccess<'de> for Items<'_, 'de> {
    type Error = Decline;

    /// A field's name, right before its colon, and the spaces after it.
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if !self.reader.next_item(self.first, self.close)? {
            return Ok(None);
        }
        self.first = false;
        let reader = &mut *self.reader;
        let name = need(reader.ident())?;
        if !reader.eat(b':') || reader.peek() == Some(b':') {
            return Err(Decline);
        }
        reader.space();
        seed.deserialize(BorrowedStrDeserializer::new(name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(&mut *self.reader)
    }
}

impl<'de> EnumAccess<'de> for &mut Reader<'de> {
    type Error = Decline;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let name = need(self.ident())?;
        if !self.eat(b'(') {
            return Err(Decline);
        }
        let variant = seed.deserialize(BorrowedStrDeserializer::new(name))?;
        Ok((variant, self))
    }
}

/// A variant's content, after its `(`, and its `)`.
impl<'de> VariantAccess<'de> for &mut Reader<'de> {
    type Error = Decline;

    fn unit_variant(self) -> Result<()> {
        Err(Decline)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        self.space();
        let value = seed.deserialize(&mut *self)?;
        self.space();
        if self.eat(b')') {
            Ok(value)
        } else {
            Err(Decline)
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value> {
        Err(Decline)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let value = visitor.visit_map(Items::new(self, b')'))?;
        self.close(b')')?;
        Ok(value)
    }
}

/// The powers of ten an `f64` holds exactly.
const POWERS_OF_TEN: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `-?digits` or `-?digits.digits` of at most 2^53 without its dot and at
/// most 22 decimals, as `f64::from_str` reads it: the integer and the
/// power of ten are both exact in an `f64`, so their quotient is rounded
/// once, correctly (Clinger's fast path). Most coordinates are written so;
/// anything else is `None`, and left to `f64::from_str`.
fn plain_decimal(run: &[u8]) -> Option<f64> {
    let (negative, digits) = match run.split_first()? {
        (b'-', rest) => (true, rest),
        _ => (false, run),
    };
    let (whole, decimals) = match digits.iter().position(|&b| b == b'.') {
        Some(dot) => (&digits[..dot], &digits[dot + 1..]),
        None => (digits, &[][..]),
    };
    if whole.is_empty()
        || (decimals.is_empty() && whole.len() < digits.len())
        || whole.len() + decimals.len() > 19
        || decimals.len() >= POWERS_OF_TEN.len()
    {
        return None;
    }
    let mut mantissa: u64 = 0;
    for &b in whole.iter().chain(decimals) {
        if !b.is_ascii_digit() {
            return None;
        }
        mantissa = mantissa * 10 + u64::from(b - b'0');
    }
    if mantissa > 1 << 53 {
        return None;
    }
    // Exact: `mantissa` is at most 2^53.
    #[allow(clippy::cast_precision_loss)]
    let value = mantissa as f64 / POWERS_OF_TEN[decimals.len()];
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::chunked_parse::ListElement;
    use crate::wire::{self, EdgeEntry, NodeEntry, ObstacleEntry};

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(5000))]

        /// The fast path reads what `f64::from_str` reads, to the bit, or
        /// leaves the run to it.
        #[test]
        fn plain_decimals_are_read_as_from_str_reads_them(
            run in "-?[0-9]{0,21}(\\.[0-9]{0,23})?[eE.+-]?[0-9]{0,2}",
        ) {
            if let Some(value) = plain_decimal(run.as_bytes()) {
                let expected: f64 = run.parse().unwrap();
                prop_assert_eq!(value.to_bits(), expected.to_bits(), "{}", run);
            }
        }

        /// The one-pass read of a plain decimal gives what the run and
        /// `plain_decimal` give, to the bit and to the byte it stops at,
        /// or leaves the run to them, the cursor unmoved.
        #[test]
        fn plain_floats_are_read_as_the_run_is(
            run in "-?[0-9]{0,21}(\\.[0-9]{0,23})?[eE.+-]?[0-9]{0,2}",
            after in "[,)\\] x:(]?",
        ) {
            let text = format!("{run}{after}");
            let mut fast = Reader::new(&text);
            if let Some(value) = fast.plain_float() {
                let mut slow = Reader::new(&text);
                while let Some(b'0'..=b'9' | b'e' | b'E' | b'.' | b'+' | b'-') = slow.peek() {
                    slow.pos += 1;
                }
                prop_assert!(slow.at_delimiter(), "{}", text);
                let expected = plain_decimal(&text.as_bytes()[..slow.pos]);
                prop_assert_eq!(Some(value.to_bits()), expected.map(f64::to_bits), "{}", text);
                prop_assert_eq!(fast.pos, slow.pos, "{}", text);
            } else {
                prop_assert_eq!(fast.pos, 0, "{}", text);
            }
        }
    }

    #[test]
    fn plain_decimals_edge_cases() {
        for run in [
            "0",
            "-0",
            "-0.0",
            "0.1",
            "9007199254740992",
            "9007199254740993",
            "1.5",
            "123456789.123456789",
            "0.0000000000000000000001",
            "1e5",
            "1.",
            ".5",
            "-",
            "",
            "1.2.3",
            "--1",
        ] {
            let fast = plain_decimal(run.as_bytes()).map(f64::to_bits);
            if let Some(bits) = fast {
                assert_eq!(
                    Some(bits),
                    run.parse::<f64>().ok().map(f64::to_bits),
                    "{run}"
                );
            }
        }
        assert_eq!(
            plain_decimal(b"-0").map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(plain_decimal(b"9007199254740993"), None);
        assert_eq!(plain_decimal(b"1e5"), None);
        assert_eq!(plain_decimal(b"1."), None);
        assert_eq!(plain_decimal(b"0.000000000000000001"), Some(1e-18));
    }

    /// Reads `text` as a chunk of `count` elements with the fast reader
    /// and, as `[` + text + `]`, with ron. If the fast reader reads it, ron
    /// must read it too, to the same values (compared through `Debug`,
    /// which tells `-0.0` from `0.0`); returns whether the fast reader
    /// read it.
    fn twin<T>(text: &str, count: usize) -> bool
    where
        T: ListElement + std::fmt::Debug,
    {
        let mut slots = vec![T::placeholder(); count];
        let fast = read_chunk(text, &mut slots);
        if fast {
            let ron: std::result::Result<Vec<T>, _> =
                wire::options().from_str(&format!("[{text}]"));
            assert_eq!(
                format!("{:?}", Ok::<_, ()>(&slots)),
                format!("{:?}", ron.as_ref().map_err(|_| ())),
                "the fast reader read {text:?}"
            );
        }
        fast
    }

    /// Numbers in every spelling ron has, and some it refuses.
    const NUMBERS: [&str; 40] = [
        "0",
        "7",
        "-0",
        "-0.0",
        "1.5",
        "-2.25",
        "12345.678",
        "007",
        "00.5",
        "1.",
        ".5",
        "-.5",
        "1e3",
        "1E3",
        "1e+3",
        "1e-3",
        "-1.5e-7",
        "1e400",
        "-1e-400",
        "2.2250738585072011e-308",
        "0.30000000000000004",
        "9007199254740993",
        "18446744073709551615",
        "18446744073709551616",
        "+1",
        "1_000",
        "0x10",
        "0b1",
        "inf",
        "-inf",
        "NaN",
        "1.5.2",
        "1..2",
        "--1",
        "1-2",
        "1e",
        "-",
        "1f64",
        "1.5f32",
        "1u64",
    ];

    /// What goes between tokens: spaces, and what the fast reader leaves
    /// to ron (comments, other white space).
    const SPACES: [&str; 8] = [
        "", "", " ", "\n    ", "\t\r\n", "/* c */", "// c\n", "\u{a0}",
    ];

    /// Strings the fast reader takes, and ones it leaves to ron.
    const STRINGS: [&str; 6] = [
        r#""gate""#,
        r#""a, b] (c""#,
        r#""ünï""#,
        r#""quote \" inside""#,
        r#"r"raw""#,
        "\"line\nbreak\"",
    ];

    /// Writes element texts from a stream of random choices: mostly the
    /// shapes the fast reader takes, with every kind of deviation.
    struct Writer {
        picks: Vec<u16>,
        next: usize,
        /// Whether to deviate from the common shapes (now and then).
        rough: bool,
    }

    impl Writer {
        fn pick(&mut self, n: usize) -> usize {
            let pick = self.picks[self.next % self.picks.len()];
            self.next += 1;
            usize::from(pick) % n
        }

        /// Whether to deviate here: one time in `n`, in a rough chunk.
        fn deviate(&mut self, n: usize) -> bool {
            self.rough && self.pick(n) == 0
        }

        /// Mostly nothing or a plain space.
        fn space(&mut self) -> &'static str {
            if self.deviate(4) {
                SPACES[self.pick(SPACES.len())]
            } else {
                ["", " "][self.pick(2)]
            }
        }

        fn number(&mut self) -> String {
            if self.deviate(3) {
                NUMBERS[self.pick(NUMBERS.len())].to_owned()
            } else {
                let plain = [
                    "0",
                    "7",
                    "-0.0",
                    "1.5",
                    "-2.25",
                    "12345.678",
                    "1e3",
                    "-1.5e-7",
                    "1.",
                    "00.5",
                ];
                plain[self.pick(plain.len())].to_owned()
            }
        }

        /// Mostly plain decimal integers.
        fn integer(&mut self) -> String {
            if self.deviate(4) {
                NUMBERS[self.pick(NUMBERS.len())].to_owned()
            } else {
                ["0", "7", "007", "12345", "18446744073709551615"][self.pick(5)].to_owned()
            }
        }

        fn boolean(&mut self) -> &'static str {
            if self.deviate(3) {
                ["True", "1", "Some(true)"][self.pick(3)]
            } else {
                ["true", "false"][self.pick(2)]
            }
        }

        fn position(&mut self) -> String {
            let count = if self.deviate(3) {
                [0, 1, 4][self.pick(3)]
            } else {
                [2, 3][self.pick(2)]
            };
            let mut body = String::new();
            for i in 0..count {
                if i > 0 {
                    body.push(',');
                }
                body.push_str(self.space());
                body.push_str(&self.number());
            }
            if self.pick(4) == 0 {
                body.push(',');
            }
            body.push_str(self.space());
            if self.deviate(6) {
                [format!("[{body}]"), format!("Some(({body}))")][self.pick(2)].clone()
            } else {
                format!("({body})")
            }
        }

        fn list(&mut self, mut item: impl FnMut(&mut Self) -> String) -> String {
            let items: Vec<String> = (0..self.pick(5)).map(|_| item(self)).collect();
            let trailing = if self.pick(3) == 0 { "," } else { "" };
            format!(
                "[{}{}{trailing}{}]",
                self.space(),
                items.join(", "),
                self.space()
            )
        }

        /// A struct body from `name: value` fields in a random order, some
        /// left out, some given twice, an unknown one now and then.
        fn fields(&mut self, fields: Vec<(&str, String)>) -> String {
            let mut chosen: Vec<String> = Vec::new();
            for (name, value) in fields {
                let times = if self.deviate(4) {
                    [0, 2][self.pick(2)]
                } else {
                    1
                };
                for _ in 0..times {
                    let colon = if self.deviate(4) {
                        [" :", "::"][self.pick(2)]
                    } else {
                        ":"
                    };
                    chosen.push(format!("{name}{colon}{}{value}", self.space()));
                }
            }
            if self.deviate(12) {
                chosen.push("extra: 1".to_owned());
            }
            for i in (1..chosen.len()).rev() {
                let j = self.pick(i + 1);
                chosen.swap(i, j);
            }
            let mut body = String::new();
            for field in chosen {
                body.push_str(self.space());
                body.push_str(&field);
                body.push_str(self.space());
                body.push(',');
            }
            if self.pick(2) == 0 {
                body.pop();
            }
            body.push_str(self.space());
            body
        }

        fn named(&mut self, name: &str, body: String) -> String {
            let prefix = if self.deviate(4) {
                [format!("{name} "), "Other".to_owned()][self.pick(2)].clone()
            } else {
                ["", name][self.pick(2)].to_owned()
            };
            format!("{prefix}({body})")
        }

        fn node(&mut self) -> String {
            let mut fields = vec![("id", self.integer()), ("pos", self.position())];
            if self.pick(3) == 0 {
                let name = if self.deviate(2) {
                    STRINGS[self.pick(STRINGS.len())]
                } else {
                    STRINGS[self.pick(3)]
                };
                let name = if self.deviate(5) {
                    format!("Some({name})")
                } else {
                    name.to_owned()
                };
                fields.push(("name", name));
            }
            let body = self.fields(fields);
            self.named("Node", body)
        }

        fn optional_number(&mut self) -> String {
            if self.deviate(4) {
                [format!("Some({})", self.number()), "None".to_owned()][self.pick(2)].clone()
            } else {
                self.number()
            }
        }

        fn edge(&mut self) -> String {
            let mut fields = vec![("from", self.integer()), ("to", self.integer())];
            if self.pick(2) == 0 {
                fields.push(("one_way", self.boolean().to_owned()));
            }
            if self.pick(3) == 0 {
                fields.push(("closed", self.boolean().to_owned()));
            }
            if self.pick(2) == 0 {
                fields.push(("cost", self.optional_number()));
            }
            if self.pick(2) == 0 {
                fields.push(("clearance", self.optional_number()));
            }
            if self.pick(3) == 0 {
                let area = STRINGS[self.pick(3)].to_owned();
                fields.push(("area", area));
            }
            let body = self.fields(fields);
            self.named("Edge", body)
        }

        fn obstacle(&mut self) -> String {
            let variant = if self.deviate(9) {
                "Cube"
            } else {
                [
                    "Point", "Circle", "Segment", "Polygon", "Sphere", "Triangle", "Box", "Mesh",
                ][self.pick(8)]
            };
            let body = match variant {
                "Point" | "Cube" => format!("{}{}{}", self.space(), self.position(), self.space()),
                "Polygon" | "Triangle" => self.list(Self::position),
                "Circle" | "Sphere" => {
                    let fields = vec![("center", self.position()), ("radius", self.number())];
                    self.fields(fields)
                }
                "Segment" => {
                    let fields = vec![("from", self.position()), ("to", self.position())];
                    self.fields(fields)
                }
                "Box" => {
                    let fields = vec![("min", self.position()), ("max", self.position())];
                    self.fields(fields)
                }
                _ => {
                    let vertices = self.list(Self::position);
                    let triangles = self.list(|w| {
                        let count = if w.deviate(3) { [2, 4][w.pick(2)] } else { 3 };
                        let indices: Vec<String> = (0..count).map(|_| w.integer()).collect();
                        format!("({})", indices.join(", "))
                    });
                    let mut fields = vec![("vertices", vertices), ("triangles", triangles)];
                    if self.pick(2) == 0 {
                        fields.push(("solid", self.boolean().to_owned()));
                    }
                    self.fields(fields)
                }
            };
            let space = if self.deviate(10) { " " } else { "" };
            format!("{variant}{space}({body})")
        }

        /// 1 to 4 elements, as a chunk holds them.
        fn chunk(&mut self, element: fn(&mut Self) -> String) -> (String, usize) {
            let count = 1 + self.pick(4);
            let mut text = String::new();
            for i in 0..count {
                if i > 0 {
                    text.push_str(self.space());
                    text.push(',');
                }
                text.push_str(self.space());
                text.push_str(&element(self));
            }
            if self.pick(4) == 0 {
                text.push(',');
            }
            text.push_str(self.space());
            (text, count)
        }
    }

    /// A writer of chunks from `picks`, rough half the time.
    /// Reads a chunk of so many elements of one kind through both readers
    /// ([`twin`]).
    type Twin = fn(&str, usize) -> bool;

    /// Writes one element.
    type Write = fn(&mut Writer) -> String;

    fn writer(picks: Vec<u16>) -> Writer {
        let rough = picks[0] % 2 == 0;
        Writer {
            picks,
            next: 1,
            rough,
        }
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(2000))]

        /// Every number the fast reader takes is ron's number, bit for bit.
        #[test]
        fn numbers_read_as_ron_reads_them(x in any::<f64>(), spelling in 0usize..4) {
            let text = match spelling {
                0 => format!("{x}"),
                1 => format!("{x:e}"),
                2 => format!("{x:.3}"),
                _ => format!("{x:?}"),
            };
            let chunk = format!("Point(({text}, {text}))");
            let finite = x.is_finite();
            prop_assert_eq!(twin::<ObstacleEntry>(&chunk, 1), finite, "{}", chunk);
        }
    }

    /// Random chunks of each kind of element, through both readers: the
    /// fast reader reads a good share of them (so the twin is exercised)
    /// and leaves a good share to ron, and agrees with ron on every one it
    /// reads.
    #[test]
    fn random_elements_read_as_ron_reads_them() {
        let kinds: [(Write, Twin); 3] = [
            (Writer::node, |t, n| twin::<NodeEntry>(t, n)),
            (Writer::edge, |t, n| twin::<EdgeEntry>(t, n)),
            (Writer::obstacle, |t, n| twin::<ObstacleEntry>(t, n)),
        ];
        let mut rng = clearway_synth::SplitMix64::new(17);
        for (write, read) in kinds {
            let cases = 3000;
            let mut fast = 0;
            for _ in 0..cases {
                let picks = (0..64).map(|_| rng.next_u64() as u16).collect();
                let (text, count) = writer(picks).chunk(write);
                fast += usize::from(read(&text, count));
            }
            eprintln!("{fast} of {cases} read fast");
            assert!(
                fast > cases / 10 && fast < cases * 9 / 10,
                "{fast} of {cases} read fast"
            );
        }
    }

    #[test]
    fn the_common_shapes_are_read_fast() {
        let cases: [(&str, usize, Twin); 6] = [
            (
                "(id: 0, pos: (0.266, 0.983)),\n        Node(pos: (1, -2e3,), id: 18446744073709551615, name: \"gate\",)",
                2,
                |t, n| twin::<NodeEntry>(t, n),
            ),
            ("(id: 3, pos: (1, 2, 3))", 1, |t, n| twin::<NodeEntry>(t, n)),
            (
                "(from: 0, to: 1), Edge(to: 2, from: 1, one_way: true, closed: true, cost: 30.0, clearance: 1.25),",
                2,
                |t, n| twin::<EdgeEntry>(t, n),
            ),
            (
                "Point((292.265, 33.817)), Circle(center: (236.897, 282.302), radius: 0.432), \
                 Segment(from: (84.282, 16.315), to: (85.953, 15.649)), \
                 Polygon([(12.0, 1.0), (14.0, 1.0), (14.0, 3.0)])",
                4,
                |t, n| twin::<ObstacleEntry>(t, n),
            ),
            (
                "Sphere(center: (0, 0, 0), radius: 1), Triangle([(0, 0, 0), (1, 0, 0), (0, 1, 0)]), \
                 Box(min: (0, 0, 0), max: (1, 1, 1)), Point((1, 2, 3))",
                4,
                |t, n| twin::<ObstacleEntry>(t, n),
            ),
            (
                "Mesh(vertices: [(0, 0, 0), (1, 0, 0), (0, 1, 0)], triangles: [(0, 1, 2)], solid: true)",
                1,
                |t, n| twin::<ObstacleEntry>(t, n),
            ),
        ];
        for (text, count, read) in cases {
            assert!(read(text, count), "{text}");
            assert!(
                !read(text, count + 1),
                "{text} read as {} elements",
                count + 1
            );
        }
    }

    #[test]
    fn anything_else_is_left_to_ron() {
        let nodes = [
            "(id: 0, pos: (0, 0)) /* c */",
            "(id: 0, pos: (0, 0), name: Some(\"a\"))",
            "(id: 0, pos: (inf, 0))",
            "(id: 0x1, pos: (0, 0))",
            "(id: 1_0, pos: (0, 0))",
            "(id: 0, id: 1, pos: (0, 0))",
            "(id: 0, pos: (0, 0), z: 1)",
            "(pos: (0, 0))",
            "(id: 0 pos: (0, 0))",
            "(id: 0, pos: (0, 0),,)",
            "Node (id: 0, pos: (0, 0))",
            "(id : 0, pos: (0, 0))",
            "(id: 0, pos: (0, 0, 0, 0))",
            "(id: 0, pos: (0))",
            "(id: 0, pos: (0, 0)),,",
            "(id: 0, pos: (0, 0)) (id: 1, pos: (0, 0))",
            "(id: 0, pos: (1.5f64, 0))",
            "(id: 0, pos: (0, 0), name: \"a\\\"b\")",
        ];
        for text in nodes {
            assert!(!twin::<NodeEntry>(text, 1), "{text}");
        }
        let edges = [
            "(from: 0, to: 1, cost: None)",
            "(from: 0, to: 1, one_way: True)",
            "(from: 0, to: 1, closed: 1)",
        ];
        for text in edges {
            assert!(!twin::<EdgeEntry>(text, 1), "{text}");
        }
        let obstacles = [
            "Point ((0, 0))",
            "Point((0, 0),)",
            "Circle(center: (0, 0))",
            "Cube((0, 0))",
            "Mesh(vertices: [], triangles: [(0, 1)])",
        ];
        for text in obstacles {
            assert!(!twin::<ObstacleEntry>(text, 1), "{text}");
        }
    }

    /// The obstacle's variant name: a variant added to the wire types must
    /// be added here, and so to the level below.
    fn variant_name(obstacle: &ObstacleEntry) -> &'static str {
        match obstacle {
            ObstacleEntry::Point(..) => "Point",
            ObstacleEntry::Circle { .. } => "Circle",
            ObstacleEntry::Segment { .. } => "Segment",
            ObstacleEntry::Polygon(..) => "Polygon",
            ObstacleEntry::Sphere { .. } => "Sphere",
            ObstacleEntry::Triangle(..) => "Triangle",
            ObstacleEntry::Box { .. } => "Box",
            ObstacleEntry::Mesh { .. } => "Mesh",
        }
    }

    /// Every field and variant the wire types declare (as their derives
    /// list them) is read on the fast path when written as levels are
    /// written: a field added to the wire types that the fast reader does
    /// not read fails here, rather than sending every chunk to ron.
    #[test]
    fn every_field_of_the_wire_types_is_read_fast() {
        use crate::fields::{struct_fields, variant_fields};
        use crate::wire::{AgentEntry, MapFile, Position};
        let (p2, p3) = (Position::Plane(1.5, -2.0), Position::Space(1.0, 2.0, 3.25));
        let file = MapFile {
            agents: vec![AgentEntry {
                name: "tank".to_owned(),
                radius: 1.5,
                height: Some(1.8),
                climb: Some(0.35),
                max_slope: Some(40.0),
                costs: [("water".to_owned(), 3.0)].into(),
                forbid: vec!["lava".to_owned()],
            }],
            nodes: vec![
                NodeEntry {
                    id: 7,
                    pos: p2,
                    name: Some("gate".to_owned()),
                },
                NodeEntry {
                    id: 18446744073709551615,
                    pos: p3,
                    name: None,
                },
            ],
            edges: vec![EdgeEntry {
                from: 7,
                to: 8,
                one_way: true,
                closed: true,
                cost: Some(3.5),
                clearance: Some(0.25),
                area: Some("water".to_owned()),
            }],
            obstacles: vec![
                ObstacleEntry::Point(p2),
                ObstacleEntry::Circle {
                    center: p2,
                    radius: 2.0,
                },
                ObstacleEntry::Segment { from: p2, to: p3 },
                ObstacleEntry::Polygon(vec![p2, p3, p2]),
                ObstacleEntry::Sphere {
                    center: p3,
                    radius: 0.5,
                },
                ObstacleEntry::Triangle(vec![p3, p3, p3]),
                ObstacleEntry::Box { min: p3, max: p3 },
                ObstacleEntry::Mesh {
                    vertices: vec![p3, p3, p3],
                    triangles: vec![(0, 1, 2)],
                    solid: true,
                },
            ],
        };
        // Every declared field is written by some element.
        fn written<T: serde::Serialize>(value: &T) -> String {
            wire::options().to_string(value).unwrap()
        }
        let has_every_field = |texts: &[String], fields: &[&str]| {
            fields
                .iter()
                .all(|f| texts.iter().any(|t| t.contains(&format!("{f}:"))))
        };
        let nodes: Vec<String> = file.nodes.iter().map(written).collect();
        assert!(
            has_every_field(&nodes, struct_fields::<NodeEntry>()),
            "{nodes:?}"
        );
        let edges: Vec<String> = file.edges.iter().map(written).collect();
        assert!(
            has_every_field(&edges, struct_fields::<EdgeEntry>()),
            "{edges:?}"
        );
        for (variant, fields) in variant_fields::<ObstacleEntry>() {
            let texts: Vec<String> = (file.obstacles.iter())
                .filter(|o| variant_name(o) == variant)
                .map(written)
                .collect();
            assert!(!texts.is_empty(), "no {variant} in the level");
            assert!(has_every_field(&texts, fields), "{texts:?}");
        }
        // Written as `clearway` writes levels, and in RON's compact form,
        // every chunk is read fast, to ron's values.
        let compact = wire::options().to_string(&file).unwrap();
        for text in [crate::write(&file), compact] {
            assert!(
                crate::chunked_parse::every_chunk_read_fast(&text, 0),
                "{text}"
            );
            assert_eq!(crate::parse(&text).unwrap(), file, "{text}");
        }
    }
}

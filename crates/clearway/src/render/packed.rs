//! The data an HTML page carries: named arrays of numbers, packed as the
//! little-endian bytes of a `Float64Array`, `Uint32Array` or `Uint8Array`
//! and written in base64, and a small JSON object for the words.
//!
//! Per-edge numbers are never JSON: a number per edge written as text costs
//! up to 24 bytes and a parse, where the packed `f64` costs 8 bytes (about
//! 11 in base64) and is read back bit for bit, so the page compares the very
//! clearances the CLI compares.

use super::base64;

/// One packed array: its name, element type and base64 text.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PackedArray {
    /// The name the page reads it by.
    pub name: &'static str,
    /// `f64`, `u32` or `u8`: the typed array the page decodes it into.
    pub kind: &'static str,
    /// The elements' little-endian bytes in base64.
    pub base64: String,
}

/// The arrays of one page, in the order they were added.
#[derive(Clone, Debug, Default)]
pub(super) struct Packed {
    pub arrays: Vec<PackedArray>,
}

impl Packed {
    /// Adds an array of `f64`s (each as its 8 little-endian bytes, so NaN,
    /// infinity and every last bit survive).
    pub fn f64s(&mut self, name: &'static str, values: impl IntoIterator<Item = f64>) {
        let bytes: Vec<u8> = values.into_iter().flat_map(f64::to_le_bytes).collect();
        self.push(name, "f64", &bytes);
    }

    /// Adds an array of `u32`s.
    pub fn u32s(&mut self, name: &'static str, values: impl IntoIterator<Item = u32>) {
        let bytes: Vec<u8> = values.into_iter().flat_map(u32::to_le_bytes).collect();
        self.push(name, "u32", &bytes);
    }

    /// Adds an array of bytes.
    pub fn u8s(&mut self, name: &'static str, values: impl IntoIterator<Item = u8>) {
        let bytes: Vec<u8> = values.into_iter().collect();
        self.push(name, "u8", &bytes);
    }

    fn push(&mut self, name: &'static str, kind: &'static str, bytes: &[u8]) {
        self.arrays.push(PackedArray {
            name,
            kind,
            base64: base64::encode(bytes),
        });
    }

    /// The total length of the arrays' base64 text, in bytes.
    pub fn text_len(&self) -> usize {
        self.arrays.iter().map(|a| a.base64.len()).sum()
    }
}

/// `s` as a JSON string, safe inside an HTML `<script>` element: `<`, `>`
/// and `&` are written as `\u003c`, `\u003e` and `\u0026`, so no `</script>`
/// nor `<!--` can appear, and the line separators U+2028 and U+2029 are
/// escaped as well.
pub(super) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Base64 back to bytes, for the tests only (the page decodes in JS).
    fn decode(text: &str) -> Vec<u8> {
        let value = |c: u8| -> u32 {
            match c {
                b'A'..=b'Z' => u32::from(c - b'A'),
                b'a'..=b'z' => u32::from(c - b'a') + 26,
                b'0'..=b'9' => u32::from(c - b'0') + 52,
                b'+' => 62,
                b'/' => 63,
                _ => 0,
            }
        };
        let mut out = Vec::new();
        for chunk in text.as_bytes().chunks(4) {
            let n = chunk.iter().fold(0u32, |n, &c| n << 6 | value(c));
            let pad = chunk.iter().filter(|&&c| c == b'=').count();
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            out.extend_from_slice(&bytes[..3 - pad]);
        }
        out
    }

    #[test]
    fn f64s_come_back_bit_for_bit() {
        let values = [
            0.0,
            -0.0,
            1.999999999999999,
            f64::INFINITY,
            f64::from_bits(1),
            f64::MAX,
            0.1 + 0.2,
        ];
        let mut packed = Packed::default();
        packed.f64s("clearance", values);
        let array = &packed.arrays[0];
        assert_eq!((array.name, array.kind), ("clearance", "f64"));
        let bytes = decode(&array.base64);
        assert_eq!(bytes.len(), 8 * values.len());
        for (i, v) in values.iter().enumerate() {
            let got = f64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap());
            assert_eq!(got.to_bits(), v.to_bits(), "value {i}");
        }
        let mut nan = Packed::default();
        nan.f64s("nan", [f64::NAN]);
        let back = f64::from_le_bytes(decode(&nan.arrays[0].base64).try_into().unwrap());
        assert!(back.is_nan());
    }

    #[test]
    fn u32s_are_little_endian() {
        let mut packed = Packed::default();
        packed.u32s("ends", [1, 0x0403_0201, u32::MAX]);
        packed.u8s("flags", [3, 0]);
        assert_eq!(
            decode(&packed.arrays[0].base64),
            [1, 0, 0, 0, 1, 2, 3, 4, 255, 255, 255, 255]
        );
        assert_eq!(decode(&packed.arrays[1].base64), [3, 0]);
        assert_eq!(packed.text_len(), 16 + 4);
    }

    #[test]
    fn json_strings_cannot_close_the_script() {
        assert_eq!(json_string("a\"b\\c"), r#""a\"b\\c""#);
        let tricky = json_string("</script><!-- & \u{2028}\n\u{1}");
        assert!(!tricky.contains('<') && !tricky.contains('>') && !tricky.contains('&'));
        assert_eq!(
            tricky,
            r#""\u003c/script\u003e\u003c!-- \u0026 \u2028\n\u0001""#
        );
        assert_eq!(json_string("dock ü"), "\"dock ü\"");
    }
}

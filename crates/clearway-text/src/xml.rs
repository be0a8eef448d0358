//! Text in XML: the one escaping that the library's SVG writer and the
//! command line's JUnit report share.

/// What [`escape_xml`] does with tab, LF, CR and `'`: the characters where
/// the writers of XML differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XmlWhitespace {
    /// Written as they are (the SVG writer: element content and
    /// double-quoted attributes whose whitespace does not matter).
    Kept,
    /// Tab, LF and CR as character references (`&#9;`, `&#10;`, `&#13;`),
    /// so that attribute-value normalisation keeps them, and `'` as
    /// `&apos;` (a JUnit report's messages).
    Referenced,
}

/// Escapes text for XML element content and attribute values: `&`, `<`,
/// `>` and `"` as entities; tab, LF, CR and `'` as `whitespace` says; what
/// XML 1.0 cannot carry (the other control characters, U+FFFE and U+FFFF)
/// as U+FFFD.
///
/// ```
/// use clearway_text::xml::{XmlWhitespace, escape_xml};
/// assert_eq!(escape_xml("a < b & \"c\"\n", XmlWhitespace::Kept), "a &lt; b &amp; &quot;c&quot;\n");
/// assert_eq!(escape_xml("it's\t\u{7}", XmlWhitespace::Referenced), "it&apos;s&#9;\u{fffd}");
/// ```
pub fn escape_xml(text: &str, whitespace: XmlWhitespace) -> String {
    let referenced = whitespace == XmlWhitespace::Referenced;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' if referenced => out.push_str("&apos;"),
            '\t' if referenced => out.push_str("&#9;"),
            '\n' if referenced => out.push_str("&#10;"),
            '\r' if referenced => out.push_str("&#13;"),
            _ => out.push(xml_char(c)),
        }
    }
    out
}

/// `c`, or U+FFFD where XML 1.0 does not allow `c` at all (control
/// characters other than tab and line breaks, U+FFFE, U+FFFF): a name
/// written with RON's `\u{..}` escapes can hold them.
pub fn xml_char(c: char) -> char {
    match c {
        '\t' | '\n' | '\r' => c,
        '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => '\u{fffd}',
        _ => c,
    }
}

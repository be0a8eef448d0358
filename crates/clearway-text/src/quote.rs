//! Quoting input back in messages: a name or value from the input is shown
//! up to [`QUOTE_CHARS`] chars, so that a 50 MB token does not make a 50 MB
//! error. The snippet under a located error is capped the same way.

use std::borrow::Cow;

/// How many chars of a quoted piece of input a message shows.
pub const QUOTE_CHARS: usize = 80;

/// `text` if it is at most [`QUOTE_CHARS`] chars; else its first
/// [`QUOTE_CHARS`] chars and `…`.
///
/// ```
/// use clearway_text::quote::capped;
/// assert_eq!(capped("west_door"), "west_door");
/// let long = "x".repeat(100_000);
/// assert_eq!(capped(&long).chars().count(), 81);
/// assert!(capped(&long).ends_with('…'));
/// ```
pub fn capped(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

/// A whole message built from text that may quote input anywhere (an error
/// of a library that repeats what it read), capped at a few quotes' worth.
///
/// ```
/// use clearway_text::quote::capped_message;
/// assert_eq!(capped_message("expected `)`"), "expected `)`");
/// assert!(capped_message(&"y".repeat(10_000)).chars().count() < 400);
/// ```
pub fn capped_message(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(4 * QUOTE_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

/// How many items of a list from the input (layers, agents, nodes) a
/// message shows.
pub const LIST_ITEMS: usize = 10;

/// `items` joined with `, `: the first [`LIST_ITEMS`] of them, then how
/// many more, so that a map with 100,000 layers or agents does not make a
/// 100,000-item error. Each item is expected to be quoted already.
///
/// ```
/// use clearway_text::quote::capped_list;
/// assert_eq!(capped_list(&["`a`".to_string(), "`b`".to_string()]), "`a`, `b`");
/// let many: Vec<String> = (0..25).map(|i| i.to_string()).collect();
/// assert_eq!(capped_list(&many), "0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … and 15 more");
/// ```
pub fn capped_list(items: &[String]) -> String {
    let mut text = items[..items.len().min(LIST_ITEMS)].join(", ");
    if items.len() > LIST_ITEMS {
        text.push_str(&format!(", … and {} more", items.len() - LIST_ITEMS));
    }
    text
}

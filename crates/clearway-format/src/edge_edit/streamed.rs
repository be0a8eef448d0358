//! The edit of [`edit_edges`](super::edit_edges), written as it is made:
//! the text between the edited spans copied straight to the output, each
//! edge's change made when the walk reaches it. Neither the list of the
//! edges' spans, nor the changes, nor the edited text is held: a level's
//! edit costs no memory beyond its text.

use std::io;
use std::ops::Range;

use super::{EdgeEdit, Element, edge_list, next_in_group, removals_of, set_clearance, whole_lines};
use crate::ron_scanner::{GroupItem, Scanner};

/// A map file's text with its edges edited, checked editable and ready to
/// write: the edit [`edit_edges`](super::edit_edges) makes, byte for byte,
/// without holding it. `edit(i)` says what to do with edge `i`.
pub struct StreamedEdit<'t, F> {
    text: &'t str,
    count: usize,
    edit: F,
}

impl<'t, F: Fn(usize) -> EdgeEdit> StreamedEdit<'t, F> {
    /// The edit of `text`'s `count` edges, each as `edit` says; `None` when
    /// it cannot be written as it is made (the text cannot be edited
    /// safely, or its changes do not come in the order of the text: then
    /// [`edit_edges`](super::edit_edges) decides). Walks the text once,
    /// writing nothing.
    pub fn new(text: &'t str, count: usize, edit: F) -> Option<StreamedEdit<'t, F>> {
        let streamed = StreamedEdit { text, count, edit };
        streamed.walk(&mut |_| Ok(())).ok()??;
        Some(streamed)
    }

    /// Writes the edited text to `out`, in pieces (buffer it).
    pub fn write_to(&self, out: &mut dyn io::Write) -> io::Result<()> {
        self.walk(&mut |piece| out.write_all(piece.as_bytes()))?
            .ok_or_else(|| io::Error::other("the edit changed between its check and its write"))
    }

    /// Hands the edited text to `put` piece by piece; `Ok(None)` when it
    /// cannot be edited so (the pieces handed over are then no edit).
    fn walk(&self, put: &mut dyn FnMut(&str) -> io::Result<()>) -> io::Result<Option<()>> {
        let text = self.text;
        let (bom, body) = match text.strip_prefix('\u{feff}') {
            Some(body) => ("\u{feff}", body),
            None => ("", text),
        };
        let scanner = Scanner::new(body);
        let Some(list) = edge_list(&scanner, body) else {
            return Ok(None);
        };
        let Some(open) = list else {
            if self.count != 0 {
                return Ok(None);
            }
            put(text)?;
            return Ok(Some(()));
        };
        put(bom)?;
        let mut out = Pieces {
            text: body,
            from: 0,
            pending: None,
            put,
        };
        let mut previous: Option<Element> = None;
        let mut pos = open + 1;
        let mut i = 0;
        loop {
            let Some(item) = scanner.group_item(pos) else {
                return Ok(None);
            };
            let (name, value) = match item {
                GroupItem::Close(at) => {
                    if scanner.byte(at) != Some(b']') || i != self.count {
                        return Ok(None);
                    }
                    break;
                }
                GroupItem::Element { name, value } => (name, value),
            };
            if i >= self.count || name.is_some() || matches!(scanner.byte(value), None | Some(b','))
            {
                return Ok(None);
            }
            let Some(end) = scanner.value_end(value) else {
                return Ok(None);
            };
            let Some((next, comma)) = next_in_group(&scanner, end, b']') else {
                return Ok(None);
            };
            let element = Element {
                name,
                value: value..end,
                comma: comma.then(|| next - 1),
            };
            let done = match (self.edit)(i) {
                EdgeEdit::Keep => Some(()),
                EdgeEdit::Remove => {
                    let mut done = Some(());
                    for range in removals_of(body, &element, previous.as_ref()) {
                        if done.is_some() {
                            done = out.remove(range)?;
                        }
                    }
                    done
                }
                EdgeEdit::SetClearance(v) => match set_clearance(&scanner, body, &element, v) {
                    Some(changes) => out.changes(changes)?,
                    None => None,
                },
            };
            if done.is_none() {
                return Ok(None);
            }
            previous = Some(element);
            pos = next;
            i += 1;
        }
        out.finish()
    }
}

/// The edited text, handed over as its changes come: the text up to each
/// change, then its replacement. Removals that touch are merged and grown
/// to whole lines before they are made, as [`edit_edges`](super::edit_edges)
/// does.
struct Pieces<'t, 'p> {
    text: &'t str,
    /// Where the text not yet handed over starts.
    from: usize,
    /// A removal not yet made: the next may join it.
    pending: Option<Range<usize>>,
    put: &'p mut dyn FnMut(&str) -> io::Result<()>,
}

impl Pieces<'_, '_> {
    /// Removes `range`, with the pending removal when they touch.
    fn remove(&mut self, range: Range<usize>) -> io::Result<Option<()>> {
        match &mut self.pending {
            Some(last) if range.start < last.start => return Ok(None),
            Some(last) if range.start <= last.end => {
                last.end = last.end.max(range.end);
                return Ok(Some(()));
            }
            _ => {}
        }
        if self.flush()?.is_none() {
            return Ok(None);
        }
        self.pending = Some(range);
        Ok(Some(()))
    }

    /// Makes `changes`, in order, after the pending removal.
    fn changes(&mut self, changes: Vec<(Range<usize>, String)>) -> io::Result<Option<()>> {
        if self.flush()?.is_none() {
            return Ok(None);
        }
        for (range, replacement) in changes {
            if self.replace(range, &replacement)?.is_none() {
                return Ok(None);
            }
        }
        Ok(Some(()))
    }

    /// Makes the pending removal, grown to whole lines.
    fn flush(&mut self) -> io::Result<Option<()>> {
        match self.pending.take() {
            Some(range) => {
                let range = whole_lines(self.text, range);
                self.replace(range, "")
            }
            None => Ok(Some(())),
        }
    }

    /// Hands over the text up to `range`, then `replacement`.
    fn replace(&mut self, range: Range<usize>, replacement: &str) -> io::Result<Option<()>> {
        let Some(before) = (range.start >= self.from)
            .then(|| self.text.get(self.from..range.start))
            .flatten()
        else {
            return Ok(None);
        };
        (self.put)(before)?;
        (self.put)(replacement)?;
        self.from = range.end;
        Ok(Some(()))
    }

    /// Makes the pending removal, then hands over the rest of the text.
    fn finish(mut self) -> io::Result<Option<()>> {
        if self.flush()?.is_none() {
            return Ok(None);
        }
        let Some(rest) = self.text.get(self.from..) else {
            return Ok(None);
        };
        (self.put)(rest)?;
        Ok(Some(()))
    }
}

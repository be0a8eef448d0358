//! Cutting a big list of a map file into chunks of whole elements, on
//! every core.
//!
//! Finding where each element ends means walking the list from its `[`,
//! element after element: a byte in the middle of the text does not tell
//! whether it is inside a string, a comment or a nested group. On a large
//! level that walk was the one step of the parse left on one core.
//!
//! So the walk is also started, speculatively, at a few places further on
//! ([`Speculation`]): after a comma that ends a line, where in a
//! pretty-printed file the next element starts. Each of those walks runs to
//! the next such place, side by side. The walk from the `[` then goes
//! along, and where it arrives at the very byte a speculative walk started
//! from, as the start of an element with a plain separator before it, that
//! walk's chunks are its own: a walk is a function of where it starts, and
//! every walk starts the same way, between two elements of a list, so the
//! speculative walk did exactly what the walk from the `[` would have done
//! from there. A speculative start that was not between two elements (a
//! comma inside a polygon's point list, one in a string or a comment) is
//! never arrived at in that way; its walk is dropped and the walk from the
//! `[` goes on by itself to the next start. The cut is therefore the one a
//! walk from the `[` gives, with chunks also ending where speculative walks
//! begin; `tests::speculative_cuts_are_sequential_cuts` checks that against
//! the walk on one core.

use std::ops::Range;

use crate::par::prelude::*;

use crate::ron_scanner::{GroupItem, Scanner, next_in_group};

/// A run of whole elements of one list: its exact text, and how many
/// elements the walk found in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Chunk {
    /// The bytes of the run, from its first element's first byte (or the
    /// byte after `[`) to its last element's last byte.
    pub(super) text: Range<usize>,
    /// How many elements it holds.
    pub(super) items: usize,
}

/// A list cut into chunks.
#[derive(Debug)]
pub(super) struct CutList {
    /// The byte after `[`, up to the `]`.
    pub(super) inside: Range<usize>,
    /// Its elements, in runs.
    pub(super) chunks: Vec<Chunk>,
}

/// How a walk along a list ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WalkEnd {
    /// At the list's `]`, at this byte.
    Close(usize),
    /// At the start of an element at or past the walk's goal, with a plain
    /// separator before it: the next walk starts there.
    Cut(usize),
}

/// The chunks one walk found, and where it ended.
#[derive(Clone, Debug)]
struct Walk {
    chunks: Vec<Chunk>,
    end: WalkEnd,
}

/// The walks started at the speculative starts of a text.
#[derive(Debug, Default)]
pub(super) struct Speculation {
    /// The bytes the walks started from, in order.
    starts: Vec<usize>,
    /// The walk from each start to the next (`None` where the text from
    /// there cannot be walked as a list).
    walks: Vec<Option<Walk>>,
}

impl Speculation {
    /// No speculative walks: every list is walked from its `[` alone.
    pub(super) fn none() -> Self {
        Speculation::default()
    }

    /// Walks, side by side, from speculative starts in `text[from..]`
    /// about `part_bytes` apart, cutting chunks of `chunk_bytes` as
    /// [`cut_list`] does.
    pub(super) fn run(
        scanner: &Scanner<'_>,
        text: &str,
        from: usize,
        part_bytes: usize,
        chunk_bytes: usize,
    ) -> Self {
        let starts = speculative_starts(text.as_bytes(), from, part_bytes.max(1));
        let walks = starts
            .par_iter()
            .enumerate()
            .map(|(i, &start)| {
                let goal = starts.get(i + 1).copied().unwrap_or(usize::MAX);
                walk(scanner, text, start, goal, chunk_bytes)
            })
            .collect();
        Speculation { starts, walks }
    }

    /// The first speculative start after `pos`: where a walk from `pos`
    /// stops, to hand over to the walk from there.
    fn goal_after(&self, pos: usize) -> usize {
        let i = self.starts.partition_point(|&start| start <= pos);
        self.starts.get(i).copied().unwrap_or(usize::MAX)
    }

    /// The walk that started at `pos`, if one did: `Some(None)` if it
    /// found the text unwalkable.
    fn take_walk(&mut self, pos: usize) -> Option<Option<Walk>> {
        let i = self.starts.binary_search(&pos).ok()?;
        Some(self.walks[i].take())
    }
}

/// The byte after each line break, from about every `part_bytes` of
/// `bytes[from..]` on, where a line ending in a comma (spaces aside) is
/// followed by something other than a `]`: in a pretty-printed file, where
/// the next element of a list starts.
fn speculative_starts(bytes: &[u8], from: usize, part_bytes: usize) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut target = from.saturating_add(part_bytes);
    while target < bytes.len() {
        let mut found = None;
        let mut at = target;
        while let Some(n) = bytes[at..].iter().position(|&b| b == b'\n') {
            let line_break = at + n;
            let before = bytes[..line_break].iter().rposition(|&b| !is_space(b));
            let next = bytes[line_break..].iter().position(|&b| !is_space(b));
            match (before, next) {
                (Some(before), Some(next))
                    if bytes[before] == b',' && bytes[line_break + next] != b']' =>
                {
                    found = Some(line_break + next);
                    break;
                }
                (_, None) => break,
                // Past the spaces that follow: each byte is looked at a
                // bounded number of times, even in a run of blank lines.
                (_, Some(next)) => at = line_break + next,
            }
        }
        let Some(start) = found else { break };
        starts.push(start);
        target = start.saturating_add(part_bytes);
    }
    starts
}

/// Cuts the list whose `[` is at `open` into chunks of about `chunk_bytes`,
/// taking over the walks of `speculation` that started between two of its
/// elements.
pub(super) fn cut_list(
    scanner: &Scanner<'_>,
    text: &str,
    open: usize,
    chunk_bytes: usize,
    speculation: &mut Speculation,
) -> Option<CutList> {
    let mut chunks = Vec::new();
    let mut pos = open + 1;
    loop {
        let walked = match speculation.take_walk(pos) {
            Some(walked) => walked,
            None => walk(scanner, text, pos, speculation.goal_after(pos), chunk_bytes),
        };
        let Walk {
            chunks: mut more,
            end,
        } = walked?;
        chunks.append(&mut more);
        match end {
            WalkEnd::Close(close) => {
                return Some(CutList {
                    inside: open + 1..close,
                    chunks,
                });
            }
            WalkEnd::Cut(next) => pos = next,
        }
    }
}

/// Walks a list from `from` (the byte after its `[`, or the first byte of
/// an element that a plain separator comes before), cutting a chunk
/// wherever one has grown to `chunk_bytes` and a plain separator follows,
/// until the list's `]` or the first element at or past `goal` that a
/// plain separator comes before.
fn walk(
    scanner: &Scanner<'_>,
    text: &str,
    from: usize,
    goal: usize,
    chunk_bytes: usize,
) -> Option<Walk> {
    let mut chunks = Vec::new();
    let mut chunk_start = from;
    let mut items = 0;
    let mut pos = from;
    loop {
        let (_, end) = match next_element(scanner, pos)? {
            Next::Element { start, end } => (start, end),
            Next::Close(close) => {
                if items > 0 {
                    chunks.push(Chunk {
                        text: chunk_start..close,
                        items,
                    });
                }
                return Some(Walk {
                    chunks,
                    end: WalkEnd::Close(close),
                });
            }
        };
        items += 1;
        let comma;
        (pos, comma) = next_in_group(scanner, end, b']')?;
        if comma {
            let next = scanner.skip_trivia(pos)?;
            if end - chunk_start >= chunk_bytes || next >= goal {
                let gap = text.as_bytes().get(end..next)?;
                if scanner.byte(next)? != b']' && is_plain_separator(gap) {
                    chunks.push(Chunk {
                        text: chunk_start..end,
                        items,
                    });
                    if next >= goal {
                        return Some(Walk {
                            chunks,
                            end: WalkEnd::Cut(next),
                        });
                    }
                    chunk_start = next;
                    items = 0;
                }
            }
            pos = next;
        }
    }
}

/// What follows in a list, after trivia.
enum Next {
    /// An element, from its first byte to the byte after its last.
    Element { start: usize, end: usize },
    /// The list's `]`, at this byte.
    Close(usize),
}

/// The element or the `]` that comes next in a list at `pos` (between two
/// elements, or after `[`); `None` where the text cannot be walked as a
/// list there (a label, an empty element, a bracket other than `]`).
fn next_element(scanner: &Scanner<'_>, pos: usize) -> Option<Next> {
    let start = scanner.skip_trivia(pos)?;
    if let Some(end) = scanner.plain_element_end(start) {
        return Some(Next::Element { start, end });
    }
    let start = match scanner.group_item(start)? {
        GroupItem::Close(close) => {
            return (scanner.byte(close)? == b']').then_some(Next::Close(close));
        }
        GroupItem::Element { name: Some(_), .. } => return None,
        GroupItem::Element { name: None, value } => value,
    };
    if scanner.byte(start)? == b',' {
        return None;
    }
    let end = scanner.value_end(start)?;
    Some(Next::Element { start, end })
}

/// The first byte of each element of `chunks` (cut by [`cut_list`]), a
/// vector for each chunk, each chunk walked again on its own core: what
/// the citations of edges and obstacles are worked out from. `None` if a
/// chunk does not walk as it did.
///
/// The walks do not keep them: their growing vectors, freed on the thread
/// that made them, stayed in that thread's heap (3.5 MB more at the peak of
/// g100k-points), and one vector for a whole list, freed, raised glibc's
/// `mmap` threshold to its size, with the same effect. These are allocated
/// here, on the calling thread, each at its exact length, small.
pub(super) fn element_starts(scanner: &Scanner<'_>, chunks: &[Chunk]) -> Option<Vec<Vec<usize>>> {
    let mut starts: Vec<Vec<usize>> = chunks.iter().map(|chunk| vec![0; chunk.items]).collect();
    (&mut starts)
        .into_par_iter()
        .zip(chunks)
        .try_for_each(|(slots, chunk)| {
            let mut pos = chunk.text.start;
            for slot in slots.iter_mut() {
                let Next::Element { start, end } = next_element(scanner, pos)? else {
                    return None;
                };
                *slot = start;
                pos = next_in_group(scanner, end, b']')?.0;
            }
            Some(())
        })?;
    Some(starts)
}

/// Whether `gap` is spaces, one comma and spaces: a separator that reads
/// the same to any RON reader, with no comment to hide anything in.
fn is_plain_separator(gap: &[u8]) -> bool {
    gap.iter().filter(|&&b| b == b',').count() == 1 && gap.iter().all(|&b| b == b',' || is_space(b))
}

/// Whether `b` is RON whitespace.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::chunked_parse::{CutLists as Lists, cut_lists};
    use crate::testing::map_text;

    /// Checks that `coarse` holds the elements of `fine` (the same lists,
    /// spans and elements) in runs that each begin and end where runs of
    /// `fine` do, and that the elements start at the same bytes in both.
    fn same_elements(text: &str, coarse: &Lists, fine: &Lists) {
        let scanner = Scanner::new(text);
        assert_eq!(coarse.len(), fine.len(), "{text}");
        for ((field, inside, chunks), (fine_field, fine_inside, fine_chunks)) in
            coarse.iter().zip(fine)
        {
            assert_eq!((field, inside), (fine_field, fine_inside), "{text}");
            let mut fine = fine_chunks.iter().peekable();
            for chunk in chunks {
                let first = fine.next().expect("as many elements");
                let (mut end, mut items) = (first.text.end, first.items);
                assert_eq!(first.text.start, chunk.text.start, "{text}");
                while end < chunk.text.end {
                    let next = fine.next().expect("a run that ends where one of fine does");
                    end = next.text.end;
                    items += next.items;
                }
                assert_eq!(end, chunk.text.end, "{text}");
                assert_eq!(items, chunk.items, "{text}");
            }
            assert!(fine.next().is_none(), "{text}");
            let all = |chunks| element_starts(&scanner, chunks).map(|s| s.concat());
            assert_eq!(all(chunks), all(fine_chunks), "{text}");
        }
    }

    /// Cuts `text` with speculative walks `part_bytes` apart and checks the
    /// cut against the walk from each `[` alone: the same chunks where every
    /// element is a chunk, and the same elements in runs that end between
    /// elements at any chunk size, whose elements start at the same bytes.
    /// The first element of each chunk starts at the chunk's first byte
    /// after trivia: `element_starts` finds that byte.
    fn agrees_with_the_sequential_cut(text: &str, part_bytes: usize) {
        let scanner = Scanner::new(text);
        let fine = cut_lists(text, 0, None);
        assert_eq!(
            format!("{:?}", cut_lists(text, 0, Some(part_bytes))),
            format!("{fine:?}"),
            "{text}"
        );
        for (_, _, chunks) in fine.iter().flatten() {
            let starts = element_starts(&scanner, chunks).expect("the chunks walk");
            for (starts, chunk) in starts.iter().zip(chunks) {
                assert_eq!(starts.len(), chunk.items, "{text}");
                let start = scanner.skip_trivia(chunk.text.start).unwrap();
                assert_eq!(starts[0], start, "{text}");
            }
        }
        for chunk_bytes in [40, usize::MAX] {
            let sequential = cut_lists(text, chunk_bytes, None);
            let speculative = cut_lists(text, chunk_bytes, Some(part_bytes));
            assert_eq!(sequential.is_some(), speculative.is_some(), "{text}");
            assert_eq!(fine.is_some(), speculative.is_some(), "{text}");
            if let (Some(speculative), Some(sequential), Some(fine)) =
                (&speculative, &sequential, &fine)
            {
                same_elements(text, speculative, fine);
                same_elements(text, sequential, fine);
            }
        }
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(500))]

        /// On random map texts (comments, strings holding commas and
        /// brackets, line breaks inside elements: many false starts), a cut
        /// with speculative walks is the cut of the walk on one core, and
        /// its elements start at the same bytes.
        #[test]
        fn speculative_cuts_are_sequential_cuts(
            text in map_text(),
            part_bytes in prop::sample::select(vec![1usize, 7, 40, 300]),
        ) {
            agrees_with_the_sequential_cut(&text, part_bytes);
        }
    }

    /// On generated levels the speculative walks are taken over (the cut
    /// is not left to one core), and give the cut of the walk on one core.
    #[test]
    fn generated_levels_are_cut_by_the_speculative_walks() {
        for kind in [clearway_synth::Kind::Grid, clearway_synth::Kind::Tiles] {
            let params = clearway_synth::Params::new(kind, 2000)
                .with_mix(clearway_synth::Mix::Mixed)
                .with_seed(3);
            let text = clearway_synth::map_string(&params);
            let part_bytes = text.len() / 64;
            agrees_with_the_sequential_cut(&text, part_bytes);
            let scanner = Scanner::new(&text);
            let mut speculation = Speculation::run(&scanner, &text, 0, part_bytes, 0);
            let starts = speculation.starts.clone();
            let walked: Vec<bool> = speculation.walks.iter().map(Option::is_some).collect();
            assert!(starts.len() > 50, "{}", starts.len());
            let mut inside_lists = 0;
            for field in ["nodes: ", "edges: ", "obstacles: "] {
                let open = text.find(field).unwrap() + field.len();
                let list = cut_list(&scanner, &text, open, 0, &mut speculation).unwrap();
                inside_lists += starts
                    .iter()
                    .filter(|start| list.inside.contains(start))
                    .count();
            }
            let taken = (speculation.walks.iter().zip(walked))
                .filter(|(walk, walked)| *walked && walk.is_none())
                .count();
            assert!(inside_lists > 50, "{inside_lists}");
            // Every start inside a list is between two elements (the
            // generator writes one element a line), and each was taken.
            assert_eq!(taken, inside_lists);
        }
    }

    #[test]
    fn speculative_starts_follow_lines_ending_in_a_comma() {
        let text = b"[(a, b),\n  (c,\n d),\n\n  ],\n x";
        // Bytes: `[` 0, `(a` 1, `,` 7, line break 8, `(c` 11, `,` 13, line
        // break 14, `d` 16, `,` 18, line breaks 19 and 20, `]` 23, `,` 24,
        // line break 25, `x` 27. The line breaks at 8 (after `,`: the next
        // element `(c,` starts at 11), 14 (after `(c,`: a false start at
        // `d`, 16), 19 and 20 (followed by `]`: none) and 25 (after `],`:
        // `x` at 27). Each search starts `part_bytes` past the last start.
        assert_eq!(speculative_starts(text, 0, 1), [11, 16, 27]);
        assert_eq!(speculative_starts(text, 0, 12), [16]);
        assert_eq!(speculative_starts(text, 17, 1), [27]);
        assert_eq!(speculative_starts(b"[a, b, c]", 0, 1), Vec::<usize>::new());
        // A million blank lines after a line that does not end in a comma
        // take a moment, not a million squared.
        let mut blank = b"[a".to_vec();
        blank.extend(std::iter::repeat_n(b'\n', 1_000_000));
        blank.extend(b", b]");
        assert_eq!(speculative_starts(&blank, 0, 1), Vec::<usize>::new());
    }
}

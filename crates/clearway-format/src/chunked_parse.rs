//! Parsing a map file on every core: the big lists are cut into chunks at
//! element boundaries and each chunk is handed to ron on its own.
//!
//! ron reads one byte after another, so on a large level the parse is most
//! of the load time, on one core. The `nodes`, `edges` and `obstacles`
//! lists are where nearly all the bytes are, and their elements are
//! independent, so they can be read side by side:
//!
//! 1. The [`Scanner`] walks the root struct and the three lists once,
//!    finding where each element starts and ends (it understands comments,
//!    strings, raw strings and chars, as ron does); the lists are walked
//!    from several places at once ([`super::list_cut`]).
//! 2. A list is cut only where the text between two elements is nothing but
//!    spaces and one comma. Each chunk is the exact text of a run of
//!    elements; it is parsed into its own slots of a list allocated once at
//!    its exact length: by a hand-written reader of the common element
//!    shapes ([`super::fast_elements`]) when every byte of the chunk is of
//!    those shapes, and otherwise as `[` + chunk + `]`, by ron, with the
//!    map's own options.
//! 3. The rest of the file, with those lists emptied (`nodes: []`), is
//!    parsed by ron as well: it holds the root struct, its name, the other
//!    fields and whatever follows, so everything outside the lists is
//!    checked exactly as a whole-file parse checks it.
//!
//! If any of this does not work out (attributes such as
//! `#![enable(..)]`, which change how elements read; a chunk ron rejects;
//! an element count that differs from the scanner's), the caller parses the
//! whole file again in one go, which gives the error with its position. So a
//! chunked parse either returns exactly what the whole-file parse returns or
//! nothing: ron reads every byte of the lists in the same state as it would
//! in one pass, because each chunk starts right after a list's `[` or a
//! separating comma, and the only bytes left out are those commas and the
//! spaces around them. `tests::agrees_with_the_whole_file_parse` and the
//! `parse` fuzz target check this on adversarial text.

use std::ops::Range;

use crate::par::prelude::*;
use serde::de::{DeserializeOwned, DeserializeSeed, Error as _, IgnoredAny, SeqAccess, Visitor};

use crate::citations::{Cite, SourceCitations};
use crate::list_cut::{Chunk, CutList, Speculation, cut_list, element_starts};
use crate::ron_scanner::{GroupItem, Scanner, next_in_group};

/// The size a chunk grows to before it is cut: large enough that the
/// per-chunk costs (a copy, a ron parser) vanish, small enough that two
/// cores stay busy to the end and chunks in flight take little memory.
pub const CHUNK_BYTES: usize = 256 * 1024;

/// A file whose big lists can be read in chunks: the wire map file. (The
/// trait keeps this module free of the wire types, which call it.)
pub trait ChunkedFile: DeserializeOwned {
    /// Parses the chunks of the list `field` into the file, replacing the
    /// empty list the skeleton held; `None` if a chunk does not parse.
    fn fill_list(&mut self, field: ListField, list: &ListChunks<'_>) -> Option<()>;
}

/// The file in `text`, parsed with `options` and its big lists cut into
/// chunks of about `chunk_bytes` and read in parallel; `None` if the text
/// is not one the chunks can be read from (see the module docs). `text`
/// has no byte-order mark.
pub fn parse_in_chunks<F: ChunkedFile>(
    text: &str,
    chunk_bytes: usize,
    options: &ron::Options,
) -> Option<F> {
    Some(parse_citing(text, chunk_bytes, options, Cite::Nothing)?.0)
}

/// As [`parse_in_chunks`], and where each obstacle (and edge) starts in
/// `text`, as `cite` asks (`text` must then be the whole text, from its
/// first byte, for the lines and columns to be the file's).
pub fn parse_citing<F: ChunkedFile>(
    text: &str,
    chunk_bytes: usize,
    options: &ron::Options,
    cite: Cite,
) -> Option<(F, Option<SourceCitations>)> {
    let plan = Plan::cut(text, chunk_bytes, part_bytes(text, chunk_bytes))?;
    let mut file: F = options.from_str(&plan.skeleton(text)?).ok()?;
    // Worked out before the lists are parsed, and the starts freed: they
    // are not held beside the parsed lists, when memory peaks.
    let citations = if cite != Cite::Nothing {
        let scanner = Scanner::new(text);
        let starts = |field: ListField| -> Option<Vec<Vec<usize>>> {
            match plan.lists.iter().find(|list| list.field == field) {
                Some(list) => element_starts(&scanner, &list.chunks),
                None => Some(Vec::new()),
            }
        };
        let obstacles = starts(ListField::Obstacles)?;
        let edges = match cite {
            Cite::ObstaclesAndEdges => starts(ListField::Edges)?,
            Cite::Nothing | Cite::Obstacles => Vec::new(),
        };
        Some(SourceCitations::from_starts(
            text,
            &slices(&obstacles),
            &slices(&edges),
        ))
    } else {
        None
    };
    // Each cut list is `[]` in the skeleton, and a field given twice fails
    // the skeleton's parse, so filling a list replaces an empty one. The
    // nodes are filled first, whatever the file's order: the first one sets
    // the level's dimension, which reading the obstacles may need.
    let mut lists: Vec<&ListPlan> = plan.lists.iter().collect();
    lists.sort_by_key(|list| list.field);
    for list in lists {
        let chunks = ListChunks {
            text,
            chunks: &list.chunks,
            options,
        };
        file.fill_list(list.field, &chunks)?;
    }
    Some((file, citations))
}

/// How far apart the lists' speculative walks start: at least a chunk,
/// and no more than about 64 walks in all, so that two cores share them
/// evenly while each walk stays long beside the work of starting it. On
/// one core, none are started.
fn part_bytes(text: &str, chunk_bytes: usize) -> Option<usize> {
    cfg!(feature = "parallel").then(|| chunk_bytes.max(text.len() / 64))
}

/// Each of `starts` as a slice.
fn slices(starts: &[Vec<usize>]) -> Vec<&[usize]> {
    starts.iter().map(Vec::as_slice).collect()
}

/// The three list fields worth cutting, in the order they are filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ListField {
    /// `nodes: [..]`
    Nodes,
    /// `edges: [..]`
    Edges,
    /// `obstacles: [..]`
    Obstacles,
}

impl ListField {
    fn named(name: &[u8]) -> Option<Self> {
        match name {
            b"nodes" => Some(ListField::Nodes),
            b"edges" => Some(ListField::Edges),
            b"obstacles" => Some(ListField::Obstacles),
            _ => None,
        }
    }
}

/// One list of the root struct, cut into chunks.
#[derive(Debug)]
struct ListPlan {
    field: ListField,
    /// The byte after `[`, up to the `]`: what the skeleton leaves out.
    inside: Range<usize>,
    chunks: Vec<Chunk>,
}

/// Where the big lists of a map file are, and how they are cut.
#[derive(Debug)]
struct Plan {
    lists: Vec<ListPlan>,
}

impl Plan {
    /// Walks the root struct's fields once, cutting the lists named
    /// `nodes`, `edges` and `obstacles` that hold at least one element.
    #[cfg(any(test, feature = "testing"))]
    fn of(text: &str, chunk_bytes: usize) -> Option<Plan> {
        Plan::cut(text, chunk_bytes, None)
    }

    /// As [`Plan::of`], walking the lists from places about `part_bytes`
    /// apart side by side (see [`super::list_cut`]); with `None`, each list
    /// is walked from its `[` alone.
    fn cut(text: &str, chunk_bytes: usize, part_bytes: Option<usize>) -> Option<Plan> {
        let scanner = Scanner::new(text);
        let open = scanner.root_open_without_attributes()?;
        if scanner.byte(open)? != b'(' {
            return None;
        }
        let mut speculation = match part_bytes {
            Some(part_bytes) => Speculation::run(&scanner, text, open + 1, part_bytes, chunk_bytes),
            None => Speculation::none(),
        };
        let mut lists: Vec<ListPlan> = Vec::new();
        let mut pos = open + 1;
        loop {
            let (name, value) = match scanner.group_item(pos)? {
                GroupItem::Close(_) => return Some(Plan { lists }),
                GroupItem::Element { name, value } => (name, value),
            };
            let field = name
                .and_then(|name| text.as_bytes().get(name))
                .and_then(ListField::named);
            let end = match field {
                Some(field) if scanner.byte(value)? == b'[' => {
                    if lists.iter().any(|list| list.field == field) {
                        return None;
                    }
                    let CutList { inside, chunks } =
                        cut_list(&scanner, text, value, chunk_bytes, &mut speculation)?;
                    let end = inside.end + 1;
                    if !chunks.is_empty() {
                        lists.push(ListPlan {
                            field,
                            inside,
                            chunks,
                        });
                    }
                    end
                }
                _ => scanner.value_end(value)?,
            };
            pos = next_in_group(&scanner, end, b')')?.0;
        }
    }

    /// The text with the cut lists emptied.
    fn skeleton(&self, text: &str) -> Option<String> {
        let mut skeleton = String::new();
        let mut from = 0;
        for list in &self.lists {
            skeleton.push_str(text.get(from..list.inside.start)?);
            from = list.inside.end;
        }
        skeleton.push_str(text.get(from..)?);
        Some(skeleton)
    }
}

/// Each cut list's field, span and chunks.
#[cfg(test)]
pub(super) type CutLists = Vec<(ListField, Range<usize>, Vec<Chunk>)>;

/// The lists of `text` cut as [`Plan::cut`] cuts them: what `list_cut`'s
/// tests compare.
#[cfg(test)]
pub(super) fn cut_lists(
    text: &str,
    chunk_bytes: usize,
    part_bytes: Option<usize>,
) -> Option<CutLists> {
    let plan = Plan::cut(text, chunk_bytes, part_bytes)?;
    Some(
        plan.lists
            .into_iter()
            .map(|list| (list.field, list.inside, list.chunks))
            .collect(),
    )
}

/// The chunks of one list, ready to be parsed.
pub struct ListChunks<'a> {
    text: &'a str,
    chunks: &'a [Chunk],
    options: &'a ron::Options,
}

impl ListChunks<'_> {
    /// The elements of the list, parsed chunk by chunk in parallel into one
    /// vector allocated at its exact length.
    pub fn parse<T: ListElement>(&self) -> Option<Vec<T>> {
        let chunks = self.chunks;
        let total = chunks.iter().map(|chunk| chunk.items).sum();
        let mut items = crate::par::filled(T::placeholder(), total);
        let mut slots = Vec::with_capacity(chunks.len());
        let mut rest = items.as_mut_slice();
        for chunk in chunks {
            let (head, tail) = rest.split_at_mut(chunk.items);
            slots.push(head);
            rest = tail;
        }
        // The same options as the whole file. A chunk sits one level less deep
        // than its list does in the file, but the recursion limit cannot tell:
        // an element that parses nests three levels at most (`Polygon([(x,
        // y)])`), and one that nests deeper is refused at its first wrong
        // bracket, long before the limit.
        let options = self.options;
        slots
            .into_par_iter()
            .zip(chunks)
            .try_for_each(|(slots, chunk)| {
                let body = self.text.get(chunk.text.clone())?;
                if crate::fast_elements::read_chunk(body, slots) {
                    return Some(());
                }
                let mut source = String::with_capacity(body.len() + 2);
                source.push('[');
                source.push_str(body);
                source.push(']');
                options.from_str_seed(&source, FillSlots(slots)).ok()
            })?;
        Some(items)
    }
}

impl ListChunks<'_> {
    /// The elements of the list, each chunk parsed as [`ListChunks::parse`]
    /// parses it and at once turned into `U` by `convert` (given the
    /// element's index in the list), so that the parsed `T`s of only the
    /// chunks in flight are held. `None` if a chunk does not parse (whatever
    /// `convert` says of the others); otherwise the list, or the error of the
    /// first element `convert` refused.
    pub fn parse_converted<T: ListElement, U: Clone + Send, E: Send>(
        &self,
        placeholder: U,
        convert: impl Fn(usize, T) -> Result<U, E> + Sync,
    ) -> Option<Result<Vec<U>, E>> {
        let chunks = self.chunks;
        let total = chunks.iter().map(|chunk| chunk.items).sum();
        let mut items = crate::par::filled(placeholder, total);
        let mut slots = Vec::with_capacity(chunks.len());
        let mut firsts = Vec::with_capacity(chunks.len());
        let mut rest = items.as_mut_slice();
        let mut first = 0;
        for chunk in chunks {
            let (head, tail) = rest.split_at_mut(chunk.items);
            slots.push(head);
            firsts.push(first);
            first += chunk.items;
            rest = tail;
        }
        let options = self.options;
        let outcomes: Vec<Option<Result<(), E>>> = slots
            .into_par_iter()
            .zip(chunks.par_iter().zip(firsts))
            .map(|(slots, (chunk, first))| {
                let body = self.text.get(chunk.text.clone())?;
                let mut parsed = vec![T::placeholder(); chunk.items];
                if !crate::fast_elements::read_chunk(body, &mut parsed) {
                    let mut source = String::with_capacity(body.len() + 2);
                    source.push('[');
                    source.push_str(body);
                    source.push(']');
                    options
                        .from_str_seed(&source, FillSlots(&mut parsed))
                        .ok()?;
                }
                for (i, (slot, item)) in slots.iter_mut().zip(parsed).enumerate() {
                    match convert(first + i, item) {
                        Ok(value) => *slot = value,
                        Err(e) => return Some(Err(e)),
                    }
                }
                Some(Ok(()))
            })
            .collect();
        let mut refused = None;
        for outcome in outcomes {
            if let Err(e) = outcome? {
                refused = refused.or(Some(e));
            }
        }
        Some(match refused {
            Some(e) => Err(e),
            None => Ok(items),
        })
    }
}

/// Reads a list into exactly the given slots: fewer or more elements than
/// slots is an error.
struct FillSlots<'s, T>(&'s mut [T]);

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for FillSlots<'_, T> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for FillSlots<'_, T> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a list of {} elements", self.0.len())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let expected = self.0.len();
        for (i, slot) in self.0.iter_mut().enumerate() {
            *slot = seq
                .next_element()?
                .ok_or_else(|| A::Error::invalid_length(i, &"as many elements as the scanner"))?;
        }
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(A::Error::invalid_length(
                expected + 1,
                &"as many elements as the scanner",
            ));
        }
        Ok(())
    }
}

/// An element of a big list: read by the fast reader
/// ([`crate::fast_elements`]) when it can, by ron otherwise.
pub trait ListElement: DeserializeOwned + Clone + Send + Sync {
    /// A cheap value to fill a list with before its chunks are parsed.
    fn placeholder() -> Self;
}

/// Reads every chunk of every cut list of `text` with the fast reader
/// alone; `false` if it left any chunk to ron: for tests that check which
/// texts stay on the fast path.
///
/// # Panics
///
/// When `text` is not a map the chunks can be read from.
#[cfg(any(test, feature = "testing"))]
pub fn every_chunk_read_fast(text: &str, chunk_bytes: usize) -> bool {
    fn read<T: ListElement>(text: &str, chunk: &Chunk) -> bool {
        let mut slots = vec![T::placeholder(); chunk.items];
        crate::fast_elements::read_chunk(&text[chunk.text.clone()], &mut slots)
    }
    let plan = Plan::of(text, chunk_bytes).expect("a map the chunks can be read from");
    plan.lists.iter().all(|list| {
        list.chunks.iter().all(|chunk| match list.field {
            ListField::Nodes => read::<crate::wire::NodeEntry>(text, chunk),
            ListField::Edges => read::<crate::wire::EdgeEntry>(text, chunk),
            ListField::Obstacles => read::<crate::wire::ObstacleEntry>(text, chunk),
        })
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{map_text, map_text_3d};
    use crate::wire::{self, MapFile};

    /// The chunked parse of a map file.
    fn parse_in_chunks(text: &str, chunk_bytes: usize) -> Option<MapFile> {
        super::parse_in_chunks(text, chunk_bytes, &wire::options())
    }

    /// The one-pass parse: the twin every chunked parse must agree with.
    fn whole(text: &str) -> Result<MapFile, ron::error::SpannedError> {
        wire::options().from_str(text)
    }

    /// `text` with `snippet` written over the `cut` bytes at `at` (or
    /// inserted there, where the cut would end inside a character).
    fn broken(text: &str, at: prop::sample::Index, cut: usize, snippet: &str) -> String {
        let mut at = at.index(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mut broken = text.to_owned();
        let end = (at + cut).min(text.len());
        if text.is_char_boundary(end) {
            broken.replace_range(at..end, snippet);
        } else {
            broken.insert_str(at, snippet);
        }
        broken
    }

    /// Checks one text at several chunk sizes: a chunked parse that returns
    /// a file returns the whole-file parse's file, and `from_str_in_chunks`
    /// returns what the whole-file parse returns, error and position
    /// included. Returns whether every chunked parse ran (did not fall
    /// back).
    fn agrees(text: &str) -> bool {
        let expected = whole(text);
        let mut all_ran = true;
        for chunk_bytes in [0, 1, 40, 300, CHUNK_BYTES] {
            let chunked = parse_in_chunks(text, chunk_bytes);
            if let Some(file) = &chunked {
                assert_eq!(
                    format!("{:?}", Ok::<_, ()>(file)),
                    format!("{:?}", expected.as_ref().map_err(|_| ())),
                    "chunks of {chunk_bytes} bytes read\n{text}"
                );
            }
            all_ran &= chunked.is_some();
            let public = wire::from_str_in_chunks(text, chunk_bytes);
            assert_eq!(format!("{public:?}"), format!("{expected:?}"), "{text}");
        }
        all_ran
    }

    /// Snippets that break text in the ways a cutter could get wrong.
    const BREAKS: [&str; 14] = [
        ",",
        ",,",
        "/*",
        "*/",
        "//",
        "\"",
        "'",
        "(",
        ")",
        "]",
        "[",
        "r#\"",
        "\n",
        "#![enable(implicit_some)]",
    ];

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(300))]

        #[test]
        fn agrees_with_the_whole_file_parse(text in map_text()) {
            prop_assert!(whole(&text).is_ok(), "the generator wrote a bad map:\n{text}");
            prop_assert!(agrees(&text), "a well-formed map fell back to the one-pass parse:\n{text}");
        }

        #[test]
        fn agrees_with_the_whole_file_parse_in_3d(text in map_text_3d()) {
            prop_assert!(whole(&text).is_ok(), "the generator wrote a bad map:\n{text}");
            prop_assert!(agrees(&text), "a well-formed map fell back to the one-pass parse:\n{text}");
        }

        #[test]
        fn broken_3d_text_reads_as_the_whole_file_parse_reads_it(
            text in map_text_3d(),
            at in any::<prop::sample::Index>(),
            cut in 0usize..4,
            snippet in prop::sample::select(BREAKS.to_vec()),
        ) {
            agrees(&broken(&text, at, cut, snippet));
        }

        #[test]
        fn broken_text_reads_as_the_whole_file_parse_reads_it(
            text in map_text(),
            at in any::<prop::sample::Index>(),
            cut in 0usize..4,
            snippet in prop::sample::select(BREAKS.to_vec()),
        ) {
            agrees(&broken(&text, at, cut, snippet));
        }
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(24))]

        /// Seeded levels of every kind, flat and 3D, as `gen_map` writes
        /// them: the fast reader reads every chunk of them, and the parse
        /// gives exactly the whole-file parse's map.
        #[test]
        fn generated_levels_are_read_fast_and_as_ron_reads_them(
            kind in prop::sample::select(vec![
                clearway_synth::Kind::Grid,
                clearway_synth::Kind::Geometric,
                clearway_synth::Kind::Corridors,
                clearway_synth::Kind::Tiles,
                clearway_synth::Kind::Building,
                clearway_synth::Kind::Terrain,
            ]),
            mixed in any::<bool>(),
            seed in any::<u64>(),
        ) {
            let mix = if mixed { clearway_synth::Mix::Mixed } else { clearway_synth::Mix::Points };
            let params = clearway_synth::Params::new(kind, 300).with_mix(mix).with_seed(seed);
            let text = clearway_synth::map_string(&params);
            prop_assert!(every_chunk_read_fast(&text, 2000), "{kind:?} {mix:?} {seed}");
            prop_assert!(agrees(&text));
        }
    }

    #[test]
    fn lists_are_cut_only_between_plain_separators() {
        let text = "(nodes: [(id: 0, pos: (0, 0)), (id: 1, pos: (1, 0)) /* c */, (id: 2, pos: (2, 0)) ,\n (id: 3, pos: (3, 0)),])";
        let plan = Plan::of(text, 0).unwrap();
        let chunks: Vec<(&str, usize)> = plan.lists[0]
            .chunks
            .iter()
            .map(|chunk| (&text[chunk.text.clone()], chunk.items))
            .collect();
        assert_eq!(
            chunks,
            [
                ("(id: 0, pos: (0, 0))", 1),
                ("(id: 1, pos: (1, 0)) /* c */, (id: 2, pos: (2, 0))", 2),
                ("(id: 3, pos: (3, 0)),", 1),
            ]
        );
        assert!(agrees(text));
    }

    #[test]
    fn all_three_lists_are_cut_and_nothing_else() {
        let text = "Map(agents: [(name: \"tank\", radius: 1.5)], nodes: [(id: 0, pos: (0, 0))], \
                    edges: [(from: 0, to: 0)], obstacles: [Point((1, 1)), Point((2, 2))])";
        let plan = Plan::of(text, 0).unwrap();
        let cut: Vec<(ListField, usize)> = plan
            .lists
            .iter()
            .map(|list| (list.field, list.chunks.len()))
            .collect();
        assert_eq!(
            cut,
            [
                (ListField::Nodes, 1),
                (ListField::Edges, 1),
                (ListField::Obstacles, 2)
            ]
        );
        assert_eq!(
            plan.skeleton(text).unwrap(),
            "Map(agents: [(name: \"tank\", radius: 1.5)], nodes: [], \
             edges: [], obstacles: [])"
        );
        assert!(agrees(text));
    }

    #[test]
    fn empty_lists_and_lists_not_written_as_lists_are_left_to_ron() {
        // Nothing to cut: empty lists (even with a comment inside) stay in
        // the skeleton, and so does a `nodes` field that is not a list (the
        // whole-file parse then reports it).
        let empty = "(nodes: [], edges: [ /* none */ ], obstacles: [\n])";
        assert!(Plan::of(empty, 0).unwrap().lists.is_empty());
        assert!(agrees(empty));
        let not_a_list = "(nodes: Some([(id: 0, pos: (0, 0))]), obstacles: [Point((1, 1))])";
        let plan = Plan::of(not_a_list, 0).unwrap();
        let fields: Vec<ListField> = plan.lists.iter().map(|list| list.field).collect();
        assert_eq!(fields, [ListField::Obstacles]);
        agrees(not_a_list);
    }

    #[test]
    fn chunks_grow_to_the_chunk_size() {
        let nodes: Vec<String> = (0..100)
            .map(|id| format!("(id: {id}, pos: (0, 0))"))
            .collect();
        let text = format!("(nodes: [{}])", nodes.join(", "));
        let plan = Plan::of(&text, 200).unwrap();
        let chunks = &plan.lists[0].chunks;
        assert_eq!(chunks.iter().map(|c| c.items).sum::<usize>(), 100);
        assert!(chunks.len() > 5, "{chunks:?}");
        for chunk in &chunks[..chunks.len() - 1] {
            assert!(chunk.text.len() >= 200, "{chunk:?}");
        }
        assert!(agrees(&text));
    }

    #[test]
    fn texts_the_chunks_cannot_be_read_from_fall_back() {
        let cases = [
            // Attributes change how every element reads.
            "#![enable(unwrap_newtypes)] (nodes: [(id: 0, pos: (0, 0))])",
            // A list given twice: the one-pass parse names the duplicate.
            "(nodes: [(id: 0, pos: (0, 0))], nodes: [(id: 1, pos: (0, 0))])",
            // Labels inside a list.
            "(nodes: [a: (id: 0, pos: (0, 0))])",
            // An empty element.
            "(nodes: [(id: 0, pos: (0, 0)),, (id: 1, pos: (0, 0))])",
            // An unclosed comment between elements.
            "(nodes: [(id: 0, pos: (0, 0)), /* (id: 1, pos: (0, 0))])",
            // Not a struct at the top.
            "[(id: 0, pos: (0, 0))]",
        ];
        for text in cases {
            assert!(parse_in_chunks(text, 0).is_none(), "{text}");
            agrees(text);
        }
    }
}

//! Where each edge and obstacle of a map starts in its text, recorded while
//! the map is parsed, so that reports can cite them (`point #7 (line 42)`,
//! a CI annotation at an edge's line and column) after the text is freed.
//!
//! The chunked parse ([`crate::chunked_parse`]) already walks every element
//! of the big lists to cut them; asked to, it keeps each element's first
//! byte, and the lines and columns are worked out here chunk by chunk in
//! parallel: how far (in lines, and in chars after the last line feed) each
//! chunk's first element is from the previous one's, summed in order, then
//! each element from its chunk's first. When the chunked parse does not run,
//! the text is walked ([`crate::locate::list_item_locations`]):
//! both give the same locations (`tests::recorded_locations_are_the_walked_ones`).

use crate::par::prelude::*;

use crate::locate::{self, Location};

/// What a load records of where the lists' elements start (`clearway`'s
/// `Loader::cite`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cite {
    /// Nothing.
    Nothing,
    /// Each obstacle's line: what text reports cite.
    Obstacles,
    /// Each obstacle's line and each edge's line and column: what the CI
    /// formats cite too.
    ObstaclesAndEdges,
}

/// The line of each obstacle and (unless only the obstacles were cited,
/// as [`Cite::Obstacles`] asks) the line and column of each edge of a map,
/// in file order, as its text has them: what a report cites once the text
/// is gone. `clearway`'s loader fills them in when told to cite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceCitations {
    obstacle_lines: Lines,
    edge_locations: Locations,
}

/// Line numbers, in four bytes each when the text is shorter than 4 GiB
/// (and so has fewer lines): 20 MB for five million obstacles, not 40.
type Lines = Packed<usize>;

/// Lines and columns, in four bytes each when the text is shorter than
/// 4 GiB (and so has fewer lines, and lines of fewer chars): 8 bytes an
/// edge, not 16.
type Locations = Packed<Location>;

/// A number, or a pair of numbers, that fits a shorter form when it is
/// below 2^32.
trait Narrow: Copy + PartialEq {
    /// The short form.
    type Short: Copy;
    /// The short form, when the value fits it.
    fn narrow(self) -> Option<Self::Short>;
    /// The value of a short form.
    fn widen(short: Self::Short) -> Self;
}

impl Narrow for usize {
    type Short = u32;

    fn narrow(self) -> Option<u32> {
        u32::try_from(self).ok()
    }

    fn widen(short: u32) -> usize {
        short as usize
    }
}

impl Narrow for Location {
    type Short = [u32; 2];

    fn narrow(self) -> Option<[u32; 2]> {
        Some([self.line.narrow()?, self.column.narrow()?])
    }

    fn widen([line, column]: [u32; 2]) -> Location {
        Location {
            line: usize::widen(line),
            column: usize::widen(column),
        }
    }
}

/// Values held in their short form when every one fits, whole otherwise.
#[derive(Clone, Debug)]
enum Packed<T: Narrow> {
    Short(Vec<T::Short>),
    Long(Vec<T>),
}

/// The same values, however they are held.
impl<T: Narrow> PartialEq for Packed<T> {
    fn eq(&self, other: &Packed<T>) -> bool {
        self.len() == other.len() && (0..self.len()).all(|i| self.get(i) == other.get(i))
    }
}

impl<T: Narrow> Eq for Packed<T> {}

impl<T: Narrow> Default for Packed<T> {
    fn default() -> Self {
        Packed::Short(Vec::new())
    }
}

impl<T: Narrow> Packed<T> {
    /// `all`, in the short form when every one fits.
    fn of(all: Vec<T>) -> Packed<T> {
        match all.iter().map(|&v| v.narrow()).collect() {
            Some(short) => Packed::Short(short),
            None => Packed::Long(all),
        }
    }

    fn len(&self) -> usize {
        match self {
            Packed::Short(all) => all.len(),
            Packed::Long(all) => all.len(),
        }
    }

    fn get(&self, i: usize) -> Option<T> {
        match self {
            Packed::Short(all) => all.get(i).map(|&short| T::widen(short)),
            Packed::Long(all) => all.get(i).copied(),
        }
    }

    #[cfg(test)]
    fn to_vec(&self) -> Vec<T> {
        (0..self.len()).filter_map(|i| self.get(i)).collect()
    }
}

impl SourceCitations {
    /// The 1-based line on which obstacle `i` (in file order) starts;
    /// `None` past the map's own obstacles, or when the text could not be
    /// walked.
    pub fn obstacle_line(&self, i: usize) -> Option<usize> {
        self.obstacle_lines.get(i)
    }

    /// The line and column (in chars) at which edge `i` starts; `None` as
    /// for [`SourceCitations::obstacle_line`], and for every edge when only
    /// the obstacles were cited.
    pub fn edge_location(&self, i: usize) -> Option<Location> {
        self.edge_locations.get(i)
    }

    /// The citations of a whole map text, found by walking it: what
    /// [`locate::list_item_lines`] and [`locate::list_item_locations`]
    /// give. For a text kept anyway; a load records them as it parses
    /// ([`crate::chunked_parse::parse_citing`]).
    pub fn walked(text: &str) -> SourceCitations {
        SourceCitations::walked_citing(text, Cite::ObstaclesAndEdges)
    }

    /// As [`SourceCitations::walked`], the edges only when `cite` asks for
    /// them.
    pub fn walked_citing(text: &str, cite: Cite) -> SourceCitations {
        let obstacle_lines =
            Lines::of(locate::list_item_lines(text, "obstacles").unwrap_or_default());
        SourceCitations {
            obstacle_lines,
            edge_locations: match cite {
                Cite::ObstaclesAndEdges => {
                    Locations::of(locate::list_item_locations(text, "edges").unwrap_or_default())
                }
                Cite::Nothing | Cite::Obstacles => Locations::default(),
            },
        }
    }

    /// Citations from the first byte of each element of the `obstacles`
    /// and `edges` lists, grouped in chunks in file order.
    pub fn from_starts(text: &str, obstacles: &[&[usize]], edges: &[&[usize]]) -> SourceCitations {
        let bytes = text.as_bytes();
        // A text of fewer bytes than `u32::MAX` has fewer lines, and lines
        // of fewer chars.
        let short = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        if u32::try_from(bytes.len()).is_ok() {
            SourceCitations {
                obstacle_lines: Lines::Short(locations_at(bytes, obstacles, 0, |at| {
                    short(at.line)
                })),
                edge_locations: Locations::Short(locations_at(bytes, edges, [0, 0], |at| {
                    [short(at.line), short(at.column)]
                })),
            }
        } else {
            SourceCitations {
                obstacle_lines: Lines::Long(locations_at(bytes, obstacles, 0, |at| at.line)),
                edge_locations: Locations::Long(locations_at(bytes, edges, NOWHERE, |at| at)),
            }
        }
    }
}

/// How far a run of text moves a position: the line feeds it holds, and the
/// chars after the last of them (all its chars when it holds none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Advance {
    newlines: usize,
    tail: usize,
}

impl Advance {
    /// How far `bytes` (whole chars of UTF-8 text) move a position.
    fn of(bytes: &[u8]) -> Advance {
        match bytes.iter().rposition(|&b| b == b'\n') {
            Some(last) => Advance {
                newlines: 1 + count(&bytes[..last], |b| b == b'\n'),
                tail: chars(&bytes[last + 1..]),
            },
            None => Advance {
                newlines: 0,
                tail: chars(bytes),
            },
        }
    }

    /// This run followed by `next`.
    fn then(self, next: Advance) -> Advance {
        if next.newlines == 0 {
            Advance {
                newlines: self.newlines,
                tail: self.tail + next.tail,
            }
        } else {
            Advance {
                newlines: self.newlines + next.newlines,
                tail: next.tail,
            }
        }
    }

    /// Where a run from the start of the text ends.
    fn location(self) -> Location {
        Location {
            line: 1 + self.newlines,
            column: 1 + self.tail,
        }
    }
}

/// The chars in UTF-8 bytes: the bytes that do not continue a char.
fn chars(bytes: &[u8]) -> usize {
    count(bytes, |b| (b as i8) >= -0x40)
}

/// How many of `bytes` are `hit`, counted in blocks of 255 into a byte each:
/// sixteen bytes or more a step, where a count straight into a `usize`
/// widens every byte to eight.
fn count(bytes: &[u8], hit: impl Fn(u8) -> bool) -> usize {
    bytes
        .chunks(255)
        .map(|block| {
            let hits = block.iter().fold(0u8, |n, &b| n + u8::from(hit(b)));
            usize::from(hits)
        })
        .sum()
}

/// What an edge's slot holds before its location is worked out.
const NOWHERE: Location = Location { line: 0, column: 0 };

/// How much text before the first element is measured in one piece.
const PIECE: usize = 1 << 20;

/// `cite(location)` of each byte offset of `chunks` (ascending, and each
/// chunk non-empty), in order.
fn locations_at<T: Clone + Send>(
    text: &[u8],
    chunks: &[&[usize]],
    placeholder: T,
    cite: impl Fn(Location) -> T + Sync,
) -> Vec<T> {
    let Some(first) = chunks.first().and_then(|c| c.first()).copied() else {
        return Vec::new();
    };
    // The text before the first element, in pieces, then from each chunk's
    // first element to the next chunk's: measured in parallel, summed in
    // order, they give where each chunk starts.
    let mut bounds: Vec<usize> = (0..first).step_by(PIECE).collect();
    bounds.extend(chunks.iter().filter_map(|c| c.first().copied()));
    let steps: Vec<Advance> = (0..bounds.len() - 1)
        .into_par_iter()
        .map(|k| Advance::of(text.get(bounds[k]..bounds[k + 1]).unwrap_or_default()))
        .collect();
    let pieces = bounds.len() - chunks.len();
    let mut at = steps[..pieces]
        .iter()
        .fold(Advance::default(), |at, &step| at.then(step));
    let mut bases = Vec::with_capacity(chunks.len());
    for step in &steps[pieces..] {
        bases.push(at);
        at = at.then(*step);
    }
    bases.push(at);

    let total = chunks.iter().map(|c| c.len()).sum();
    let mut out = crate::par::filled(placeholder, total);
    let mut slots = Vec::with_capacity(chunks.len());
    let mut rest = out.as_mut_slice();
    for chunk in chunks {
        let (head, tail) = rest.split_at_mut(chunk.len());
        slots.push(head);
        rest = tail;
    }
    slots
        .into_par_iter()
        .zip(chunks.par_iter().zip(bases))
        .for_each(|(slots, (starts, base))| {
            let mut at = base;
            let mut from = starts.first().copied().unwrap_or_default();
            for (slot, &start) in slots.iter_mut().zip(starts.iter()) {
                at = at.then(Advance::of(text.get(from..start).unwrap_or_default()));
                from = start;
                *slot = cite(at.location());
            }
        });
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::chunked_parse;
    use crate::locate::{list_item_lines, list_item_locations};
    use crate::ron_scanner::Scanner;
    use crate::testing::{map_text, map_text_3d};
    use crate::wire::{self, MapFile};

    /// A random map with CRLF line ends and non-ASCII comments between and
    /// inside elements, beside the generator's comments, strings and
    /// multi-line elements.
    fn awkward(text: &str, crlf: bool) -> String {
        let text = text.replace(" /**/ ", " /* é\r\n ü */ ");
        if crlf {
            text.replace('\n', "\r\n")
        } else {
            text
        }
    }

    /// The citations the chunked parse records, at several chunk sizes, are
    /// the ones the walk of the text finds; `false` if a parse fell back.
    fn recorded_are_walked(text: &str) -> bool {
        let walked = SourceCitations::walked(text);
        assert_eq!(
            walked.obstacle_lines.to_vec(),
            list_item_lines(text, "obstacles").unwrap_or_default()
        );
        assert_eq!(
            walked.edge_locations.to_vec(),
            list_item_locations(text, "edges").unwrap_or_default()
        );
        // Citing the obstacles only: their lines, and no edge.
        let obstacles = SourceCitations::walked_citing(text, Cite::Obstacles);
        assert_eq!(obstacles.obstacle_lines, walked.obstacle_lines);
        assert_eq!(obstacles.edge_locations.len(), 0);
        let mut all_ran = true;
        for chunk_bytes in [0, 1, 40, chunked_parse::CHUNK_BYTES] {
            for (cite, expected) in [
                (Cite::ObstaclesAndEdges, &walked),
                (Cite::Obstacles, &obstacles),
            ] {
                let options = wire::options();
                match chunked_parse::parse_citing::<MapFile>(text, chunk_bytes, &options, cite) {
                    Some((_, cited)) => assert_eq!(cited.as_ref(), Some(expected), "{text}"),
                    None => all_ran = false,
                }
            }
        }
        all_ran
    }

    proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(200))]

        #[test]
        fn recorded_locations_are_the_walked_ones(text in map_text(), crlf in any::<bool>()) {
            let text = awkward(&text, crlf);
            prop_assert!(recorded_are_walked(&text), "the chunked parse fell back:\n{text}");
        }

        #[test]
        fn recorded_locations_are_the_walked_ones_in_3d(
            text in map_text_3d(),
            crlf in any::<bool>(),
        ) {
            let text = awkward(&text, crlf);
            prop_assert!(recorded_are_walked(&text), "the chunked parse fell back:\n{text}");
        }
    }

    /// Locations that fit in four bytes are held in four; one that does not
    /// keeps them all whole; either way they read back as given.
    #[test]
    fn locations_are_short_when_they_fit() {
        let at = |line, column| Location { line, column };
        let fits = vec![at(1, 1), at(7, u32::MAX as usize)];
        let held = Locations::of(fits.clone());
        assert!(matches!(held, Locations::Short(_)));
        assert_eq!(held.to_vec(), fits);
        let long = vec![at(1, 1), at(2, u32::MAX as usize + 1)];
        let held = Locations::of(long.clone());
        assert!(matches!(held, Locations::Long(_)));
        assert_eq!(held.to_vec(), long);
        assert_eq!(held, Locations::Long(long));
        assert_ne!(held, Locations::of(fits));
    }

    /// The first byte of each element of the list `field`, as the walk
    /// finds them.
    fn starts(text: &str, field: &str) -> Vec<usize> {
        let scanner = Scanner::new(text);
        let Some(root) = scanner.root() else {
            return Vec::new();
        };
        let Some(list) = scanner
            .open_of(root)
            .and_then(|open| scanner.field(open, field))
        else {
            return Vec::new();
        };
        scanner
            .children(list.value.start)
            .map_while(|c| c)
            .map(|c| c.value.start)
            .collect()
    }

    fn from_starts(text: &str, per_chunk: usize) -> SourceCitations {
        let obstacles = starts(text, "obstacles");
        let edges = starts(text, "edges");
        let o: Vec<&[usize]> = obstacles.chunks(per_chunk).collect();
        let e: Vec<&[usize]> = edges.chunks(per_chunk).collect();
        SourceCitations::from_starts(text, &o, &e)
    }

    #[test]
    fn advances_compose() {
        let text = "ab\ncdé\r\n  é";
        for cut in 0..=text.len() {
            if !text.is_char_boundary(cut) {
                continue;
            }
            let (a, b) = text.split_at(cut);
            assert_eq!(
                Advance::of(a.as_bytes()).then(Advance::of(b.as_bytes())),
                Advance::of(text.as_bytes())
            );
        }
        assert_eq!(
            Advance::of(text.as_bytes()).location(),
            Location { line: 3, column: 4 }
        );
    }

    #[test]
    fn lines_columns_and_chunks() {
        let text = "/* é */ Map(\r\n  edges: [(from: 1, to: 2),\n  (from: 2, to: 3), /*é*/ (from: 3, to: 1)],\n  obstacles: [Point((0, 0)), /* ü\n */ Point((1, 1))],\n)";
        for per_chunk in 1..4 {
            let cited = from_starts(text, per_chunk);
            assert_eq!(cited.obstacle_lines.to_vec(), [4, 5]);
            let at = |line, column| Location { line, column };
            assert_eq!(
                cited.edge_locations.to_vec(),
                [at(2, 11), at(3, 3), at(3, 27)]
            );
        }
    }
}

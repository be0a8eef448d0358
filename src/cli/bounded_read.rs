//! Reading input that may never end (`/dev/zero`, `yes |`, a FIFO): checked
//! for binary content chunk by chunk, so that it stops at the first bad
//! byte, and capped in size unless it is a regular file.
//!
//! A regular file's size is known before it is read, so it is read whole,
//! however large (levels of hundreds of MB are read this way). Anything
//! else (standard input from a pipe, a device, a FIFO) may not end, so it
//! may hold at most [`DEFAULT_MAX_INPUT_SIZE`] bytes, which
//! `--max-input-size` raises or lowers.

use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};

/// 1 GiB: loading a level takes about three times its text in memory (see
/// `docs/PERFORMANCE.md`), so a level piped in this large already needs
/// some 3 GiB, and a runaway producer is stopped before it takes more than
/// that. The largest levels measured (hundreds of MB) fit with room to
/// spare; larger ones are read from a file, which has no limit, or with
/// `--max-input-size`.
pub const DEFAULT_MAX_INPUT_SIZE: u64 = 1 << 30;

/// The limit on input that is not a regular file, set once from
/// `--max-input-size` before anything is read.
static MAX_INPUT_SIZE: AtomicU64 = AtomicU64::new(DEFAULT_MAX_INPUT_SIZE);

/// Sets the limit on input that is not a regular file.
pub fn set_max_input_size(bytes: u64) {
    MAX_INPUT_SIZE.store(bytes, Ordering::Relaxed);
}

/// How much is read and checked at a time.
const CHUNK: u64 = 1 << 20;

/// Why a read stopped early.
#[derive(Debug)]
pub enum ReadError {
    /// The reader failed.
    Io(io::Error),
    /// Input that is not a regular file went past the limit.
    TooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
}

/// The first byte that makes input binary rather than text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BinaryByte {
    /// Its offset from the start, in bytes.
    pub offset: usize,
    /// The byte.
    pub byte: u8,
}

/// Appends everything `reader` gives to `bytes`, checking each chunk as it
/// comes: it stops after the chunk that holds a control byte (other than
/// tab, LF and CR) or bytes that are not UTF-8, and returns that byte, so
/// that a binary input is never read on. With `limited` (input that is not
/// a regular file), more than the `--max-input-size` limit is an error.
pub fn read_text(
    reader: impl Read,
    bytes: &mut Vec<u8>,
    limited: bool,
) -> Result<Option<BinaryByte>, ReadError> {
    let checked = bytes.len();
    read_text_from(reader, bytes, limited, checked)
}

/// [`read_text`], the bytes before `checked` already checked.
fn read_text_from(
    reader: impl Read,
    bytes: &mut Vec<u8>,
    limited: bool,
    mut checked: usize,
) -> Result<Option<BinaryByte>, ReadError> {
    let limit = if limited {
        MAX_INPUT_SIZE.load(Ordering::Relaxed)
    } else {
        u64::MAX
    };
    let mut reader = reader;
    // Bytes before `checked` are valid text.
    loop {
        let room = limit
            .saturating_sub(bytes.len() as u64)
            .saturating_add(1)
            .min(CHUNK);
        let n = (&mut reader)
            .take(room)
            .read_to_end(bytes)
            .map_err(ReadError::Io)?;
        if bytes.len() as u64 > limit {
            return Err(ReadError::TooLarge { limit });
        }
        let at_end = n == 0;
        if let Some(bad) = first_binary_byte(bytes, &mut checked, at_end) {
            return Ok(Some(bad));
        }
        if at_end {
            return Ok(None);
        }
    }
}

/// How much of a regular file one task reads: large enough that a task's
/// system calls and start vanish beside its copy.
const FILE_PART: usize = 4 << 20;

/// Reads the regular file `file`, which its metadata says holds `size`
/// bytes, into the empty `bytes`, on every core: the pages are first
/// touched (faulted in by the kernel) on every core, then each part of the
/// file is read with `pread` into its own part of the buffer. One thread
/// reading it chunk by chunk was most of the time spent reading a large
/// level.
///
/// Those `size` bytes are not checked for binary content, unlike
/// [`read_text`]'s input: a file of known size is read whole whatever it
/// holds, and what reads the bytes (the map loader, the grid and OBJ
/// readers) checks them and names the first bad byte itself, so checking
/// here too was a second pass over the text. The bytes past `size`, if the
/// file grew, are then read and checked as [`read_text`] reads (the file
/// may not stop growing); a file that shrank meanwhile is read again from
/// its start by [`read_text`]. The byte returned, if any, is one of those.
#[cfg(unix)]
pub fn read_file_text(
    file: &std::fs::File,
    size: usize,
    bytes: &mut Vec<u8>,
) -> Result<Option<BinaryByte>, ReadError> {
    read_file_in_parts(file, size, bytes, FILE_PART)
}

/// [`read_file_text`] with parts of `part` bytes.
#[cfg(unix)]
fn read_file_in_parts(
    mut file: &std::fs::File,
    size: usize,
    bytes: &mut Vec<u8>,
    part: usize,
) -> Result<Option<BinaryByte>, ReadError> {
    use rayon::prelude::*;
    use std::io::{Seek, SeekFrom};
    use std::os::unix::fs::FileExt;
    bytes.clear();
    bytes.par_extend(rayon::iter::repeat_n(0u8, size));
    let reads: Vec<io::Result<()>> = bytes
        .par_chunks_mut(part)
        .enumerate()
        .map(|(k, slots)| file.read_exact_at(slots, (k * part) as u64))
        .collect();
    for read in reads {
        match read {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                bytes.clear();
                file.seek(SeekFrom::Start(0)).map_err(ReadError::Io)?;
                return read_text(file, bytes, false);
            }
            Err(e) => return Err(ReadError::Io(e)),
        }
    }
    // From the last byte that starts a character on (a sequence the file
    // may yet complete if it grew), the text is checked as it is read on.
    let checked = bytes
        .iter()
        .rposition(|&b| !is_continuation(b))
        .unwrap_or(0);
    file.seek(SeekFrom::Start(size as u64))
        .map_err(ReadError::Io)?;
    read_text_from(file, bytes, false, checked)
}

/// Whether `b` continues a UTF-8 sequence (`10xxxxxx`).
fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// Checks `bytes[*checked..]`, moving `checked` past the valid text; a
/// UTF-8 sequence cut at the end of the chunk is left for the next one
/// unless the input is `at_end`.
fn first_binary_byte(bytes: &[u8], checked: &mut usize, at_end: bool) -> Option<BinaryByte> {
    let fresh = bytes.get(*checked..).unwrap_or_default();
    let (valid, bad_utf8) = match std::str::from_utf8(fresh) {
        Ok(_) => (fresh.len(), None),
        Err(e) if e.error_len().is_none() && !at_end => (e.valid_up_to(), None),
        Err(e) => (e.valid_up_to(), Some(*checked + e.valid_up_to())),
    };
    let control = clearway_text::binary::first_control_byte(fresh.get(..valid).unwrap_or_default())
        .map(|i| *checked + i);
    *checked += valid;
    control.or(bad_utf8).map(|offset| BinaryByte {
        offset,
        byte: bytes.get(offset).copied().unwrap_or_default(),
    })
}

/// `line 3, column 7` of byte `offset` in `bytes` (columns count chars).
pub fn line_and_column(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = bytes.get(..offset).unwrap_or(bytes);
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(before.get(line_start..).unwrap_or_default())
        .chars()
        .count()
        + 1;
    (line, column)
}

/// Whether what `file` refers to may not end: anything but a regular file.
pub fn is_unbounded(metadata: &std::fs::Metadata) -> bool {
    !metadata.is_file()
}

/// Whether standard input may not end: not a regular file redirected in.
pub fn stdin_is_unbounded() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let metadata = io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(std::fs::File::from)
            .and_then(|file| file.metadata());
        metadata.map_or(true, |m| is_unbounded(&m))
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// Parses `--max-input-size`: bytes, or a number with a unit `K`, `M`, `G`
/// or `T` (powers of 1024; `KiB`, `MB` and the like are read the same).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let not_a_size =
        || format!("`{text}` is not a size: write bytes, or a number and K, M, G or T (512M, 4G)");
    let trimmed = text.trim();
    let split = trimmed
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(split);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(not_a_size()),
    };
    let value: f64 = number.parse().map_err(|_| not_a_size())?;
    let bytes = (value * 2f64.powi(shift)).floor();
    if bytes >= u64::MAX as f64 {
        return Err(format!("`{text}` is too large: the most is 16777215T"));
    }
    if bytes < 1.0 {
        return Err(format!("`{text}` must be at least 1 byte"));
    }
    Ok(bytes as u64)
}

/// `1 GiB`, `512 MiB` or `1000 bytes`: a limit as the error names it.
pub fn size_text(bytes: u64) -> String {
    for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return format!("{} {unit}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_the_first_binary_chunk() {
        let mut bytes = Vec::new();
        let zeros = io::repeat(0).take(u64::MAX);
        let bad = read_text(zeros, &mut bytes, false).unwrap();
        assert_eq!(bad, Some(BinaryByte { offset: 0, byte: 0 }));
        assert!(bytes.len() as u64 <= CHUNK);
    }

    #[test]
    fn a_sequence_cut_between_chunks_is_text() {
        // `é` is two bytes; put its first at the end of the first chunk.
        let mut text = vec![b'a'; CHUNK as usize - 1];
        text.extend_from_slice("é\n".as_bytes());
        let mut bytes = Vec::new();
        assert_eq!(read_text(&text[..], &mut bytes, true).unwrap(), None);
        assert_eq!(bytes, text);
    }

    #[test]
    fn bad_utf8_and_a_cut_sequence_at_the_end_are_binary() {
        let mut bytes = Vec::new();
        let bad = read_text(&b"ab\xFFcd"[..], &mut bytes, true).unwrap();
        assert_eq!(
            bad,
            Some(BinaryByte {
                offset: 2,
                byte: 0xFF
            })
        );
        let mut bytes = Vec::new();
        let bad = read_text(&b"ab\xC3"[..], &mut bytes, true).unwrap();
        assert_eq!(
            bad,
            Some(BinaryByte {
                offset: 2,
                byte: 0xC3
            })
        );
    }

    #[test]
    fn the_limit_applies_to_unbounded_input_only() {
        set_max_input_size(DEFAULT_MAX_INPUT_SIZE);
        let text = vec![b' '; 3 * CHUNK as usize];
        let mut bytes = Vec::new();
        assert!(read_text(&text[..], &mut bytes, false).unwrap().is_none());
        assert_eq!(bytes.len(), text.len());
    }

    /// Pieces of text to build files from: ASCII, characters of two,
    /// three and four bytes, control bytes, and bytes that break UTF-8 (a
    /// lone continuation byte, a lead byte alone, bytes never in UTF-8).
    #[cfg(unix)]
    const PIECES: [&[u8]; 12] = [
        b"a",
        b"(id: 0, pos: (1.5, 2))\n",
        "\u{e9}".as_bytes(),
        "\u{20ac}".as_bytes(),
        "\u{1f600}".as_bytes(),
        b"\t\r\n",
        b"\0",
        b"\x7f",
        b"\x80",
        b"\xc3",
        b"\xf0\x9f",
        b"\xff",
    ];

    /// Reads `text` from a file with the parallel reader, told the file
    /// holds `size` bytes, in parts of `part` bytes.
    #[cfg(unix)]
    fn read_in_parts(text: &[u8], size: usize, part: usize) -> (Option<BinaryByte>, Vec<u8>) {
        use std::io::Write;
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(text).unwrap();
        let mut bytes = Vec::new();
        let bad = read_file_in_parts(&file, size, &mut bytes, part).unwrap();
        (bad, bytes)
    }

    #[cfg(unix)]
    proptest::proptest! {
        #![proptest_config(clearway_test_support::proptest_config::config(400))]

        /// The twin: reading a file on every core reads the bytes that
        /// reading it chunk by chunk reads when it holds text, and the
        /// whole file when it does not (what reads the bytes names the
        /// first bad one); also when the file grew after its size was
        /// taken. A file that shrank is read chunk by chunk.
        #[test]
        fn reading_in_parts_is_reading_in_order(
            picks in proptest::collection::vec(
                proptest::sample::select((0..PIECES.len()).collect::<Vec<_>>()),
                0..200,
            ),
            plain in proptest::collection::vec(0usize..12, 0..200),
            part in proptest::sample::select(vec![1usize, 2, 3, 5, 16, 64, 4096]),
            size_change in -3i64..4,
        ) {
            // Mostly text, so that the first binary byte, if any, lies
            // anywhere in the file.
            let text: Vec<u8> = picks
                .iter()
                .zip(plain.iter().chain(std::iter::repeat(&0)))
                .flat_map(|(&pick, &plain)| {
                    let piece = if plain < 9 { PIECES[plain % 6] } else { PIECES[pick] };
                    piece.iter().copied()
                })
                .collect();
            let mut expected_bytes = Vec::new();
            let expected = read_text(&text[..], &mut expected_bytes, false).unwrap();
            let size = usize::try_from(text.len() as i64 + size_change).unwrap_or(0);
            let (bad, bytes) = read_in_parts(&text, size, part);
            if size > text.len() {
                proptest::prop_assert_eq!((bad, bytes), (expected, expected_bytes));
            } else {
                proptest::prop_assert_eq!(&bytes, &text);
                // A byte is named only in a file that is not text, and
                // only past what was read in parts.
                if let Some(bad) = bad {
                    proptest::prop_assert!(expected.is_some_and(|first| first.offset <= bad.offset));
                    proptest::prop_assert!(bad.offset + 3 >= size);
                }
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_binary_file_is_read_whole_and_left_to_its_reader() {
        // A NUL and a DEL among `\u{20ac}` (3 bytes) cut by every part
        // boundary of 2 bytes.
        let text = "\u{20ac}\u{20ac}a\u{20ac}\0b\x7fc".as_bytes();
        assert_eq!(read_in_parts(text, text.len(), 2), (None, text.to_vec()));
        // A lead byte whose sequence is broken by the next part's first
        // byte.
        assert_eq!(
            read_in_parts(b"ab\xe2\x82cd", 6, 3),
            (None, b"ab\xe2\x82cd".to_vec())
        );
        // A file that ends in the middle of a sequence: its last
        // character's bytes are checked as the end of the input.
        let (bad, bytes) = read_in_parts(b"abc\xe2\x82", 5, 2);
        assert_eq!(
            (bad, bytes.as_slice()),
            (
                Some(BinaryByte {
                    offset: 3,
                    byte: 0xE2
                }),
                &b"abc\xe2\x82"[..]
            )
        );
        let (bad, bytes) = read_in_parts("x\u{1f600}y".as_bytes(), 6, 1);
        assert_eq!((bad, bytes.as_slice()), (None, "x\u{1f600}y".as_bytes()));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("4 GiB"), Ok(4 << 30));
        assert_eq!(parse_size("1.5k"), Ok(1536));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert_eq!(parse_size("2T"), Ok(2 << 40));
        assert!(parse_size("0").is_err());
        assert!(parse_size("-5M").is_err());
        assert!(parse_size("5X").is_err());
        assert_eq!(size_text(1 << 30), "1 GiB");
        assert_eq!(size_text(1536), "1536 bytes");
    }

    #[test]
    fn lines_and_columns() {
        assert_eq!(line_and_column(b"ab\nc\xC3\xA9\0", 6), (2, 3));
        assert_eq!(line_and_column(b"\0", 0), (1, 1));
    }
}

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
    let limit = if limited {
        MAX_INPUT_SIZE.load(Ordering::Relaxed)
    } else {
        u64::MAX
    };
    let mut reader = reader;
    // Bytes before `checked` are valid text.
    let mut checked = bytes.len();
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
    let control = clearway::map::first_control_byte(fresh.get(..valid).unwrap_or_default())
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

//! `-split-input-file`: the input cut into chunks at a marker line, as
//! `mlir-opt` 19 cuts it (`splitAndProcessBuffer`).
//!
//! The text is cut wherever the marker (`// -----` by default) occurs. A
//! chunk starts right after the marker, on the marker's own line, so the
//! chunk's line 1 is the marker's line: its diagnostics are reported as
//! `within split at FILE:LINE offset :L:C:` with `LINE` the chunk's first
//! line in the file and `L:C` counted within the chunk. A marker cut short
//! (`// ----`) or followed by `0` is not a cut: it draws the warning
//! `near miss with file split marker` and the chunk goes on.
//!
//! ```
//! use tessera::cli::split::split_input;
//! let s = split_input("a\n// -----\nb\n", "// -----");
//! assert_eq!(s.chunks.len(), 2);
//! assert_eq!((s.chunks[0].text, s.chunks[0].start_line), ("a\n", 1));
//! assert_eq!((s.chunks[1].text, s.chunks[1].start_line), ("\nb\n", 2));
//! ```

use tessera_ir::error::location_of;
use tessera_ir::Location;

/// One chunk of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// Its text (from just after the previous marker).
    pub text: &'a str,
    /// The 1-based line of the input on which it starts.
    pub start_line: u32,
}

impl Chunk<'_> {
    /// The buffer name mlir-opt gives the chunk, which prefixes its
    /// diagnostics' `:line:col`.
    pub fn buffer_name(&self, file: &str) -> String {
        format!("within split at {file}:{} offset ", self.start_line)
    }
}

/// The chunks, and where near misses of the marker are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split<'a> {
    /// The chunks in order (none for an empty input).
    pub chunks: Vec<Chunk<'a>>,
    /// Locations (in the whole input) of markers cut short.
    pub near_misses: Vec<Location>,
}

/// The message of a near miss.
pub const NEAR_MISS: &str = "near miss with file split marker";

/// Splits `source` at `marker`, as mlir-opt 19 does (including its
/// quirks: a marker followed by `0` is a near miss, and a chunk that would
/// be empty is merged into the next).
pub fn split_input<'a>(source: &'a str, marker: &str) -> Split<'a> {
    const CHECK_LEN: usize = 2;
    let whole = Split {
        chunks: vec![Chunk {
            text: source,
            start_line: 1,
        }],
        near_misses: Vec::new(),
    };
    if marker.is_empty() {
        return whole;
    }
    // mlir-opt splits on the marker less its last two bytes, then checks
    // them; a marker that short (or not cut at a character boundary) is
    // matched whole.
    let (prefix, tail) = if marker.len() > CHECK_LEN && marker.is_char_boundary(marker.len() - 2) {
        marker.split_at(marker.len() - CHECK_LEN)
    } else {
        (marker, "")
    };
    let mut raw: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    while let Some(i) = source[start..].find(prefix) {
        raw.push((start, start + i));
        start += i + prefix.len();
    }
    raw.push((start, source.len()));
    let mut chunks: Vec<(usize, usize)> = Vec::new();
    let mut near_misses = Vec::new();
    let mut prev = (0usize, 0usize);
    for (b, e) in raw {
        if prev.0 == prev.1 {
            prev = (b, e);
            continue;
        }
        let buffer = &source.as_bytes()[b..e];
        let expected = if tail.is_empty() {
            true
        } else {
            buffer.starts_with(tail.as_bytes())
                && buffer.len() > CHECK_LEN
                && buffer[CHECK_LEN] != b'0'
        };
        if expected {
            chunks.push(prev);
            prev = (b + tail.len(), e);
        } else {
            near_misses.push(location_of(source, b));
            prev = (prev.0, e);
        }
    }
    if prev.0 != prev.1 {
        chunks.push(prev);
    }
    Split {
        chunks: chunks
            .into_iter()
            .map(|(b, e)| Chunk {
                text: &source[b..e],
                start_line: location_of(source, b).line,
            })
            .collect(),
        near_misses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: &str = "// -----";

    #[test]
    fn chunks_start_on_the_marker_line() {
        let s = split_input("a\n\n// -----\n\nb\n// -----\nc", M);
        let texts: Vec<(&str, u32)> = s.chunks.iter().map(|c| (c.text, c.start_line)).collect();
        assert_eq!(texts, [("a\n\n", 1), ("\n\nb\n", 3), ("\nc", 6)]);
        assert!(s.near_misses.is_empty());
        assert_eq!(
            s.chunks[1].buffer_name("f.mlir"),
            "within split at f.mlir:3 offset "
        );
    }

    #[test]
    fn near_misses_as_mlir_opt_19_finds_them() {
        let s = split_input("a\n// ----\nb\n", M);
        assert_eq!(s.chunks.len(), 1);
        assert_eq!(s.near_misses, [Location::at(2, 7)]);
        // Followed by '0': a near miss (mlir-opt 19's check).
        let s = split_input("a\n// -----0\nb\n", M);
        assert_eq!(s.chunks.len(), 1);
        assert_eq!(s.near_misses.len(), 1);
        // A longer dash run is a cut, leaving the extra dash in the chunk.
        let s = split_input("a\n// ------\nb\n", M);
        assert_eq!(s.chunks[1].text, "-\nb\n");
    }

    #[test]
    fn edge_cases_do_not_panic() {
        assert!(split_input("", M).chunks.is_empty());
        let s = split_input("// -----\nx", M);
        assert_eq!(s.chunks[0].text, "--\nx");
        assert_eq!(split_input("aébé", "é").chunks.len(), 2);
        assert_eq!(split_input("x--y", "--é").chunks.len(), 1);
        assert_eq!(split_input("x", "").chunks.len(), 1);
    }
}

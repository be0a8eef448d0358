//! A Moving AI scenario file (`.scen`) as the pairs of `route --pairs`: a
//! first line `version 1`, then one scenario a line: bucket, map, map
//! width, map height, start x, start y, goal x, goal y and optimal length,
//! separated by tabs or spaces. x is the column and y the row, from the top,
//! so a cell's node in the level `clearway grid` makes from the map has the
//! id `y * width + x` (see `docs/MAP_FORMAT.md`).

use std::borrow::Cow;
use std::ops::Range;

use clearway::{Dimension, Map, NodeIdx};

use super::Failure;
use super::ends::BadNode;
use super::pairs_file::{End, Errors, Pair, PairsFile, lines};

/// How many values a scenario line holds.
const VALUES: usize = 9;

/// A cell of a scenario's grid, which names its node by id.
#[derive(Clone, Copy, Debug)]
pub struct Cell {
    col: u32,
    row: u32,
    width: u32,
}

impl Cell {
    /// The id `clearway grid` gives the cell's node: `row * width + col`.
    fn id(self) -> u64 {
        u64::from(self.row) * u64::from(self.width) + u64::from(self.col)
    }

    /// The cell's node in `map`; `option` (`FROM`, `TO`) names the end in
    /// the error when there is none.
    pub fn node<D: Dimension>(self, map: &Map<D>, option: &str) -> Result<NodeIdx, BadNode> {
        let id = self.id();
        map.node_index(id).ok_or_else(|| BadNode {
            message: format!(
                "{option} cell ({}, {}) is node {id}, and the level has no node {id}: the \
                 cell is solid, or the level is not the one `clearway grid` makes from the \
                 scenario's map",
                self.col, self.row
            ),
            label: "no node for this cell",
        })
    }
}

/// The scenarios of `file`, in file order, as pairs whose ends are cells;
/// the first few bad lines are reported.
pub fn pairs(file: &PairsFile) -> Result<Vec<Pair<'_>>, Failure> {
    let mut numbered = lines(file.text()).enumerate();
    let header = numbered.next().map(|(_, (start, line))| (start, line));
    let (start, line) = header.unwrap_or((0, ""));
    if line.split_whitespace().next() != Some("version") {
        let mut errors = Errors::default();
        // The first value is underlined.
        let at = start + (line.len() - line.trim_start().len());
        let first = line.split_whitespace().next().unwrap_or_default();
        errors.push(|| {
            file.diagnostic(
                at..at + first.len(),
                "a Moving AI scenario file (.scen) starts with a line `version 1`",
                "expected `version 1`",
            )
        });
        errors.into_result(file.source_name())?;
    }
    let mut pairs = Vec::new();
    let mut errors = Errors::default();
    for (index, (start, line)) in numbered {
        let values = values(line);
        if values.is_empty() {
            continue;
        }
        match scenario(&values) {
            Ok(scenario) => pairs.push(scenario.pair(index + 1, start, &values)),
            Err(bad) => {
                let span = start + bad.span.start..start + bad.span.end;
                errors.push(|| file.diagnostic(span, &bad.message, bad.label));
            }
        }
    }
    errors.into_result(file.source_name())?;
    Ok(pairs)
}

/// What one scenario line says.
struct Scenario {
    width: u32,
    start: (u32, u32),
    goal: (u32, u32),
    optimal: f64,
}

impl Scenario {
    /// The pair of line `line`, which starts at byte `line_start` of the
    /// text and holds `values`.
    fn pair<'t>(&self, line: usize, line_start: usize, values: &[(usize, &str)]) -> Pair<'t> {
        let end = |(col, row): (u32, u32), x: usize| {
            let cell = Cell {
                col,
                row,
                width: self.width,
            };
            let id = cell.id().to_string();
            // The span runs from x to the end of y.
            let (at, _) = values[x];
            let (y_at, y) = values[x + 1];
            End {
                value: Cow::Owned(id.clone()),
                written: Cow::Owned(id),
                span: line_start + at..line_start + y_at + y.len(),
                cell: Some(cell),
            }
        };
        Pair {
            line,
            from: end(self.start, 4),
            to: end(self.goal, 6),
            optimal: Some(self.optimal),
        }
    }
}

/// A value of a line that cannot be read: where in the line, and why.
struct BadValue {
    span: Range<usize>,
    message: String,
    label: &'static str,
}

/// The scenario of a line's `values`.
fn scenario(values: &[(usize, &str)]) -> Result<Scenario, BadValue> {
    if values.len() != VALUES {
        let (first, _) = values[0];
        let (last, text) = values[values.len() - 1];
        return Err(BadValue {
            span: first..last + text.len(),
            message: format!(
                "expected {VALUES} values (bucket, map, width, height, start x, start y, goal x, \
                 goal y, optimal length); found {}",
                values.len()
            ),
            label: "one scenario a line",
        });
    }
    let whole = |k: usize, what: &str| -> Result<u32, BadValue> {
        let (at, text) = values[k];
        text.parse().map_err(|_| BadValue {
            span: at..at + text.len(),
            message: format!("the {what} `{text}` is not a whole number from 0 to 4294967295"),
            label: "not a whole number",
        })
    };
    let (width, height) = (whole(2, "map width")?, whole(3, "map height")?);
    let cell = |k: usize, what: &str| -> Result<(u32, u32), BadValue> {
        let (col, row) = (
            whole(k, &format!("{what} x"))?,
            whole(k + 1, &format!("{what} y"))?,
        );
        if col < width && row < height {
            return Ok((col, row));
        }
        let (at, _) = values[k];
        let (y_at, y) = values[k + 1];
        Err(BadValue {
            span: at..y_at + y.len(),
            message: format!(
                "the {what} cell ({col}, {row}) is outside the map's {width} x {height} cells"
            ),
            label: "outside the map",
        })
    };
    let (start, goal) = (cell(4, "start")?, cell(6, "goal")?);
    let (at, text) = values[8];
    let optimal = text
        .parse::<f64>()
        .ok()
        .filter(|l| l.is_finite() && *l >= 0.0)
        .ok_or_else(|| BadValue {
            span: at..at + text.len(),
            message: format!("the optimal length `{text}` is not a finite number >= 0"),
            label: "not a length",
        })?;
    Ok(Scenario {
        width,
        start,
        goal,
        optimal,
    })
}

/// The whitespace-separated values of a line, with their byte offsets.
fn values(line: &str) -> Vec<(usize, &str)> {
    let mut values = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                values.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        values.push((s, &line[s..]));
    }
    values
}

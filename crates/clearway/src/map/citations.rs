//! Where a level's obstacles and edges start in its text, kept by the
//! loader for reports that cite lines once the text is freed.

use clearway_format::citations::SourceCitations;
use clearway_format::locate::Location;

/// Where each of a level's own obstacles and edges starts in its text, in
/// file order: filled in by [`Loader::cite`](crate::Loader::cite) as the
/// level is read, so that a report can say "line 12" without keeping the
/// text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Citations(pub(crate) SourceCitations);

impl Citations {
    /// The 1-based line on which obstacle `i` (in file order) starts;
    /// `None` past the level's own obstacles, or when nothing was cited.
    pub fn obstacle_line(&self, i: usize) -> Option<usize> {
        self.0.obstacle_line(i)
    }

    /// The line and column (in chars) at which edge `i` starts; `None` as
    /// for [`Citations::obstacle_line`], and for every edge when only the
    /// obstacles were cited.
    pub fn edge_location(&self, i: usize) -> Option<Location> {
        self.0.edge_location(i)
    }
}

/// The citations the file format's reader found, for a text walked apart
/// from a load (`clearway_format::citations::SourceCitations::walked`).
impl From<SourceCitations> for Citations {
    fn from(citations: SourceCitations) -> Citations {
        Citations(citations)
    }
}

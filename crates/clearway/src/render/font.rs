//! The font a PNG's texts are drawn in: DejaVu Sans, built into the binary
//! (a subset; see `assets/fonts/README.md`), so that labels, the legend and
//! the title are drawn, and drawn alike, on a machine with no fonts
//! installed (most CI images).

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb::{Database, Source};

/// The family of the built-in faces; the picture's font stack names it first.
pub const EMBEDDED_FAMILY: &str = "DejaVu Sans";

/// DejaVu Sans Book, subset.
static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-subset.ttf");
/// DejaVu Sans Bold, subset.
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold-subset.ttf");

/// The fonts a PNG is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fonts {
    /// The built-in faces only: the same pixels everywhere; a character the
    /// subset lacks is left out. Only the tests draw with it.
    #[cfg_attr(not(any(test, feature = "test-twins")), allow(dead_code))]
    Embedded,
    /// The built-in faces for every character they have, the system's fonts
    /// (where there are any) for the rest, such as CJK node names. What
    /// `clearway render` uses.
    EmbeddedThenSystem,
}

impl Fonts {
    /// The font database, built once per process for each choice.
    pub(crate) fn database(self) -> Arc<Database> {
        static EMBEDDED: OnceLock<Arc<Database>> = OnceLock::new();
        static WITH_SYSTEM: OnceLock<Arc<Database>> = OnceLock::new();
        let cell = match self {
            Fonts::Embedded => &EMBEDDED,
            Fonts::EmbeddedThenSystem => &WITH_SYSTEM,
        };
        cell.get_or_init(|| Arc::new(build(self))).clone()
    }
}

fn build(fonts: Fonts) -> Database {
    let mut db = Database::new();
    for face in [REGULAR, BOLD] {
        db.load_font_source(Source::Binary(Arc::new(face)));
    }
    if fonts == Fonts::EmbeddedThenSystem {
        db.load_system_fonts();
        // An installed DejaVu Sans (perhaps another version) must not stand in
        // for the built-in one: the picture looks the same everywhere.
        let installed: Vec<_> = db
            .faces()
            .filter(|f| !matches!(f.source, Source::Binary(_)))
            .filter(|f| f.families.iter().any(|(name, _)| name == EMBEDDED_FAMILY))
            .map(|f| f.id)
            .collect();
        for id in installed {
            db.remove_face(id);
        }
    }
    db.set_sans_serif_family(EMBEDDED_FAMILY);
    db
}

#[cfg(test)]
mod tests {
    use super::{EMBEDDED_FAMILY, Fonts};

    #[test]
    fn the_built_in_faces_are_dejavu_sans_book_and_bold() {
        let db = Fonts::Embedded.database();
        let faces: Vec<_> = db.faces().collect();
        assert_eq!(faces.len(), 2);
        for face in &faces {
            assert_eq!(face.families[0].0, EMBEDDED_FAMILY);
        }
        let mut weights: Vec<u16> = faces.iter().map(|f| f.weight.0).collect();
        weights.sort_unstable();
        assert_eq!(weights, [400, 700]);
    }

    #[test]
    fn with_system_fonts_dejavu_sans_is_only_the_built_in_one() {
        let db = Fonts::EmbeddedThenSystem.database();
        let dejavu = db
            .faces()
            .filter(|f| f.families.iter().any(|(n, _)| n == EMBEDDED_FAMILY))
            .count();
        assert_eq!(dejavu, 2);
    }
}

//! Which line of an OBJ file each triangle of a mesh came from, so that a
//! report can cite the face (`triangle 417 at line 5519`), not only the
//! object.

/// The line of every face of one OBJ mesh, by triangle: a face of n
/// corners makes n - 2 triangles in a row, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FaceLines {
    /// (first triangle, 1-based line) of each face, in file order.
    starts: Vec<(usize, usize)>,
}

impl FaceLines {
    /// Records a face at `line` whose first triangle is number `triangle`
    /// (the faces before it made that many).
    pub(super) fn push(&mut self, triangle: usize, line: usize) {
        self.starts.push((triangle, line));
    }

    /// The 1-based line of the face that triangle `triangle` of the mesh
    /// came from (the last face's for a number past it); `None` when the
    /// mesh has no face.
    pub fn line_of_triangle(&self, triangle: usize) -> Option<usize> {
        let after = self.starts.partition_point(|&(first, _)| first <= triangle);
        let &(_, line) = self.starts.get(after.checked_sub(1)?)?;
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quad_is_two_triangles_of_one_line() {
        // Line 5: a quad (triangles 0, 1); line 6: a triangle (2); line 9:
        // a pentagon (3, 4, 5).
        let mut lines = FaceLines::default();
        lines.push(0, 5);
        lines.push(2, 6);
        lines.push(3, 9);
        let got: Vec<_> = (0..7).map(|t| lines.line_of_triangle(t)).collect();
        assert_eq!(
            got,
            [
                Some(5),
                Some(5),
                Some(6),
                Some(9),
                Some(9),
                Some(9),
                Some(9)
            ]
        );
        assert_eq!(FaceLines::default().line_of_triangle(0), None);
    }
}

//! Octile shortest paths on a grid by Dijkstra over cells: the Moving AI
//! rules, written independently of clearway, to check its grid levels.

use std::collections::BinaryHeap;

/// The octile distance from `start` to `goal`, cells given as (col, row),
/// on a grid `w` x `h` whose free cells `free(col, row)` says. A diagonal
/// step needs both cells beside it free (no corner cutting). Distances in
/// cell units; `None` when the goal cannot be reached.
pub fn octile_distance(
    w: usize,
    h: usize,
    free: impl Fn(usize, usize) -> bool,
    start: (usize, usize),
    goal: (usize, usize),
) -> Option<f64> {
    #[derive(PartialEq)]
    struct Entry(f64, usize);
    impl Eq for Entry {}
    impl PartialOrd for Entry {
        fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(o))
        }
    }
    impl Ord for Entry {
        fn cmp(&self, o: &Self) -> std::cmp::Ordering {
            o.0.total_cmp(&self.0)
        }
    }
    let (w, h) = (w as isize, h as isize);
    let free =
        |c: isize, r: isize| c >= 0 && r >= 0 && c < w && r < h && free(c as usize, r as usize);
    let mut dist = vec![f64::INFINITY; (w * h) as usize];
    let s = start.1 * w as usize + start.0;
    dist[s] = 0.0;
    let mut heap = BinaryHeap::from([Entry(0.0, s)]);
    while let Some(Entry(d, i)) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        let (c, r) = ((i % w as usize) as isize, (i / w as usize) as isize);
        for (dc, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let (nc, nr) = (c + dc, r + dr);
            if !free(nc, nr) || (dc != 0 && dr != 0 && !(free(c + dc, r) && free(c, r + dr))) {
                continue;
            }
            let step = if dc != 0 && dr != 0 {
                std::f64::consts::SQRT_2
            } else {
                1.0
            };
            let j = (nr * w + nc) as usize;
            if d + step < dist[j] {
                dist[j] = d + step;
                heap.push(Entry(d + step, j));
            }
        }
    }
    let g = dist[goal.1 * w as usize + goal.0];
    g.is_finite().then_some(g)
}

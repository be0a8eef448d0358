//! The notes at the top of a picture (SVG comments): what it shows and
//! what it leaves out on a large level.

use super::drawer::Drawer;
use super::flatten::Flatten;
use super::scene::{
    LABEL_MAX_NODES, LABEL_MIN_SPACING, LABELLED_PINCHES, LARGE_MAP_EDGES, MANY_OBSTACLES,
    MAX_CAPSULES, Metrics, Picture,
};
use super::text;

impl<D: Flatten> Picture<'_, D> {
    pub(super) fn notes(&self, drawer: &mut impl Drawer, metrics: &Metrics, dropped: usize) {
        let map = self.map;
        let radius = self.options.agent_radius.map_or_else(
            || "no agent radius".to_string(),
            |r| format!("agent radius {}", text::given(r)),
        );
        drawer.note(&format!(
            "clearway render: {} nodes, {} edges, {} obstacles; {radius}",
            map.nodes().len(),
            map.edges().len(),
            map.obstacles().len()
        ));
        if let Some(v) = self.options.view {
            drawer.note(&format!(
                "showing {} to {} of the level; shapes beyond it are clipped",
                text::point(v.min),
                text::point(v.max)
            ));
            if let Some(level) = self.level_bounds()
                && !level.overlaps(&v)
            {
                drawer.note(&format!(
                    "the view shows none of the level, which spans {} to {}",
                    text::point(level.min),
                    text::point(level.max)
                ));
            }
        }
        if metrics.large {
            drawer.note(&format!(
                "more than {LARGE_MAP_EDGES} edges: edges drawn as one path per colour without \
                 per-edge titles; nodes and node labels left out"
            ));
        } else if !metrics.labels {
            drawer.note(&format!(
                "node labels left out: more than {LABEL_MAX_NODES} nodes, or edges shorter than \
                 {LABEL_MIN_SPACING} px on screen"
            ));
        }
        if dropped > 0 {
            drawer.note(&super::labels::dropped_words(dropped));
        }
        if metrics.many_obstacles {
            drawer.note(&format!(
                "more than {MANY_OBSTACLES} obstacles: obstacles drawn without titles, points and \
                 walls as one path each"
            ));
        }
        if let Some(r) = self.options.agent_radius {
            let blocked = self.clearances.blocked_edges(r).count();
            if blocked > MAX_CAPSULES {
                drawer.note(&format!(
                    "{blocked} blocked edges: agent outlines left out (more than {MAX_CAPSULES})"
                ));
            }
            if blocked > LABELLED_PINCHES {
                drawer.note(&format!(
                    "{blocked} blocked edges: pinch points drawn without labels or titles"
                ));
            }
        }
    }
}

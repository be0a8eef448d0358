//! The picture as one self-contained HTML page: the viewer in `viewer/`
//! (template, script, styles, built into the binary), with the level's
//! numbers packed inline ([`super::packed`]). The page fetches nothing: it
//! opens from disk, offline.
//!
//! The page draws with a canvas and recolours, hit-tests and routes in the
//! browser, so it carries what those need, exactly as the library has it:
//! positions, clearances, edge lengths and costs as `f64` (the page's
//! comparisons and sums are the CLI's), witnesses, pinch points, and the
//! obstacles layer of the picture as shapes.

use super::flatten::{Flatten, Up};
use super::html_shapes::ShapeCollector;
use super::packed::{Packed, json_string};
use super::palette;
use super::scene::Picture;
use crate::indices::EdgeIdx;
use clearway_text::xml::{XmlWhitespace, escape_xml};

/// The page template, with the places the parts below go.
const TEMPLATE: &str = include_str!("../../../../viewer/viewer.html");
/// The pure parts of the viewer: decoding, classification, route search.
const CORE_JS: &str = include_str!("../../../../viewer/core.js");
/// The drawing and the controls.
const VIEWER_JS: &str = include_str!("../../../../viewer/viewer.js");
/// The styles.
const VIEWER_CSS: &str = include_str!("../../../../viewer/viewer.css");

/// "No witness" in the `witness` arrays.
const NO_WITNESS: u32 = u32::MAX;

impl<D: Flatten> Picture<'_, D> {
    /// The picture as an interactive HTML page: pan and zoom, a radius
    /// slider and agent picker, hover details, routes between two clicked
    /// nodes (see `docs/GUIDE.md`, "The viewer"). `origin(i)` says where
    /// obstacle `i` comes from (`line 57`, `level.tmx object 12`), for the
    /// hover details; `None` when unknown.
    ///
    /// ```
    /// use clearway::{Clearances, Map};
    /// use clearway::render::{Picture, PictureOptions};
    /// let map = Map::loader().read_str(r#"Map(
    ///     nodes: [(id: 0, pos: (0.0, 0.0)), (id: 1, pos: (10.0, 0.0))],
    ///     edges: [(from: 0, to: 1)],
    ///     obstacles: [Point((5.0, 1.0))],
    /// )"#, "level.ron")?;
    /// let clearances = Clearances::compute(&map);
    /// let title = Some("level.ron".to_string());
    /// let options = PictureOptions { title, ..PictureOptions::default() };
    /// let page = Picture::new(&map, &clearances, options).to_html(|_| None);
    /// assert!(page.starts_with("<!DOCTYPE html>"));
    /// assert!(!page.contains("http://") && !page.contains("https://"));
    /// # Ok::<(), clearway::map::LoadError>(())
    /// ```
    pub fn to_html(&self, origin: impl Fn(usize) -> Option<String>) -> String {
        let (mut packed, meta) = self.page_data(origin);
        let mut data = String::with_capacity(packed.text_len() + meta.len() + 4096);
        data.push_str("<script type=\"application/json\" id=\"cw-meta\">");
        data.push_str(&meta);
        data.push_str("</script>\n");
        for array in packed.arrays.drain(..) {
            data.push_str(&format!(
                "<script type=\"application/octet-stream\" id=\"cw-{}\" data-kind=\"{}\">",
                array.name, array.kind
            ));
            data.push_str(&array.base64);
            data.push_str("</script>\n");
        }
        let title = escape_xml(
            self.options.title.as_deref().unwrap_or("clearway"),
            XmlWhitespace::Kept,
        );
        fill(
            TEMPLATE,
            &[
                ("<!--CLEARWAY:TITLE-->", &title),
                ("/*CLEARWAY:STYLE*/", VIEWER_CSS),
                ("<!--CLEARWAY:DATA-->", &data),
                ("/*CLEARWAY:CORE*/", CORE_JS),
                ("/*CLEARWAY:SCRIPT*/", VIEWER_JS),
            ],
        )
    }

    /// The packed arrays and the JSON of words beside them.
    fn page_data(&self, origin: impl Fn(usize) -> Option<String>) -> (Packed, String) {
        let map = self.map;
        let clearances = self.clearances;
        // 3 when a position has a height: the dimension's points have
        // `DIMENSIONS` coordinates (rstar's point trait).
        let dim = <D::Point as rstar::Point>::DIMENSIONS;
        let raw = |p: D::Point| -> [f64; 3] {
            let flat = D::flat(p, Up::Z);
            [flat.x, flat.y, D::height(p, Up::Z).unwrap_or(0.0)]
        };
        let mut packed = Packed::default();
        packed.f64s(
            "pos",
            map.nodes()
                .iter()
                .flat_map(|n| raw(n.pos).into_iter().take(dim)),
        );
        packed.u32s(
            "ids",
            map.nodes()
                .iter()
                .flat_map(|n| [n.id as u32, (n.id >> 32) as u32]),
        );
        packed.u32s(
            "ends",
            map.edges()
                .iter()
                .flat_map(|e| [e.from.get() as u32, e.to.get() as u32]),
        );
        packed.u8s(
            "flags",
            map.edges()
                .iter()
                .map(|e| u8::from(e.one_way) | u8::from(e.closed) << 1),
        );
        packed.f64s("clearance", clearances.edges().iter().map(|c| c.value));
        let lengths: Vec<f64> = (0..map.edges().len())
            .map(|i| {
                let s = map.edge_segment(EdgeIdx::new(i));
                D::distance(s.a, s.b)
            })
            .collect();
        // The cost routing minimises, as the library has it (the explicit
        // cost, or the length): the page sums these, it does not re-derive them.
        packed.f64s(
            "cost",
            (0..map.edges().len()).map(|e| crate::route::edge_cost(map, e)),
        );
        packed.f64s("length", lengths.iter().copied());
        let witness = |c: &crate::clearance::Clearance<D::Point>| {
            c.witness.map_or(NO_WITNESS, |w| w.obstacle as u32)
        };
        let pinch = |c: &crate::clearance::Clearance<D::Point>, node: bool| {
            c.witness.map_or([f64::NAN; 3], |w| {
                raw(if node { w.obstacle_point } else { w.edge_point })
            })
        };
        packed.u32s("witness", clearances.edges().iter().map(witness));
        packed.f64s(
            "pinch",
            clearances
                .edges()
                .iter()
                .flat_map(|c| pinch(c, false).into_iter().take(dim)),
        );
        packed.f64s("nodeClearance", clearances.nodes().iter().map(|c| c.value));
        packed.u32s("nodeWitness", clearances.nodes().iter().map(witness));
        packed.f64s(
            "nodePinch",
            clearances
                .nodes()
                .iter()
                .flat_map(|c| pinch(c, true).into_iter().take(dim)),
        );
        // The page answers for spheres: a walking agent's verdicts (body,
        // ground, slope) are `clearway check`'s, not the page's yet.
        let agents: Vec<&crate::Agent> = map
            .agents()
            .iter()
            .filter(|a| a.walking.is_none())
            .collect();
        packed.f64s("agentRadius", agents.iter().map(|a| a.radius));
        // Areas: each edge's area plus one (0 for none), and each agent's
        // multipliers by area plus one (infinite where it forbids the area)
        // and the factor its goal bound is scaled by, as its router weighs
        // them (`Router::route` for a profile).
        let areas = map.areas();
        if !areas.is_empty() {
            packed.u32s(
                "area",
                map.edges()
                    .iter()
                    .map(|e| e.area.map_or(0, |a| a.index() as u32 + 1)),
            );
            let mut tables = Vec::with_capacity(agents.len() * (areas.len() + 1));
            let mut scales = Vec::with_capacity(agents.len());
            for agent in &agents {
                match crate::route::AreaCosts::of(map, agent) {
                    Some(costs) => {
                        tables.extend_from_slice(costs.multipliers());
                        scales.push(costs.bound_scale());
                    }
                    None => {
                        tables.extend(std::iter::repeat_n(1.0, areas.len() + 1));
                        scales.push(1.0);
                    }
                }
            }
            packed.f64s("agentMultiplier", tables);
            packed.f64s("agentBoundScale", scales);
        }
        packed.f64s(
            "params",
            [
                clearances.slack(),
                crate::route::heuristic_scale(map),
                self.options.agent_radius.unwrap_or(f64::NAN),
            ],
        );
        // Obstacles: kind, and where each comes from.
        let kinds = [
            "point", "circle", "segment", "polygon", "sphere", "triangle", "box", "mesh",
        ];
        packed.u8s(
            "obstacleKind",
            map.obstacles().iter().map(|o| {
                let name = D::kind(o).name();
                kinds.iter().position(|&k| k == name).unwrap_or(0) as u8
            }),
        );
        let mut lines = Vec::with_capacity(map.obstacles().len());
        let mut sources = Vec::new();
        for i in 0..map.obstacles().len() {
            let said = origin(i);
            let line = said
                .as_deref()
                .and_then(|s| s.strip_prefix("line "))
                .and_then(|n| n.parse::<u32>().ok());
            match (line, said) {
                (Some(line), _) => lines.push(line),
                (None, Some(source)) => {
                    lines.push(0);
                    sources.push(format!("[{i},{}]", json_string(&source)));
                }
                (None, None) => lines.push(0),
            }
        }
        packed.u32s("obstacleLine", lines);
        let (_, layout, metrics, _) = self.plan();
        let mut shapes = ShapeCollector::new(layout.frame);
        self.draw_obstacles(&mut shapes, &layout.frame, &metrics);
        let styles = shapes.pack(&mut packed);
        // A 3D level's obstacles in level coordinates, for the orbit view.
        if let super::flatten::MapOf::Space(space) = D::map_of(map) {
            super::html_wire::Wire::of(space.obstacles()).pack(&mut packed);
        }
        let names: Vec<String> = map
            .nodes()
            .iter()
            .enumerate()
            .filter_map(|(i, n)| {
                n.name
                    .as_ref()
                    .map(|name| format!("[{i},{}]", json_string(name)))
            })
            .collect();
        let agent_names: Vec<String> = agents.iter().map(|a| json_string(&a.name)).collect();
        let area_json: Vec<String> = self
            .area_keys_by_index()
            .into_iter()
            .map(|(i, style, words)| {
                let (dash, gap) = style.dash.unwrap_or((1.0, 0.0));
                format!(
                    "{{\"index\":{i},\"name\":{},\"legend\":{},\"dash\":[{dash},{gap}]}}",
                    json_string(&areas[i]),
                    json_string(&words)
                )
            })
            .collect();
        let hex =
            |c: super::drawer::Color| json_string(&format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b));
        let heights: Vec<String> = palette::HEIGHTS.iter().map(|&c| hex(c)).collect();
        let axes = D::picture_axes(self.options.up);
        // The picture's options the page honours: the route or widest
        // route asked for, preselected (the page searches it itself, as it
        // does for two clicks), and the part of the level shown first.
        let (picks, widest_mode) = match (&self.options.route, &self.options.widest) {
            (Some(r), _) => (format!("[{},{}]", r.start.get(), r.goal.get()), false),
            (None, Some(w)) => (format!("[{},{}]", w.start.get(), w.goal.get()), true),
            (None, None) => ("[]".to_string(), false),
        };
        let view = self.options.view.map_or("null".to_string(), |b| {
            let finite = |x: f64| if x.is_finite() { x } else { 0.0 };
            format!(
                "[{},{},{},{}]",
                finite(b.min.x),
                finite(b.min.y),
                finite(b.max.x),
                finite(b.max.y)
            )
        });
        let meta = format!(
            concat!(
                "{{\"format\":1,\"title\":{title},\"dim\":{dim},\"up\":{up},\"axes\":[{ax},{ay}],",
                "\"nodes\":{nodes},\"edges\":{edges},\"obstacles\":{obstacles},",
                "\"agents\":[{agents}],\"agent\":{agent},\"areas\":[{areas}],\"nodeNames\":[{names}],",
                "\"picks\":{picks},\"widestMode\":{widest_mode},\"view\":{view},",
                "\"kinds\":[{kinds}],\"sources\":[{sources}],\"styles\":{styles},",
                "\"palette\":{{\"blocked\":{blocked},\"tight\":{tight},\"clear\":{clear},",
                "\"route\":{route},\"widest\":{widest},\"ink\":{ink},\"muted\":{muted},",
                "\"background\":{background},\"heights\":[{heights}]}},",
                "\"arrays\":[{arrays}]}}"
            ),
            title = json_string(self.options.title.as_deref().unwrap_or("clearway")),
            dim = dim,
            up = json_string(self.options.up.name()),
            ax = json_string(axes[0]),
            ay = json_string(axes[1]),
            nodes = map.nodes().len(),
            edges = map.edges().len(),
            obstacles = map.obstacles().len(),
            agents = agent_names.join(","),
            agent = self
                .options
                .agent_name
                .as_deref()
                .map_or("null".to_string(), json_string),
            areas = area_json.join(","),
            picks = picks,
            widest_mode = widest_mode,
            view = view,
            names = names.join(","),
            kinds = kinds.map(json_string).join(","),
            sources = sources.join(","),
            styles = styles,
            blocked = hex(palette::BLOCKED),
            tight = hex(palette::TIGHT),
            clear = hex(palette::CLEAR),
            route = hex(palette::ROUTE),
            widest = hex(palette::WIDEST),
            ink = hex(palette::INK),
            muted = hex(palette::MUTED),
            background = hex(palette::BACKGROUND),
            heights = heights.join(","),
            arrays = packed
                .arrays
                .iter()
                .map(|a| format!("[{},{}]", json_string(a.name), json_string(a.kind)))
                .collect::<Vec<_>>()
                .join(","),
        );
        (packed, meta)
    }
}

/// `template` with each placeholder replaced once, in one pass, so that no
/// part put in is searched for the placeholders after it.
fn fill(template: &str, parts: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + parts.iter().map(|p| p.1.len()).sum::<usize>());
    let mut rest = template;
    loop {
        let next = parts
            .iter()
            .filter_map(|(mark, text)| rest.find(mark).map(|at| (at, *mark, *text)))
            .min_by_key(|(at, _, _)| *at);
        match next {
            Some((at, mark, text)) => {
                out.push_str(&rest[..at]);
                out.push_str(text);
                rest = &rest[at + mark.len()..];
            }
            None => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

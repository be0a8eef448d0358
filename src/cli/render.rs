//! `clearway render`: a picture of the map, SVG, PNG or an interactive HTML
//! page by the output's extension. `check --render` writes the same
//! picture (SVG or PNG) through [`write()`].

use std::path::Path;

use super::timings::Timings;
use clearway::geometry::Point;
use clearway::render::{
    Bounds, Flatten, OutputSize, Picture, PictureOptions, ShownRoute, ShownWalking, Up,
};
use clearway::{Map, NodeIdx, Router};
use clearway_atomic_write::write_atomically;

use super::args::{RenderArgs, UpAxis};
use super::conventions::kept_until_exit;
use super::dimension::Shown;
use super::ends::resolve_node;
use super::input::AnyLevel;
use super::node_names::node_ref;
use super::numbers;
use super::output;
use super::progress::compute_clearances;
use super::radius::{self, CheckedRadius};
use super::{Failure, Outcome, write_stdout};

/// What a picture is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.svg`, or `-` (standard output).
    Svg,
    /// `.png`: the SVG rasterised.
    Png,
    /// `.html`: the interactive viewer, one self-contained page (`render`
    /// only).
    Html,
}

impl Format {
    /// The format `out` asks for by its extension; a usage error otherwise.
    pub fn of(out: &Path) -> Result<Format, Failure> {
        if out.as_os_str() == "-" {
            return Ok(Format::Svg);
        }
        let ext = out
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(Failure::Usage(format!(
                "cannot tell the picture format of `{}`: name it .svg or .png",
                out.display()
            ))),
        }
    }

    /// The format `render`'s output asks for: as [`Format::of`], or
    /// `.html` (`.htm`) for the viewer page.
    pub fn for_render(out: &Path) -> Result<Format, Failure> {
        let ext = out
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("html" | "htm") => Ok(Format::Html),
            _ => Format::of(out).map_err(|_| {
                Failure::Usage(format!(
                    "cannot tell the picture format of `{}`: name it .svg, .png or .html",
                    out.display()
                ))
            }),
        }
    }
}

pub fn run(args: &RenderArgs, timings: &mut Timings) -> Result<Outcome, Failure> {
    let format = Format::for_render(&args.output)?;
    output::refuse_inputs(&args.output, &args.map)?;
    // The page cites each obstacle's line; the pictures need no citations.
    let level = if format == Format::Html {
        AnyLevel::read_citing_obstacles(&args.map, timings)?
    } else {
        AnyLevel::read(&args.map, timings)?
    };
    match level {
        AnyLevel::Plane(level) => {
            let up = up_of(args.up, false, &args.map.map)?;
            let level = kept_until_exit(level);
            let origin = |i| level.obstacle_origin(i);
            draw(args, &level.map, up, (format, &origin), timings)
        }
        AnyLevel::Space(level) => {
            let up = up_of(args.up, true, &args.map.map)?;
            let level = kept_until_exit(level);
            let origin = |i| level.obstacle_origin(i);
            draw(args, &level.map, up, (format, &origin), timings)
        }
    }
}

/// Where obstacle `i` comes from (`line 57`), for the HTML page.
type Origin<'a> = &'a dyn Fn(usize) -> Option<String>;

/// The up axis `--up` asks for (`render`, `check --render`): z unless
/// told otherwise; a usage error on a 2D level (`three_d` false), whose
/// picture has no other side to be seen from.
pub fn up_of(given: Option<UpAxis>, three_d: bool, map: &Path) -> Result<Up, Failure> {
    match given {
        Some(up) if !three_d => Err(Failure::Usage(format!(
            "--up {} applies to 3D levels only: `{}` is a 2D level (positions (x, y)); leave it out",
            up_name(up),
            map.display()
        ))),
        Some(UpAxis::Y) => Ok(Up::Y),
        Some(UpAxis::Z) | None => Ok(Up::Z),
    }
}

fn up_name(up: UpAxis) -> &'static str {
    match up {
        UpAxis::Z => "z",
        UpAxis::Y => "y",
    }
}

/// Draws a level of either dimension: the same picture code for both.
fn draw<D: Flatten + Shown>(
    args: &RenderArgs,
    map: &Map<D>,
    up: Up,
    (format, origin): (Format, Origin),
    timings: &mut Timings,
) -> Result<Outcome, Failure> {
    let given = args.radius.radius.is_some() || args.radius.agent.is_some();
    let radius = if given {
        Some(radius::resolve_required(&args.radius, map)?)
    } else {
        None
    };
    let ends = |given: &Option<Vec<String>>,
                option: &str|
     -> Result<Option<(NodeIdx, NodeIdx)>, Failure> {
        match given.as_deref() {
            Some([a, b]) => Ok(Some((
                resolve_node(map, a, option)?,
                resolve_node(map, b, option)?,
            ))),
            Some(_) => Err(Failure::Usage(format!(
                "{option} needs two nodes: {option} A B"
            ))),
            None => Ok(None),
        }
    };
    if format == Format::Html {
        refuse_for_page(args)?;
    }
    let route = ends(&args.route, "--route")?;
    let widest = ends(&args.widest, "--widest")?;
    let (view, centre) = view(args, map, up)?;
    // A walking agent's edges are coloured by its own clearances, and its
    // falls drawn; the page's slider would recolour them as a sphere's.
    let walking = radius
        .as_ref()
        .and_then(|c| Some((c.walking?, c.agent_radius, c.agent.as_deref()?)));
    if let (Some((_, _, name)), Format::Html) = (walking, format) {
        return Err(Failure::Usage(format!(
            "agent `{}` is a walking agent: the viewer page shows spheres only so far; render it as a picture (-o level.svg or .png), or the page with --radius",
            clearway_text::quote::capped(name)
        )));
    }
    let (clearances, gaps) = timings.time("clearance", || match walking {
        Some((w, r, _)) => {
            let (clearances, gaps) = D::walking_clearances(map, w, r);
            (clearances, Some((w.height, gaps)))
        }
        None => (compute_clearances(map), None),
    });
    let clearances = kept_until_exit(clearances);
    let mut options = PictureOptions {
        up,
        title: Some(map_title(&args.map.map)),
        size: OutputSize {
            width: args.width,
            height: args.height,
        },
        centre,
        view,
        ..PictureOptions::default()
    };
    if let Some(bounds) = view {
        let whole = PictureOptions {
            up,
            ..PictureOptions::default()
        };
        if let Some(level) = Picture::new(map, clearances, whole).level_bounds()
            && !overlaps(&level, &bounds)
        {
            let corner = |p: Point| format!("({}, {})", numbers::human(p.x), numbers::human(p.y));
            eprintln!(
                "warning: --region {} to {} lies outside the level, which spans {} to {}: \
                 the picture shows none of it",
                corner(bounds.min),
                corner(bounds.max),
                corner(level.min),
                corner(level.max)
            );
        }
    }
    if let Some(r) = &radius {
        with_radius(&mut options, r);
    }
    options.walking = gaps.map(|(height, gaps)| ShownWalking { height, gaps });
    // The routes are searched here, with one router, and handed to the
    // picture as data.
    let mut router = (route.is_some() || widest.is_some()).then(|| Router::new(map, clearances));
    if let (Some((a, b)), Some(router)) = (route, router.as_mut()) {
        let agent_radius = radius.as_ref().map_or(0.0, |r| r.agent_radius);
        let found = router.route(a, b, agent_radius);
        if found.is_none() {
            eprintln!(
                "warning: no route from {} to {} for radius {}; the legend says so",
                node_ref(map, a),
                node_ref(map, b),
                numbers::given(agent_radius)
            );
        }
        options.route = Some(ShownRoute {
            start: a,
            goal: b,
            found,
        });
    }
    if let (Some((a, b)), Some(router)) = (widest, router.as_mut()) {
        let found = router.widest_route(a, b, None);
        if found.is_none() {
            eprintln!(
                "warning: no route from {} to {} at any radius; the legend says so",
                node_ref(map, a),
                node_ref(map, b)
            );
        }
        options.widest = Some(ShownRoute {
            start: a,
            goal: b,
            found,
        });
    }
    let picture = Picture::new(map, clearances, options);
    if format == Format::Html {
        timings.time("render", || write_html(&picture, &args.output, origin))?;
    } else {
        timings.time("render", || write(&picture, &args.output, format))?;
    }
    Ok(Outcome::Pass)
}

/// The picture options a page cannot honour, refused before anything is
/// computed or written: the page fills its window (no `--width`,
/// `--height`) and shows one pair of picked nodes at a time (`--route` or
/// `--widest`, not both). `--route`, `--widest`, `--region`, `--around`
/// and `--up` it honours.
fn refuse_for_page(args: &RenderArgs) -> Result<(), Failure> {
    if args.width.is_some() || args.height.is_some() {
        return Err(Failure::Usage(
            "--width and --height size a picture (.svg, .png); an .html page fills its window: \
             drop them, or write .svg or .png"
                .into(),
        ));
    }
    if args.route.is_some() && args.widest.is_some() {
        return Err(Failure::Usage(
            "an .html page starts with one pair of nodes picked: give --route or --widest, \
             not both (the page's `widest route` switch shows the other)"
                .into(),
        ));
    }
    Ok(())
}

/// Whether the two boxes share a point (their borders included): a
/// `--region` that overlaps no part of the level shows nothing of it.
fn overlaps(a: &Bounds, b: &Bounds) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

/// The part of the level `--around NODE --margin M` or `--region` shows,
/// and the node `--around` centres it on.
/// For a 3D level, `--region` is in the picture's plane (x, y for `--up z`;
/// x, -z for `--up y`) and `--around` centres on the node seen from above.
fn view<D: Flatten>(
    args: &RenderArgs,
    map: &Map<D>,
    up: Up,
) -> Result<(Option<Bounds>, Option<NodeIdx>), Failure> {
    if let (Some(node), Some(margin)) = (&args.around, args.margin) {
        let i = resolve_node(map, node, "--around")?;
        let c = D::flat(map.nodes()[i].pos, up);
        let bounds = Bounds {
            min: Point::new(c.x - margin, c.y - margin),
            max: Point::new(c.x + margin, c.y + margin),
        };
        return Ok((Some(bounds), Some(i)));
    }
    let region = args.region.map(|r| Bounds {
        min: Point::new(r.min.0, r.min.1),
        max: Point::new(r.max.0, r.max.1),
    });
    Ok((region, None))
}

/// Colours the picture against a checked radius.
pub fn with_radius<P>(options: &mut PictureOptions<P>, r: &CheckedRadius) {
    options.agent_radius = Some(r.agent_radius);
    options.agent_name = r.agent.clone();
}

/// The caption of a map's picture: its file name.
pub fn map_title(path: &Path) -> String {
    if path.as_os_str() == "-" {
        return "<stdin>".into();
    }
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Writes the viewer page to `out` (atomically; `-` is standard output).
fn write_html<D: Flatten>(picture: &Picture<D>, out: &Path, origin: Origin) -> Result<(), Failure> {
    let page = picture.to_html(origin);
    if out.as_os_str() == "-" {
        return write_stdout(&page);
    }
    write_atomically(out, page.as_bytes()).map_err(|e| {
        Failure::Io(format!(
            "cannot write `{}`: {e}; nothing was written",
            out.display()
        ))
    })
}

/// Writes the picture to `out` (atomically; `-` is standard output).
pub fn write<D: Flatten>(picture: &Picture<D>, out: &Path, format: Format) -> Result<(), Failure> {
    if out.as_os_str() == "-" {
        return write_stdout(&picture.to_svg());
    }
    let bytes = match format {
        Format::Svg => picture.to_svg().into_bytes(),
        Format::Png => picture
            .to_png()
            .map_err(|e| Failure::Io(format!("cannot draw `{}`: {e}", out.display())))?,
        Format::Html => picture.to_html(|_| None).into_bytes(),
    };
    write_atomically(out, &bytes).map_err(|e| {
        Failure::Io(format!(
            "cannot write `{}`: {e}; nothing was written",
            out.display()
        ))
    })
}

/// `check --render OUT`: the picture against the radius checked; when every
/// agent profile is checked, against the largest agent's radius (the first
/// such agent on a tie), whose picture shows every edge blocked for anyone.
/// A 3D level is seen from above along `up` (`check --up`). A walking
/// agent's picture is coloured by its own clearances, its falls drawn.
pub fn for_check_map<D: Flatten + Shown>(
    map: &Map<D>,
    clearances: &clearway::Clearances<D>,
    radii: &radius::Radii,
    (map_path, out): (&Path, &Path),
    (format, up): (Format, Up),
) -> Result<(), Failure> {
    let all = radii.all();
    let largest = all
        .iter()
        .fold(None::<&CheckedRadius>, |best, r| match best {
            Some(b) if b.agent_radius >= r.agent_radius => Some(b),
            _ => Some(r),
        });
    let walking = largest.and_then(|r| Some((r.walking?, r.agent_radius)));
    let (own, gaps) = match walking {
        Some((w, r)) => {
            let (own, gaps) = D::walking_clearances(map, w, r);
            (Some(own), Some((w.height, gaps)))
        }
        None => (None, None),
    };
    let mut options = PictureOptions {
        up,
        title: Some(map_title(map_path)),
        walking: gaps.map(|(height, gaps)| ShownWalking { height, gaps }),
        ..PictureOptions::default()
    };
    if let Some(r) = largest {
        with_radius(&mut options, r);
    }
    let picture = Picture::new(map, own.as_ref().unwrap_or(clearances), options);
    write(&picture, out, format)
}

//! What a picture shows besides the level and its clearances: the agent,
//! the routes the caller found, the caption, the part of the level and the
//! size. One plain struct, filled in by field, rather than a method each.

use super::flatten::Up;
use super::frame::Bounds;
use super::scene::DEFAULT_LONG_SIDE;
use super::size::OutputSize;
use crate::geometry::{Point, Segment};
use crate::indices::NodeIdx;
use crate::route::{Route, WidestRoute};

/// What a [`Picture`](super::Picture) shows besides the level: start from
/// `PictureOptions::default()` (no agent, no routes, the whole level, 1200
/// pixels on the long side, z up) and set the fields wanted.
///
/// ```
/// use clearway::render::{PictureOptions, Up};
/// let options: PictureOptions = PictureOptions {
///     agent_radius: Some(1.5),
///     title: Some("level.ron".to_string()),
///     ..PictureOptions::default()
/// };
/// assert_eq!(options.long_side, 1200.0);
/// assert_eq!(options.up, Up::Z);
/// ```
#[derive(Clone, Debug)]
pub struct PictureOptions<P = Point> {
    /// Colours edges against this agent radius: red where blocked (marked
    /// at the pinch point, with the agent's outline), orange where the
    /// agent fits with less than one radius to spare, green elsewhere.
    /// `None` colours them by clearance, red narrow to blue wide.
    pub agent_radius: Option<f64>,
    /// The agent profile's name, written in the legend beside its radius.
    pub agent_name: Option<String>,
    /// The cheapest route to draw, as the caller's search found it
    /// ([`crate::Router::route`]) for the agent radius (0 without one).
    pub route: Option<ShownRoute<Route>>,
    /// The widest route to draw, as the caller's search found it
    /// ([`crate::Router::widest_route`]).
    pub widest: Option<ShownRoute<WidestRoute>>,
    /// A caption for the legend, such as the map's file name.
    pub title: Option<String>,
    /// The long side of the map area in pixels (default 1200).
    pub long_side: f64,
    /// Shows only this box of the level (`--around`, `--region`): it fills
    /// the map area, and what lies outside is clipped; the legend and the
    /// scale bar stay.
    pub view: Option<Bounds>,
    /// Rings this node (an index into [`crate::Map::nodes`]) and names it
    /// in the legend as the centre of the view: `--around NODE` shows the
    /// node asked about, and the ring makes it the one the eye finds.
    pub centre: Option<NodeIdx>,
    /// Writes the picture at this size in pixels (`--width`, `--height`),
    /// scaled uniformly (both given: the canvas grows to that shape, the
    /// picture centred in it).
    pub size: OutputSize,
    /// Which axis of a 3D level points up (default z); the picture looks
    /// down along it. No effect on a 2D level.
    pub up: Up,
    /// A walking agent: its height, named beside its radius, and the
    /// stretches of its edges with no ground under its feet.
    pub walking: Option<ShownWalking<P>>,
}

impl<P> Default for PictureOptions<P> {
    fn default() -> PictureOptions<P> {
        PictureOptions {
            agent_radius: None,
            agent_name: None,
            route: None,
            widest: None,
            title: None,
            long_side: DEFAULT_LONG_SIDE,
            view: None,
            centre: None,
            size: OutputSize::default(),
            up: Up::Z,
            walking: None,
        }
    }
}

/// A route to draw between two nodes (indices into [`crate::Map::nodes`]),
/// as the caller's search found it.
#[derive(Clone, Debug)]
pub struct ShownRoute<R> {
    /// Where the route starts.
    pub start: NodeIdx,
    /// Where it ends.
    pub goal: NodeIdx,
    /// The route found; `None` when there is none, which the legend says.
    pub found: Option<R>,
}

/// A walking agent in the picture: its height, and where it would fall.
/// The edges' colours come from the clearances the picture was made with:
/// a walking agent's are
/// [`WalkingClearances::for_agent`](crate::walking::WalkingClearances::for_agent).
#[derive(Clone, Debug)]
pub struct ShownWalking<P> {
    /// The agent's height, named in the legend.
    pub height: f64,
    /// The stretches of its edges with no ground under its feet
    /// ([`crate::walking::GroundGap`], from its start for its length along
    /// the edge), drawn over the edges they break.
    pub gaps: Vec<Segment<P>>,
}

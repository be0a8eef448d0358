//! Typed positions in a map's node and edge lists.
//!
//! A map file names nodes by their `id` (any `u64`, in any order); the
//! library addresses nodes and edges by their position in
//! [`Map::nodes`](crate::Map::nodes) and [`Map::edges`](crate::Map::edges).
//! [`NodeIdx`] and [`EdgeIdx`] make the difference a type, so that an id
//! passed where an index is meant does not compile: an id becomes a
//! `NodeIdx` only through [`Map::node_index`](crate::Map::node_index). They are not petgraph's
//! `NodeIndex`/`EdgeIndex`.
//!
//! Either indexes a slice or `Vec` directly (`map.nodes()[i]`,
//! `clearances.edges()[e]`); `get` and `From` give the plain number, which is also how
//! they print and serialize.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::Serialize;

/// The position of a node in [`Map::nodes`](crate::Map::nodes): file order,
/// from 0. Not the node's `id` from the file;
/// [`Map::node_index`](crate::Map::node_index) turns an id into this.
///
/// ```
/// use clearway::{Map, NodeIdx};
/// let map = Map::loader().read_str("(nodes: [(id: 7, pos: (0, 0)), (id: 3, pos: (1, 0))])", "a.ron")?;
/// let i = map.node_index(3).unwrap();
/// assert_eq!(i, NodeIdx::new(1));
/// assert_eq!(i.get(), 1);
/// assert_eq!(map.nodes()[i].id, 3);
/// # Ok::<(), clearway::LoadError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct NodeIdx(u32);

/// The position of an edge in [`Map::edges`](crate::Map::edges): file
/// order, from 0. An edge has no id of its own; its index is its identity.
///
/// ```
/// use clearway::{Clearances, EdgeIdx, Map};
/// let map = Map::loader().read_str(
///     "(nodes: [(id: 7, pos: (0, 0)), (id: 3, pos: (4, 0))], edges: [(from: 7, to: 3)],
///       obstacles: [Point((2, 1))])",
///     "a.ron",
/// )?;
/// let e = EdgeIdx::new(0);
/// assert_eq!(map.nodes()[map.edges()[e].to].id, 3);
/// assert_eq!(Clearances::compute(&map).edge(e).value, 1.0);
/// # Ok::<(), clearway::LoadError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct EdgeIdx(u32);

macro_rules! typed_index {
    ($name:ident, $what:literal) => {
        impl $name {
            #[doc = concat!("The largest position: a map holds at most 2^32 ", $what, "s, so that")]
            /// an index takes 4 bytes (an [`Edge`](crate::Edge) names two).
            pub const MAX: usize = u32::MAX as usize;

            #[doc = concat!("The ", $what, " at position `i`.")]
            ///
            /// # Panics
            #[doc = concat!("When `i` is above [`", stringify!($name), "::MAX`].")]
            pub const fn new(i: usize) -> $name {
                assert!(i <= $name::MAX, "a position beyond u32::MAX");
                $name(i as u32)
            }

            /// The position as a plain number.
            pub const fn get(self) -> usize {
                self.0 as usize
            }
        }

        /// As `new`.
        ///
        /// # Panics
        #[doc = concat!("When `i` is above [`", stringify!($name), "::MAX`].")]
        impl From<usize> for $name {
            fn from(i: usize) -> $name {
                $name::new(i)
            }
        }

        impl From<$name> for usize {
            fn from(i: $name) -> usize {
                i.get()
            }
        }

        /// The plain number, as messages and reports print it.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl<T> Index<$name> for [T] {
            type Output = T;

            fn index(&self, i: $name) -> &T {
                &self[i.get()]
            }
        }

        impl<T> IndexMut<$name> for [T] {
            fn index_mut(&mut self, i: $name) -> &mut T {
                &mut self[i.get()]
            }
        }

        impl<T> Index<$name> for Vec<T> {
            type Output = T;

            fn index(&self, i: $name) -> &T {
                &self[i.get()]
            }
        }

        impl<T> IndexMut<$name> for Vec<T> {
            fn index_mut(&mut self, i: $name) -> &mut T {
                &mut self[i.get()]
            }
        }
    };
}

typed_index!(NodeIdx, "node");
typed_index!(EdgeIdx, "edge");

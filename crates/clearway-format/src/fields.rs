//! The names the wire types declare, read from their serde derives: the
//! one list of the format's fields, for code that must know them without
//! parsing (the edge editor) and for the tests that check every field is
//! read on the fast path.

use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeOwned, DeserializeSeed, EnumAccess, VariantAccess, Visitor};

/// The field names of the struct `T`, as its derive declares them.
///
/// ```
/// use clearway_format::{fields::struct_fields, wire::EdgeEntry};
/// assert_eq!(struct_fields::<EdgeEntry>(), ["from", "to", "one_way", "closed", "cost", "clearance", "area"]);
/// ```
///
/// # Panics
///
/// When `T` is not deserialized as a struct.
pub fn struct_fields<T: DeserializeOwned>() -> &'static [&'static str] {
    match T::deserialize(Probe { variant: None }) {
        Err(Found::Fields(fields)) => fields,
        _ => panic!("{} is not a struct", std::any::type_name::<T>()),
    }
}

/// The variants of the enum `T`, each with its field names (none for a
/// variant that holds one value, such as `Point((x, y))`), as its derive
/// declares them.
///
/// ```
/// use clearway_format::{fields::variant_fields, wire::ObstacleEntry};
/// let variants = variant_fields::<ObstacleEntry>();
/// assert_eq!(variants[0], ("Point", &[][..]));
/// assert_eq!(variants[1], ("Circle", &["center", "radius"][..]));
/// ```
///
/// # Panics
///
/// When `T` is not deserialized as an enum.
pub fn variant_fields<T: DeserializeOwned>() -> Vec<(&'static str, &'static [&'static str])> {
    let Err(Found::Variants(variants)) = T::deserialize(Probe { variant: None }) else {
        panic!("{} is not an enum", std::any::type_name::<T>())
    };
    let fields = |k| match T::deserialize(Probe { variant: Some(k) }) {
        Err(Found::Fields(fields)) => fields,
        _ => &[],
    };
    (0..variants.len())
        .map(|k| (variants[k], fields(k)))
        .collect()
}

/// A deserializer that reads nothing: it stops at the first struct or enum
/// it is asked for, with the names the derive hands it.
struct Probe {
    /// The variant to go into, when asked for an enum.
    variant: Option<usize>,
}

/// What the probe found, as an error that stops the derive.
#[derive(Debug)]
enum Found {
    Fields(&'static [&'static str]),
    Variants(&'static [&'static str]),
    Nothing,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for Found {}

impl de::Error for Found {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Found::Nothing
    }
}

impl<'de> de::Deserializer<'de> for Probe {
    type Error = Found;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Found> {
        Err(Found::Nothing)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Found> {
        Err(Found::Fields(fields))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Found> {
        match self.variant {
            Some(k) => visitor.visit_enum(ProbeVariant(variants[k])),
            None => Err(Found::Variants(variants)),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map identifier ignored_any
    }
}

/// The variant the probe goes into.
struct ProbeVariant(&'static str);

impl<'de> EnumAccess<'de> for ProbeVariant {
    type Error = Found;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Found> {
        let variant = seed.deserialize(BorrowedStrDeserializer::new(self.0))?;
        Ok((variant, self))
    }
}

impl<'de> VariantAccess<'de> for ProbeVariant {
    type Error = Found;

    fn unit_variant(self) -> Result<(), Found> {
        Err(Found::Nothing)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _: T) -> Result<T::Value, Found> {
        Err(Found::Nothing)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Found> {
        Err(Found::Nothing)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Found> {
        Err(Found::Fields(fields))
    }
}

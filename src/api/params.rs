//! Request parameters: [`Given`] for one that may be absent but never
//! `null`, and [`params!`](crate::params) for a request type made of
//! parameters and of shared groups of them (`square::Ends`,
//! `square::PlainArgs`, `board::TerrainArgs`), read from one JSON object or
//! query string.
//!
//! serde's `#[serde(flatten)]` would share the groups, but it reads numbers
//! in a query string as text (and fails), and it cannot tell an unknown key
//! from one a group takes. A request type here reads each key straight into
//! the member that takes it; a key no member takes is skipped as
//! `IgnoredAny`, which `extract` reports as an unknown parameter, in the
//! order sent. `src` and `dest` are read as `from` and `to` everywhere.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;

use super::problem::ApiError;

/// A parameter that may be absent, but when given is a `T`: an explicit JSON
/// `null` is refused like any other value of the wrong type, so that what
/// the schema says (`integer`, not `integer or null`) is what the server
/// accepts. A required parameter is asked for with [`Given::required`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Given<T>(pub Option<T>);

impl<T> Default for Given<T> {
    fn default() -> Self {
        Given(None)
    }
}

impl<T> Given<T> {
    /// The value, or an error naming `param` as required.
    pub fn required(self, param: &str) -> Result<T, ApiError> {
        self.0.ok_or_else(|| ApiError::missing(param))
    }

    /// The value, or `default` when absent.
    pub fn or(self, default: T) -> T {
        self.0.unwrap_or(default)
    }

    pub fn is_given(&self) -> bool {
        self.0.is_some()
    }

    pub fn as_ref(&self) -> Given<&T> {
        Given(self.0.as_ref())
    }
}

impl<T: Default> Given<T> {
    /// The value, or `T`'s default when absent.
    pub fn or_default(self) -> T {
        self.0.unwrap_or_default()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Given<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(|value| Given(Some(value)))
    }
}

/// Deserializes a `T` from a string with `parse`, whose error is the
/// detail of the refusal; `expecting` says what a value of another type
/// should have been.
pub fn from_text<'de, D, T>(
    deserializer: D,
    expecting: &'static str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    struct TextVisitor<F>(&'static str, F);
    impl<T, F: FnOnce(&str) -> Result<T, String>> Visitor<'_> for TextVisitor<F> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(self.0)
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
            (self.1)(v).map_err(E::custom)
        }
    }
    deserializer.deserialize_str(TextVisitor(expecting, parse))
}

/// Something a request's parameters are read into: one parameter, or a
/// group of them.
pub trait Member<'de> {
    /// Reads the value of `key` from `map` if this member takes it (`name`
    /// is the member's own name in its request type); false if it does not.
    fn read<M: MapAccess<'de>>(
        &mut self,
        name: &'static str,
        key: &str,
        map: &mut M,
    ) -> Result<bool, M::Error>;
}

impl<'de, T: Deserialize<'de>> Member<'de> for Given<T> {
    fn read<M: MapAccess<'de>>(
        &mut self,
        name: &'static str,
        key: &str,
        map: &mut M,
    ) -> Result<bool, M::Error> {
        if key != name {
            return Ok(false);
        }
        if self.is_given() {
            return Err(de::Error::duplicate_field(name));
        }
        self.0 = Some(map.next_value()?);
        Ok(true)
    }
}

/// The name a key stands for: `src` and `dest` are `from` and `to`.
fn canonical(key: &str) -> &str {
    match key {
        "src" => "from",
        "dest" => "to",
        key => key,
    }
}

/// Reads a request type from a map, each key into the member that takes it.
pub fn read_params<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: Member<'de> + Default,
    D: Deserializer<'de>,
{
    struct ParamsVisitor<T>(PhantomData<T>);
    impl<'de, T: Member<'de> + Default> Visitor<'de> for ParamsVisitor<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object of parameters")
        }
        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<T, M::Error> {
            let mut params = T::default();
            while let Some(Key(key)) = map.next_key()? {
                if !params.read("", canonical(&key), &mut map)? {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(params)
        }
    }
    deserializer.deserialize_map(ParamsVisitor(PhantomData))
}

/// A key, borrowed from the request where it can be.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a parameter name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// Declares a request type (or a group of parameters) whose members are
/// [`Given`] parameters, named as sent, and groups, read by
/// [`read_params`].
#[macro_export]
macro_rules! params {
    ($(#[$doc:meta])* pub struct $name:ident { $($(#[$mdoc:meta])* pub $member:ident: $ty:ty,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Default)]
        pub struct $name {
            $($(#[$mdoc])* pub $member: $ty,)*
        }

        impl<'de> $crate::api::params::Member<'de> for $name {
            fn read<M: serde::de::MapAccess<'de>>(
                &mut self,
                _: &'static str,
                key: &str,
                map: &mut M,
            ) -> Result<bool, M::Error> {
                Ok($($crate::api::params::Member::read(&mut self.$member, stringify!($member), key, map)? ||)* false)
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::api::params::read_params(deserializer)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::api::distance::DistanceRequest;
    use crate::api::extract::{from_json, from_query};
    use crate::api::problem::Code;

    #[test]
    fn groups_read_numbers_aliases_and_refuse_what_they_do_not_take() {
        let req: DistanceRequest = from_query("src=a1&dest=19&width=5&height=6").unwrap();
        assert!(req.ends.from.is_given() && req.ends.to.is_given());
        assert_eq!((req.plain.width.0, req.plain.height.0), (Some(5), Some(6)));
        let req: DistanceRequest =
            from_json(br#"{"from": 1, "to": "b3", "notation": "index"}"#).unwrap();
        assert!(req.plain.notation.is_given() && !req.plain.width.is_given());
        for (query, code, param) in [
            (
                "from=a1&to=b2&width=abc",
                Code::InvalidParameter,
                Some("width"),
            ),
            (
                "from=a1&to=b2&colour=1",
                Code::UnknownParameter,
                Some("colour"),
            ),
            ("from=a1&src=b2", Code::InvalidParameter, None),
            (
                "from=a1&to=b2&notation=roman",
                Code::InvalidParameter,
                Some("notation"),
            ),
        ] {
            let e = from_query::<DistanceRequest>(query).unwrap_err();
            assert_eq!(
                (e.code(), e.param()),
                (code, param),
                "{query}: {}",
                e.detail()
            );
        }
        let e = from_json::<DistanceRequest>(br#"{"from": null}"#).unwrap_err();
        assert_eq!(
            (e.code(), e.param()),
            (Code::InvalidParameter, Some("from"))
        );
    }
}

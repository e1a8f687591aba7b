//! A query string as a serde [`Deserializer`]: its pairs are a map of
//! parameters whose values are text, read as a JSON body's values are read.
//!
//! serde_urlencoded reads a number with `str::parse` (so `8.0` and `8e0`,
//! whole numbers to JSON Schema and in a body, were refused) and a boolean
//! only as `true`/`false`. Here a whole number is anything [`Number`]
//! reads as one, a number too large for its type is marked too large (its
//! detail quotes the text), a boolean is `true` or `false` in any case, and
//! everything else is text, which the parameter's own reader parses.

use std::borrow::Cow;

use serde::de::value::{CowStrDeserializer, Error};
use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};
use serde::forward_to_deserialize_any;

use crate::request::params::{too_large, Number};

/// The parameters of a query string.
pub struct Query<'a> {
    pairs: form_urlencoded::Parse<'a>,
    value: Option<Cow<'a, str>>,
}

impl<'a> Query<'a> {
    pub fn new(query: &'a str) -> Query<'a> {
        Query {
            pairs: form_urlencoded::parse(query.as_bytes()),
            value: None,
        }
    }
}

impl<'de> Deserializer<'de> for Query<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_map(self)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de> MapAccess<'de> for Query<'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.pairs.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(CowStrDeserializer::new(key)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let value = self.value.take().unwrap_or_default();
        seed.deserialize(Text(value))
    }
}

/// One value of a query string.
struct Text<'a>(Cow<'a, str>);

impl<'de> Text<'de> {
    fn visit_text<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Cow::Borrowed(text) => visitor.visit_borrowed_str(text),
            Cow::Owned(text) => visitor.visit_string(text),
        }
    }

    /// A whole number within `T`, handed to `visitor` as the widest type
    /// it reads; text that is no number goes to the visitor as text, which
    /// it refuses in its own words.
    fn whole<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match Number::read(&self.0) {
            Number::Whole(n) => match (u64::try_from(n), i64::try_from(n)) {
                (Ok(n), _) => visitor.visit_u64(n),
                (_, Ok(n)) => visitor.visit_i64(n),
                _ if n > 0 => Err(too_large()),
                _ => Err(de::Error::custom("below the range")),
            },
            Number::TooLarge => Err(too_large()),
            Number::Fraction => match self.0.parse::<f64>() {
                Ok(v) => visitor.visit_f64(v),
                Err(_) => self.visit_text(visitor),
            },
            Number::NotANumber => self.visit_text(visitor),
        }
    }
}

impl<'de> IntoDeserializer<'de, Error> for Text<'de> {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

impl<'de> Deserializer<'de> for Text<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.visit_text(visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if self.0.eq_ignore_ascii_case("true") {
            visitor.visit_bool(true)
        } else if self.0.eq_ignore_ascii_case("false") {
            visitor.visit_bool(false)
        } else {
            self.visit_text(visitor)
        }
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.whole(visitor)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.whole(visitor)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.whole(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    forward_to_deserialize_any! {
        i8 i16 i32 i128 u8 u16 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::collections::BTreeMap;

    fn read<T: for<'a> Deserialize<'a>>(query: &str) -> Result<BTreeMap<String, T>, String> {
        BTreeMap::deserialize(Query::new(query)).map_err(|e| e.to_string())
    }

    #[test]
    fn whole_numbers_are_read_as_a_body_writes_them() {
        let eights = read::<u64>("a=8&b=8.0&c=8e0&d=0.8e1&e=%2B8&f=800e-2").unwrap();
        assert!(eights.values().all(|&v| v == 8), "{eights:?}");
        assert!(read::<u64>("a=8.5").is_err());
        assert!(read::<u64>("a=eight").is_err());
        assert!(read::<u64>("a=-1").is_err());
        let large = read::<u64>("a=99999999999999999999999").unwrap_err();
        assert!(large.contains('\u{1f}'), "marked too large: {large}");
    }

    #[test]
    fn booleans_in_any_case() {
        let read_back = read::<bool>("a=true&b=True&c=FALSE").unwrap();
        assert_eq!(
            read_back.values().copied().collect::<Vec<_>>(),
            [true, true, false]
        );
        assert!(read::<bool>("a=yes").is_err());
    }
}

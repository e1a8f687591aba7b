//! Request parameters: [`Given`] for one that may be absent but never
//! `null`, and `params!` for a request type made of
//! parameters and of shared groups of them (`square::Ends`,
//! `square::PlainArgs`, `board::TerrainArgs`), read from one JSON object or
//! query string.
//!
//! serde's `#[serde(flatten)]` would share the groups, but it reads numbers
//! in a query string as text (and fails), and it cannot tell an unknown key
//! from one a group takes. A request type here reads each key straight into
//! the member that takes it; a key no member takes, or one given twice, is
//! refused there, in the order sent, with a detail in plain words (the
//! parameter probably meant, and the endpoint's parameters). `src` and
//! `dest` are read as `from` and `to` everywhere.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;

use crate::error::{alias, ApiError};
use knight::plain::Count;

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

impl<'de, T: Param<'de>> Deserialize<'de> for Given<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::read_param(deserializer).map(|value| Given(Some(value)))
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

/// A type a [`Given`] parameter can hold: how its value is read. Most
/// types read as serde reads them; whole numbers also accept a JSON number
/// written with a zero fraction (`8.0`, `1e3`), which JSON Schema's
/// `integer` allows.
pub trait Param<'de>: Sized {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// [`Param`] for types read as serde reads them.
macro_rules! param_by_serde {
    ($($ty:ty),* $(,)?) => {
        $(impl<'de> $crate::request::params::Param<'de> for $ty {
            fn read_param<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                <$ty as serde::Deserialize>::deserialize(deserializer)
            }
        })*
    };
}
pub(crate) use param_by_serde;

param_by_serde!(bool, String);

impl<'de, T: Param<'de>> Param<'de> for Vec<T> {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Seq<T>(PhantomData<T>);
        impl<'de, T: Param<'de>> Visitor<'de> for Seq<T> {
            type Value = Vec<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(item) = seq.next_element_seed(Seed::<T>(PhantomData))? {
                    items.push(item);
                }
                Ok(items)
            }
        }
        deserializer.deserialize_seq(Seq(PhantomData))
    }
}

/// Reads a `T` as a [`Param`].
pub struct Seed<T>(pub PhantomData<T>);

impl<'de, T: Param<'de>> de::DeserializeSeed<'de> for Seed<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        T::read_param(deserializer)
    }
}

/// Whole numbers: JSON integers, or JSON numbers with a zero fraction; in
/// a query string, digits.
macro_rules! whole {
    ($($ty:ty: $method:ident),*) => {
        $(impl<'de> Param<'de> for $ty {
            fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct WholeVisitor;
                impl Visitor<'_> for WholeVisitor {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str("a whole number")
                    }
                    fn visit_u64<E: de::Error>(self, v: u64) -> Result<$ty, E> {
                        <$ty>::try_from(v).map_err(|_| too_large())
                    }
                    fn visit_i64<E: de::Error>(self, v: i64) -> Result<$ty, E> {
                        <$ty>::try_from(v).map_err(|_| {
                            if v > 0 { too_large() } else { E::custom("below the range") }
                        })
                    }
                    fn visit_f64<E: de::Error>(self, v: f64) -> Result<$ty, E> {
                        // Exact below 2^53, where every whole float is the
                        // number written; past it a float is not read (the
                        // client is told it is too large, quoting its text).
                        match exact_whole(v) {
                            Some(whole) if whole >= 0 => self.visit_u64(whole.unsigned_abs()),
                            Some(whole) => self.visit_i64(whole),
                            None if v.fract() == 0.0 && v > 0.0 => Err(too_large()),
                            None => Err(E::custom("not a whole number")),
                        }
                    }
                }
                deserializer.$method(WholeVisitor)
            }
        })*
    };
}

whole!(u64: deserialize_u64, u32: deserialize_u32, i64: deserialize_i64);

/// A whole number from 0 that a detail quotes as it was sent (`1e4`,
/// `10000.0`): a JSON integer (its digits are its text), a JSON number
/// written otherwise (marked [`Refusal::Digits`] and read again from its
/// text, which `extract` hands over behind [`MARK`]), or a query's text.
/// A JSON string is refused, as for any whole number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentWhole {
    pub value: u64,
    /// The text sent, when it writes the number otherwise than its digits.
    sent: Option<Box<str>>,
}

impl SentWhole {
    /// The number as sent.
    pub fn shown(&self) -> String {
        self.sent
            .as_deref()
            .map_or_else(|| self.value.to_string(), str::to_owned)
    }

    /// The number `text` writes, keeping `text` when it writes it otherwise.
    fn read<E: de::Error>(text: &str) -> Result<SentWhole, E> {
        match Number::read(text) {
            Number::Whole(n) => match u64::try_from(n) {
                Ok(value) => Ok(SentWhole {
                    value,
                    sent: (text != value.to_string()).then(|| text.into()),
                }),
                Err(_) if n < 0 => Err(E::custom("below the range")),
                Err(_) => Err(too_large()),
            },
            Number::TooLarge if text.starts_with('-') => Err(E::custom("below the range")),
            Number::TooLarge => Err(too_large()),
            Number::Fraction | Number::NotANumber => Err(E::invalid_value(
                de::Unexpected::Str(text),
                &"a whole number",
            )),
        }
    }
}

impl<'de> Param<'de> for SentWhole {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// A JSON value (reached through its newtype wrapper).
        struct Json;
        impl<'de> Visitor<'de> for Json {
            type Value = SentWhole;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<SentWhole, E> {
                Ok(SentWhole { value, sent: None })
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<SentWhole, E> {
                u64::try_from(v)
                    .map(|value| SentWhole { value, sent: None })
                    .map_err(|_| E::custom("below the range"))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<SentWhole, E> {
                if v.fract() == 0.0 && v >= 0.0 {
                    // Its text, to quote it as sent.
                    Err(E::custom(Refusal::Digits.mark("", "")))
                } else if v < 0.0 {
                    Err(E::custom("below the range"))
                } else {
                    Err(E::custom("not a whole number"))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SentWhole, E> {
                match v.strip_prefix(MARK) {
                    Some(text) => SentWhole::read(text),
                    None => Err(E::invalid_type(de::Unexpected::Str(v), &self)),
                }
            }
        }
        /// A query's text, or a JSON value behind a newtype wrapper.
        struct Sent;
        impl<'de> Visitor<'de> for Sent {
            type Value = SentWhole;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                deserializer: D,
            ) -> Result<SentWhole, D::Error> {
                deserializer.deserialize_any(Json)
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SentWhole, E> {
                SentWhole::read(v)
            }
        }
        deserializer.deserialize_newtype_struct("SentWhole", Sent)
    }
}

/// A place among the shortest paths ([`Count`]), which may be far past
/// every integer type: a JSON integer, a string of digits, or any text a
/// whole number is written in (`1e30`, as a query writes numbers). A JSON
/// number a float does not hold exactly is marked [`Refusal::Digits`], and
/// read again from its text (`extract` has the body's bytes).
impl<'de> Param<'de> for Count {
    fn read_param<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PlaceVisitor;
        impl Visitor<'_> for PlaceVisitor {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a whole number from 0")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Count, E> {
                Ok(Count::from(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Count, E> {
                u64::try_from(v)
                    .map(Count::from)
                    .map_err(|_| E::custom("below the range"))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Count, E> {
                match exact_whole(v) {
                    Some(whole) => self.visit_i64(whole),
                    None if v.fract() == 0.0 && v > 0.0 => {
                        Err(E::custom(Refusal::Digits.mark("", "")))
                    }
                    None => Err(E::custom("not a whole number")),
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Count, E> {
                whole_digits(v.strip_prefix(MARK).unwrap_or(v))
            }
        }
        deserializer.deserialize_any(PlaceVisitor)
    }
}

/// The most digits a whole number written with an exponent is expanded to
/// (`1e999999` is; `1e1000000` is refused as too large): more than any
/// count of shortest paths has within the server's limits, whose
/// 1,000,000 squares on shortest paths allow at most 8 ways a move.
pub const MOST_DIGITS: usize = 1_000_000;

/// The whole number `text` writes: digits, or a number as JSON writes it
/// (`1e30`, `2.50e1`, `+7`), exactly, whatever its size.
fn whole_digits<E: de::Error>(text: &str) -> Result<Count, E> {
    if let Ok(count) = text.parse::<Count>() {
        return if text.trim_start_matches('0').len() > MOST_DIGITS {
            Err(too_large())
        } else {
            Ok(count)
        };
    }
    match Number::read(text) {
        Number::Whole(n) => match u64::try_from(n) {
            Ok(n) => Ok(Count::from(n)),
            Err(_) if n < 0 => Err(E::custom("below the range")),
            // Past u64 yet within i128: its digits.
            Err(_) => n.to_string().parse().map_err(|_| E::custom("digits")),
        },
        Number::TooLarge if text.starts_with('-') => Err(E::custom("below the range")),
        Number::TooLarge => expand(text).ok_or_else(too_large),
        Number::Fraction | Number::NotANumber => Err(E::custom("not a whole number")),
    }
}

/// The digits of a whole number that [`Number`] reads as too large
/// (`1e30`, `12.5e40`), at most [`MOST_DIGITS`] of them.
fn expand(text: &str) -> Option<Count> {
    let body = text.strip_prefix('+').unwrap_or(text);
    let (mantissa, exponent) = body.split_once(['e', 'E']).unwrap_or((body, "0"));
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let exponent: i64 = exponent.parse().ok()?;
    let all = format!("{whole}{fraction}");
    let significant = all.trim_start_matches('0');
    let leading = i64::try_from(all.len() - significant.len()).ok()?;
    let point = i64::try_from(whole.len()).ok()? + exponent - leading;
    let point = usize::try_from(point).ok().filter(|&p| p <= MOST_DIGITS)?;
    // Number::read found no fraction: every digit past the point is 0.
    let kept = &significant[..point.min(significant.len())];
    let zeros = "0".repeat(point - kept.len());
    format!("{kept}{zeros}").parse().ok()
}

/// The largest float below which every whole float is exactly the number
/// its text wrote: 2^53.
const EXACT_FLOATS: f64 = 9_007_199_254_740_992.0;

/// `v` as a whole number, when it is one that a float holds exactly.
pub fn exact_whole(v: f64) -> Option<i64> {
    if v.fract() != 0.0 || v.abs() >= EXACT_FLOATS {
        return None;
    }
    // Exact: a whole float below 2^53 in magnitude is an i64.
    #[allow(clippy::cast_possible_truncation)]
    Some(v as i64)
}

/// The error of a whole number past what its parameter takes, marked so
/// that the detail quotes the number as sent (see [`Refusal::TooLarge`]).
pub fn too_large<E: de::Error>() -> E {
    E::custom(Refusal::TooLarge.mark("", ""))
}

/// A number written as text, read exactly: what JSON Schema's `integer`
/// admits (`8`, `8.0`, `8e0`, `0.8e1`) is a whole number, whatever its
/// size; a query string writes numbers as a JSON body does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    Whole(i128),
    /// A whole number past `i128`.
    TooLarge,
    /// A number with a fraction.
    Fraction,
    /// Not a number at all.
    NotANumber,
}

impl Number {
    pub fn read(text: &str) -> Number {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (mantissa, exponent) = match body.find(['e', 'E']) {
            Some(at) => (&body[..at], Some(&body[at + 1..])),
            None => (body, None),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
            return Number::NotANumber;
        }
        let all = format!("{whole}{fraction}");
        let significant = all.trim_start_matches('0');
        if significant.is_empty() {
            return Number::Whole(0);
        }
        let exponent: i128 = match exponent {
            None => 0,
            Some(e) => {
                let unsigned = e.strip_prefix(['+', '-']).unwrap_or(e);
                if unsigned.is_empty() || !digits(unsigned) {
                    return Number::NotANumber;
                }
                match e.parse::<i64>() {
                    Ok(e) => i128::from(e),
                    Err(_) if e.starts_with('-') => return Number::Fraction,
                    Err(_) => return Number::TooLarge,
                }
            }
        };
        // Where the decimal point falls among the significant digits.
        let leading = i128::try_from(all.len() - significant.len()).unwrap_or(i128::MAX);
        let point = i128::try_from(whole.len()).unwrap_or(i128::MAX) + exponent - leading;
        let length = i128::try_from(significant.len()).unwrap_or(i128::MAX);
        if point < length {
            let after = usize::try_from(point.max(0)).unwrap_or(0);
            if significant[after..].bytes().any(|b| b != b'0') {
                return Number::Fraction;
            }
        }
        if point > 39 {
            return Number::TooLarge;
        }
        let mut value: i128 = 0;
        for k in 0..point {
            let digit = usize::try_from(k)
                .ok()
                .and_then(|k| significant.as_bytes().get(k))
                .map_or(0, |b| i128::from(b - b'0'));
            value = match value.checked_mul(10).and_then(|v| v.checked_add(digit)) {
                Some(v) => v,
                None => return Number::TooLarge,
            };
        }
        Number::Whole(if negative { -value } else { value })
    }
}

/// Reads one of `choices`, compared without regard to case (as squares
/// are); `what` names the kind in a refusal.
pub fn choice<'de, D, T>(
    deserializer: D,
    what: &'static str,
    choices: &'static [(&'static str, T)],
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Copy,
{
    from_text(deserializer, what, |text| {
        choices
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(text))
            .map(|&(_, value)| value)
            .ok_or_else(|| {
                let names: Vec<String> = choices.iter().map(|(n, _)| format!("'{n}'")).collect();
                format!(
                    "'{}' is not {what}: use {}",
                    shorten(text),
                    names.join(" or ")
                )
            })
    })
}

/// One key of a request's parameters, being read: the parameter it
/// stands for, as the request spelled it, and the map its value is read
/// from. Every member is offered it in turn until one takes it.
pub struct Entry<'a, M> {
    /// The parameter's own name (`from` for `src`).
    pub key: &'a str,
    /// The key as sent.
    pub sent: &'a str,
    pub map: &'a mut M,
}

/// Something a request's parameters are read into: one parameter, or a
/// group of them.
pub trait Member<'de> {
    /// Reads `entry`'s value if this member takes its key (`name` is the
    /// member's own name in its request type); false if it does not.
    fn read<M: MapAccess<'de>>(
        &mut self,
        name: &'static str,
        entry: &mut Entry<'_, M>,
    ) -> Result<bool, M::Error>;

    /// Adds the names of the parameters this member takes (`name` is its
    /// own) to `names`.
    fn names(name: &'static str, names: &mut Vec<&'static str>);
}

impl<'de, T: Param<'de>> Member<'de> for Given<T> {
    fn read<M: MapAccess<'de>>(
        &mut self,
        name: &'static str,
        entry: &mut Entry<'_, M>,
    ) -> Result<bool, M::Error> {
        if entry.key != name {
            return Ok(false);
        }
        if self.is_given() {
            // `read_params` refuses a repeat first, naming both spellings.
            let sent = entry.sent;
            return Err(de::Error::custom(
                Refusal::Repeated.mark(sent, &repeated(sent, sent)),
            ));
        }
        self.0 = Some(entry.map.next_value_seed(Seed::<T>(PhantomData))?);
        Ok(true)
    }

    fn names(name: &'static str, names: &mut Vec<&'static str>) {
        names.push(name);
    }
}

/// The name a key stands for: `src` and `dest` are `from` and `to`.
pub fn canonical(key: &str) -> &str {
    match key {
        "src" => "from",
        "dest" => "to",
        key => key,
    }
}

/// Refusals made while reading the map of parameters, before any value:
/// carried through the deserializer's error as marked text (the error type
/// is the deserializer's) and turned back into an [`ApiError`] by
/// `extract`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A parameter the request type does not take.
    Unknown,
    /// A parameter given twice, or with its other name.
    Repeated,
    /// A whole number past what its parameter takes (marked by the value's
    /// reader, which does not have the number's text; the detail is made
    /// where the request's text is at hand).
    TooLarge,
    /// A JSON number past what a float holds exactly, for a parameter that
    /// takes any whole number (`offset`): read again from its text.
    Digits,
    /// A whole number below what its parameter takes (a side of 0): the
    /// detail says what it takes, quoting the value as sent.
    Below,
}

/// Starts a marked refusal; never in a request's own text, which serde
/// quotes.
pub const MARK: char = '\u{1f}';

impl Refusal {
    /// The refusal of `param` with `detail`, as error text.
    pub fn mark(self, param: &str, detail: &str) -> String {
        let kind = match self {
            Refusal::Unknown => 'u',
            Refusal::Repeated => 'r',
            Refusal::TooLarge => 'l',
            Refusal::Digits => 'd',
            Refusal::Below => 'b',
        };
        format!("{MARK}{kind}{param}{MARK}{detail}{MARK}")
    }

    /// The refusal, parameter and detail marked in `text`, if any.
    pub fn unmark(text: &str) -> Option<(Refusal, &str, &str)> {
        let rest = &text[text.find(MARK)? + MARK.len_utf8()..];
        let kind = match rest.chars().next()? {
            'u' => Refusal::Unknown,
            'r' => Refusal::Repeated,
            'l' => Refusal::TooLarge,
            'd' => Refusal::Digits,
            'b' => Refusal::Below,
            _ => return None,
        };
        let (param, rest) = rest[1..].split_once(MARK)?;
        let (detail, _) = rest.split_once(MARK)?;
        Some((kind, param, detail))
    }
}

/// What a parameter given twice is told: `first` and `sent` are the two
/// spellings sent, which differ when one is the other's alias (`to`,
/// `dest`). Only names that were sent are named.
fn repeated(first: &str, sent: &str) -> String {
    let sent = shorten(sent);
    if first == sent {
        format!("'{sent}' is given twice; give it once")
    } else {
        let first = shorten(first);
        format!(
            "'{first}' and '{sent}' are both given: they are two names for one parameter; give it once, by one name"
        )
    }
}

/// What an unknown parameter `sent` is told: the parameter probably meant,
/// and every parameter the endpoint takes.
pub fn unknown(sent: &str, names: &[&'static str]) -> String {
    let mut candidates: Vec<&str> = names.to_vec();
    candidates.extend(names.iter().filter_map(|n| alias(n)));
    let lower = sent.to_ascii_lowercase();
    let likely = candidates
        .iter()
        .map(|c| (edit_distance(&lower, c), *c))
        .filter(|&(d, c)| d <= 2 && d < c.len().max(2))
        .min();
    let listed: Vec<String> = names
        .iter()
        .map(|n| match alias(n) {
            Some(other) => format!("'{n}' (or '{other}')"),
            None => format!("'{n}'"),
        })
        .collect();
    let shown = shorten(sent);
    let listed = listed.join(", ");
    match likely {
        Some((_, meant)) => {
            format!(
                "'{shown}' is not a parameter of this endpoint; did you mean '{meant}'? It takes {listed}"
            )
        }
        None => format!("'{shown}' is not a parameter of this endpoint; it takes {listed}"),
    }
}

/// What was sent, quoted short (kept with the problem, which quotes it).
pub use crate::error::shorten;

/// Edits (insertions, deletions, substitutions, swaps of neighbours) from
/// `a` to `b`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len() > 64 {
        return usize::MAX;
    }
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

/// A request type that refuses, itself, every key it does not take, and
/// whose values are all read by [`Param`]s, none of which ignores a key
/// (no map is read by serde's derive): `serde_ignored` never finds
/// anything in it, so a request is read without it (a debug build checks).
/// Every `params!` type is one; [`JsonBody`] reads only
/// these.
///
/// [`JsonBody`]: crate::request::extract::JsonBody
pub trait Strict {
    /// The parameters the type takes, by their own names (not aliases).
    fn names() -> Vec<&'static str>;
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
            // The keys read so far, as sent: a few, since a key the type
            // does not take is refused at once, and so is a repeat.
            let mut seen: Vec<Cow<'de, str>> = Vec::new();
            while let Some(Key(key)) = map.next_key()? {
                if let Some(first) = seen.iter().find(|s| canonical(s) == canonical(&key)) {
                    let detail = repeated(first, &key);
                    return Err(de::Error::custom(Refusal::Repeated.mark(&key, &detail)));
                }
                let mut entry = Entry {
                    key: canonical(&key),
                    sent: &key,
                    map: &mut map,
                };
                if !params.read("", &mut entry)? {
                    let mut names = Vec::new();
                    T::names("", &mut names);
                    let detail = unknown(&key, &names);
                    return Err(de::Error::custom(Refusal::Unknown.mark(&key, &detail)));
                }
                seen.push(key);
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
macro_rules! params {
    ($(#[$doc:meta])* pub struct $name:ident { $($(#[$mdoc:meta])* pub $member:ident: $ty:ty,)* }) => {
        $(#[$doc])*
        #[derive(Debug, Default)]
        pub struct $name {
            $($(#[$mdoc])* pub $member: $ty,)*
        }

        impl<'de> $crate::request::params::Member<'de> for $name {
            fn read<M: serde::de::MapAccess<'de>>(
                &mut self,
                _: &'static str,
                entry: &mut $crate::request::params::Entry<'_, M>,
            ) -> Result<bool, M::Error> {
                Ok($($crate::request::params::Member::read(&mut self.$member, stringify!($member), entry)? ||)* false)
            }

            fn names(_: &'static str, names: &mut Vec<&'static str>) {
                $(<$ty as $crate::request::params::Member<'de>>::names(stringify!($member), names);)*
            }
        }

        impl $crate::request::params::Strict for $name {
            fn names() -> Vec<&'static str> {
                let mut names = Vec::new();
                <Self as $crate::request::params::Member<'static>>::names("", &mut names);
                names
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::request::params::read_params(deserializer)
            }
        }
    };
}
pub(crate) use params;

#[cfg(test)]
mod tests {
    use crate::error::Code;
    use crate::request::extract::{from_json, from_query};
    use crate::request::question::distance::DistanceRequest;
    use crate::request::square::Side;

    #[test]
    fn groups_read_numbers_aliases_and_refuse_what_they_do_not_take() {
        let req: DistanceRequest = from_query("src=a1&dest=19&width=5&height=6").unwrap();
        assert!(req.ends.from.is_given() && req.ends.to.is_given());
        assert_eq!(
            (req.plain.width.0, req.plain.height.0),
            (Some(Side(5)), Some(Side(6)))
        );
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
            ("from=a1&src=b2", Code::InvalidParameter, Some("src")),
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

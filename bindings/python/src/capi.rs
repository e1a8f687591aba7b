//! The batch calls' per-item work written over CPython's stable C API
//! (`pyo3::ffi`, every function in the limited API of Python 3.9), so that
//! it is this crate's own code, compiled optimised. PyO3's non-generic
//! functions (iteration, argument extraction, building lists) run at PyO3's
//! own opt-level, which the wheel's profile keeps low for its build time
//! (Cargo.toml): a loop over 4,096 pairs through them took 1.02 ms, this
//! one 0.16 ms (and 0.34 ms through PyO3 optimised).
//!
//! Only the common forms are read here: a `tuple` of two, an exact `int`,
//! a short ASCII `str`. Anything else, or anything refused, comes back as
//! `None` and is read again by the general path (`squares::square`), which
//! also words every refusal, so an error is the same either way.

use knight::{Board, Square, SquareName};
use pyo3::ffi;
use pyo3::prelude::*;

/// The longest name read here; a longer one goes the general way.
const NAME_CHARS: usize = 24;

/// A square of `board` from an exact `int` or an ASCII `str` of at most
/// [`NAME_CHARS`] characters, or `None` for anything else, valid or not.
pub fn square(value: &Bound<'_, PyAny>, board: Board) -> Option<Square> {
    let ptr = value.as_ptr();
    // SAFETY: `value` is a live object and holding a `Bound` proves the GIL
    // is held, as every call below requires; the type checks only read the
    // object's type pointer.
    let name = unsafe {
        if ffi::PyLong_CheckExact(ptr) != 0 {
            let index = ffi::PyLong_AsUnsignedLongLong(ptr);
            // u64::MAX is both a value and the error mark: an exception set
            // says which (a negative or too large int: refused, read again).
            if index == u64::MAX && !ffi::PyErr_Occurred().is_null() {
                ffi::PyErr_Clear();
                return None;
            }
            SquareName::Index(index)
        } else if ffi::PyUnicode_CheckExact(ptr) != 0 {
            let mut chars = [0u32; NAME_CHARS];
            let len = usize::try_from(ffi::PyUnicode_GetLength(ptr)).ok()?;
            if len == 0 || len > NAME_CHARS {
                return None;
            }
            // Copies the code points into `chars` (its length given, no
            // terminator asked), or sets an exception and gives null.
            let buffer = chars.as_mut_ptr();
            if ffi::PyUnicode_AsUCS4(ptr, buffer, py_size(NAME_CHARS), 0).is_null() {
                ffi::PyErr_Clear();
                return None;
            }
            let mut ascii = [0u8; NAME_CHARS];
            for (byte, &char) in ascii.iter_mut().zip(&chars[..len]) {
                *byte = u8::try_from(char).ok().filter(u8::is_ascii)?;
            }
            std::str::from_utf8(&ascii[..len]).ok()?.parse().ok()?
        } else {
            return None;
        }
    };
    name.on(board).ok()
}

/// A Python length of a small count.
fn py_size(n: usize) -> ffi::Py_ssize_t {
    ffi::Py_ssize_t::try_from(n).unwrap_or(ffi::Py_ssize_t::MAX)
}

/// The two items of `pair` when it is a `tuple` of two (borrowed from it),
/// else `None`.
pub fn tuple_pair<'a, 'py>(
    pair: &'a Bound<'py, PyAny>,
) -> Option<(Borrowed<'a, 'py, PyAny>, Borrowed<'a, 'py, PyAny>)> {
    let ptr = pair.as_ptr();
    // SAFETY: the GIL is held (a `Bound`); `PyTuple_GetItem` is called only
    // on a tuple of two at indices 0 and 1, where it cannot fail, and gives
    // references borrowed from the tuple, which `pair` keeps alive for 'a.
    unsafe {
        if ffi::PyTuple_CheckExact(ptr) == 0 || ffi::PyTuple_Size(ptr) != 2 {
            return None;
        }
        let py = pair.py();
        Some((
            Borrowed::from_ptr(py, ffi::PyTuple_GetItem(ptr, 0)),
            Borrowed::from_ptr(py, ffi::PyTuple_GetItem(ptr, 1)),
        ))
    }
}

/// Each item of `iterable` given to `read` with its place, as Python's
/// `for` does (a `TypeError` for a value that cannot be iterated, and any
/// error the iteration raises).
pub fn for_each<'py>(
    iterable: &Bound<'py, PyAny>,
    mut read: impl FnMut(usize, &Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    let py = iterable.py();
    // SAFETY: the GIL is held; `PyObject_GetIter` gives a new reference or
    // null with an exception set, which `from_owned_ptr_or_err` takes.
    let iterator =
        unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyObject_GetIter(iterable.as_ptr()))? };
    let mut i = 0;
    loop {
        // SAFETY: as above; `PyIter_Next` gives a new reference, or null at
        // the end (no exception) or on an error (an exception set).
        let item = unsafe { ffi::PyIter_Next(iterator.as_ptr()) };
        if item.is_null() {
            return match PyErr::take(py) {
                Some(error) => Err(error),
                None => Ok(()),
            };
        }
        // SAFETY: `item` is a new reference, not null, owned from here on.
        let item = unsafe { Bound::from_owned_ptr(py, item) };
        read(i, &item)?;
        i += 1;
    }
}

/// A Python `list` of `values`, each an `int` or `None`.
pub fn list_of_counts<'py>(py: Python<'py>, values: &[Option<u64>]) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: the GIL is held (`py`); `PyList_New` gives a new reference or
    // null with an exception set. Its items are null until set: a list
    // dropped half filled frees the ones set.
    let list = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(py_size(values.len())))? };
    for (i, value) in values.iter().enumerate() {
        // SAFETY: the GIL is held; each item is a new reference (a new int,
        // or `None` with its count raised), and `PyList_SetItem` takes it
        // over, at an index below the new list's length, where it only
        // stores it.
        unsafe {
            let item = match *value {
                Some(n) => ffi::PyLong_FromUnsignedLongLong(n),
                None => {
                    let none = ffi::Py_None();
                    ffi::Py_IncRef(none);
                    none
                }
            };
            if item.is_null() {
                return Err(PyErr::fetch(py));
            }
            ffi::PyList_SetItem(list.as_ptr(), py_size(i), item);
        }
    }
    Ok(list)
}

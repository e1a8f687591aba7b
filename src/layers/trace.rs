//! The caller's trace id: a W3C `traceparent` read, so that a request's
//! log lines carry the id of the trace it is part of (`front` reads it).

/// The trace id of a W3C `traceparent` (Trace Context, level 1):
/// `version-traceid-parentid-flags`, two, 32, 16 and two lower-case hex
/// digits, neither id all zeros, version `ff` invalid; a later version may
/// add fields after the flags.
pub fn trace_id(value: &[u8]) -> Option<&str> {
    let value = std::str::from_utf8(value).ok()?.trim();
    let hex = |s: &str, len: usize| {
        s.len() == len
            && s.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    let mut fields = value.split('-');
    let (version, trace, parent, flags) = (
        fields.next()?,
        fields.next()?,
        fields.next()?,
        fields.next()?,
    );
    let later = fields.next().is_some();
    let valid = hex(version, 2)
        && version != "ff"
        && (version != "00" || !later)
        && hex(trace, 32)
        && trace.bytes().any(|b| b != b'0')
        && hex(parent, 16)
        && parent.bytes().any(|b| b != b'0')
        && hex(flags, 2);
    valid.then_some(trace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn traceparent_gives_its_trace_id_only_when_valid() {
        let id = "4bf92f3577b34da6a3ce929d0e0e4736";
        let valid = format!("00-{id}-00f067aa0ba902b7-01");
        assert_eq!(trace_id(valid.as_bytes()), Some(id));
        let later = format!("01-{id}-00f067aa0ba902b7-01-extra");
        assert_eq!(trace_id(later.as_bytes()), Some(id));
        for bad in [
            format!("00-{id}-00f067aa0ba902b7-01-extra"),
            format!("ff-{id}-00f067aa0ba902b7-01"),
            format!("00-{}-00f067aa0ba902b7-01", "0".repeat(32)),
            format!("00-{id}-0000000000000000-01"),
            format!("00-{}-00f067aa0ba902b7-01", id.to_uppercase()),
            "00-abc-def-01".to_owned(),
            String::new(),
        ] {
            assert_eq!(trace_id(bad.as_bytes()), None, "{bad}");
        }
    }
}

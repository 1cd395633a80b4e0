//! The JSON writing every plugin needs, for plugins with no JSON library:
//! a quoted string and an error answer. Parsing is left to the plugin.

/// Appends `s` to `out` as a JSON string, quoted and escaped.
pub fn push_str(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Returns `s` as a JSON string, quoted and escaped.
pub fn string(s: &str) -> String {
    let mut out = String::new();
    push_str(&mut out, s);
    out
}

/// Returns the error answer `{"error":"<message>"}`, which the host
/// reports as the plugin's failure with the message. An empty message is
/// not a failure for the host, so it is replaced by "error".
pub fn error(message: &str) -> String {
    let message = if message.is_empty() { "error" } else { message };
    let mut out = String::from("{\"error\":");
    push_str(&mut out, message);
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings() {
        for (s, want) in [
            ("", r#""""#),
            ("lisbon", r#""lisbon""#),
            ("say \"hi\"", r#""say \"hi\"""#),
            ("a\\b", r#""a\\b""#),
            ("line\nnext\ttab\r", r#""line\nnext\ttab\r""#),
            ("\u{1}\u{1f}", r#""\u0001\u001f""#),
            ("Lisboa é bonita ✓", r#""Lisboa é bonita ✓""#),
        ] {
            assert_eq!(string(s), want, "string({s:?})");
        }
    }

    #[test]
    fn errors() {
        assert_eq!(
            error("ontology has no entity types"),
            r#"{"error":"ontology has no entity types"}"#
        );
        assert_eq!(error("bad \"x\""), r#"{"error":"bad \"x\""}"#);
        assert_eq!(error(""), r#"{"error":"error"}"#);
    }
}

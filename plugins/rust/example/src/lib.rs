//! first-word: a reranker in Rust, written against the `mnemo-plugin`
//! crate; the same plugin as `plugins/c/example/first_word.c`. It scores
//! each candidate 1 if its text contains the query's first word and 0
//! otherwise, and ranks the 1s first, keeping the input order among equals.
//! It reads the request by hand to need no dependency: only "query",
//! "uuid" and "text", which the host writes without escapes for plain text
//! (a real plugin should use a JSON parser such as serde_json).
//!
//! ```sh
//! cargo build --release --target wasm32-wasip1   # from plugins/rust
//! # target/wasm32-wasip1/release/first_word.wasm
//! ```

use mnemo_plugin::{json, log, Level};

mnemo_plugin::export_abi!();
mnemo_plugin::export!(describe => describe);
mnemo_plugin::export!(rerank => rerank);

fn describe() -> &'static str {
    concat!(
        r#"{"name":"first-word","version":"1.0.0","abi_version":1,"#,
        r#""description":"prefers candidates containing the query's first word","#,
        r#""capabilities":["rerank"],"imports":["log"]}"#
    )
}

fn rerank(request: &[u8]) -> String {
    let req = match std::str::from_utf8(request) {
        Ok(req) => req,
        Err(_) => return json::error("request is not UTF-8"),
    };
    let query = string_after(req, 0, "\"query\":").map_or("", |(q, _)| q);
    let word = query.split(' ').next().unwrap_or("");

    let mut candidates = Vec::new();
    if let Some(start) = req.find("\"candidates\":") {
        let mut at = start;
        while let Some((uuid, end)) = string_after(req, at, "\"uuid\":") {
            let (text, end) = match string_after(req, end, "\"text\":") {
                Some(found) => found,
                None => break,
            };
            candidates.push((uuid, !word.is_empty() && text.contains(word)));
            at = end;
        }
    }

    // Those with the word, then the rest, each in input order: the host
    // keeps the plugin's order.
    let mut out = String::from("{\"results\":[");
    let ranked = candidates
        .iter()
        .filter(|c| c.1)
        .chain(candidates.iter().filter(|c| !c.1));
    for (i, (uuid, hit)) in ranked.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"uuid\":");
        json::push_str(&mut out, uuid);
        out.push_str(if *hit {
            ",\"score\":1}"
        } else {
            ",\"score\":0}"
        });
    }
    out.push_str("]}");

    log(Level::Debug, &format!("candidates={}", candidates.len()));
    out
}

// string_after returns the JSON string value that follows key at or after
// byte from, unescaped as written, and the byte after its closing quote.
fn string_after<'a>(s: &'a str, from: usize, key: &str) -> Option<(&'a str, usize)> {
    let k = from + s[from..].find(key)? + key.len();
    let v = k + s[k..].find('"')? + 1;
    let end = v + s[v..].find('"')?;
    Some((&s[v..end], end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    // The request and answer of wasm/c_plugin_test.go, which runs the C and
    // the Rust builds of this plugin in the host.
    #[test]
    fn rerank_prefers_the_first_word() {
        let req = concat!(
            r#"{"group_id":"g","query":"lisbon trip","scope":"facts","limit":3,"now":"2025-03-14T09:30:00Z","candidates":["#,
            r#"{"uuid":"a","text":"alice lives in porto","mentions":1,"distance":-1},"#,
            r#"{"uuid":"b","text":"alice moved to lisbon","mentions":1,"distance":-1},"#,
            r#"{"uuid":"c","text":"bob likes lisbon","mentions":1,"distance":-1}]}"#
        );
        let want =
            r#"{"results":[{"uuid":"b","score":1},{"uuid":"c","score":1},{"uuid":"a","score":0}]}"#;
        assert_eq!(rerank(req.as_bytes()), want);
    }

    #[test]
    fn rerank_edges() {
        for (name, req, want) in [
            (
                "no candidates",
                r#"{"query":"x","candidates":[]}"#,
                r#"{"results":[]}"#,
            ),
            (
                "no query",
                r#"{"candidates":[{"uuid":"a","text":"t"}]}"#,
                r#"{"results":[{"uuid":"a","score":0}]}"#,
            ),
            ("empty", "", r#"{"results":[]}"#),
            ("no members", "\u{0}", r#"{"results":[]}"#),
        ] {
            assert_eq!(rerank(req.as_bytes()), want, "{name}");
        }
        assert_eq!(rerank(b"\xff"), r#"{"error":"request is not UTF-8"}"#);
    }

    #[test]
    fn describes_itself() {
        assert!(
            describe().starts_with(r#"{"name":"first-word","#),
            "{}",
            describe()
        );
    }
}

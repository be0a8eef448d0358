//! `--format sarif`: a SARIF 2.1.0 log, for code scanning. One run; the
//! tool's rules; one result per blocked edge and radius (and per stale
//! bake), each at the edge's line and column in the map. Columns count
//! Unicode code points (`columnKind`). A map read from standard input has no
//! place to point at: its results carry no location.

use std::io::{self, Write};

use serde::{Serialize, Serializer};
use serde_json::{Value, json};

use super::ci_report::{CiReport, Finding, Severity};

/// Where the SARIF 2.1.0 schema is published.
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The report as one SARIF document.
pub fn write(report: &CiReport, out: &mut dyn Write) -> io::Result<()> {
    let rules: Vec<Value> = report
        .rules
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "name": r.name,
                "shortDescription": { "text": r.description },
                "defaultConfiguration": { "level": level(r.severity) },
            })
        })
        .collect();
    let log = Log {
        schema: SCHEMA,
        runs: [Run {
            column_kind: "unicodeCodePoints",
            results: Results(report),
            tool: json!({ "driver": {
                "name": "clearway",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }}),
        }],
        version: "2.1.0",
    };
    serde_json::to_writer_pretty(&mut *out, &log)?;
    out.write_all(b"\n")
}

/// The log's top level. Fields are in the order a JSON object of
/// `serde_json` writes its keys (sorted), as the whole log was once a
/// `json!` value: a log is the same byte for byte.
#[derive(Serialize)]
struct Log<'a> {
    #[serde(rename = "$schema")]
    schema: &'static str,
    runs: [Run<'a>; 1],
    version: &'static str,
}

/// The one run, its fields sorted as in [`Log`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run<'a> {
    column_kind: &'static str,
    results: Results<'a>,
    tool: Value,
}

/// The results, each made as it is written: a level can have a finding
/// per edge, and a finding's JSON value is some kilobytes.
struct Results<'a>(&'a CiReport<'a>);

impl Serialize for Results<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let report = self.0;
        serializer.collect_seq(report.findings().map(|f| result(report, f)))
    }
}

fn result(report: &CiReport, f: &Finding) -> Value {
    let index = report.rules.iter().position(|r| r.id == f.rule.id);
    let mut result = json!({
        "ruleId": f.rule.id,
        "ruleIndex": index,
        "level": level(f.rule.severity),
        "message": { "text": f.message },
    });
    if let Some(file) = &report.file {
        let mut location = json!({ "artifactLocation": { "uri": uri(file) } });
        if let Some(at) = f.location {
            location["region"] = json!({ "startLine": at.line, "startColumn": at.column });
        }
        result["locations"] = json!([{ "physicalLocation": location }]);
    }
    result
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// A path as a URI reference: relative paths stay relative (to the checkout,
/// as code scanning reads them), absolute ones become `file://` URIs; bytes
/// other than unreserved characters and `/` are percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::uri;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("maps/level 1.ron"), "maps/level%201.ron");
        assert_eq!(uri("/tmp/a#b%.ron"), "file:///tmp/a%23b%25.ron");
        assert_eq!(uri("é.ron"), "%C3%A9.ron");
    }
}

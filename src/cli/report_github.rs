//! `--format github`: GitHub Actions workflow commands, which the runner
//! turns into annotations on the map's lines:
//!
//! ```text
//! ::error file=maps/level.ron,line=14,col=5,title=edge 1 blocked for tank (radius 1.5)::edge 1 (2 -> 3): clearance 1 < radius 1.5 (tank): circle #0 (line 19) pinches at (5, 0)
//! ```
//!
//! One `::error` per blocked edge and radius, one `::warning` per stale
//! bake, then the text report's summary lines, which the log shows as they
//! are. Properties and messages are escaped as the workflow-command syntax
//! requires; a map read from standard input gets no `file`, `line` or `col`.

use std::io::{self, Write};

use super::ci_report::{CiReport, Finding, Severity};

/// The report as workflow commands, one per line.
pub fn write(report: &CiReport, out: &mut dyn Write) -> io::Result<()> {
    for finding in report.findings() {
        command(out, report.file.as_deref(), finding)?;
    }
    out.write_all(report.summary.as_bytes())
}

fn command(out: &mut dyn Write, file: Option<&str>, finding: &Finding) -> io::Result<()> {
    let name = match finding.rule.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut properties = Vec::new();
    if let Some(file) = file {
        properties.push(format!("file={}", property(file)));
        if let Some(at) = finding.location {
            properties.push(format!("line={}", at.line));
            properties.push(format!("col={}", at.column));
        }
    }
    properties.push(format!("title={}", property(&finding.title)));
    writeln!(
        out,
        "::{name} {}::{}",
        properties.join(","),
        data(&finding.message)
    )
}

/// A command's message: `%`, CR and LF escaped.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value: as [`data`], and `:` and `,` too, which would end it.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::{data, property};

    #[test]
    fn escapes_as_the_runner_unescapes() {
        assert_eq!(data("100% a:b,c\r\nd"), "100%25 a:b,c%0D%0Ad");
        assert_eq!(property("100% a:b,c\r\nd"), "100%25 a%3Ab%2Cc%0D%0Ad");
        // `%` first, so that an escape is never escaped twice.
        assert_eq!(property("%3A"), "%253A");
    }
}

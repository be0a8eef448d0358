//! `--format junit`: JUnit XML, which CI systems show as a test report. A
//! `<testsuite>` per radius checked (and one for baked clearances), a
//! `<testcase>` per edge, a `<failure>` per blocked edge (or stale bake).
//!
//! Node names are user text: every attribute and text is escaped, and the
//! characters XML 1.0 cannot carry at all (control characters, U+FFFE,
//! U+FFFF) are replaced with U+FFFD.

use std::fmt::Write as _;

use super::ci_report::{Case, CiReport, Suite};

/// The report as one XML document.
pub fn write(report: &CiReport) -> String {
    let file = report.file.as_deref();
    let suites: Vec<&Suite> = report.all_suites().collect();
    let tests: usize = suites.iter().map(|s| s.cases.len()).sum();
    let failures = report.findings().count();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"clearway {}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\">",
        report.command
    );
    for suite in suites {
        let failures = suite.cases.iter().filter(|c| c.failure.is_some()).count();
        let _ = write!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\"",
            escape(&suite.name),
            suite.cases.len(),
        );
        if let Some(file) = file {
            let _ = write!(out, " file=\"{}\"", escape(file));
        }
        out.push_str(">\n");
        for case in &suite.cases {
            test_case(&mut out, file, &suite.name, case);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

fn test_case(out: &mut String, file: Option<&str>, suite: &str, case: &Case) {
    let _ = write!(
        out,
        "    <testcase name=\"{}\" classname=\"{}\"",
        escape(&case.name),
        escape(suite),
    );
    if let Some(file) = file {
        let _ = write!(out, " file=\"{}\"", escape(file));
        if let Some(at) = case.location {
            let _ = write!(out, " line=\"{}\"", at.line);
        }
    }
    match &case.failure {
        None => out.push_str("/>\n"),
        Some(f) => {
            let _ = writeln!(
                out,
                ">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>",
                f.rule.id,
                escape(&f.message),
                escape(&f.message),
            );
        }
    }
}

/// Text safe in an attribute value or element content: the five markup
/// characters as entities; tab, CR and LF as character references (so that
/// attribute-value normalisation keeps them); what XML 1.0 cannot carry,
/// as U+FFFD.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c if allowed_in_xml(c) => out.push(c),
            _ => out.push('\u{FFFD}'),
        }
    }
    out
}

/// XML 1.0's `Char` production, less what [`escape`] writes as references.
fn allowed_in_xml(c: char) -> bool {
    matches!(c, '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup_and_replaces_what_xml_cannot_carry() {
        assert_eq!(escape("a&b<c>d\"e'f"), "a&amp;b&lt;c&gt;d&quot;e&apos;f");
        assert_eq!(
            escape("x\u{0}\u{1b}\u{FFFE}\u{FFFF}y"),
            "x\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}y"
        );
        assert_eq!(escape("t\tn\nr\r"), "t&#9;n&#10;r&#13;");
        assert_eq!(escape("é 🦀 \u{7f}"), "é 🦀 \u{7f}");
    }
}

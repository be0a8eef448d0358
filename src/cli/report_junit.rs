//! `--format junit`: JUnit XML, which CI systems show as a test report. A
//! `<testsuite>` per radius checked (and one for baked clearances), a
//! `<testcase>` per edge, a `<failure>` per blocked edge (or stale bake).
//!
//! Node names are user text: every attribute and text is escaped, and the
//! characters XML 1.0 cannot carry at all (control characters, U+FFFE,
//! U+FFFF) are replaced with U+FFFD.

use std::io::{self, Write};

use super::ci_report::{Case, CiReport};
use clearway_text::xml::{XmlWhitespace, escape_xml};

/// The report as one XML document.
pub fn write(report: &CiReport, out: &mut dyn Write) -> io::Result<()> {
    let file = report.file.as_deref();
    let tests: usize = report.all_suites().map(|s| s.len()).sum();
    let failures = report.findings().count();
    out.write_all(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")?;
    writeln!(
        out,
        "<testsuites name=\"clearway {}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\">",
        report.command
    )?;
    for suite in report.all_suites() {
        write!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\"",
            escape(&suite.name),
            suite.len(),
            suite.failures.len(),
        )?;
        if let Some(file) = file {
            write!(out, " file=\"{}\"", escape(file))?;
        }
        out.write_all(b">\n")?;
        let classname = escape(&suite.name);
        for case in report.cases(suite) {
            test_case(out, file, &classname, &case)?;
        }
        out.write_all(b"  </testsuite>\n")?;
    }
    out.write_all(b"</testsuites>\n")
}

/// One `<testcase>`; `classname` is the suite's name, escaped.
fn test_case(
    out: &mut dyn Write,
    file: Option<&str>,
    classname: &str,
    case: &Case,
) -> io::Result<()> {
    write!(
        out,
        "    <testcase name=\"{}\" classname=\"{classname}\"",
        escape(&case.name),
    )?;
    if let Some(file) = file {
        write!(out, " file=\"{}\"", escape(file))?;
        if let Some(at) = case.location {
            write!(out, " line=\"{}\"", at.line)?;
        }
    }
    match case.failure {
        None => out.write_all(b"/>\n"),
        Some(f) => {
            let message = escape(&f.message);
            writeln!(
                out,
                ">\n      <failure type=\"{}\" message=\"{message}\">{message}</failure>\n    </testcase>",
                f.rule.id,
            )
        }
    }
}

/// Text safe in an attribute value or element content: the five markup
/// characters as entities; tab, CR and LF as character references (so that
/// attribute-value normalisation keeps them); what XML 1.0 cannot carry,
/// as U+FFFD.
fn escape(text: &str) -> String {
    escape_xml(text, XmlWhitespace::Referenced)
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

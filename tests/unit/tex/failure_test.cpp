#include <catch2/catch.hpp>

#include <string>

#include "tex/failure.h"

using namespace mkcv;

namespace {

TexResult failed_at(int line) {
    TexResult result;
    result.status = TexResult::Status::Failed;
    result.log = "out/.mkcv/cv-long/cv-long.log";
    result.first_error =
        LatexError{"cv-long.tex", line, "Undefined control sequence.", "l.2 Analyst \\badmacro"};
    return result;
}

}  // namespace

TEST_CASE("a TeX error is explained under the .tex line it names", "[tex_failure]") {
    const std::string tex = "\\documentclass{article}\nAnalyst \\badmacro\n";
    const TexResult result = failed_at(2);
    CHECK(explain_latex_error(*result.first_error, "out/cv-long.tex", tex) ==
          "out/cv-long.tex:2: error: Undefined control sequence.\n"
          "  Analyst \\badmacro\n"
          "  TeX stopped after: l.2 Analyst \\badmacro\n");
    LatexError no_line = *result.first_error;
    no_line.line = 0;
    no_line.context.clear();
    CHECK(explain_latex_error(no_line, "out/cv-long.tex", tex) ==
          "out/cv-long.tex: error: Undefined control sequence.\n");
}

TEST_CASE("a failed TeX run is one error diagnostic, at the line when known", "[tex_failure]") {
    const Diagnostic at_line = failure_diagnostic(failed_at(2), "out/cv-long.tex");
    CHECK(at_line.severity == Severity::Error);
    CHECK(at_line.code == "tex");
    CHECK(at_line.file == "out/cv-long.tex");
    CHECK(at_line.pos.line == 2);
    CHECK(at_line.message == "Undefined control sequence.");
    CHECK(at_line.hint == "the full log is out/.mkcv/cv-long/cv-long.log");

    TexResult no_error = failed_at(0);
    no_error.first_error.reset();
    no_error.explanation = "xdvipdfmx:fatal: no space";
    const Diagnostic whole = failure_diagnostic(no_error, "out/cv-long.tex");
    CHECK_FALSE(whole.pos.known());
    CHECK(whole.message == "TeX failed: xdvipdfmx:fatal: no space");

    TexResult timed_out;
    timed_out.status = TexResult::Status::TimedOut;
    timed_out.explanation = "TeX did not finish within 1 s and was stopped";
    CHECK(failure_diagnostic(timed_out, "x.tex").code == "tex-timeout");
    CHECK(failure_diagnostic(timed_out, "x.tex").message == timed_out.explanation);

    TexResult missing;
    missing.status = TexResult::Status::NotInstalled;
    missing.explanation = "latexmk is not installed";
    CHECK(failure_diagnostic(missing, "x.tex").code == "tex-tool");
    CHECK(failure_diagnostic(missing, "x.tex").hint.empty());
}

TEST_CASE("notes print with the line they point at, or without it", "[tex_failure]") {
    Diagnostics notes;
    notes.note("/no/such/cv.toml", {3, 12}, "tex-value", "this line prints the value written here");
    CHECK(print_notes(notes) ==
          "/no/such/cv.toml:3:12: note: this line prints the value written here\n");
}

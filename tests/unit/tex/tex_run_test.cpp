#include <catch2/catch.hpp>

#include "tex/tex_run.h"

using namespace mkcv;

// The commands latexmk 4.79 runs for `-pdfxe` (its "Running '...'" lines), so that the direct
// route makes the same PDF; integration/tex_passes_test.sh compares the bytes.
TEST_CASE("a direct XeLaTeX pass and xdvipdfmx get latexmk's arguments") {
    TexJob job;
    job.work_dir = "out/.mkcv/cv-long";
    job.tex_file = "cv-long.tex";
    CHECK(xelatex_pass_arguments(job) ==
          std::vector<std::string>{"-no-pdf", "-interaction=nonstopmode", "-halt-on-error",
                                   "-file-line-error", "-no-shell-escape", "-recorder",
                                   "cv-long.tex"});
    CHECK(xdvipdfmx_arguments(job) ==
          std::vector<std::string>{"-E", "-o", "cv-long.pdf", "cv-long.xdv"});
}

TEST_CASE("a direct pass starts from the precompiled preamble beside the build folder") {
    TexJob job;
    job.work_dir = "out/.mkcv/cv-long";
    job.tex_file = "cv-long.tex";
    job.format = "out/.mkcv/cv-long-0123.fmt";
    CHECK(xelatex_pass_arguments(job).end()[-2] == "-fmt=../cv-long-0123");
    // Only there: a format elsewhere is not named (as latexmk_arguments).
    job.format = "elsewhere/cv-long-0123.fmt";
    CHECK(xelatex_pass_arguments(job).end()[-2] == "-recorder");
}

#include "tex/tex_job.h"

#include <algorithm>
#include <filesystem>

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("the first TeX error is found with its line") {
    const std::string log =
        "This is XeTeX\n(./cv-long.tex\n./cv-long.tex:42: Undefined control sequence.\n"
        "l.42 \\badcommand\n                {x}\n./cv-long.tex:50: Another error\n";
    const auto error = first_latex_error(log);
    REQUIRE(error);
    CHECK(error->file == "cv-long.tex");
    CHECK(error->line == 42);
    CHECK(error->message == "Undefined control sequence.");
    CHECK(error->context == "\\badcommand");
}

TEST_CASE("errors without -file-line-error still count") {
    const auto error = first_latex_error("! Emergency stop.\n<*> cv.tex\n");
    REQUIRE(error);
    CHECK(error->line == 0);
    CHECK(error->message == "Emergency stop.");
    CHECK_FALSE(first_latex_error("all fine\n"));
}

TEST_CASE("pages and missing files are read from the log") {
    CHECK(page_count_from_log("Output written on cv-long.xdv (3 pages, 1234 bytes).") == 3);
    CHECK(page_count_from_log("Output written on cv.pdf (1 page, 99 bytes).") == 1);
    CHECK(page_count_from_log("nothing") == 0);
    CHECK(missing_file_from_log("! LaTeX Error: File `titlesec.sty' not found.") == "titlesec.sty");
    CHECK(missing_file_from_log(
              "Package fontspec Error: The font \"Noto Serif\" cannot be found.") == "Noto Serif");
    CHECK(debian_packages_for("xeCJK.sty") ==
          std::vector<std::string>{"texlive-lang-cjk", "texlive-lang-chinese"});
    CHECK(debian_packages_for("Noto Serif CJK SC") == std::vector<std::string>{"fonts-noto-cjk"});
    CHECK(debian_packages_for("nonexistent.sty").empty());
}

TEST_CASE("a missing Noto CJK font names its debian package, fonts-noto-cjk (a Recommends)") {
    // XeLaTeX's log for a CV with CJK text, where fontconfig has no Noto CJK: the same from
    // \mkcvcjk (\newfontfamily) and from xeCJK's \setCJKmainfont.
    const std::string log =
        "! Package fontspec Error: The font \"Noto Sans CJK JP\" cannot be "
        "found.\n\nFor immediate help type H <return>.\n";
    TexJob job;
    job.work_dir = std::filesystem::temp_directory_path();
    TexResult result;
    explain_failure(job, "", log, result);
    CHECK(result.missing_file == "Noto Sans CJK JP");
    CHECK(result.explanation ==
          "TeX cannot find Noto Sans CJK JP: apt-get install fonts-noto-cjk (mkcv doctor checks "
          "all the templates need)");
    for (const char* region : {"SC", "TC", "HK", "JP", "KR"})
        CHECK(debian_packages_for(std::string("Noto Serif CJK ") + region) ==
              std::vector<std::string>{"fonts-noto-cjk"});
}

TEST_CASE("a failure of the machine is found in latexmk's output, with its program") {
    // As xelatex printed it when the disk filled while it wrote the .xdv.
    const std::string output =
        "Package hyperref Warning: Rerun to get /PageLabels entry.\n\n"
        "[1xelatex: fwrite: No space left on device\n"
        "Latexmk: If appropriate, the -f option can be used to get latexmk\n"
        "  xelatex: Command for 'xelatex' gave return code 1\n";
    CHECK(system_error_from_output(output) == "xelatex: fwrite: No space left on device");
    CHECK(failure_line_from_output(output) == "xelatex: fwrite: No space left on device");
    CHECK(system_error_from_output("(./a.sty) xdvipdfmx: Disk quota exceeded\n") ==
          "xdvipdfmx: Disk quota exceeded");
    CHECK(system_error_from_output("No space left on device") == "No space left on device");
    CHECK(system_error_from_output("all fine\nLatexmk: done\n").empty());
    // Otherwise a program's fatal message or a TeX error line.
    CHECK(failure_line_from_output("x\nxdvipdfmx:fatal: Invalid font: -1 (0)\nmore\n") ==
          "xdvipdfmx:fatal: Invalid font: -1 (0)");
    CHECK(failure_line_from_output("x\n! TeX capacity exceeded, sorry [buffer size=200000].\n") ==
          "TeX capacity exceeded, sorry [buffer size=200000].");
    // As latexmk shows it when a line of the .tex is longer than TeX's buffer.
    CHECK(failure_line_from_output(
              "(./cv-long.aux) (/usr/share/ts1cmr.fd)! Unable to read an entire "
              "line---bufsize=200000.\nPlease increase buf_size in texmf.cnf.\n") ==
          "Unable to read an entire line---bufsize=200000.");
    // ... or after the pages TeX shipped out, when the long line comes late.
    CHECK(failure_line_from_output("[1]! Unable to read an entire line---bufsize=200000.\n") ==
          "Unable to read an entire line---bufsize=200000.");
    CHECK(failure_line_from_output("Wow! Such text\n").empty());
    CHECK(failure_line_from_output("Latexmk: all targets up-to-date\n").empty());
}

TEST_CASE("TeX runs sandboxed: paranoid kpathsea, no shell escape, LuaLaTeX --safer") {
    const auto& sandbox = tex_sandbox_environment();
    CHECK(sandbox.at("openin_any") == "p");
    CHECK(sandbox.at("openout_any") == "p");
    CHECK(sandbox.at("shell_escape") == "f");
    TexJob job;
    job.tex_file = "cv.tex";
    const auto has = [](const std::vector<std::string>& args, const std::string& arg) {
        return std::find(args.begin(), args.end(), arg) != args.end();
    };
    CHECK(has(latexmk_arguments(job), "-latexoption=-no-shell-escape"));
    CHECK_FALSE(has(latexmk_arguments(job), "-latexoption=-safer"));
    job.engine = "lualatex";
    const auto lua = latexmk_arguments(job);
    CHECK(has(lua, "-pdflua"));
    CHECK(has(lua, "-latexoption=-safer"));
    CHECK(has(lua, "-latexoption=-nosocket"));
    CHECK(lua.back() == "cv.tex");
    // Never another program in the engine's place.
    job.engine = "sh";
    job.work_dir = std::filesystem::temp_directory_path();
    const TexResult refused = run_latexmk(job);
    CHECK(refused.status == TexResult::Status::CouldNotStart);
    CHECK(refused.explanation == "unknown TeX engine \"sh\" (xelatex, lualatex or pdflatex)");
}

TEST_CASE("the build record names the engine and its options, not the route that ran them") {
    TexJob job;
    job.tex_file = "cv.tex";
    job.page_total_matters = false;
    CHECK(engine_and_options(job) ==
          "xelatex -interaction=nonstopmode -halt-on-error -file-line-error -no-shell-escape");
    // latexmk and the direct route make the same PDF: asking for latexmk is recorded apart.
    TexJob through_latexmk = job;
    through_latexmk.latexmk = true;
    CHECK(engine_and_options(through_latexmk) == engine_and_options(job));
    job.page_total_matters = true;
    CHECK(engine_and_options(job).ends_with(", rerun until the page total settles"));
    job.engine = "lualatex";
    CHECK(engine_and_options(job).starts_with("lualatex "));
    CHECK(engine_and_options(job).find(" -safer -nosocket") != std::string::npos);
    // Both routes pass the engine the same options.
    const std::vector<std::string> latexmk = latexmk_arguments(job);
    for (const auto& option : engine_options(job))
        CHECK(std::find_if(latexmk.begin(), latexmk.end(), [&](const std::string& arg) {
                  return arg.ends_with(option);
              }) != latexmk.end());
}

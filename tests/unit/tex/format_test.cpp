#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "tex/format.h"
#include "tex/tex_job.h"
#include "util/file_io.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const std::string kPreamble =
    "%% comment\n\\documentclass{article}\n\\usepackage{hyperref}\n\\csname endofdump\\endcsname\n";
const std::string kRest = "\\setmainfont{Noto Serif}\n\\begin{document}\nHello\n\\end{document}\n";

TexJob xelatex_job() {
    TexJob job;
    job.engine = "xelatex";
    job.environment["SOURCE_DATE_EPOCH"] = "1700000000";
    return job;
}

}  // namespace

TEST_CASE("the dumped preamble ends with the marker line") {
    const auto format = preamble_format(kPreamble + kRest, xelatex_job(), "out", "cv-long");
    REQUIRE(format);
    CHECK(format->preamble == kPreamble);
    CHECK(format->key.size() == 32);
    CHECK(format->file == fs::path("out/.mkcv/cv-long-" + format->key + ".fmt"));
    CHECK(format->record == fs::path("out/.mkcv/cv-long.format"));
}

TEST_CASE("the key follows the preamble and the environment, not the rest nor the date") {
    const std::string key = preamble_format_key(kPreamble + kRest, xelatex_job());
    CHECK(preamble_format_key(kPreamble + "\\begin{document}Bye\\end{document}\n", xelatex_job()) ==
          key);
    CHECK(preamble_format_key("%\n" + kPreamble + kRest, xelatex_job()) != key);
    // The format is dumped with a fixed date, so one serves CVs of every date (a machine's
    // cache of formats: tex/format_cache.h).
    TexJob other = xelatex_job();
    other.environment["SOURCE_DATE_EPOCH"] = "1700000001";
    CHECK(preamble_format_key(kPreamble + kRest, other) == key);
    other.engine = "lualatex";
    CHECK(preamble_format_key(kPreamble + kRest, other) != key);
}

TEST_CASE("no format without the marker, after begin document, or for other engines") {
    CHECK_FALSE(preamble_format("\\documentclass{article}\n" + kRest, xelatex_job(), "out", "x"));
    CHECK_FALSE(
        preamble_format("\\documentclass{article}\n\\begin{document}\n"
                        "\\csname endofdump\\endcsname\n\\end{document}\n",
                        xelatex_job(), "out", "x"));
    // Only a line of its own counts.
    CHECK_FALSE(preamble_format("\\documentclass{article} \\csname endofdump\\endcsname\n" + kRest,
                                xelatex_job(), "out", "x"));
    // The format's name goes through latexmk's shell: none for names that need quoting.
    CHECK_FALSE(preamble_format(kPreamble + kRest, xelatex_job(), "out", "my cv-long"));
    CHECK_FALSE(preamble_format(kPreamble + kRest, xelatex_job(), "out", "cv$(x)-long"));
    CHECK(preamble_format(kPreamble + kRest, xelatex_job(), "my out", "my_cv.v2-long"));
    TexJob pdflatex = xelatex_job();
    pdflatex.engine = "pdflatex";
    CHECK(preamble_format_key(kPreamble + kRest, pdflatex).empty());
}

TEST_CASE("a format is current only with its record, its key and unchanged files") {
    const fs::path out = fs::temp_directory_path() / ("mkcv-format-" + std::to_string(::getpid()));
    fs::remove_all(out);
    fs::create_directories(out / ".mkcv");
    const auto format = preamble_format(kPreamble + kRest, xelatex_job(), out, "cv-long");
    REQUIRE(format);
    CHECK_FALSE(format_is_current(*format));  // nothing there
    REQUIRE(write_file_atomically(format->file, "dumped"));
    const fs::path tex_file = out / "hyperref.sty";
    REQUIRE(write_file_atomically(tex_file, "\\endinput\n"));
    const auto state = [&] {
        return std::to_string(fs::file_size(tex_file)) + " " +
               std::to_string(fs::last_write_time(tex_file).time_since_epoch().count());
    };
    const auto record = [&](const std::string& key) {
        REQUIRE(write_file_atomically(
            format->record,
            "mkcv format 1\nkey " + key + "\nfile " + state() + " " + tex_file.string() + "\n"));
    };
    record(format->key);
    CHECK(format_is_current(*format));
    record(std::string(32, '0'));
    CHECK_FALSE(format_is_current(*format));  // made from another preamble
    record(format->key);
    REQUIRE(write_file_atomically(tex_file, "\\relax\\endinput\n"));
    CHECK_FALSE(format_is_current(*format));  // a TeX file changed since
    record(format->key);
    fs::remove(format->file);
    CHECK_FALSE(format_is_current(*format));  // the format itself is gone

    REQUIRE(
        write_file_atomically(format->record, "mkcv format 1\nkey " + format->key + "\nfailed\n"));
    CHECK(format_failed_before(*format));
    CHECK_FALSE(format_is_current(*format));
    fs::remove_all(out);
}

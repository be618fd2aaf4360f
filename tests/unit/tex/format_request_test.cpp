#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "test_support.h"
#include "tex/format.h"
#include "tex/format_request.h"
#include "tex/tex_job.h"
#include "util/file_io.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const std::string kRequestPreamble =
    "\\documentclass{article}\n\\usepackage{hyperref}\n\\csname endofdump\\endcsname\n";

TexJob job_of_a_build() {
    TexJob job;
    job.engine = "xelatex";
    job.timeout = std::chrono::seconds(120);
    job.environment["SOURCE_DATE_EPOCH"] = "1700000000";
    job.environment["FORCE_SOURCE_DATE"] = "1";
    return job;
}

std::string request_for(const TexJob& job) {
    const auto format =
        preamble_format(kRequestPreamble + "\\begin{document}\n", job, "out", "cv-long");
    REQUIRE(format);
    return format_request_text(*format, job);
}

}  // namespace

TEST_CASE("a format request reads back as the job and preamble it was written from") {
    const TexJob job = job_of_a_build();
    TexJob read;
    read.engine = "lualatex";
    std::string preamble;
    REQUIRE(parse_format_request(request_for(job), read, preamble));
    CHECK(preamble == kRequestPreamble);
    CHECK(read.engine == "xelatex");
    CHECK(read.timeout == job.timeout);
    CHECK(read.environment == job.environment);
    // The key made from what was read is the build's: the maker makes the format it uses.
    const auto built = preamble_format(kRequestPreamble, job, "out", "cv-long");
    const auto made = preamble_format(preamble, read, "out", "cv-long");
    REQUIRE(built);
    REQUIRE(made);
    CHECK(made->key == built->key);
}

TEST_CASE("a format request gives TeX nothing a build would not") {
    const std::string good = request_for(job_of_a_build());
    const auto with = [&](const std::string& from, const std::string& to) {
        std::string text = good;
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        return text.replace(at, from.size(), to);
    };
    TexJob job;
    std::string preamble;
    CHECK_FALSE(parse_format_request(with("engine xelatex", "engine lualatex"), job, preamble));
    CHECK_FALSE(parse_format_request(with("engine xelatex\n", ""), job, preamble));
    CHECK_FALSE(parse_format_request(with("timeout 120", "timeout 0"), job, preamble));
    CHECK_FALSE(parse_format_request(with("timeout 120", "timeout 99999999"), job, preamble));
    CHECK_FALSE(
        parse_format_request(with("env FORCE_SOURCE_DATE=1", "env shell_escape=t"), job, preamble));
    CHECK_FALSE(
        parse_format_request(with("env FORCE_SOURCE_DATE=1", "env TEXMFOUTPUT=/"), job, preamble));
    CHECK_FALSE(parse_format_request(
        with("env SOURCE_DATE_EPOCH=1700000000", "env SOURCE_DATE_EPOCH=1 2"), job, preamble));
    CHECK_FALSE(parse_format_request(with("mkcv format request 1", "mkcv format request 2"), job,
                                     preamble));
    CHECK_FALSE(parse_format_request(with("preamble\n", "unknown\n"), job, preamble));
    CHECK_FALSE(parse_format_request("", job, preamble));
    CHECK(parse_format_request(good, job, preamble));
}

TEST_CASE("the format maker refuses a request that is not a build's") {
    test::TempDir dir;
    const fs::path state = dir.path / ".mkcv";
    fs::create_directories(state);
    // A name that would lead out of the output folder.
    CHECK(make_requested_format(dir.path, "../cv-long").find("not an output") == 0);
    CHECK(make_requested_format(dir.path, ".hidden").find("not an output") == 0);
    // No request: nothing to do, nothing made.
    CHECK(make_requested_format(dir.path, "cv-long").find("cannot open") == 0);
    // A link in the request's place is never followed.
    fs::create_symlink(dir.path / "elsewhere", state / "cv-long.format-request");
    CHECK(make_requested_format(dir.path, "cv-long").find("cannot open") == 0);
    CHECK_FALSE(fs::exists(dir.path / "elsewhere"));
    fs::remove(state / "cv-long.format-request");
    // A request taken already (emptied), and one whose preamble does not end at its marker.
    REQUIRE(write_file_atomically(state / "cv-long.format-request", ""));
    CHECK(make_requested_format(dir.path, "cv-long") == "nothing was asked");
    REQUIRE(write_file_atomically(state / "cv-long.format-request",
                                  request_for(job_of_a_build()) + "\\begin{document}\n"));
    CHECK(make_requested_format(dir.path, "cv-long").find("no preamble") != std::string::npos);
    // Each request is read once: the maker empties it.
    std::string left;
    REQUIRE(read_file(state / "cv-long.format-request", left));
    CHECK(left.empty());
    CHECK_FALSE(fs::exists(state / "cv-long.format"));
}

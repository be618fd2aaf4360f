// What decides that an output is up to date: digests, records, and the reasons given.
#include <cstdlib>
#include <filesystem>

#include <unistd.h>

#include <catch2/catch.hpp>

#include "pipeline/build_state.h"
#include "util/digest.h"
#include "util/file_io.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;
using mkcv::test::TempDir;

// A built PDF and the place of its record, in a folder of its own.
struct BuiltPdf {
    TempDir dir;
    fs::path pdf = dir.path / "cv-long.pdf";
    fs::path record_path = state_path(dir.path, "cv-long");
    explicit BuiltPdf(const std::string& bytes) {
        fs::create_directories(record_path.parent_path());
        REQUIRE(write_file_atomically(pdf, bytes));
    }
};

TEST_CASE("build records round-trip and explain what changed") {
    BuiltPdf built("%PDF-1.5 one");
    const fs::path& pdf = built.pdf;
    const fs::path& record_path = built.record_path;

    BuildInputs inputs;
    inputs.add("template file long/cv.tex.mustache", "\\documentclass{article}");
    inputs.add("cv-long.tex (cv.toml rendered)", "tex");
    CHECK(why_stale(inputs, std::nullopt, pdf) ==
          "no record of how " + pdf.string() + " was built");
    REQUIRE(record_build(record_path, inputs, pdf));
    const auto record = read_build_record(record_path);
    REQUIRE(record);
    CHECK(record->inputs.size() == 2);
    CHECK(why_stale(inputs, record, pdf).empty());

    SECTION("an input changed") {
        BuildInputs changed = inputs;
        changed.add("cv-long.tex (cv.toml rendered)", "other tex");
        CHECK(why_stale(changed, record, pdf) == "cv-long.tex (cv.toml rendered) changed");
    }
    SECTION("an input is new or gone") {
        BuildInputs more = inputs;
        more.add("bibliography refs.bib", "@article{}");
        CHECK(why_stale(more, record, pdf) == "bibliography refs.bib is new");
        BuildInputs fewer;
        fewer.add("template file long/cv.tex.mustache", "\\documentclass{article}");
        CHECK(why_stale(fewer, record, pdf) == "cv-long.tex (cv.toml rendered) was removed");
    }
    SECTION("the PDF changed or is gone") {
        REQUIRE(write_file_atomically(pdf, "%PDF-1.5 two"));
        CHECK(why_stale(inputs, record, pdf) ==
              pdf.string() + " was changed or replaced after mkcv built it");
        fs::remove(pdf);
        CHECK(why_stale(inputs, record, pdf) == pdf.string() + " does not exist");
    }
    SECTION("a damaged record counts as none") {
        REQUIRE(write_file_atomically(record_path, "mkcv build record 2\ngarbage\n"));
        CHECK_FALSE(read_build_record(record_path));
        REQUIRE(write_file_atomically(record_path, "something else\n"));
        CHECK_FALSE(read_build_record(record_path));
    }
}

TEST_CASE("a build folder left busy by a killed build is emptied before reuse") {
    TempDir dir;
    const fs::path work = dir.path / "work";
    REQUIRE(prepare_work_dir(work));
    REQUIRE(write_file_atomically(work / "work.aux", "half written"));
    // Never finished: the next build starts from an empty folder.
    REQUIRE(prepare_work_dir(work));
    CHECK_FALSE(fs::exists(work / "work.aux"));
    REQUIRE(write_file_atomically(work / "work.aux", "complete"));
    finish_work_dir(work);
    // Finished: latexmk's files are kept, they save passes.
    REQUIRE(prepare_work_dir(work));
    CHECK(fs::exists(work / "work.aux"));
}

TEST_CASE("a build folder keeps only the files its build makes") {
    TempDir dir;
    const fs::path work = dir.path / "cv-long";
    REQUIRE(prepare_work_dir(work));
    for (const char* name : {"cv-long.aux", "cv-long.tex", "cv-long.fdb_latexmk", "tex.out",
                             "hyperref.cfg", "cv-long.sty", "other.aux", ".hidden"})
        REQUIRE(write_file_atomically(work / name, "x"));
    fs::create_directories(work / "sub");
    fs::create_symlink("/etc/hostname", work / "cv-long.log");
    finish_work_dir(work);
    REQUIRE(prepare_work_dir(work));
    CHECK(fs::exists(work / "cv-long.aux"));
    CHECK(fs::exists(work / "cv-long.tex"));
    CHECK(fs::exists(work / "cv-long.fdb_latexmk"));
    CHECK(fs::exists(work / "tex.out"));
    // Planted: what TeX would read before its own files, or anything not a plain file.
    for (const char* name : {"hyperref.cfg", "cv-long.sty", "other.aux", ".hidden", "sub"})
        CHECK_FALSE(fs::exists(work / name));
    CHECK_FALSE(fs::exists(fs::symlink_status(work / "cv-long.log")));

    // A build folder that is a link would let TeX write where it points.
    fs::remove_all(work);
    fs::create_directories(dir.path / "elsewhere");
    fs::create_directory_symlink(dir.path / "elsewhere", work);
    REQUIRE(prepare_work_dir(work));
    CHECK_FALSE(fs::is_symlink(fs::symlink_status(work)));
    CHECK(fs::is_directory(work));

    fs::remove_all(work);
    REQUIRE(write_file_atomically(work, "a file where the folder goes"));
    REQUIRE(prepare_work_dir(work));
    CHECK(fs::is_directory(work));

    CHECK(is_build_file("cv-long.xdv", "cv-long"));
    CHECK(is_build_file("cv-long.run.xml", "cv-long"));
    CHECK_FALSE(is_build_file("cv-long.cfg", "cv-long"));
    CHECK_FALSE(is_build_file("cv-long", "cv-long"));
    CHECK_FALSE(is_build_file("cv.aux", "cv-long"));
}

TEST_CASE("inputs of this machine count for a build, not for check") {
    const BuiltPdf built("%PDF-1.5");
    const fs::path& pdf = built.pdf;
    const fs::path& record_path = built.record_path;
    BuildInputs inputs;
    inputs.add("cv-long.tex (cv.toml rendered)", "tex");
    inputs.add("TeX installation (this machine)", "xetex 2022");
    REQUIRE(record_build(record_path, inputs, pdf));
    const auto record = read_build_record(record_path);

    BuildInputs upgraded = inputs;
    upgraded.add("TeX installation (this machine)", "xetex 2024");
    CHECK(why_stale(upgraded, record, pdf) == "TeX installation (this machine) changed");
    CHECK(why_stale(upgraded, record, pdf, false).empty());
    BuildInputs more = inputs;
    more.add("fonts (this machine)", "/usr/share/fonts");
    CHECK(why_stale(more, record, pdf) == "fonts (this machine) is new");
    CHECK(why_stale(more, record, pdf, false).empty());
    BuildInputs edited = upgraded;
    edited.add("cv-long.tex (cv.toml rendered)", "other");
    CHECK(why_stale(edited, record, pdf, false) == "cv-long.tex (cv.toml rendered) changed");
}

TEST_CASE("the record notes the .tex placed beside the PDF") {
    BuiltPdf built("%PDF-1.5 trimmed");
    BuildInputs inputs;
    inputs.add("cv-long.tex (cv.toml rendered)", "full tex");
    REQUIRE(record_build(built.record_path, inputs, built.pdf, "trimmed tex"));
    const auto record = read_build_record(built.record_path);
    REQUIRE(record);
    CHECK(record->tex_digest == digest_of("trimmed tex"));
    // Without a .tex (as before) the line is left out and reads back empty.
    REQUIRE(record_build(built.record_path, inputs, built.pdf));
    CHECK(read_build_record(built.record_path)->tex_digest.empty());
}

TEST_CASE("a record or an output that is a link is not read through") {
    BuiltPdf built("%PDF-1.5 one");
    BuildInputs inputs;
    inputs.add("cv-long.tex (cv.toml rendered)", "\\documentclass{article}");
    REQUIRE(record_build(built.record_path, inputs, built.pdf));
    REQUIRE(why_stale(inputs, read_build_record(built.record_path), built.pdf).empty());
    // The same record and PDF, moved outside and linked: neither is followed.
    const fs::path outside = built.dir.path / "outside";
    fs::create_directories(outside);
    fs::rename(built.record_path, outside / "record");
    fs::create_symlink(outside / "record", built.record_path);
    CHECK_FALSE(read_build_record(built.record_path));
    fs::remove(built.record_path);
    fs::rename(outside / "record", built.record_path);
    fs::rename(built.pdf, outside / "cv-long.pdf");
    fs::create_symlink(outside / "cv-long.pdf", built.pdf);
    CHECK(why_stale(inputs, read_build_record(built.record_path), built.pdf) ==
          built.pdf.string() + " was changed or replaced after mkcv built it");
}

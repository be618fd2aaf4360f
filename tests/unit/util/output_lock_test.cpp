// Data safety of the output folder: one build at a time (the lock), each template once, and
// what killed builds leave behind is recognised and removed.
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "pipeline/build_state.h"
#include "pipeline/pipeline.h"
#include "util/file_io.h"
#include "util/output_lock.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;
using mkcv::test::TempDir;

TEST_CASE("the output lock is held by one taker at a time", "[output_lock]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    std::ostringstream log;
    {
        const OutputLock first = OutputLock::acquire(out, true, log);
        REQUIRE(first.status() == OutputLock::Status::Held);
        CHECK(fs::exists(out / ".mkcv" / ".lock"));
        // flock locks belong to open files: a second open in the same process conflicts as
        // a second mkcv would.
        const OutputLock second = OutputLock::acquire(out, false, log);
        CHECK(second.status() == OutputLock::Status::Busy);
        CHECK(second.holder() == ::getpid());
        CHECK(describe_lock_holder(out, second.holder()) == "another mkcv build in " +
                                                                out.string() + "/ (pid " +
                                                                std::to_string(::getpid()) + ")");
        CHECK(log.str().empty());  // not waiting: nothing said
    }
    // Released with the object (and by the kernel when a process dies).
    const OutputLock again = OutputLock::acquire(out, false, log);
    CHECK(again.status() == OutputLock::Status::Held);
    OutputLock moved = OutputLock::acquire(dir.path / "other", false, log);
    moved = OutputLock::acquire(out, false, log);  // `again` still holds it
    CHECK(moved.status() == OutputLock::Status::Busy);
}

TEST_CASE("a lock that cannot be created says why and is not Busy", "[output_lock]") {
    TempDir dir;
    REQUIRE(write_file_atomically(dir.path / "file", "x"));
    std::ostringstream log;
    const OutputLock lock = OutputLock::acquire(dir.path / "file", false, log);
    CHECK(lock.status() == OutputLock::Status::Unavailable);
    CHECK(lock.problem().find("cannot create " + (dir.path / "file" / ".mkcv").string()) == 0);
    CHECK(lock.problem().find("Not a directory") != std::string::npos);
}

namespace {

// A file outside the output folder, whose content a lock must never change.
struct Canary {
    fs::path path;
    explicit Canary(const fs::path& where) : path(where) {
        fs::create_directories(path.parent_path());
        REQUIRE(write_file_atomically(path, "precious\n"));
    }
    std::string text() const {
        std::string out;
        return read_file(path, out) ? out : "(gone)";
    }
};

}  // namespace

TEST_CASE("a linked lock is refused and its target is left as it was", "[output_lock]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    const Canary canary(dir.path / "outside" / "bashrc");
    fs::create_directories(out / ".mkcv");
    fs::create_symlink(canary.path, out / ".mkcv" / ".lock");
    std::ostringstream log;
    {
        const OutputLock lock = OutputLock::acquire(out, false, log);
        CHECK(lock.status() == OutputLock::Status::Refused);
        CHECK(lock.refused().path == out / ".mkcv" / ".lock");
        CHECK(lock.refused().why == "is a symbolic link");
        CHECK(lock.problem() == (out / ".mkcv" / ".lock").string() + " is a symbolic link");
    }
    CHECK(canary.text() == "precious\n");
    CHECK(fs::is_symlink(out / ".mkcv" / ".lock"));
    // A link to nothing is not made into a file where it points.
    fs::remove(out / ".mkcv" / ".lock");
    fs::create_symlink(dir.path / "outside" / "new", out / ".mkcv" / ".lock");
    CHECK(OutputLock::acquire(out, false, log).status() == OutputLock::Status::Refused);
    CHECK_FALSE(fs::exists(dir.path / "outside" / "new"));
}

TEST_CASE("a lock that is a pipe or has other hard links is refused", "[output_lock]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    const Canary canary(dir.path / "outside" / "authorized_keys");
    fs::create_directories(out / ".mkcv");
    fs::create_hard_link(canary.path, out / ".mkcv" / ".lock");
    std::ostringstream log;
    {
        const OutputLock lock = OutputLock::acquire(out, false, log);
        CHECK(lock.status() == OutputLock::Status::Refused);
        CHECK(lock.refused().why == "has other hard links (the lock mkcv makes has one)");
    }
    CHECK(canary.text() == "precious\n");
    fs::remove(out / ".mkcv" / ".lock");
    REQUIRE(::mkfifo((out / ".mkcv" / ".lock").c_str(), 0600) == 0);
    const OutputLock lock = OutputLock::acquire(out, true, log);  // returns, never waits
    CHECK(lock.status() == OutputLock::Status::Refused);
    CHECK(lock.refused().why == "is a pipe (FIFO), not a regular file");
}

TEST_CASE("a linked state folder is refused and nothing is made where it points", "[output_lock]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    fs::create_directories(out);
    fs::create_directories(dir.path / "outside");
    fs::create_directory_symlink(dir.path / "outside", out / ".mkcv");
    std::ostringstream log;
    {
        const OutputLock lock = OutputLock::acquire(out, false, log);
        CHECK(lock.status() == OutputLock::Status::Refused);
        CHECK(lock.refused().path == out / ".mkcv");
        CHECK(lock.refused().why == "is a symbolic link, not a folder");
    }
    CHECK(fs::is_empty(dir.path / "outside"));
    // The same for a link to nothing: mkdir does not make its target.
    fs::remove(out / ".mkcv");
    fs::create_directory_symlink(dir.path / "none", out / ".mkcv");
    CHECK(OutputLock::acquire(out, false, log).status() == OutputLock::Status::Refused);
    CHECK_FALSE(fs::exists(dir.path / "none"));
}

TEST_CASE("a build into a folder with a linked state file is refused before anything runs",
          "[output_lock]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    const Canary canary(dir.path / "outside" / "x.pdf");
    fs::create_directories(out / ".mkcv" / "cv-long");
    fs::create_symlink(canary.path, out / ".mkcv" / "cv-long.previous.pdf");
    fs::create_symlink(dir.path / "outside", out / ".mkcv" / "cv-long" / "cv-long.aux");
    BuildOptions options;
    options.out_dir = out;
    std::ostringstream log;
    const BuildReport report = build_all({}, "cv", options, log);
    CHECK(report.refused);
    CHECK_FALSE(report.ok);
    CHECK(report.diagnostics.error_count() == 2);
    CHECK(log.str().find((out / ".mkcv" / "cv-long.previous.pdf").string() +
                         " is a symbolic link") != std::string::npos);
    // The leftovers of killed builds are removed only after the check: the link is still there.
    CHECK(fs::is_symlink(out / ".mkcv" / "cv-long.previous.pdf"));
    CHECK(canary.text() == "precious\n");
}

TEST_CASE("repeated templates are merged in first-occurrence order", "[output_lock]") {
    using V = std::vector<std::string>;
    CHECK(unique_in_order(V{}).empty());
    CHECK(unique_in_order(V{"long", "long"}) == V{"long"});
    CHECK(unique_in_order(V{"short", "long", "short", "long", "x"}) == V{"short", "long", "x"});
}

TEST_CASE("temporaries of atomic writes are recognised and removed", "[output_lock]") {
    CHECK(is_atomic_write_temporary(".cv-short.pdf.1a2b-3c4d-5e6f.tmp"));
    CHECK(is_atomic_write_temporary(".x.0000-0000-0000.tmp"));
    CHECK_FALSE(is_atomic_write_temporary("cv-short.pdf"));
    CHECK_FALSE(is_atomic_write_temporary(".1a2b-3c4d-5e6f.tmp"));
    CHECK_FALSE(is_atomic_write_temporary("x.1a2b-3c4d-5e6f.tmp"));   // not hidden
    CHECK_FALSE(is_atomic_write_temporary(".x.1a2g-3c4d-5e6f.tmp"));  // not hex
    CHECK_FALSE(is_atomic_write_temporary(".x.1a2b_3c4d-5e6f.tmp"));  // no dash
    CHECK_FALSE(is_atomic_write_temporary(".notes.1a2b-3c4d-5e6f.txt"));

    TempDir dir;
    REQUIRE(write_file_atomically(dir.path / "cv.pdf", "pdf"));
    std::size_t files = 0;
    for (const auto& entry : fs::directory_iterator(dir.path)) {
        (void)entry;
        ++files;
    }
    CHECK(files == 1);  // a finished write leaves only its file
    REQUIRE(write_file_atomically(dir.path / ".cv.pdf.abcd-0123-4567.tmp", "half"));
    REQUIRE(write_file_atomically(dir.path / "keep.tmp", "mine"));
    CHECK(remove_atomic_write_temporaries(dir.path) == 1);
    CHECK(fs::exists(dir.path / "cv.pdf"));
    CHECK(fs::exists(dir.path / "keep.tmp"));
    CHECK_FALSE(fs::exists(dir.path / ".cv.pdf.abcd-0123-4567.tmp"));
}

TEST_CASE("a failed copy names the file and the reason", "[output_lock]") {
    TempDir dir;
    const Result<> copied = replace_file_atomically(dir.path / "missing.pdf", dir.path / "to");
    REQUIRE_FALSE(copied);
    CHECK(copied.error().message ==
          "cannot read " + (dir.path / "missing.pdf").string() + ": No such file or directory");
    // A folder where the PDF goes is refused before anything is written: the error names the
    // target and the reason, and no temporary is left.
    fs::create_directories(dir.path / "cv.pdf");
    REQUIRE(write_file_atomically(dir.path / "built.pdf", "%PDF"));
    CHECK(replace_file_atomically(dir.path / "built.pdf", dir.path / "cv.pdf").error().message ==
          "cannot write " + (dir.path / "cv.pdf").string() + ": it is a folder");
    CHECK(remove_atomic_write_temporaries(dir.path) == 0);
}

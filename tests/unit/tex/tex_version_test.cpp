#include "tex/tex_version.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <catch2/catch.hpp>

using namespace mkcv;
namespace fs = std::filesystem;

TEST_CASE("the version line is the first non-empty line, trimmed and bounded") {
    CHECK(version_line("XeTeX 3.14 (TeX Live 2022/Debian)\nkpathsea version 6.3.4\n") ==
          "XeTeX 3.14 (TeX Live 2022/Debian)");
    CHECK(version_line("\n  \r\n  pdfTeX 3.14  \r\nmore") == "pdfTeX 3.14");
    CHECK(version_line("") == "");
    CHECK(version_line(std::string(1000, 'x')).size() == 200);
}

TEST_CASE("the TeX version comes from the engine PATH finds, and is empty when there is none") {
    const fs::path dir =
        fs::temp_directory_path() / ("mkcv-tex-version-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path engine = dir / "mkcv-fake-tex";
    std::ofstream(engine) << "#!/bin/sh\necho 'FakeTeX 1.0 (TeX Live 2099)'\necho second\n";
    fs::permissions(engine, fs::perms::owner_all);
    const fs::path failing = dir / "mkcv-failing-tex";
    std::ofstream(failing) << "#!/bin/sh\necho 'half a line'\nexit 3\n";
    fs::permissions(failing, fs::perms::owner_all);
    const char* old_path = std::getenv("PATH");
    const std::string saved = old_path ? old_path : "";
    ::setenv("PATH", (dir.string() + ":" + saved).c_str(), 1);

    CHECK(tex_version("mkcv-fake-tex") == "FakeTeX 1.0 (TeX Live 2099)");
    CHECK(tex_version("mkcv-failing-tex") == "");
    CHECK(tex_version("mkcv-no-such-engine") == "");

    ::setenv("PATH", saved.c_str(), 1);
    fs::remove_all(dir);
}

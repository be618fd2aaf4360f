#include "tex/installation.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

TEST_CASE("the TeX installation is described by the engine PATH finds, and changes with it") {
    const fs::path dir =
        fs::temp_directory_path() / ("mkcv-tex-identity-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path engine = dir / "mkcv-fake-engine";
    std::ofstream(engine) << "#!/bin/sh\n";
    fs::permissions(engine, fs::perms::owner_all);
    const char* old_path = std::getenv("PATH");
    const std::string saved = old_path ? old_path : "";
    ::setenv("PATH", (dir.string() + ":" + saved).c_str(), 1);

    const std::string before = tex_installation_identity("mkcv-fake-engine");
    CHECK(before.find(engine.string() + " ") != std::string::npos);
    CHECK(tex_installation_identity("mkcv-fake-engine") == before);  // stable
    std::ofstream(engine, std::ios::app) << "# upgraded\n";
    fs::last_write_time(engine, fs::last_write_time(engine) + std::chrono::seconds(5));
    CHECK(tex_installation_identity("mkcv-fake-engine") != before);
    CHECK(tex_installation_identity("mkcv-no-such-engine").find("mkcv-no-such-engine") ==
          std::string::npos);

    ::setenv("PATH", saved.c_str(), 1);
    fs::remove_all(dir);
}

TEST_CASE("fonts are described by their folders and fontconfig's cache") {
    const fs::path dir =
        fs::temp_directory_path() / ("mkcv-font-identity-" + std::to_string(::getpid()));
    fs::create_directories(dir / "fontconfig");
    const char* old_cache = std::getenv("XDG_CACHE_HOME");
    const std::string saved = old_cache ? old_cache : "";
    ::setenv("XDG_CACHE_HOME", dir.c_str(), 1);
    const std::string before = font_identity();
    CHECK(before.find((dir / "fontconfig").string()) != std::string::npos);
    fs::last_write_time(dir / "fontconfig",
                        fs::last_write_time(dir / "fontconfig") + std::chrono::seconds(5));
    CHECK(font_identity() != before);
    if (old_cache)
        ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
    else
        ::unsetenv("XDG_CACHE_HOME");
    fs::remove_all(dir);
}

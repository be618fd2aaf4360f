// Helpers shared by the unit tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include <unistd.h>
#include <vector>

#include "cv/loader.h"
#include "cv/validate.h"
#include "util/file_io.h"

namespace mkcv::test {

// A fresh folder under the system's temporary folder, removed with everything in it.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& prefix = "mkcv-test") {
        static int count = 0;
        path = std::filesystem::temp_directory_path() /
               (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

// An environment variable set (or, with nullopt, removed) for the scope of a test, then put
// back as it was: unit_all_cases runs every case in one process, so a variable left set
// would reach the cases after it.
class EnvScope {
  public:
    EnvScope(std::string name, const std::optional<std::string>& value) : name_(std::move(name)) {
        if (const char* old = std::getenv(name_.c_str()))
            saved_ = old;
        set(value);
    }
    ~EnvScope() { set(saved_); }
    EnvScope(const EnvScope&) = delete;
    EnvScope& operator=(const EnvScope&) = delete;

    // Another value within the scope.
    void set(const std::optional<std::string>& value) {
        if (value)
            ::setenv(name_.c_str(), value->c_str(), 1);
        else
            ::unsetenv(name_.c_str());
    }

  private:
    std::string name_;
    std::optional<std::string> saved_;
};

// Loads and validates `text` as "cv.toml"; returns "LINE:COL: severity: message" lines.
inline std::vector<std::string> problems(const std::string& text) {
    LoadResult result = load_cv(text, "cv.toml");
    if (result.cv)
        validate_cv(*result.cv, result.diagnostics);
    result.diagnostics.sort();
    std::vector<std::string> out;
    for (const auto& d : result.diagnostics.items())
        out.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " +
                      (d.severity == Severity::Error ? "error: " : "warning: ") + d.message);
    return out;
}

inline std::vector<std::string> hints(const std::string& text) {
    LoadResult result = load_cv(text, "cv.toml");
    if (result.cv)
        validate_cv(*result.cv, result.diagnostics);
    std::vector<std::string> out;
    for (const auto& d : result.diagnostics.items())
        out.push_back(d.hint);
    return out;
}

inline Cv load_ok(const std::string& text) {
    LoadResult result = load_cv(text, "cv.toml");
    if (result.cv)
        validate_cv(*result.cv, result.diagnostics);
    if (result.diagnostics.has_errors() || !result.cv)
        throw std::runtime_error("unexpected problems: " +
                                 result.diagnostics.items().front().message);
    return *result.cv;
}

inline std::string source_file(const std::string& relative) {
    std::string text;
    if (!read_file(std::string(MKCV_TEST_SOURCE_DIR) + "/" + relative, text))
        throw std::runtime_error("cannot read " + relative);
    return text;
}

// The bytes of a file, or "" when it cannot be read (tests compare it with what they expect).
inline std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline const char* kMinimal = "[person]\nname = \"Ada Lovelace\"\n";

}  // namespace mkcv::test

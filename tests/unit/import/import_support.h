// Shared by the import tests: run a fixture of tests/data/import through import_cv, and
// read what it wrote back with toml++.
#pragma once

#include <string>

#include <toml++/toml.h>
#include <catch2/catch.hpp>

#include "import/importer.h"
#include "import/json_reader.h"
#include "test_support.h"

namespace mkcv::test {

struct Imported {
    ImportOutcome outcome;
    toml::table toml;
};

inline Imported import_text(const std::string& text, const std::string& file = "in.json",
                            std::optional<ImportFormat> from = std::nullopt) {
    Imported result{import_cv(file, text, from, "cv.toml"), {}};
    if (!result.outcome.toml) {
        std::string why;
        for (const auto& d : result.outcome.diagnostics.items())
            why += d.file + ":" + std::to_string(d.pos.line) + ": " + d.message + "\n";
        FAIL("import failed:\n" << why);
    }
    result.toml = toml::parse(*result.outcome.toml);
    return result;
}

// A source tree read from JSON text, for tests that drive a mapper's parts by hand.
inline SourceNode json_source(const std::string& json) {
    Result<SourceNode> root = read_json("cv.json", json);
    REQUIRE(root);
    return std::move(*root);
}

inline Imported import_fixture(const std::string& name) {
    return import_text(source_file("tests/data/import/" + name), name);
}

inline bool has_warning(const ImportOutcome& outcome, const std::string& part, int line = 0) {
    for (const auto& d : outcome.diagnostics.items())
        if (d.severity == Severity::Warning && d.message.find(part) != std::string::npos &&
            (line == 0 || d.pos.line == line))
            return true;
    return false;
}

inline bool summary_has(const ImportOutcome& outcome, const std::string& from,
                        const std::string& to) {
    for (const auto& line : outcome.summary)
        if (line.from.find(from) != std::string::npos && line.to.find(to) != std::string::npos)
            return true;
    return false;
}

inline std::string str(const toml::node_view<const toml::node>& node) {
    return node.value<std::string>().value_or("<missing>");
}

}  // namespace mkcv::test

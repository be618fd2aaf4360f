#include "import/importer.h"

#include <chrono>
#include <set>

#include "cv/loader.h"
#include "import/json_reader.h"
#include "import/yaml_reader.h"
#include "import_support.h"

using namespace mkcv;
using namespace mkcv::test;

namespace {

// Every string and integer of a TOML tree.
void collect(const toml::node& node, std::vector<std::string>& out) {
    if (const auto* table = node.as_table())
        for (const auto& [key, value] : *table)
            collect(value, out);
    else if (const auto* array = node.as_array())
        for (const auto& value : *array)
            collect(value, out);
    else if (const auto s = node.value<std::string>())
        out.push_back(*s);
    else if (const auto i = node.value<std::int64_t>())
        out.push_back(std::to_string(*i));
}

}  // namespace

TEST_CASE("the format is detected and said", "[import]") {
    CHECK(import_fixture("jsonresume.json").outcome.format == ImportFormat::JsonResume);
    CHECK(import_fixture("rendercv.yaml").outcome.format == ImportFormat::RenderCv);
    CHECK(import_fixture("yamlresume.yaml").outcome.detected);
    // No known schema: the generic importer, never a refusal.
    const ImportOutcome unknown = import_cv("x.yaml", "title: nothing\n", std::nullopt, "cv.toml");
    CHECK(unknown.toml);
    CHECK(unknown.format == ImportFormat::Generic);
    CHECK(unknown.evidence == "no mark of JSON Resume, RenderCV or YAMLResume");
    CHECK(import_fixture("rendercv.yaml").outcome.evidence.find("cv.sections") !=
          std::string::npos);
}

TEST_CASE("what import writes, mkcv loads and validates", "[import]") {
    for (const char* name :
         {"jsonresume.json", "rendercv.yaml", "yamlresume.yaml", "jsonresume-older.json",
          "rendercv-mixed.yaml", "yamlresume-minimal.yaml"}) {
        const Imported r = import_fixture(name);
        INFO(name);
        CHECK(r.outcome.toml->rfind("#:schema ./schema/cv.schema.json\n", 0) == 0);
        CHECK_NOTHROW(load_ok(*r.outcome.toml));
    }
}

TEST_CASE("nothing is silently dropped: every source value is in cv.toml or the summary",
          "[import]") {
    for (const char* name :
         {"jsonresume.json", "rendercv.yaml", "yamlresume.yaml", "jsonresume-older.json",
          "rendercv-mixed.yaml", "yamlresume-minimal.yaml"}) {
        INFO(name);
        const std::string text = source_file(std::string("tests/data/import/") + name);
        const Imported r = import_fixture(name);
        std::vector<std::string> written;
        collect(r.toml, written);
        Result<SourceNode> root = std::string(name).find(".json") != std::string::npos
                                      ? read_json(name, text)
                                      : read_yaml(name, text);
        REQUIRE(root);
        std::size_t values = 0;
        walk_scalars(*root, "", [&](const std::string& path, const SourceNode& node) {
            if (node.is_null())
                return;
            ++values;
            bool found = false;
            for (const std::string& s : written)
                found = found || s.find(node.scalar) != std::string::npos;
            // A value changed on the way (a date made a year) is in the summary with its path
            // and its source text; another tool's settings are "not imported" as a whole.
            for (const MappedValue& line : r.outcome.summary) {
                const bool skipped =
                    path.rfind(line.from, 0) == 0 && line.to.rfind("not imported", 0) == 0;
                const bool changed = line.from.find(path) != std::string::npos &&
                                     line.from.find(node.scalar) != std::string::npos;
                found = found || skipped || changed;
            }
            INFO(path << " = " << node.scalar);
            CHECK(found);
        });
        CHECK(r.outcome.values_imported > 0);
        CHECK(r.outcome.values_imported <= values);
    }
}

TEST_CASE("hostile text round-trips exactly into cv.toml", "[import]") {
    const std::string nasty =
        "\\textbf{x} $ & % # _ ^ ~ { } <script>alert(1)</script> \"\"\" ''' \\n \t \x01 \x7f 😀";
    std::string json_value;  // the same, as a JSON string
    for (const char c : nasty) {
        if (c == '"' || c == '\\')
            json_value += std::string("\\") + c;
        else if (c == '\t')
            json_value += "\\t";
        else if (c == '\x01')
            json_value += "\\u0001";
        else
            json_value += c;
    }
    const Imported r = import_text("{\"basics\": {\"name\": \"" + json_value +
                                   "\", \"summary\": \"line one\\nline two " + json_value + "\"}}");
    CHECK(str(r.toml["person"]["name"]) == nasty);
    CHECK(str(r.toml["person"]["summary"]) == "line one\nline two " + nasty);
    CHECK_NOTHROW(load_ok(*r.outcome.toml));
}

TEST_CASE("NUL bytes and invalid UTF-8 are refused before parsing", "[import]") {
    const ImportOutcome nul = import_cv("n.json", std::string("{\"a\":\0}", 7), std::nullopt, "c");
    CHECK_FALSE(nul.toml);
    CHECK(nul.diagnostics.items().front().message.find("NUL") != std::string::npos);
    const ImportOutcome bad = import_cv("b.yaml", "cv:\n  name: \xff\n", std::nullopt, "c");
    CHECK_FALSE(bad.toml);
    CHECK(bad.diagnostics.items().front().pos.line == 2);
    const Imported escaped =
        import_text("{\"basics\": {\"name\": \"a\\u0000b\\u001ac\"}}", "e.json");
    // An escaped NUL is JSON all the same: a warning, and U+FFFD in its place.
    CHECK(str(escaped.toml["person"]["name"]) ==
          "a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD"
          "c");
    CHECK(has_warning(escaped.outcome, "written as U+FFFD"));
}

TEST_CASE("the summary ends with the count and the format", "[import]") {
    const Imported r = import_text(R"({"basics": {"name": "Ana"}})");
    CHECK(format_import_summary(r.outcome) ==
          "  basics.name → person.name\n1 values imported from jsonresume (detected)\n");
}

TEST_CASE("YAML in flow style is YAML though it starts like JSON", "[import]") {
    const Imported r = import_text("{cv: {name: Ana, sections: {x: [hello]}}}", "flow.yaml");
    CHECK(r.outcome.format == ImportFormat::RenderCv);
    CHECK(str(r.toml["person"]["name"]) == "Ana");
    // A .json file is JSON: its error is the JSON one.
    const ImportOutcome json = import_cv("bad.json", "{cv: 1}", std::nullopt, "cv.toml");
    REQUIRE(json.diagnostics.has_errors());
    CHECK(json.diagnostics.items().front().message.find("invalid JSON") == 0);
}

TEST_CASE("long files import in linear time", "[import]") {
    // Positions were once found from the file's start for every value: 3,000 jobs took 18 s.
    std::string json = R"({"basics": {"name": "Many"}, "work": [)";
    std::string yaml = "cv:\n  name: Many\n  sections:\n    experience:\n";
    for (int i = 0; i < 3000; ++i) {
        json += std::string(i ? "," : "") +
                R"({"name": "Org", "position": "Role", "highlights": ["a", "b", "c", "d"]})";
        yaml += "      - {company: Org, position: Role, highlights: [a, b, c, d]}\n";
    }
    json += "]}";
    const auto start = std::chrono::steady_clock::now();
    CHECK(import_cv("long.json", json, std::nullopt, "cv.toml").toml);
    CHECK(import_cv("long.yaml", yaml, std::nullopt, "cv.toml").toml);
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5);
}

TEST_CASE("a Markdown link cv.toml would refuse is kept as text, with a warning", "[import]") {
    const ImportOutcome outcome =
        import_cv("r.json",
                  R"j({"basics": {"name": "Ada"}, "work": [{"name": "O", "position": "R",
            "summary": "see [t](u) and [ok](https://ok.org) and [e]()"}]})j",
                  std::nullopt, "cv.toml");
    REQUIRE(outcome.toml);
    CHECK(outcome.toml->find(R"j(see \\[t](u) and [ok](https://ok.org) and \\[e]())j") !=
          std::string::npos);
    bool warned = false;
    for (const auto& d : outcome.diagnostics.items())
        warned = warned || (d.code == "import-link" && d.message.find("2 Markdown links") == 0);
    CHECK(warned);
    // What was written loads, and the refused links print as written.
    const LoadResult loaded = load_cv(*outcome.toml, "cv.toml");
    REQUIRE(loaded.cv);
    CHECK_FALSE(loaded.diagnostics.has_errors());
}

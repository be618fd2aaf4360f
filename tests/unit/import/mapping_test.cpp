// ImportMapper on its own: a single date as `date` or `year` and what the summary says of
// it, the leftovers that nothing placed, and the pure helpers every source's mapper uses.
#include "import/mapping.h"

#include <catch2/catch.hpp>

#include "import_support.h"

using namespace mkcv;
using mkcv::test::json_source;

namespace {

bool summary_has(const ImportMapper& m, const std::string& from, const std::string& to) {
    for (const MappedValue& line : m.summary())
        if (line.from == from && line.to == to)
            return true;
    return false;
}

}  // namespace

TEST_CASE("a single date is cv.toml's date with a month, its year alone without one") {
    const SourceNode root = json_source(R"({"a": "2021-03", "b": "2019"})");
    Diagnostics diagnostics;
    ImportMapper m("cv.json", root, diagnostics);
    Target first = m.new_entry("awards");
    const SourceNode* a = root.get("a");
    const auto month = m.read_date(a, "a");
    REQUIRE(month);
    m.put_date_or_year(first, a, "a", "2021-03", *month);
    Target second = m.new_entry("awards");
    const SourceNode* b = root.get("b");
    const auto year = m.read_date(b, "b");
    REQUIRE(year);
    m.put_date_or_year(second, b, "b", "2019", *year);

    const TomlValue* date = m.table(first).find("date");
    REQUIRE(date);
    CHECK(date->string == "2021-03");
    CHECK_FALSE(m.table(first).find("year"));
    const TomlValue* year_value = m.table(second).find("year");
    REQUIRE(year_value);
    CHECK(year_value->integer == 2019);
    CHECK_FALSE(m.table(second).find("date"));
    // The summary names the text as the source wrote it, and where it went.
    CHECK(summary_has(m, "a \"2021-03\"", "awards[0].date"));
    CHECK(summary_has(m, "b \"2019\"", "awards[1].year"));
    CHECK(a->used);
    CHECK_FALSE(diagnostics.has_errors());
}

TEST_CASE("a date that is none warns at its line and gives nothing") {
    const SourceNode root = json_source("{\n  \"when\": \"sometime soon\"\n}");
    Diagnostics diagnostics;
    ImportMapper m("cv.json", root, diagnostics);
    CHECK_FALSE(m.read_date(root.get("when"), "when"));
    REQUIRE(diagnostics.items().size() == 1);
    CHECK(diagnostics.items().front().severity == Severity::Warning);
    CHECK(diagnostics.items().front().pos.line == 2);
}

TEST_CASE("what no mapper placed lands in Other imported data, with a warning") {
    const SourceNode root = json_source(R"({"hobby": "sailing"})");
    Diagnostics diagnostics;
    ImportMapper m("cv.json", root, diagnostics);
    m.place_leftovers();
    const std::string toml = write_toml(m.document());
    CHECK(toml.find("Other imported data") != std::string::npos);
    CHECK(toml.find("sailing") != std::string::npos);
    CHECK(diagnostics.warning_count() == 1);
}

TEST_CASE("profile links are made only for networks known by name, from a valid user name") {
    CHECK(profile_url("GitHub", "octocat") == "https://github.com/octocat");
    CHECK(profile_url("github", "octocat") == "https://github.com/octocat");
    CHECK(profile_url("MySpace", "tom").empty());
    CHECK(is_local_photo_path("photo.jpg"));
    CHECK(is_local_photo_path("img/me.png"));
    CHECK_FALSE(is_local_photo_path("https://example.org/me.png"));
    CHECK_FALSE(is_local_photo_path("/etc/me.png"));
}

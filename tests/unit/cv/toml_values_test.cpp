#include "cv/toml_values.h"

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

// `text` parsed as cv.toml.
toml::table toml_of(const std::string& text) {
    Diagnostics ignored;
    auto table = parse_toml(text, "cv.toml", ignored);
    REQUIRE(table);
    return std::move(*table);
}

}  // namespace

TEST_CASE("texts keep their positions, and prose turns its inline Markdown into marks") {
    const std::string source = "a = \"plain *x*\"\nb = \"some *x*\"\nc = [\"p\", 3, \"q\"]\n";
    toml::table table = toml_of(source);
    Diagnostics diag;
    TomlValues v("cv.toml", source, diag);
    const Text a = v.text(table, "a");
    CHECK(a.value == "plain *x*");
    CHECK(a.pos.line == 1);
    CHECK(a.marks.empty());
    const Text b = v.prose_text(table, "b");
    CHECK(b.value == "some x");
    CHECK_FALSE(b.marks.empty());
    const auto c = v.texts(table, "c");  // not a string: the schema said so already
    REQUIRE(c.size() == 2);
    CHECK(c[1].pos.line == 3);
    CHECK(v.text(table, "missing").empty());
    CHECK(diag.items().empty());

    toml::table again = toml_of(source);
    v.set_markup(false);
    CHECK(v.prose_text(again, "b").value == "some *x*");
}

TEST_CASE("years, dates and counts out of range are reported and read as absent") {
    const std::string source =
        "year = 12345\nwhen = \"2023-13\"\nstart = 2021-05-04\nmax = -1\nok = 3\n";
    const toml::table table = toml_of(source);
    Diagnostics diag;
    TomlValues v("cv.toml", source, diag);
    SourcePos pos;
    CHECK(v.integer(table, "year", pos) == 0);
    CHECK_FALSE(v.date(table, "when", pos));
    const auto start = v.date(table, "start", pos);
    REQUIRE(start);
    CHECK(start->day == 4);
    CHECK_FALSE(v.count(table, "max", 0));
    CHECK(v.count(table, "ok", 0) == 3);
    CHECK(diag.items().size() == 3);
}

TEST_CASE("links keep the order they were written in") {
    const std::string source = "[links]\nzeta = \"https://z.org\"\nalpha = \"https://a.org\"\n";
    const toml::table table = toml_of(source);
    Diagnostics diag;
    TomlValues v("cv.toml", source, diag);
    const auto links = v.url_map(table, "links");
    REQUIRE(links.size() == 2);
    CHECK(links[0].label.value == "zeta");
    CHECK(links[1].url.value == "https://a.org");
}

TEST_CASE("a table of texts keeps the order and the positions of its names and values") {
    const std::string source =
        "[sync.same_as]\n\"Zeta: A Paper\" = \"doe2024z\"\n\"10.1/a\" = \"doe2020a\"\nx = 3\n";
    const toml::table table = toml_of(source);
    Diagnostics diag;
    TomlValues v("cv.toml", source, diag);
    const auto map = v.text_map(*table.get_as<toml::table>("sync"), "same_as");
    REQUIRE(map.size() == 2);  // x is no text (the schema reports it)
    CHECK(map[0].first.value == "Zeta: A Paper");
    CHECK(map[0].second.value == "doe2024z");
    CHECK(map[0].second.pos.line == 2);
    CHECK(map[1].first.value == "10.1/a");
    CHECK(map[1].first.pos.line == 3);
}

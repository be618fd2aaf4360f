#include "bib/bibtex_check.h"

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

BibEntry paper(const std::string& key, const std::string& title) {
    return {"article", key, 0, {{"title", title, 0}, {"year", "2024", 0}}};
}

}  // namespace

TEST_CASE("what reads back as it was meant passes", "[bib]") {
    const std::string text = "@article{a,\n  title = {A \\& B},\n  year = {2024},\n}\n";
    CHECK(check_bibtex_read_back(text, {paper("a", "A \\& B")}, "x.bib"));
}

TEST_CASE("an entry the values wrote is caught", "[bib][security]") {
    // What `\}` escaping wrote for a title ending in `}}}`: the entry closes, and the rest
    // of the title is an entry of its own.
    const std::string text =
        "@article{a,\n  title = {{Real\\}\\}\\}\n @misc{fake, title={Fake}}}},\n  year = "
        "{2024},\n}\n";
    const Result<> checked = check_bibtex_read_back(text, {paper("a", "Real}}} @misc")}, "x.bib");
    REQUIRE(!checked);
    CHECK(checked.error().code == "bibtex-write");
    CHECK(checked.error().file == "x.bib");
}

TEST_CASE("a field, a value or a key that changed is caught", "[bib]") {
    const std::string text = "@article{a,\n  title = {T},\n  year = {2024},\n}\n";
    CHECK(!check_bibtex_read_back(text, {paper("a", "U")}, "x.bib"));
    CHECK(!check_bibtex_read_back(text, {paper("b", "T")}, "x.bib"));
    BibEntry more = paper("a", "T");
    more.fields.push_back({"note", "n", 0});
    CHECK(!check_bibtex_read_back(text, {more}, "x.bib"));
    CHECK(!check_bibtex_read_back(text, {}, "x.bib"));
    BibEntry other_type = paper("a", "T");
    other_type.type = "misc";
    CHECK(!check_bibtex_read_back(text, {other_type}, "x.bib"));
}

TEST_CASE("reading back leaves the bibliography's @string macros as they were", "[bib]") {
    reset_bibtex_macros();
    Diagnostics d;
    read_bibtex("@string{conf = {SIGMOD}}", "user.bib", d);
    // The written text uses no macro of the user's: `conf` is undefined while it is read.
    CHECK(!check_bibtex_read_back("@misc{a, title = conf}", {{"misc", "a", 0, {}}}, "x.bib"));
    const std::vector<BibEntry> later = read_bibtex("@misc{b, booktitle = conf}", "user.bib", d);
    REQUIRE(later.size() == 1);
    REQUIRE(later[0].field("booktitle"));
    CHECK(later[0].field("booktitle")->value == "SIGMOD");
    CHECK(!d.has_errors());
}

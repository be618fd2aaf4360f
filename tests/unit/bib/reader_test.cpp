#include "bib/reader.h"

#include <catch2/catch.hpp>

#include "bib/bibliography.h"
#include "bib/latex_text.h"

using namespace mkcv;

namespace {

std::vector<BibEntry> read(const std::string& text, Diagnostics& d) {
    reset_bibtex_macros();
    return read_bibtex(text, "test.bib", d);
}

}  // namespace

TEST_CASE("btparse reads macros, concatenation, quotes, braces and month macros") {
    Diagnostics d;
    const auto entries = read(
        "@string{conf = \"Proc. of \"}\n"
        "@comment{whatever}\n"
        "@preamble{\"\\newcommand{\\noop}[1]{}\"}\n"
        "@InProceedings{Key1,\n"
        "  Title = {A {GPU} Title},\n"
        "  booktitle = conf # {SIGCOMM},\n"
        "  year = 2023, month = aug,\n"
        "  author = \"Zhao, Yihao and Jin, Xin\"\n"
        "}\n",
        d);
    REQUIRE(entries.size() == 1);
    CHECK(d.empty());
    const BibEntry& e = entries[0];
    CHECK(e.type == "inproceedings");
    CHECK(e.key == "Key1");
    CHECK(e.line == 4);
    CHECK(e.field("title")->value == "A {GPU} Title");
    CHECK(e.field("title")->line == 5);
    CHECK(e.field("booktitle")->value == "Proc. of SIGCOMM");
    CHECK(e.field("month")->value == "August");
    CHECK(e.field("author")->value == "Zhao, Yihao and Jin, Xin");
}

TEST_CASE("a malformed entry is a warning with its line, and the entries after it still load") {
    Diagnostics d;
    const auto entries = read(
        "@article{good1, title={One}, year=2020}\n"
        "@article{broken,\n"
        "  title = {Never closed,\n"
        "  year = 2021\n"
        "}\n"
        "@article{good2, title={Two}, year=2022}\n",
        d);
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].key == "good1");
    CHECK(entries[1].key == "good2");
    CHECK(entries[1].line == 6);
    CHECK_FALSE(d.has_errors());
    bool found = false;
    for (const auto& item : d.items())
        if (item.code == "bibtex-syntax" && item.file == "test.bib" && item.pos.line >= 2 &&
            item.message.find("broken") != std::string::npos)
            found = true;
    CHECK(found);
}

TEST_CASE("BibTeX names print as First von Last Jr") {
    Diagnostics d;
    const auto names = bibtex_authors(
        "Zhao, Yihao and van der Berg, Jan and Smith, Jr., John and {\\\"O}zt{\\\"u}rk, "
        "Ay{\\c{s}}e and Ludwig van Beethoven and {Barnes and Noble} and others",
        "test.bib", 1, d);
    REQUIRE(names.size() == 7);
    CHECK(names[0] == "Yihao Zhao");
    CHECK(names[1] == "Jan van der Berg");
    CHECK(names[2] == "John Smith Jr.");
    CHECK(names[3] == "Ayşe Öztürk");
    CHECK(names[4] == "Ludwig van Beethoven");
    CHECK(names[5] == "Barnes and Noble");
    CHECK(names[6] == "et al.");
}

TEST_CASE("entry types map to kinds") {
    auto kind = [](std::string type, std::vector<BibField> fields) {
        BibEntry e;
        e.type = std::move(type);
        e.fields = std::move(fields);
        return kind_of_bibtex(e);
    };
    CHECK(kind("inproceedings", {{"booktitle", "Proc. SIGCOMM", 1}}) ==
          PublicationKind::Conference);
    CHECK(kind("conference", {}) == PublicationKind::Conference);
    CHECK(kind("inproceedings", {{"booktitle", "Workshop on ML Systems", 1}}) ==
          PublicationKind::Workshop);
    CHECK(kind("article", {{"journal", "TPDS", 1}}) == PublicationKind::Journal);
    CHECK(kind("article", {{"journal", "arXiv preprint arXiv:2003.04858", 1}}) ==
          PublicationKind::Preprint);
    CHECK(kind("article", {{"journal", "CoRR", 1}}) == PublicationKind::Preprint);
    CHECK(kind("misc", {{"eprint", "2003.04858", 1}, {"archiveprefix", "arXiv", 1}}) ==
          PublicationKind::Preprint);
    CHECK(kind("misc", {{"howpublished", "Blog post", 1}}) == PublicationKind::Other);
    CHECK(kind("techreport", {{"url", "https://arxiv.org/abs/1", 1}}) == PublicationKind::Preprint);
    CHECK(kind("unpublished", {}) == PublicationKind::Preprint);
    CHECK(kind("phdthesis", {}) == PublicationKind::Thesis);
    CHECK(kind("mastersthesis", {}) == PublicationKind::Thesis);
    CHECK(kind("book", {}) == PublicationKind::Other);
}

TEST_CASE("fields map to title, venue, year, month and links") {
    Diagnostics d;
    const auto entries = read(
        "@inproceedings{k,\n"
        "  title = {Schr{\\\"o}dinger's {GPU}},\n"
        "  author = {Zhao, Yihao},\n"
        "  booktitle = {Proc. ACM SIGCOMM}, shortvenue = {SIGCOMM},\n"
        "  year = {2023}, month = {9},\n"
        "  url = {https://example.org/a_b%20c}, doi = {10.1145/3603269.3604828},\n"
        "  eprint = {2301.00001}, archivePrefix = {arXiv}, code = {https://github.com/x/y}\n"
        "}\n",
        d);
    REQUIRE(entries.size() == 1);
    const auto p = publication_from_bibtex(entries[0], "test.bib", d);
    REQUIRE(p);
    CHECK(p->title.value == "Schrödinger’s GPU");
    CHECK(p->venue.value == "Proc. ACM SIGCOMM");
    CHECK(p->venue_short.value == "SIGCOMM");
    CHECK(p->year == 2023);
    CHECK(p->month == 9);
    CHECK(p->kind == PublicationKind::Conference);
    REQUIRE(p->links.size() == 4);
    CHECK(p->links[0].label.value == "paper");
    CHECK(p->links[0].url.value == "https://example.org/a_b%20c");
    CHECK(p->links[1].label.value == "doi");
    CHECK(p->links[1].url.value == "10.1145/3603269.3604828");
    CHECK(p->links[2].label.value == "arXiv");
    CHECK(p->links[2].url.value == "https://arxiv.org/abs/2301.00001");
    CHECK(p->links[3].label.value == "code");
    CHECK_FALSE(d.has_errors());
}

TEST_CASE(
    "a dangerous command in a field is a warning naming the entry and line, and prints literally") {
    Diagnostics d;
    const auto entries = read(
        "@article{evil,\n  author = {A, B},\n  title = {Hi \\input{/etc/passwd}},\n"
        "  journal = {J}, year = 2020}\n",
        d);
    REQUIRE(entries.size() == 1);
    const auto p = publication_from_bibtex(entries[0], "test.bib", d);
    REQUIRE(p);
    CHECK_FALSE(d.has_errors());
    REQUIRE(d.warning_count() == 1);
    CHECK(d.items().back().code == "bibtex-latex");
    CHECK(d.items().back().pos.line == 3);
    CHECK(d.items().back().message.find("`evil`") != std::string::npos);
    CHECK(d.items().back().message.find("\\input") != std::string::npos);
    CHECK(p->title.value == "Hi \\input{/etc/passwd}");  // plain text, not marked LaTeX
    CHECK(p->title.marks.empty());
    CHECK(latex_of_text(p->title.value, p->title.marks) ==
          "Hi \\textbackslash{}input\\{/etc/passwd\\}");
}

TEST_CASE("entries are found as BibTeX finds them: several on a line, a BOM, parentheses") {
    Diagnostics d;
    const auto entries = read(
        "\xEF\xBB\xBF@string{x = \"X\"}\r\n"
        "@article{a1, title = {T1}, journal = x, year = 2020}\r\n"
        "Text outside entries is ignored, mail@example.org too.\n"
        "@article{a2, title = {T2}, year = 2021} @article{a3, title = {T3}, year = 2022}\n"
        "@article(a4, title = {T4 (with parentheses)}, year = 2023)\n",
        d);
    CHECK_FALSE(d.has_errors());
    REQUIRE(entries.size() == 4);
    CHECK(entries[0].field("journal")->value == "X");
    CHECK(entries[2].key == "a3");
    CHECK(entries[2].line == 4);
    CHECK(entries[3].field("title")->value == "T4 (with parentheses)");
}

TEST_CASE("@string macros of one file serve the files read after it") {
    Diagnostics d;
    reset_bibtex_macros();
    read_bibtex("@string{tpds = {IEEE TPDS}}\n", "strings.bib", d);
    const auto entries = read_bibtex("@article{a, journal = tpds # {, vol. 1}}\n", "papers.bib", d);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].field("journal")->value == "IEEE TPDS, vol. 1");
    reset_bibtex_macros();
    const auto again = read_bibtex("@article{a, journal = tpds, month = dec}\n", "other.bib", d);
    CHECK(again[0].field("journal")->value.empty());
    CHECK(again[0].field("month")->value == "December");
}

TEST_CASE("a field with LaTeX becomes typed text, each run at its field's line") {
    Diagnostics d;
    const auto entries = read(
        "@article{k,\n  author = {A, B},\n  journal = {J}, year = 2020,\n"
        "  title = {An \\emph{Elastic} $\\alpha$-Net}}\n",
        d);
    REQUIRE(entries.size() == 1);
    const auto p = publication_from_bibtex(entries[0], "test.bib", d);
    REQUIRE(p);
    CHECK(p->title.value == "An Elastic α-Net");
    REQUIRE_FALSE(p->title.marks.empty());
    for (const TextRun& run : p->title.marks)
        CHECK(run.pos.line == 4);
    CHECK(latex_of_text(p->title.value, p->title.marks) == "An \\emph{Elastic} $\\alpha$-Net");
    CHECK(p->venue.marks.empty());
}

TEST_CASE("a % in a malformed entry's text is no format for btparse", "[bib]") {
    // btparse copies the token of a syntax error into its vsnprintf's format: "202% In" held
    // `% In`, a %n that aborted mkcv (found by fuzz_sync_offline).
    Diagnostics d;
    const auto entries = read(
        "@inp(~roceedings{ 202% International Conference on Management of Data},\n"
        "( pages={100--112},\n  year={2021}\n}\n\n"
        "@article{doe2023, title={100% of $5 %n %s %x}, author={Doe, Jane and 50% Roe, B.},\n"
        "  journal={J}, year={2023}}\n",
        d);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].key == "doe2023");
    CHECK(entries[0].field("title")->value == "100% of $5 %n %s %x");
    bool said = false;
    for (const auto& item : d.items())
        said = said || item.message.find("202% International") != std::string::npos;
    CHECK(said);  // the message quotes the text with its % as written
    const auto names = split_bibtex_names("Doe, Jane and 50% Roe, B. and %n", "test.bib", 1, d);
    REQUIRE(names.size() == 3);
    CHECK(names[1].last == "50% Roe");
}

TEST_CASE("a .bib holding the reader's own stand-in for % reads back as written", "[bib]") {
    Diagnostics d;
    const std::string odd = "\xF4\x8F\xBF\xBD";  // U+10FFFD
    const auto entries =
        read("@misc{k, title={a" + odd + "%" + odd + odd + "x" + odd + "}, year=2020}\n", d);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].field("title")->value == "a" + odd + "%" + odd + odd + "x" + odd);
}

#include "bib/citekey.h"

#include <catch2/catch.hpp>

#include "bib/export.h"
#include "sync/merge.h"

using namespace mkcv;

TEST_CASE("citekeys are made from author, year and title and never collide", "[bib]") {
    CHECK(citekey_base("Jane Q. Doe", 2021, "The Fast Sorting") == "doe2021fast");
    CHECK(citekey_base("Zhao, Yihao", 2020, "Unpaired Image-to-Image Translation") ==
          "zhao2020unpaired");
    std::set<std::string> used{"doe2021fast"};
    CHECK(fresh_citekey("doe2021fast", used) == "doe2021fasta");
    CHECK(used.count("doe2021fasta"));
    CHECK(citekey_base("", 2021, "!!") == "anon2021");
    CHECK(fresh_citekey("", used) == "anon");
}

TEST_CASE("marks come off Latin letters, and a last name is never a skip word", "[bib]") {
    CHECK(citekey_base("Jürgen Müller", 2020, "Über Größe") == "muller2020uber");
    CHECK(citekey_base("Łukasz Łoś", 2019, "Ścieżki") == "los2019sciezki");
    CHECK(citekey_base("Sook-Hee An", 2018, "An Analysis of Can") == "an2018analysis");
    CHECK(citekey_base("赵怡浩", 2024, "统一的框架") == "anon2024");
}

TEST_CASE("export bib and sync give a paper the same key", "[bib][sync]") {
    // Each had a rule of its own: "Müller" was "m" to one and "mller" to the other.
    Publication p;
    p.title = {"Über die Größe von Graphen"};
    p.authors = {{"Jürgen Müller"}};
    p.year = 2020;
    p.kind = PublicationKind::Journal;
    p.venue = {"J. Graphs"};
    const Result<std::string> bib = publications_bibtex({p}, "x.bib");
    REQUIRE(bib);
    CHECK(bib->find("@article{muller2020uber,") != std::string::npos);
    sync::MergeInput in;
    in.owner = "Jürgen Müller";
    sync::Work w;
    w.source = "dblp";
    w.listed_for_owner = true;
    w.title = p.title;
    w.authors = {"Jürgen Müller"};
    w.year = 2020;
    in.works = {w};
    const sync::MergeOutcome out = sync::merge_works(in);
    REQUIRE(out.list.size() == 1);
    CHECK(out.list[0].key.value == "muller2020uber");
}

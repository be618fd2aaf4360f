#include "sync/near_duplicates.h"

#include <catch2/catch.hpp>

using namespace mkcv;
using namespace mkcv::sync;

namespace {

PaperSketch paper(const char* title, const char* author, int year,
                  PublicationKind kind = PublicationKind::Journal) {
    return {title, author, year, kind, true};
}

}  // namespace

TEST_CASE("the same paper is known across case, punctuation, spelling and a year", "[sync]") {
    // The author dates it by its first appearance online, DBLP by the issue.
    CHECK(likeness(paper("Fast Sorting with Learned Indexes", "Jane Q. Doe", 2024),
                   paper("Fast sorting with learned indexes.", "J. Doe", 2025)) == Likeness::Same);
    CHECK(likeness(paper("Optimisation of the Colour Centre", "Jane Doe", 2024),
                   paper("Optimization of the Color Center", "Jane Doe", 2024)) == Likeness::Same);
    CHECK(likeness(paper("Analysing Behaviour: Modelling", "Jane Doe", 2024),
                   paper("Analyzing behavior - modeling", "Jane Doe", 2024)) == Likeness::Same);
    // A preprint and its published version are one paper.
    CHECK(likeness(paper("Fast Sorting with Learned Indexes", "Jane Doe", 2023,
                         PublicationKind::Preprint),
                   paper("Fast Sorting with Learned Indexes", "Jane Doe", 2024)) == Likeness::Same);
}

TEST_CASE("a subtitle or another kind is for the user to decide, and the rest is different",
          "[sync]") {
    CHECK(likeness(paper("Fast Sorting with Learned Indexes: A Study at Scale", "Jane Doe", 2024),
                   paper("Fast Sorting with Learned Indexes", "Jane Doe", 2024)) ==
          Likeness::Possibly);
    // A conference paper and its journal version often share a title and are both listed.
    CHECK(likeness(paper("Fast Sorting with Learned Indexes", "Jane Doe", 2024,
                         PublicationKind::Conference),
                   paper("Fast Sorting with Learned Indexes", "Jane Doe", 2025)) ==
          Likeness::Possibly);
    CHECK(likeness(paper("Fast Sorting with Learned Indexes", "Jane Doe", 2022),
                   paper("Fast Sorting with Learned Indexes", "Jane Doe", 2024)) ==
          Likeness::Different);  // two years apart
    CHECK(likeness(paper("Fast Sorting with Learned Indexes", "Jane Doe", 2024),
                   paper("Fast Sorting with Learned Indexes", "Bob Roe", 2024)) ==
          Likeness::Different);  // another first author
    // Two papers under one short heading are not one paper.
    CHECK(likeness(paper("Deep Learning: A Survey", "Jane Doe", 2024),
                   paper("Deep Learning: Methods and Uses", "Jane Doe", 2024)) ==
          Likeness::Different);
    CHECK(likeness(paper("Fast Sorting with Learned Indexes", "Jane Doe", 2024),
                   paper("Slow Sorting with Learned Indexes", "Jane Doe", 2024)) ==
          Likeness::Different);
    // Two DOIs are two publications.
    PaperSketch a = paper("Annual Report of the Sorting Society", "Jane Doe", 2024);
    PaperSketch b = paper("Annual Report of the Sorting Society", "Jane Doe", 2025);
    a.doi = "10.5555/report.2024";
    b.doi = "10.5555/report.2025";
    CHECK(likeness(a, b) == Likeness::Different);
    b.doi.clear();
    CHECK(likeness(a, b) == Likeness::Same);
}

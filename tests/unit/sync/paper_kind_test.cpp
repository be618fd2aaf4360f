#include "sync/paper_kind.h"

#include <catch2/catch.hpp>

using namespace mkcv::sync;

TEST_CASE("notices are known by their titles' starts, papers are not", "[sync]") {
    // What one Semantic Scholar author page gave as papers (issue 37).
    CHECK(notice_by_title("Author Correction: Fatty acid synthesis is required for breast "
                          "cancer brain metastasis") == "a correction");
    CHECK(notice_by_title("DDRE-07. FATTY ACID SYNTHESIS IS REQUIRED FOR BREAST CANCER BRAIN "
                          "METASTASIS") == "a meeting abstract");
    CHECK(notice_by_title("Abstract 794: Pan-cancer proteogenomic analysis") ==
          "a meeting abstract");
    CHECK(notice_by_title("Editorial Note to: Fast Sorting") == "an editorial");
    CHECK(notice_by_title("Publisher Correction to: Fast Sorting") == "a correction");
    CHECK(notice_by_title("Correction: Fast Sorting") == "a correction");
    CHECK(notice_by_title("Erratum to \"Fast Sorting\"") == "a correction");
    CHECK(notice_by_title("Corrigendum: Fast Sorting") == "a correction");
    CHECK(notice_by_title("Retraction Note: Fast Sorting") == "a retraction notice");
    CHECK(notice_by_title("Expression of Concern: Fast Sorting") == "an expression of concern");
    CHECK(notice_by_title("Front Matter") == "front matter");
    CHECK(notice_by_title("Issue Information") == "front matter");
    CHECK(notice_by_title("Abstract LB-123: A late-breaking result") == "a meeting abstract");
    // Papers whose titles only start like one.
    for (const char* paper :
         {"Correction of Errors in Learned Sorting", "Corrections for Noisy Labels at Scale",
          "Errata-Free Proofs", "Editorial Algorithms for News Feeds",
          "Abstract Interpretation "
          "of Neural Networks",
          "Retraction Watch: A Study of Retractions", "Front Matters", "GPT-4: A Technical Report",
          "A Study of X-Ray Imaging", "Index Structures for Joins",
          "BERT: Pre-training of Deep Bidirectional Transformers", "DDR4 Memory at Scale",
          "COVID-19. A Review of Models"}) {
        CAPTURE(paper);
        CHECK(notice_by_title(paper).empty());
    }
}

TEST_CASE("a retracted paper is known by its retitled start", "[sync]") {
    CHECK(retracted_by_title("RETRACTED: Fast Sorting"));
    CHECK(retracted_by_title("Retracted Article: Fast Sorting"));
    CHECK(retracted_by_title("[Retracted] Fast Sorting"));
    CHECK_FALSE(retracted_by_title("Retraction Watch: A Study"));
    CHECK_FALSE(retracted_by_title("Fast Sorting"));
}

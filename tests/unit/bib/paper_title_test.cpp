#include "bib/paper_title.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("titles are compared by their letters and digits", "[bib][sync]") {
    CHECK(normal_title("Deep Learning: A Review!") == "deeplearningareview");
    CHECK(normal_title("Über Zahlen") == "Überzahlen");
    CHECK(normal_title("?!") == "");
}

TEST_CASE("a loose title folds case, punctuation and British spelling", "[bib][sync]") {
    CHECK(loose_title("Optimising the Centre.") == "optimizing the center");
    CHECK(loose_title("Modelling  Behaviour: a Catalogue") == "modeling behavior a catalog");
    // Short words keep their endings: "our" is no "or".
    CHECK(loose_title("Our Tour") == "our tour");
}

TEST_CASE("a main title is the part before a subtitle, when it names a paper", "[bib][sync]") {
    CHECK(main_title("Fast Sorting of Arrays: A Study") == "fast sorting of arrays");
    CHECK(main_title("Why Sort Arrays? A Study") == "why sort arrays");
    CHECK(main_title("Fast Sorting of Arrays — Revisited") == "fast sorting of arrays");
    CHECK(main_title("BERT: Pre-training of Deep Bidirectional Transformers") == "");
    CHECK(main_title("Fast Sorting of Arrays") == "");
}

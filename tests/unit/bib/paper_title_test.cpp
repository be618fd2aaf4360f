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

TEST_CASE("a title's typographic and CJK punctuation counts as ASCII punctuation does",
          "[bib][sync]") {
    // Crossref writes ’ and –, DBLP ' and -: one paper, one title.
    CHECK(normal_title("It’s a Review – Part 2") == normal_title("It's a Review - Part 2"));
    CHECK(normal_title("“Deep” Learning…") == normal_title("\"Deep\" Learning..."));
    CHECK(normal_title("Deep\u00A0Learning") == normal_title("Deep Learning"));  // no-break space
    CHECK(normal_title("深度学习：综述") == normal_title("深度学习: 综述"));
    CHECK(normal_title("深度学习：综述") == normal_title("深度学习 综述"));
    CHECK(normal_title("「深度学习」、综述。") == normal_title("深度学习综述"));
    CHECK(normal_title("深度学习：综述") == "深度学习综述");
    // Letters of every script stay, as they are.
    CHECK(normal_title("Über Zahlen – Teil 2") == "Überzahlenteil2");
    CHECK(loose_title("It’s a Review") == loose_title("It's a Review"));
    CHECK(loose_title("深度学习：综述") == "深度学习 综述");
    CHECK(main_title("Learned Caches for Everyone：An Extended Version") ==
          main_title("Learned Caches for Everyone: An Extended Version"));
}

#include "bib/publication_ids.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("DOIs are normalised whatever their prefix and case", "[sync]") {
    CHECK(normal_doi("https://doi.org/10.1145/ABC.1") == "10.1145/abc.1");
    CHECK(normal_doi("doi:10.1145/x") == "10.1145/x");
    CHECK(normal_doi(" http://dx.doi.org/10.1/x ") == "10.1/x");
    CHECK(normal_doi("10.1145") == "");
    CHECK(normal_doi("https://example.org/10.1/x") == "");
    CHECK(normal_doi("10.1/x}\\input") == "");
}

TEST_CASE("arXiv ids lose their version, old and new forms", "[sync]") {
    CHECK(arxiv_base_id("http://arxiv.org/abs/2101.00001v3") == "2101.00001");
    CHECK(arxiv_base_id("arXiv:1501.0001v1") == "1501.0001");
    CHECK(arxiv_base_id("https://arxiv.org/pdf/2101.00001v2.pdf") == "2101.00001");
    CHECK(arxiv_base_id("hep-th/9901001v2") == "hep-th/9901001");
    CHECK(arxiv_base_id("math.GT/0309136") == "math.gt/0309136");
    CHECK(arxiv_base_id("10.48550/arXiv.2203.01234") == "2203.01234");
    CHECK(arxiv_base_id("2101.0001x") == "");
    CHECK(arxiv_base_id("hello") == "");
}

TEST_CASE("DBLP keys come from record URLs and BibTeX keys; a publication's ids from its links",
          "[sync]") {
    CHECK(dblp_key_of("https://dblp.org/rec/conf/sigmod/DoeR21.html") == "conf/sigmod/DoeR21");
    CHECK(dblp_key_of("DBLP:journals/corr/abs-2203-01234") == "journals/corr/abs-2203-01234");
    CHECK(dblp_key_of("no") == "");
    Publication p;
    p.links = {{{"doi"}, {"10.1/X"}},
               {{"arXiv"}, {"https://arxiv.org/abs/2101.00001v2"}},
               {{"dblp"}, {"https://dblp.org/rec/conf/a/B"}}};
    const PublicationIds ids = ids_of(p);
    CHECK(ids.doi == "10.1/x");
    CHECK(ids.arxiv == "2101.00001");
    CHECK(ids.dblp_key == "conf/a/B");
}

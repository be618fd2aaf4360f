#include "cv/sync_settings.h"

#include <catch2/catch.hpp>

#include "../test_support.h"

using namespace mkcv;

TEST_CASE("sync ids are checked for their shape", "[sync]") {
    CHECK(!dblp_pid_problem("l/MichaelLey"));
    CHECK(!dblp_pid_problem("12/3456-1"));
    CHECK(dblp_pid_problem("l/MichaelLey/x"));
    CHECK(dblp_pid_problem("../etc"));
    CHECK(dblp_pid_problem("L/x?y"));
    CHECK(!openalex_id_problem("A5023888391"));
    CHECK(openalex_id_problem("https://openalex.org/A5023888391"));
    CHECK(!semantic_scholar_id_problem("1723755"));
    CHECK(semantic_scholar_id_problem("17x"));
    CHECK(!arxiv_query_problem("Adrian Del Maestro"));
    CHECK(arxiv_query_problem("au:x OR ti:y"));
    CHECK(!sync_file_problem("pubs/synced.bib"));
    CHECK(sync_file_problem("../x.bib"));
    CHECK(sync_file_problem("/tmp/x.bib"));
    CHECK(sync_file_problem("x.toml"));
}

TEST_CASE("a [sync] table is read with its problems at their positions", "[sync]") {
    const std::string toml =
        "[person]\nname = \"A\"\n[sync]\ndblp = \"l/MichaelLey\"\norcid = "
        "\"0000-0002-1825-0098\"\narxiv = \"A B\"\nignore = [\"k\"]\n";
    const auto found = test::problems(toml);
    REQUIRE(found.size() == 1);
    CHECK(found[0].find("5:9: error: `orcid` \"0000-0002-1825-0098\" is not valid") == 0);
    LoadResult loaded = load_cv(toml, "cv.toml");
    REQUIRE(loaded.cv);
    CHECK(loaded.cv->sync.present);
    CHECK(loaded.cv->sync.dblp.value == "l/MichaelLey");
    CHECK(loaded.cv->sync.orcid.empty());
    CHECK(loaded.cv->sync.ignore.size() == 1);
    CHECK(test::problems("[person]\nname = \"A\"\n[sync]\nfoo = 1\n").size() == 1);
    CHECK(test::problems("[person]\nname = \"A\"\n[sync]\nopenalex = \"W1\"\n").size() == 1);
}

TEST_CASE("[sync] same_as is a table of work = \"KEY\", each read with its position", "[sync]") {
    const std::string toml =
        "[person]\nname = \"A\"\n[sync]\nsame_as = { \"Fast Sorting: Extended\" = \"doe2024fast\", "
        "\"10.1/x\" = \"doe2020own\" }\n";
    LoadResult loaded = load_cv(toml, "cv.toml");
    REQUIRE(loaded.cv);
    const auto& same_as = loaded.cv->sync.same_as;
    REQUIRE(same_as.size() == 2);
    CHECK(same_as[0].work.value == "Fast Sorting: Extended");
    CHECK(same_as[0].key.value == "doe2024fast");
    CHECK(same_as[0].key.pos.line == 4);
    CHECK(same_as[1].work.value == "10.1/x");
    CHECK(same_as[1].key.value == "doe2020own");
    // Each KEY is a string; a list of keys is not a table.
    const auto found =
        test::problems("[person]\nname = \"A\"\n[sync]\nsame_as = { \"10.1/x\" = 3 }\n");
    REQUIRE(found.size() == 1);
    CHECK(found[0].find("4:24: error: `same_as.10.1/x` must be a string, found integer") == 0);
    CHECK(test::problems("[person]\nname = \"A\"\n[sync]\nsame_as = [\"doe2024fast\"]\n").size() ==
          1);
}

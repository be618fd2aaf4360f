#include "cv/value_origins.h"

#include <catch2/catch.hpp>

#include "cv/value_origins_fixture.h"
#include "test_support.h"

using namespace mkcv;

TEST_CASE("every string of the CV is collected with its position") {
    const auto values = value_origins(test::load_ok(test::kOriginsCv));
    CHECK(test::where(values) ==
          std::vector<std::string>{"cv.toml:2:8 Ada Lovelace", "cv.toml:3:12 R&D \\badmacro",
                                   "cv.toml:6:9 Notes on the Analytical Engine & more",
                                   "cv.toml:8:9 Taylor's Scientific Memoirs",
                                   "cv.toml:7:12 Ada Lovelace", "cv.toml:7:28 Charles Babbage"});
}

#include "cv/value_origins.h"

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;

namespace {

const char* kCv = R"([person]
name = "Ada Lovelace"
position = "R&D \\badmacro"

[[publications]]
title = "Notes on the Analytical Engine & more"
authors = ["Ada Lovelace", "Charles Babbage"]
venue = "Taylor's Scientific Memoirs"
year = 1843
)";

std::vector<std::string> where(const std::vector<ValueOrigin>& values) {
    std::vector<std::string> out;
    for (const auto& v : values)
        out.push_back(v.file + ":" + std::to_string(v.pos.line) + ":" +
                      std::to_string(v.pos.column) + " " + v.text);
    return out;
}

}  // namespace

TEST_CASE("every string of the CV is collected with its position") {
    const auto values = value_origins(test::load_ok(kCv));
    CHECK(where(values) ==
          std::vector<std::string>{"cv.toml:2:8 Ada Lovelace", "cv.toml:3:12 R&D \\badmacro",
                                   "cv.toml:6:9 Notes on the Analytical Engine & more",
                                   "cv.toml:8:9 Taylor's Scientific Memoirs",
                                   "cv.toml:7:12 Ada Lovelace", "cv.toml:7:28 Charles Babbage"});
}

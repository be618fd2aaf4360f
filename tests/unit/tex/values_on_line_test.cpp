#include "tex/values_on_line.h"

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

TEST_CASE("a .tex line is traced to the values it prints, escaped or raw") {
    const auto values = value_origins(test::load_ok(kCv));
    CHECK(where(values_on_line(values, "{\\small R&D \\badmacro}\\par")) ==
          std::vector<std::string>{"cv.toml:3:12 R&D \\badmacro"});
    CHECK(where(values_on_line(values, "\\textit{Notes on the Analytical Engine \\& more}")) ==
          std::vector<std::string>{"cv.toml:6:9 Notes on the Analytical Engine & more"});
    CHECK(values_on_line(values, "\\section{Publications}").empty());
}

TEST_CASE("TeX's excerpt picks the value it stopped in") {
    const auto values = value_origins(test::load_ok(kCv));
    const std::string line =
        "\\textbf{Ada Lovelace}, Charles Babbage. \\badcmd Taylor's Scientific Memoirs";
    // Without an excerpt: every value on the line, longest first.
    CHECK(where(values_on_line(values, line)).size() == 3);
    // TeX stopped after "Charles Babbage. \badcmd": Memoirs comes later and cannot be the cause.
    CHECK(
        where(values_on_line(values, line, "\\textbf{Ada Lovelace}, Charles Babbage. \\badcmd")) ==
        std::vector<std::string>{"cv.toml:7:28 Charles Babbage", "cv.toml:2:8 Ada Lovelace"});
}

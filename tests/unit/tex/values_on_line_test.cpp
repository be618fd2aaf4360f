#include "tex/values_on_line.h"

#include <catch2/catch.hpp>

#include "cv/value_origins_fixture.h"
#include "test_support.h"

using namespace mkcv;

TEST_CASE("a .tex line is traced to the values it prints, escaped or raw") {
    const auto values = value_origins(test::load_ok(test::kOriginsCv));
    CHECK(test::where(values_on_line(values, "{\\small R&D \\badmacro}\\par")) ==
          std::vector<std::string>{"cv.toml:3:12 R&D \\badmacro"});
    CHECK(
        test::where(values_on_line(values, "\\textit{Notes on the Analytical Engine \\& more}")) ==
        std::vector<std::string>{"cv.toml:6:9 Notes on the Analytical Engine & more"});
    CHECK(values_on_line(values, "\\section{Publications}").empty());
}

TEST_CASE("TeX's excerpt picks the value it stopped in") {
    const auto values = value_origins(test::load_ok(test::kOriginsCv));
    const std::string line =
        "\\textbf{Ada Lovelace}, Charles Babbage. \\badcmd Taylor's Scientific Memoirs";
    // Without an excerpt: every value on the line, longest first.
    CHECK(test::where(values_on_line(values, line)).size() == 3);
    // TeX stopped after "Charles Babbage. \badcmd": Memoirs comes later and cannot be the cause.
    CHECK(test::where(
              values_on_line(values, line, "\\textbf{Ada Lovelace}, Charles Babbage. \\badcmd")) ==
          std::vector<std::string>{"cv.toml:7:28 Charles Babbage", "cv.toml:2:8 Ada Lovelace"});
}

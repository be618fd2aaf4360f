// The CV both value_origins_test and values_on_line_test trace, and how they show a value.
#pragma once

#include <string>
#include <vector>

#include "cv/value_origins.h"

namespace mkcv::test {

inline const char* kOriginsCv = R"([person]
name = "Ada Lovelace"
position = "R&D \\badmacro"

[[publications]]
title = "Notes on the Analytical Engine & more"
authors = ["Ada Lovelace", "Charles Babbage"]
venue = "Taylor's Scientific Memoirs"
year = 1843
)";

inline std::vector<std::string> where(const std::vector<ValueOrigin>& values) {
    std::vector<std::string> out;
    for (const auto& v : values)
        out.push_back(v.file + ":" + std::to_string(v.pos.line) + ":" +
                      std::to_string(v.pos.column) + " " + v.text);
    return out;
}

}  // namespace mkcv::test

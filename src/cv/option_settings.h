// Template options as cv.toml sets them: `[design]` for every template, `[templates.NAME]`
// for one. The loader keeps each value as TOML typed it, with its position; what a value
// must be (its type, its range) is known only from the template's declaration, so the render
// stage checks it there (render/template_options.h).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "util/source_location.h"

namespace mkcv {

struct NamedOptionSetting;

struct OptionSetting {
    enum class Kind { String, Integer, Float, Bool, Table, Other };
    Kind kind = Kind::Other;
    std::string text;   // String
    double number = 0;  // Integer or Float
    bool flag = false;  // Bool
    SourcePos key_pos;  // the key, where an unknown option's caret goes
    SourcePos pos;      // the value
    // Table: its keys in file order (margins = { top = "2cm", left = "1.5cm" }).
    std::vector<NamedOptionSetting> fields;
};

// A setting with its option's name. A struct, not std::pair: a pair that holds the very
// type being defined asks whether that type is default-constructible before it is
// complete, which clang rejects with libstdc++ (the fuzz targets are built with clang).
struct NamedOptionSetting {
    std::string first;  // the option's name
    OptionSetting second;
};

// Option name → setting, in file order.
using OptionSettings = std::vector<NamedOptionSetting>;

// "a string", "an integer", "a number", "true or false", "a table", or for anything else
// "a date, an array or a nested table".
std::string describe(const OptionSetting& setting);

}  // namespace mkcv

// A TOML table of template options ([design], [templates.NAME], a template.toml's defaults)
// → OptionSettings, each value as TOML typed it, with its position. Apart from the model so
// that cv/model.h does not include toml++.
#pragma once

#include <utility>
#include <vector>

#include "cv/option_settings.h"
#include "cv/toml_input.h"

namespace mkcv {

// Keys in `skip` are left out (the rules of [templates.NAME]: order, max_pages, filters).
// Tables are read one level deep (margins = { top = "2cm" }); deeper ones are Kind::Other.
OptionSettings read_option_settings(const toml::table& table,
                                    const std::vector<std::string>& skip = {});

// A table's entries in the order the file writes them (toml++ keeps its keys sorted):
// settings and declarations are listed, and reported, in file order.
std::vector<std::pair<const toml::key*, const toml::node*>> in_file_order(const toml::table& table);

// One value, as read_option_settings reads each.
OptionSetting read_option_setting(const toml::node& node, int depth = 0);

}  // namespace mkcv

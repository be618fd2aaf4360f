// The files `mkcv serve` sends, by extension, and the Content-Type each goes out with. An
// allow-list: a file of any other kind is not served at all, so a browser never has to guess
// (and never runs what it guessed to be a page).
#pragma once

#include <optional>
#include <string_view>

namespace mkcv {

// The media type of a file named `name` (ASCII case ignored in its extension: "CV.PDF"),
// with a charset for text; nothing when its extension is not on the list.
std::optional<std::string_view> content_type_for(std::string_view name);

// Whether that type is an HTML page (the live-reload script goes into those only).
bool is_html_type(std::string_view type);

}  // namespace mkcv

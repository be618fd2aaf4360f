#include "serve/content_types.h"

#include <array>
#include <utility>

#include "util/ascii.h"

namespace mkcv {
namespace {

constexpr std::string_view kHtml = "text/html; charset=utf-8";

// What mkcv build and mkcv site write, and what a site's folder holds beside them (photos,
// thumbnails, fonts, styles). .bib, .tex and .md are shown as text rather than downloaded.
constexpr std::array<std::pair<std::string_view, std::string_view>, 21> kTypes{{
    {"html", kHtml},
    {"htm", kHtml},
    {"css", "text/css; charset=utf-8"},
    {"js", "text/javascript; charset=utf-8"},
    {"json", "application/json"},
    {"pdf", "application/pdf"},
    {"bib", "text/plain; charset=utf-8"},
    {"tex", "text/plain; charset=utf-8"},
    {"txt", "text/plain; charset=utf-8"},
    {"md", "text/plain; charset=utf-8"},
    {"xml", "application/xml"},
    {"png", "image/png"},
    {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},
    {"gif", "image/gif"},
    {"webp", "image/webp"},
    {"svg", "image/svg+xml"},
    {"ico", "image/x-icon"},
    {"woff", "font/woff"},
    {"woff2", "font/woff2"},
    {"ttf", "font/ttf"},
}};

}  // namespace

std::optional<std::string_view> content_type_for(std::string_view name) {
    const std::size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || dot == 0)
        return std::nullopt;
    const std::string extension = ascii_lower(name.substr(dot + 1));
    for (const auto& [known, type] : kTypes)
        if (extension == known)
            return type;
    return std::nullopt;
}

bool is_html_type(std::string_view type) {
    return type == kHtml;
}

}  // namespace mkcv

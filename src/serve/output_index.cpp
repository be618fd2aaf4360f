#include "serve/output_index.h"

#include "text/escape.h"
#include "text/percent_encode.h"

namespace mkcv {

std::string url_of_path(std::string_view path) {
    return percent_encode(path, [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    });
}

std::string output_index_page(std::string_view title, const std::vector<std::string>& outputs) {
    const std::string heading = escape_text(title, TextFormat::Html);
    std::string html =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>" +
        heading +
        " · mkcv serve</title>\n"
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:2em auto;"
        "padding:0 1em}</style>\n</head>\n<body>\n<h1>" +
        heading + "</h1>\n";
    if (outputs.empty()) {
        html += "<p>Nothing is built yet.</p>\n";
    } else {
        html += "<ul>\n";
        for (const std::string& output : outputs)
            html += "<li><a href=\"" + escape_text(url_of_path(output), TextFormat::Html) + "\">" +
                    escape_text(output, TextFormat::Html) + "</a></li>\n";
        html += "</ul>\n";
    }
    return html + "</body>\n</html>\n";
}

}  // namespace mkcv

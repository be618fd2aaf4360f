// The one escaper: text made safe for an output format, chosen by a mode. Every string that
// reaches an output passes through here at the last step, so no format sees another's
// syntax. Pure functions, table-tested.
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

enum class TextFormat {
    Latex,     // the body of a LaTeX document (escape_latex in text/latex_escape.h)
    Bibtex,    // the value of a braced .bib field, as `mkcv export bib` writes it
    Html,      // element content or a double- or single-quoted attribute value
    Markdown,  // CommonMark inline text (one line)
    Json,      // the inside of a JSON string, without its quotes
};

// `text` printed in `format` exactly as it reads. Control characters are dropped and line
// breaks become spaces in every format but JSON, which escapes them.
std::string escape_text(std::string_view text, TextFormat format);

// Whether `url` may be the target of a link in HTML (an `href`): an http, https, mailto or
// tel URL, or a relative one (no scheme). Anything with whitespace or a control character
// is refused too, since browsers drop those and "java\tscript:" would become a scheme.
bool is_safe_href(std::string_view url);

// `url` as an RFC 3986 URI: every byte that a URI cannot hold (non-ASCII, space, `"`, `<`,
// `>`, `\`, `^`, backtick, `{`, `|`, `}`, a `%` not followed by two hex digits) as `%XX`;
// the rest as written. For outputs that promise a URI (JSON Resume's "format": "uri").
std::string encode_uri(std::string_view url);

}  // namespace mkcv

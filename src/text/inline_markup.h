// A small inline Markdown in the prose fields of cv.toml (notes, highlights, research
// interests ...): *emphasis* or _emphasis_, **strong**, `code`, [text](url) and backslash
// escapes, parsed by cmark (Debian's libcmark), never by hand. Everything else prints
// exactly as written: block syntax (a note starting with "# ", "1. ", "- ", "> ", four
// spaces or ---; a ``` fence is no code block, its backticks are a code span as anywhere
// in a line), raw HTML, autolinks, entity references, images and hard breaks, and every
// space and line break of the text.
//
// How cmark is kept to inline parsing: the text goes to cmark as one paragraph line, between
// two no-break spaces (so no line can begin a block and no space at either end is trimmed),
// with its line breaks as U+1680 (a space to cmark's emphasis rules, as a line break is, and
// no line end), with a backslash before each `<` (no HTML or autolink) and before the `[`
// of `![` (no image), and with U+E000 after an `&` that could begin an entity reference. Each node
// cmark returns is then matched back to the bytes of the text it came from, so the plain text is
// the text as written, minus the markup and the escaping backslashes. When that matching fails (it
// should not), or marks nest deeper than kMaxMarkupDepth, the text is taken as plain text, as
// written.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "text/text_run.h"
#include "util/source_location.h"

namespace mkcv {

// Marks nested deeper than this are not markup (TeX has a limit of its own on groups).
inline constexpr int kMaxMarkupDepth = 16;
// Longer texts are not parsed (the validator refuses them anyway: cv/validate.h).
inline constexpr std::size_t kMaxMarkupBytes = 10000;

struct InlineMarkup {
    std::string plain;  // the text, markup and escaping backslashes removed
    RichText runs;      // its marks; empty when it has none
};

// `locate` gives the position of a byte of `source` in the file; each link's Open run gets
// the position of its `[` (for the validator's URL check). Links keep their URL in the
// Open run's `text` and have "href" as their LaTeX command (see rich_text.h).
InlineMarkup parse_inline_markup(std::string_view source,
                                 const std::function<SourcePos(std::size_t)>& locate = {});

}  // namespace mkcv

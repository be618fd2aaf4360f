// A title as an API gives it → typed text (cv/model.h's Text): HTML and JATS tags
// (`<i>`, `<jats:italic>`, `<b>`) become emphasis and strong marks by an allow-list, every
// other tag (MathML, `<jats:p>`, `<sub>`, `<script>`) is dropped and its text kept,
// entities (&amp;, &#x3B1;) are decoded, and LaTeX escapes (DBLP's, arXiv's: "Schr{\"o}dinger",
// "$\alpha$") are converted by bib/latex_text, which refuses anything not on its allow-list
// (then the text stays as written, as plain text). Nothing here is LaTeX for an output: each
// output escapes the result at its last step.
#pragma once

#include <string>
#include <string_view>

#include "cv/model.h"

namespace pugi {
class xml_node;
}

namespace mkcv::sync {

// A title, venue or name from JSON: markup and LaTeX as above, white space collapsed, cut
// to kMaxFieldBytes, invalid UTF-8 replaced.
Text text_of_markup(std::string_view raw);

// The same for an XML element whose children are text and inline elements (DBLP's
// <title>Fast <i>k</i>-means</title>).
Text text_of_xml(const pugi::xml_node& node);

// A plain field (no markup expected): white space collapsed, cut, UTF-8 made valid.
std::string plain_field(std::string_view raw);

// "Qiang Liu 0034" → "Qiang Liu" (DBLP's disambiguation number).
std::string without_dblp_number(std::string_view name);

// DBLP ends titles with a period: "Deep Learning." → "Deep Learning" ("Why?" and "..." stay).
void drop_final_period(Text& title);

}  // namespace mkcv::sync

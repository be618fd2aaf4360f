#include "tex/aux_rerun.h"
#include "util/ascii.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <string_view>
#include <vector>

namespace mkcv {
namespace {

// hyperref 7.00 writes these lines to every .aux (they only define how labels are read
// back) and \HyPL@Entry{0<</S/D>>} for default page numbering, which hyperref leaves out
// of the PDF. A hyperref that writes other lines just brings the second pass back.
const std::vector<std::string> kConstantLines = {
    R"(\relax )",
    R"(\providecommand\hyper@newdestlabel[2]{})",
    R"(\providecommand\HyperFirstAtBeginDocument{\AtBeginDocument})",
    R"(\HyperFirstAtBeginDocument{\ifx\hyper@anchor\@undefined)",
    R"(\global\let\oldnewlabel\newlabel)",
    R"(\gdef\newlabel#1#2{\newlabelxx{#1}#2})",
    R"(\gdef\newlabelxx#1#2#3#4#5#6{\oldnewlabel{#1}{{#2}{#3}}})",
    R"(\AtEndDocument{\ifx\hyper@anchor\@undefined)",
    R"(\let\newlabel\oldnewlabel)",
    R"(\fi})",
    R"(\global\let\hyper@last\relax )",
    R"(\gdef\HyperFirstAtBeginDocument#1{#1})",
    R"(\providecommand*\HyPL@Entry[1]{})",
    R"(\HyPL@Entry{0<</S/D>>})",
};

// A Perl single-quoted string holding `text` literally.
std::string perl_quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) {
        if (c == '\\' || c == '\'')
            out += '\\';
        out += c;
    }
    return out + "'";
}

}  // namespace

bool may_read_page_total(const std::string& tex) {
    // LaTeX 2022 reads \@abspage@last for \PreviousTotalPages and to place the
    // shipout/lastpage hook; in TeX Live 2022 that hook is used by the lastpage package,
    // pdfmanagement (\DocumentMetadata), tagpdf, ocgx2, media9 (pdfbase), leaflet and
    // bookmark's `atend` option. A document naming none of them cannot depend on it.
    static const std::vector<std::string> kReaders = {"previoustotalpages",
                                                      "lastpage",
                                                      "totalpages",
                                                      "totpages",
                                                      "documentmetadata",
                                                      "tagpdf",
                                                      "ocgx",
                                                      "media9",
                                                      "pdfbase",
                                                      "leaflet",
                                                      "atend"};
    const std::string text = ascii_lower(tex);
    return std::any_of(kReaders.begin(), kReaders.end(), [&](const std::string& reader) {
        return text.find(reader) != std::string::npos;
    });
}

std::string aux_lines_that_count(const std::string& aux, bool page_total_matters) {
    // The Perl pattern of latexmk_aux_rules, line by line: a line ignored is one of the
    // constant lines (before an optional \r), or the page count when it does not matter.
    static const std::regex page_count(R"(\\gdef \\@abspage@last\{[0-9]+\})");
    std::string kept;
    std::size_t start = 0;
    while (start < aux.size()) {
        std::size_t end = aux.find('\n', start);
        end = end == std::string::npos ? aux.size() : end + 1;
        std::string_view line(aux.data() + start, end - start);
        std::string_view text = line;
        if (!text.empty() && text.back() == '\n')
            text.remove_suffix(1);
        if (!text.empty() && text.back() == '\r')
            text.remove_suffix(1);
        const bool ignored =
            std::find(kConstantLines.begin(), kConstantLines.end(), text) != kConstantLines.end() ||
            (!page_total_matters && std::regex_match(text.begin(), text.end(), page_count));
        if (!ignored)
            kept += line;
        start = end;
    }
    return kept;
}

std::string latexmk_aux_rules(bool page_total_matters) {
    std::string alternatives;
    for (const auto& line : kConstantLines)
        alternatives += (alternatives.empty() ? "" : ",") + perl_quoted(line);
    std::string perl = "$hash_calc_ignore_pattern{'aux'} = '^(?:' . join('|', map { quotemeta } " +
                       std::string("(") + alternatives + "))";
    if (!page_total_matters)
        perl += " . '|' . quotemeta(" + perl_quoted(R"(\gdef \@abspage@last{)") + ") . '\\d+\\}'";
    perl += " . ')\\r?$';";
    return perl;
}

}  // namespace mkcv

#include "sync/offline_file.h"

#include "sync/arxiv_atom.h"
#include "sync/bibtex_works.h"
#include "sync/crossref_json.h"
#include "sync/dblp_xml.h"
#include "sync/json_input.h"
#include "sync/openalex_json.h"
#include "sync/orcid_json.h"
#include "sync/semantic_scholar_json.h"

namespace mkcv::sync {

const char* format_name(FileFormat format) {
    switch (format) {
        case FileFormat::DblpXml:
            return "DBLP person XML";
        case FileFormat::DblpBibtex:
            return "DBLP BibTeX";
        case FileFormat::OrcidJson:
            return "ORCID works JSON";
        case FileFormat::CrossrefJson:
            return "Crossref works JSON";
        case FileFormat::OpenalexJson:
            return "OpenAlex works JSON";
        case FileFormat::ArxivAtom:
            return "arXiv Atom feed";
        case FileFormat::SemanticScholarJson:
            return "Semantic Scholar papers JSON";
        case FileFormat::Bibtex:
            return "BibTeX (Google Scholar or other)";
    }
    return "?";
}

namespace {

std::string_view after_blank(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\n' || text.front() == '\r' ||
                             text.front() == '\t'))
        text.remove_prefix(1);
    return text;
}

// The name of the first element after the XML declaration and comments.
std::string first_element(std::string_view text) {
    std::size_t at = 0;
    while ((at = text.find('<', at)) != std::string_view::npos) {
        if (at + 1 < text.size() && (text[at + 1] == '?' || text[at + 1] == '!')) {
            ++at;
            continue;
        }
        std::size_t end = at + 1;
        while (end < text.size() && text[end] != '>' && text[end] != ' ' && text[end] != '\n' &&
               text[end] != '\t' && text[end] != '/' && text[end] != '\r')
            ++end;
        return std::string(text.substr(at + 1, end - at - 1));
    }
    return "";
}

}  // namespace

std::optional<FileFormat> detect_format(std::string_view text, std::string& why) {
    const std::string_view start = after_blank(text);
    if (start.empty()) {
        why = "the file is empty";
        return std::nullopt;
    }
    if (start.front() == '<') {
        const std::string root = first_element(start);
        if (root == "dblpperson")
            return FileFormat::DblpXml;
        if (root == "feed" || (root.size() > 5 && root.substr(root.size() - 5) == ":feed"))
            return FileFormat::ArxivAtom;
        why = "an XML file whose root is <" + root.substr(0, 40) +
              ">, neither DBLP's <dblpperson> nor arXiv's Atom <feed>";
        return std::nullopt;
    }
    if (start.front() == '{') {
        Result<nlohmann::json> parsed = parse_json(text, "");
        if (!parsed) {
            why = parsed.error().message;
            return std::nullopt;
        }
        const nlohmann::json& j = *parsed;
        if (member(j, "group").is_array() ||
            member(member(j, "activities-summary"), "works").is_object())
            return FileFormat::OrcidJson;
        if (member(j, "message").is_object())
            return FileFormat::CrossrefJson;
        if (member(j, "results").is_array() ||
            string_at(j, "id").find("openalex.org/W") != std::string::npos)
            return FileFormat::OpenalexJson;
        if (member(j, "data").is_array())
            return FileFormat::SemanticScholarJson;
        why =
            "a JSON file of no known shape (ORCID's `group`, Crossref's `message`, OpenAlex's "
            "`results` or Semantic Scholar's `data`)";
        return std::nullopt;
    }
    if (start.front() == '@' || start.front() == '%' || text.find("\n@") != std::string_view::npos)
        return is_dblp_bibtex(text) ? FileFormat::DblpBibtex : FileFormat::Bibtex;
    why = "neither XML, JSON nor BibTeX";
    return std::nullopt;
}

Result<OfflineWorks> read_offline_works(const std::string& text, const std::string& name,
                                        const OwnerIds& owner, Diagnostics& diagnostics) {
    std::string why;
    const auto format = detect_format(text, why);
    if (!format)
        return fail({Severity::Error,
                     name,
                     {},
                     "sync-format",
                     "unknown format: " + why,
                     "export from DBLP (XML or BibTeX), ORCID, Crossref, OpenAlex, arXiv, "
                     "Semantic Scholar or Google Scholar (BibTeX); see docs/sync.md"});
    auto done = [&](Result<WorksPage> page) -> Result<OfflineWorks> {
        if (!page)
            return fail(page.error());
        return OfflineWorks{*format, std::move(*page)};
    };
    switch (*format) {
        case FileFormat::DblpXml:
            return done(parse_dblp_xml(text, name, owner));
        case FileFormat::OrcidJson:
            return done(parse_orcid_works(text, name));
        case FileFormat::CrossrefJson:
            return done(parse_crossref_works(text, name, owner, false));
        case FileFormat::OpenalexJson:
            return done(parse_openalex_works(text, name, owner, false));
        case FileFormat::ArxivAtom:
            return done(parse_arxiv_atom(text, name));
        case FileFormat::SemanticScholarJson:
            return done(parse_semantic_scholar_papers(text, name, owner, false));
        case FileFormat::DblpBibtex:
        case FileFormat::Bibtex:
            return done(parse_bibtex_works(text, name, diagnostics));
    }
    return fail({Severity::Error, name, {}, "sync-format", "unknown format", ""});
}

}  // namespace mkcv::sync

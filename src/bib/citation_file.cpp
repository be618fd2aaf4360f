#include "bib/citation_file.h"

#include <sstream>

#include "cv/toml_input.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

namespace {

constexpr std::string_view kHeader =
    "# How often each paper was cited, as `mkcv sync` last read it ([sync] citations = true).\n"
    "# mkcv sync rewrites this file and mkcv build reads it; a count's date is the day it last\n"
    "# changed. Kept apart from the synced list, so that a new count never changes the .bib.\n\n";

bool is_source(std::string_view s) {
    return s == "openalex" || s == "semantic_scholar";
}

bool is_date(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return false;
    return true;
}

// A citekey as mkcv writes them, or one from the user's .bib: printable, bounded.
bool is_key(std::string_view key) {
    if (key.empty() || key.size() > 200)
        return false;
    for (const char c : key)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
            return false;
    return true;
}

bool is_count(long count) {
    return count >= 0 && count <= 1'000'000'000;
}

}  // namespace

fs::path citation_file_path(const fs::path& cv_path) {
    return cv_path.parent_path() / kCitationsFile;
}

Result<std::string> citation_file_text(const CitationCounts& counts) {
    toml::table papers;
    for (const auto& [key, c] : counts) {
        if (!is_key(key) || !is_count(c.count) || !is_source(c.source) || !is_date(c.date))
            return fail(Diagnostic{Severity::Error,
                                   kCitationsFile,
                                   {},
                                   "citations-write",
                                   "a citation count of \"" + key + "\" cannot be written",
                                   "this is a bug in mkcv sync; please report it"});
        papers.insert(key, toml::table{{"count", static_cast<int64_t>(c.count)},
                                       {"source", c.source},
                                       {"date", c.date}});
    }
    toml::table root;
    root.insert("citations", std::move(papers));
    std::ostringstream out;
    out << kHeader << root << '\n';
    const std::string text = out.str();
    // Read back what was written: the same keys, counts, sources and dates.
    Diagnostics read_diagnostics;
    const std::optional<toml::table> back = parse_toml(text, kCitationsFile, read_diagnostics);
    bool same = back.has_value();
    if (same) {
        const toml::table* table = (*back)["citations"].as_table();
        same = table && table->size() == counts.size();
        for (const auto& [key, c] : counts) {
            if (!same)
                break;
            const toml::node_view<const toml::node> entry = (*table)[key];
            same = entry["count"].value<int64_t>() == c.count &&
                   entry["source"].value<std::string>() == c.source &&
                   entry["date"].value<std::string>() == c.date;
        }
    }
    if (!same)
        return fail(Diagnostic{Severity::Error,
                               kCitationsFile,
                               {},
                               "citations-write",
                               "the citation counts did not read back as written",
                               "this is a bug in mkcv sync; please report it"});
    return text;
}

CitationCounts read_citation_file(const fs::path& path, Diagnostics& diagnostics) {
    CitationCounts counts;
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (status.type() == fs::file_type::not_found)
        return counts;
    const std::string name = path.string();
    if (status.type() == fs::file_type::symlink) {
        diagnostics.warning(name, {}, "citations",
                            name +
                                " is a symbolic link, which mkcv does not follow; no citation "
                                "counts are shown",
                            "remove it and run mkcv sync, which writes the file itself");
        return counts;
    }
    std::string text;
    if (const std::string why = read_regular_file(path, text, kMaxCitationFileBytes);
        !why.empty()) {
        diagnostics.warning(name, {}, "citations", "cannot read " + name + ": it " + why);
        return counts;
    }
    return citation_counts_of_text(text, name, diagnostics);
}

CitationCounts citation_counts_of_text(std::string_view text, const std::string& name,
                                       Diagnostics& diagnostics) {
    CitationCounts counts;
    const std::optional<toml::table> root = parse_toml(text, name, diagnostics);
    if (!root)
        return counts;
    const toml::table* papers = (*root)["citations"].as_table();
    if (!papers)
        return counts;
    for (const auto& [key, node] : *papers) {
        const toml::table* entry = node.as_table();
        const auto count = entry ? (*entry)["count"].value<int64_t>() : std::nullopt;
        const auto source = entry ? (*entry)["source"].value<std::string>() : std::nullopt;
        const auto date = entry ? (*entry)["date"].value<std::string>() : std::nullopt;
        if (!count || !source || !date || !is_key(key.str()) || !is_count(*count) ||
            !is_source(*source) || !is_date(*date)) {
            diagnostics.warning(name, source_pos_of(key), "citations",
                                "the citation count of \"" + std::string(key.str()) +
                                    "\" is not one mkcv sync writes; it is left out",
                                "run mkcv sync to write the file again");
            continue;
        }
        if (counts.size() >= kMaxCitationEntries) {
            diagnostics.warning(name, source_pos_of(key), "citations",
                                "more than " + std::to_string(kMaxCitationEntries) +
                                    " citation counts; the rest are left out");
            break;
        }
        counts[std::string(key.str())] = {static_cast<long>(*count), *source, *date};
    }
    return counts;
}

void attach_citations(std::vector<Publication>& papers, const CitationCounts& counts) {
    for (Publication& p : papers) {
        const auto it = counts.find(p.key.value);
        if (!p.key.value.empty() && it != counts.end())
            p.citations = it->second;
    }
}

}  // namespace mkcv

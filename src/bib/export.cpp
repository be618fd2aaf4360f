#include "bib/export.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "bib/bibliography.h"
#include "bib/bibtex_check.h"
#include "bib/citekey.h"
#include "bib/latex_text.h"
#include "bib/paper_identity.h"
#include "cv/authors.h"
#include "cv/photo.h"
#include "text/percent_encode.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

// A value from BibTeX that needed LaTeX goes back as that LaTeX (it was vetted and is
// balanced); everything else is escaped.
std::string field_value(const Text& value) {
    return render_text(value.value, value.marks, TextFormat::Bibtex);
}

const char* entry_type(PublicationKind kind) {
    switch (kind) {
        case PublicationKind::Conference:
        case PublicationKind::Workshop:
            return "inproceedings";
        case PublicationKind::Journal:
            return "article";
        case PublicationKind::Thesis:
            return "phdthesis";
        case PublicationKind::Preprint:
            return "unpublished";  // read back as a preprint, with or without arXiv
        case PublicationKind::Other:
            return "misc";
    }
    return "misc";
}

const char* venue_field(PublicationKind kind) {
    switch (kind) {
        case PublicationKind::Conference:
        case PublicationKind::Workshop:
            return "booktitle";
        case PublicationKind::Journal:
            return "journal";
        case PublicationKind::Thesis:
            return "school";
        default:
            return "howpublished";
    }
}

const char* const kMonthNames[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                   "jul", "aug", "sep", "oct", "nov", "dec"};
// The month as the reader gives the macro back (`jan` → "January").
const char* const kMonthNamesInFull[] = {"January",   "February", "March",    "April",
                                         "May",       "June",     "July",     "August",
                                         "September", "October",  "November", "December"};

// One entry: its text goes to `out`, and what it means (as the reader will give it back) to
// `meant`, which check_bibtex_read_back compares with what the text reads back as.
void write_entry(std::string& out, std::vector<BibEntry>& meant, std::string_view type,
                 const std::string& key,
                 const std::vector<std::pair<std::string, std::string>>& fields, int month) {
    BibEntry entry{std::string(type), key, 0, {}};
    out += "\n@" + std::string(type) + "{" + key + ",\n";
    for (const auto& [name, written] : fields) {
        // As the reader will give it back (BibTeX folds white space), so that the file read
        // and written again is the same file.
        const std::string value = collapse_ascii_spaces(written);
        std::string padded = name;
        padded.resize(std::max<std::size_t>(name.size(), 9), ' ');
        out += "  " + padded + " = {" + value + "},\n";
        entry.fields.push_back({name, value, 0});
    }
    if (month >= 1 && month <= 12) {
        out += "  month     = " + std::string(kMonthNames[month - 1]) + ",\n";
        entry.fields.push_back({"month", kMonthNamesInFull[month - 1], 0});
    }
    out += "}\n";
    meant.push_back(std::move(entry));
}

// "A and B and C", each name escaped and kept whole if BibTeX would split it.
std::string bibtex_names(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& written : names) {
        std::string name = escape_text(parse_author(written).name, TextFormat::Bibtex);
        if (name.find(" and ") != std::string::npos || name.find(',') != std::string::npos)
            name = "{" + name + "}";
        out += (out.empty() ? "" : " and ") + name;
    }
    return out;
}

// A citekey is written bare, between `{` and `,`: only characters that cannot end it or
// start something else may stand there. Letters, digits, UTF-8 and BibTeX's usual
// punctuation; anything else (a key from cv.toml with a comma or a brace in it) is replaced
// by a made key.
bool is_plain_key(const std::string& key) {
    if (key.empty() || key.size() > 256)
        return false;
    for (const char c : key) {
        const auto byte = static_cast<unsigned char>(c);
        if (!(std::isalnum(byte) || byte >= 0x80 || c == '-' || c == '_' || c == ':' || c == '.' ||
              c == '/' || c == '+'))
            return false;
    }
    return true;
}

// A URL as a braced field's value: a brace in it would end the field early (and the text
// after it would be read as fields of its own), so braces are percent-encoded, as are
// controls, spaces and backslashes, which no URL holds as itself.
std::string url_value(const std::string& url) {
    return percent_encode(url, [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return c != '{' && c != '}' && c != '\\' && byte > 0x20 && byte != 0x7F;
    });
}

// `wanted`, or `wanted` with "_link" after it until the entry has no field of that name:
// a second DOI or a second link of one label must not repeat a field.
std::string free_field_name(std::string wanted,
                            const std::vector<std::pair<std::string, std::string>>& fields) {
    auto taken = [&](const std::string& name) {
        for (const auto& field : fields)
            if (field.first == name)
                return true;
        return false;
    };
    while (taken(wanted))
        wanted += "_link";
    return wanted;
}

// A link's label as a field name: lower-case letters, digits and `_`, after a letter. A
// label that names a field with a meaning of its own (a link labelled "Title") gets "_link"
// after it, so no link can stand in for the title or the year when the file is read back.
std::string link_field_name(const std::string& label,
                            const std::vector<std::pair<std::string, std::string>>& fields) {
    std::string name;
    for (char c : ascii_lower(label))
        name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])))
        name = "link_" + name;
    static const std::set<std::string> kReserved{
        "title",  "author",       "editor",     "year",     "month",  "journal",       "booktitle",
        "school", "howpublished", "shortvenue", "doi",      "eprint", "archiveprefix", "note",
        "award",  "kind",         "type",       "crossref", "key"};
    if (kReserved.count(name))
        name += "_link";
    return free_field_name(name, fields);
}

// Links by label as fields: the first becomes `url`, the others keep their label.
void add_link_fields(const std::vector<Link>& links,
                     std::vector<std::pair<std::string, std::string>>& fields) {
    for (std::size_t i = 0; i < links.size(); ++i)
        fields.emplace_back(
            i == 0 ? free_field_name("url", fields) : link_field_name(links[i].label.value, fields),
            url_value(links[i].url.value));
}

// What the writers below make: the text, and each entry as it must read back.
struct Written {
    std::string text;
    std::vector<BibEntry> meant;
};

// Talks and patents are cited too (in grant reports, for instance): both as @misc, after
// the papers. The owner is a talk's author; a patent's inventors are its authors.
void add_talks_and_patents(const Cv& cv, std::set<std::string>& used, Written& out) {
    const std::string& owner = cv.person.name.value;
    for (const auto& talk : cv.talks) {
        const int year = talk.date ? talk.date->year : 0;
        std::vector<std::pair<std::string, std::string>> fields;
        fields.emplace_back("title", "{" + field_value(talk.title) + "}");
        fields.emplace_back("author", bibtex_names({owner}));
        std::string where = field_value(talk.event);
        if (!talk.location.empty())
            where += ", " + field_value(talk.location);
        fields.emplace_back("howpublished", (talk.invited ? "Invited talk, " : "Talk, ") + where);
        if (year)
            fields.emplace_back("year", std::to_string(year));
        add_link_fields(talk.links, fields);
        const int month = talk.date ? talk.date->month : 0;
        write_entry(out.text, out.meant, "misc",
                    fresh_citekey(citekey_base(owner, year, talk.title.value), used), fields,
                    month);
    }
    for (const auto& patent : cv.patents) {
        const int year = patent.date ? patent.date->year : 0;
        std::vector<std::string> inventors;
        for (const auto& name : patent.inventors)
            inventors.push_back(name.value);
        if (inventors.empty())
            inventors.push_back(owner);
        std::vector<std::pair<std::string, std::string>> fields;
        fields.emplace_back("title", "{" + field_value(patent.title) + "}");
        fields.emplace_back("author", bibtex_names(inventors));
        fields.emplace_back(
            "howpublished",
            "Patent" + (patent.number.empty() ? std::string() : " " + field_value(patent.number)));
        if (!patent.status.empty())
            fields.emplace_back("note", field_value(patent.status));
        if (year)
            fields.emplace_back("year", std::to_string(year));
        add_link_fields(patent.links, fields);
        const int month = patent.date ? patent.date->month : 0;
        write_entry(out.text, out.meant, "misc",
                    fresh_citekey(citekey_base(inventors[0], year, patent.title.value), used),
                    fields, month);
    }
}

// Each paper alone; `used` holds the citekeys already taken, and each key made here joins it.
std::vector<PaperBibtex> paper_entries(const std::vector<Publication>& publications,
                                       std::set<std::string>& used) {
    std::vector<PaperBibtex> entries;
    for (const auto& p : publications) {
        std::string key = p.key.value;
        if (!is_plain_key(key))
            key = fresh_citekey(
                citekey_base(p.authors.empty() ? "" : p.authors[0].value, p.year, p.title.value),
                used);
        std::vector<std::pair<std::string, std::string>> fields;
        // Double braces keep the title's capitalisation in every bibliography style.
        fields.emplace_back("title", "{" + field_value(p.title) + "}");
        std::string authors;
        for (const auto& a : p.authors) {
            std::string name = parse_author(a.value).name;
            if (name == "et al." || name == "others") {
                authors += (authors.empty() ? "" : " and ") + std::string("others");
                continue;
            }
            name = escape_text(name, TextFormat::Bibtex);
            // A name BibTeX would split wrongly is kept whole.
            if (name.find(" and ") != std::string::npos || name.find(',') != std::string::npos)
                name = "{" + name + "}";
            authors += (authors.empty() ? "" : " and ") + name;
        }
        fields.emplace_back("author", authors);
        if (!p.venue.empty())
            fields.emplace_back(venue_field(p.kind), field_value(p.venue));
        if (!p.venue_short.empty())
            fields.emplace_back("shortvenue", field_value(p.venue_short));
        fields.emplace_back("year", std::to_string(p.year));
        std::string eprint;
        for (const auto& link : p.links) {
            const std::string lower_label = ascii_lower(link.label.value);
            if (is_local_bibtex(link))  // a file beside cv.toml: no URL for a reader
                continue;
            const std::string url = url_value(link.url.value);
            // DOIs and arXiv ids are recognised as paper_identity.h recognises them, so the
            // file reads back as the same paper; written as the user wrote them.
            if (lower_label == "doi") {
                std::string doi = doi_as_written(link.url.value);
                if (doi.empty())  // not a DOI: kept as written
                    doi = url;
                fields.emplace_back(free_field_name("doi", fields), doi);
            } else if (const std::string id = arxiv_id_as_written(link.url.value);
                       !id.empty() && eprint.empty()) {
                eprint = id;
                fields.emplace_back("eprint", eprint);
                fields.emplace_back("archiveprefix", "arXiv");
            } else {
                // paper, pdf, code, slides, video …: fields BibTeX styles ignore (but url)
                // and mkcv reads back.
                fields.emplace_back(
                    link_field_name(lower_label == "paper" ? "url" : lower_label, fields), url);
            }
        }
        if (!p.note.empty())
            fields.emplace_back("note", field_value(p.note));
        if (!p.award.empty())
            fields.emplace_back("award", field_value(p.award));
        if (!p.abstract.empty())
            fields.emplace_back("abstract", field_value(p.abstract));
        // The synced list's record of where each field came from (sync/merge.h).
        if (!p.field_sources.empty())
            fields.emplace_back("mkcvsources", escape_text(p.field_sources, TextFormat::Bibtex));
        // When type and venue would read back as another kind, say it (mkcv reads `kind`).
        BibEntry as_written;
        as_written.type = entry_type(p.kind);
        for (const auto& [name, value] : fields)
            as_written.fields.push_back({name, value, 0});
        if (kind_of_bibtex(as_written) != p.kind)
            fields.emplace_back("kind", to_string(p.kind));
        PaperBibtex entry{&p, key, {}, {}};
        std::vector<BibEntry> meant;
        write_entry(entry.text, meant, entry_type(p.kind), key, fields, p.month);
        entry.meant = std::move(meant.front());
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::set<std::string> keys_of(const std::vector<Publication>& publications) {
    std::set<std::string> used;
    for (const auto& p : publications)
        if (!p.key.empty())
            used.insert(p.key.value);
    return used;
}

}  // namespace

Result<std::vector<PaperBibtex>> export_paper_bibtex(const Cv& cv) {
    std::set<std::string> used = keys_of(cv.publications);
    std::vector<PaperBibtex> entries = paper_entries(cv.publications, used);
    Written all;
    for (const PaperBibtex& entry : entries) {
        all.text += entry.text;
        all.meant.push_back(entry.meant);
    }
    if (Result<> read_back = check_bibtex_read_back(all.text, all.meant, "the site's .bib files");
        !read_back)
        return fail(read_back.error());
    return entries;
}

Result<std::string> export_bibtex(const Cv& cv) {
    // The file's name is the user's folder's, which may hold anything: on a comment line, a
    // line break would start a line of BibTeX.
    std::string source;
    for (const char c : cv.source_name)
        source += static_cast<unsigned char>(c) < 0x20 || c == 0x7F ? '?' : c;
    Written out{"% Written by mkcv export bib from " + source + "\n", {}};
    std::set<std::string> used = keys_of(cv.publications);
    for (PaperBibtex& entry : paper_entries(cv.publications, used)) {
        out.text += entry.text;
        out.meant.push_back(std::move(entry.meant));
    }
    add_talks_and_patents(cv, used, out);
    if (Result<> read_back = check_bibtex_read_back(out.text, out.meant, "the exported .bib");
        !read_back)
        return fail(read_back.error());
    return std::move(out.text);
}

Result<std::string> publications_bibtex(const std::vector<Publication>& publications,
                                        const std::string& file_name) {
    std::set<std::string> used = keys_of(publications);
    Written out;
    for (PaperBibtex& entry : paper_entries(publications, used)) {
        out.text += entry.text;
        out.meant.push_back(std::move(entry.meant));
    }
    if (Result<> read_back = check_bibtex_read_back(out.text, out.meant, file_name); !read_back)
        return fail(read_back.error());
    return std::move(out.text);
}

}  // namespace mkcv

#include "bib/export.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "bib/latex_text.h"
#include "bib/publication_merge.h"
#include "cv/authors.h"
#include "cv/photo.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

// A value from BibTeX that needed LaTeX goes back as that LaTeX (it was vetted and is
// balanced); everything else is escaped.
std::string field_value(const Text& value) {
    return render_text(value.value, value.marks, TextFormat::Bibtex);
}

std::string ascii_word(const std::string& text, std::size_t min_length) {
    std::string word;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : ' ';
        if (std::isalnum(static_cast<unsigned char>(c))) {
            word += ascii_lower(c);
            continue;
        }
        static const std::set<std::string> kSkip{
            "the", "and", "for",  "with", "from", "into", "towards", "toward", "using", "via",
            "on",  "how", "what", "why",  "when", "are",  "can",     "does",   "not"};
        if (word.size() >= min_length && !kSkip.count(word))
            return word;
        word.clear();
    }
    return "";
}

std::string last_name(const std::string& author) {
    const std::string name = parse_author(author).name;
    const auto space = name.find_last_of(' ');
    return space == std::string::npos ? name : name.substr(space + 1);
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

std::string arxiv_id(const std::string& url) {
    for (const char* prefix : {"https://arxiv.org/abs/", "http://arxiv.org/abs/",
                               "https://arxiv.org/pdf/", "http://arxiv.org/pdf/"}) {
        const std::string p(prefix);
        if (url.rfind(p, 0) == 0) {
            std::string id = url.substr(p.size());
            if (id.size() > 4 && id.compare(id.size() - 4, 4, ".pdf") == 0)
                id.resize(id.size() - 4);
            return id;
        }
    }
    return "";
}

void write_entry(std::string& out, std::string_view type, const std::string& key,
                 const std::vector<std::pair<std::string, std::string>>& fields,
                 const std::string& month) {
    out += "\n@" + std::string(type) + "{" + key + ",\n";
    for (const auto& [name, value] : fields) {
        std::string padded = name;
        padded.resize(std::max<std::size_t>(name.size(), 9), ' ');
        out += "  " + padded + " = {" + value + "},\n";
    }
    if (!month.empty())
        out += "  month     = " + month + ",\n";
    out += "}\n";
}

const char* const kMonthNames[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                   "jul", "aug", "sep", "oct", "nov", "dec"};

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

// A key not yet used: "zhao2024keynote", "zhao2024keynotea" …
std::string fresh_key(const std::string& name, int year, const std::string& title,
                      std::set<std::string>& used) {
    const std::string base =
        ascii_word(last_name(name), 1) + std::to_string(year) + ascii_word(title, 3);
    std::string key = base.empty() ? "misc" : base;
    for (char suffix = 'a'; used.count(key) && suffix <= 'z'; ++suffix)
        key = base + suffix;
    used.insert(key);
    return key;
}

// A URL as a braced field's value: a brace in it would end the field early (and the text
// after it would be read as fields of its own), so braces are percent-encoded.
std::string url_value(const std::string& url) {
    std::string out;
    for (const char c : url)
        out += c == '{' ? "%7B" : c == '}' ? "%7D" : std::string(1, c);
    return out;
}

// Links by label as fields: the first becomes `url`, the others keep their label.
void add_link_fields(const std::vector<Link>& links,
                     std::vector<std::pair<std::string, std::string>>& fields) {
    for (std::size_t i = 0; i < links.size(); ++i) {
        std::string name;
        for (char c : ascii_lower(links[i].label.value))
            name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
        fields.emplace_back(i == 0 ? "url" : name, url_value(links[i].url.value));
    }
}

// Talks and patents are cited too (in grant reports, for instance): both as @misc, after
// the papers. The owner is a talk's author; a patent's inventors are its authors.
void add_talks_and_patents(const Cv& cv, std::set<std::string>& used, std::string& out) {
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
        const std::string month =
            talk.date && talk.date->month >= 1 ? kMonthNames[talk.date->month - 1] : "";
        write_entry(out, "misc", fresh_key(owner, year, talk.title.value, used), fields, month);
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
        const std::string month =
            patent.date && patent.date->month >= 1 ? kMonthNames[patent.date->month - 1] : "";
        write_entry(out, "misc", fresh_key(inventors[0], year, patent.title.value, used), fields,
                    month);
    }
}

}  // namespace

std::vector<PaperBibtex> export_paper_bibtex(const Cv& cv) {
    std::vector<PaperBibtex> entries;
    std::set<std::string> used;
    for (const auto& p : cv.publications)
        if (!p.key.empty())
            used.insert(p.key.value);
    static const char* const kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                          "jul", "aug", "sep", "oct", "nov", "dec"};
    for (const auto& p : cv.publications) {
        std::string key = p.key.value;
        if (key.empty()) {
            const std::string base =
                (p.authors.empty() ? "anon" : ascii_word(last_name(p.authors[0].value), 1)) +
                std::to_string(p.year) + ascii_word(p.title.value, 3);
            key = base.empty() ? "pub" : base;
            for (char suffix = 'a'; used.count(key) && suffix <= 'z'; ++suffix)
                key = base + suffix;
            used.insert(key);
        }
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
        std::string month;
        if (p.month >= 1 && p.month <= 12)
            month = kMonths[p.month - 1];
        std::string eprint;
        for (const auto& link : p.links) {
            const std::string lower_label = ascii_lower(link.label.value);
            if (is_local_bibtex(link))  // a file beside cv.toml: no URL for a reader
                continue;
            const std::string url = url_value(link.url.value);
            if (lower_label == "doi") {
                std::string doi = url;
                if (doi.rfind("https://doi.org/", 0) == 0)
                    doi = doi.substr(16);
                fields.emplace_back("doi", doi);
            } else if (!arxiv_id(url).empty() && eprint.empty()) {
                eprint = arxiv_id(url);
                fields.emplace_back("eprint", eprint);
                fields.emplace_back("archiveprefix", "arXiv");
            } else if (lower_label == "paper" || lower_label == "pdf") {
                fields.emplace_back(lower_label == "paper" ? "url" : "pdf", url);
            } else {
                // code, slides, video …: fields BibTeX styles ignore and mkcv reads back.
                std::string name;
                for (char c : lower_label)
                    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                fields.emplace_back(name, url);
            }
        }
        if (!p.note.empty())
            fields.emplace_back("note", field_value(p.note));
        if (!p.award.empty())
            fields.emplace_back("award", field_value(p.award));
        // When type and venue would read back as another kind, say it (mkcv reads `kind`).
        BibEntry as_written;
        as_written.type = entry_type(p.kind);
        for (const auto& [name, value] : fields)
            as_written.fields.push_back({name, value, 0});
        if (kind_of_bibtex(as_written) != p.kind)
            fields.emplace_back("kind", to_string(p.kind));
        PaperBibtex entry{&p, key, {}};
        write_entry(entry.text, entry_type(p.kind), key, fields, month);
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::string export_bibtex(const Cv& cv) {
    std::string out = "% Written by mkcv export bib from " + cv.source_name + "\n";
    std::set<std::string> used;
    for (const PaperBibtex& entry : export_paper_bibtex(cv)) {
        out += entry.text;
        used.insert(entry.key);
    }
    add_talks_and_patents(cv, used, out);
    return out;
}

}  // namespace mkcv

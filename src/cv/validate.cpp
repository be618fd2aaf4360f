#include "cv/validate.h"

#include <algorithm>
#include <filesystem>
#include <unordered_map>
#include <utility>

#include "cv/applications.h"
#include "cv/photo.h"
#include "cv/profiles.h"
#include "cv/sections.h"
#include "cv/value_origins.h"
#include "util/ascii.h"
#include "util/text_similarity.h"

namespace mkcv {
namespace {

// The title and year a duplicate is recognised by: case (ASCII) and spaces ignored.
std::string duplicate_key(const std::string& title, int year) {
    std::string out;
    out.reserve(title.size() + 8);
    for (char c : title)
        if (c != ' ')
            out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    out += '\0';
    out += std::to_string(year);
    return out;
}

bool blank(const std::string& s) {
    return std::all_of(s.begin(), s.end(),
                       [](char c) { return c == ' ' || c == '\t' || c == '\n'; });
}

// A bare file name ("cv-long.pdf", "slides.pptx"): no host, no folder, and a file's
// extension rather than a domain's, so "add the scheme" would be wrong advice.
bool names_a_file(std::string_view value) {
    if (value.find('/') != std::string_view::npos || value.find(' ') != std::string_view::npos)
        return false;
    const auto dot = value.rfind('.');
    if (dot == std::string_view::npos || dot == 0)
        return false;
    const std::string extension = ascii_lower(value.substr(dot + 1));
    for (const char* known : {"pdf", "html", "htm", "bib", "tex", "md", "txt", "png", "jpg", "jpeg",
                              "svg", "gif", "ppt", "pptx", "key", "doc", "docx", "zip"})
        if (extension == known)
            return true;
    return false;
}

class Validator {
  public:
    Validator(const Cv& cv, Diagnostics& diagnostics) : cv_(cv), diag_(diagnostics) {}

    void run() {
        required(cv_.person.name, "name");
        for (const auto& link : cv_.person.links)
            url(link.url, link.label.empty() ? "url" : link.label.value);
        for (const auto& profile : cv_.person.profiles)
            check_profile(profile);
        if (cv_.person.location_parts && cv_.person.location.empty())
            diag_.error(file(), cv_.person.location.pos, "missing-key",
                        "the `location` table gives no part of the address",
                        "add city = \"...\" (or address, postal_code, region, country)");
        if (!cv_.person.homepage.empty() &&
            cv_.person.homepage.value.find(' ') != std::string::npos)
            diag_.error(file(), cv_.person.homepage.pos, "url", "`homepage` contains a space");
        for (const Section& section : sections_of(cv_).rows()) {
            if (!section.is_list())
                continue;
            if (section.key == kPublicationsSection) {
                publications();
                continue;
            }
            for (std::size_t i = 0; i < section.size(cv_); ++i) {
                const Entry& entry = section.entries.at(cv_, section.key, i);
                check_fields(section.fields, entry);
                if (section.check)
                    section.check(entry, file(), diag_);
            }
        }
    }

  private:
    void check_profile(const Profile& p) {
        const Network* network = p.network.empty() ? nullptr : find_network(p.network.value);
        if (p.network.empty() && p.url.empty()) {
            diag_.error(file(), p.pos, "profile",
                        "a profile needs `network` and `username`, or `url`",
                        "e.g. { network = \"ORCID\", username = \"0000-0002-1825-0097\" }");
            return;
        }
        if (!p.network.empty() && !network && p.url.empty()) {
            std::vector<std::string> names{"Twitter"};
            for (const Network& n : known_networks())
                names.emplace_back(n.name);
            const std::string guess = closest_match(p.network.value, names);
            diag_.error(file(), p.network.pos, "profile",
                        "mkcv does not know the network \"" + p.network.value +
                            "\", so this profile needs a `url`",
                        guess.empty() ? "add url = \"https://...\"; known networks: ORCID, "
                                        "Google Scholar, DBLP, Semantic Scholar, GitHub, GitLab, "
                                        "LinkedIn, X, Mastodon, ResearchGate, Bluesky"
                                      : "did you mean \"" + guess +
                                            "\"? Otherwise add url = "
                                            "\"https://...\"");
        }
        if (!p.username.empty() && p.network.empty())
            diag_.error(file(), p.username.pos, "profile",
                        "`username` needs the `network` it belongs to", "add network = \"...\"");
        if (network && p.username.empty() && p.url.empty())
            diag_.error(
                file(), p.network.pos, "profile",
                "the " + std::string(network->name) + " profile needs a `username` (or a `url`)",
                "add username = \"" + std::string(network->example) + "\"");
        if (network && !p.username.empty())
            if (auto problem = username_problem(*network, p.username.value))
                diag_.error(file(), p.username.pos, "profile",
                            "\"" + p.username.value + "\" is not a valid " +
                                std::string(network->name) + " username",
                            *problem);
        // A profile is a web page: of the links cv.toml takes, http(s) only.
        const bool web =
            p.url.value.rfind("http://", 0) == 0 || p.url.value.rfind("https://", 0) == 0;
        if (!p.url.empty() && !web &&
            (p.url.value.find("://") != std::string::npos || looks_like_url(p.url.value)))
            diag_.error(file(), p.url.pos, "url",
                        "a profile's `url` must start with https:// or http://, found \"" +
                            p.url.value + "\"");
        else if (!p.url.empty())
            url(p.url,
                p.label.empty() ? (p.network.empty() ? "url" : p.network.value) : p.label.value);
        if (network && network->key == "github" && !cv_.person.github.empty())
            diag_.error(file(), p.pos, "duplicate-key",
                        "GitHub is given both as `github` and in `profiles`", "keep one of them");
    }

    // Written for: papers from a .bib are named by where they were written there.
    void publications() {
        std::unordered_map<std::string, const Publication*> seen;
        seen.reserve(cv_.publications.size());
        for (const auto& p : cv_.publications) {
            required(p.title, "title");
            required(p.venue, "venue");
            if (p.authors.empty() && p.authors_pos.known())
                diag_.error(file(), p.authors_pos, "authors",
                            "the author list of \"" + p.title.value + "\" is empty",
                            "list at least one author");
            for (const auto& author : p.authors)
                if (blank(author.value))
                    diag_.error(file(), author.pos, "authors", "an author's name is empty");
            for (const auto& link : p.links)
                if (!is_local_bibtex(link))  // a file beside cv.toml: load_paper_files checks it
                    url(link.url, link.label.value);
            if (auto [it, inserted] = seen.emplace(duplicate_key(p.title.value, p.year), &p);
                !inserted) {
                const auto [first_file, first_pos] = written_at(*it->second);
                const auto [dup_file, dup_pos] = written_at(p);
                diag_.warning(
                    dup_file, dup_pos, "duplicate",
                    "\"" + p.title.value + "\" (" + std::to_string(p.year) + ") is listed twice",
                    "the first is at " + (first_file == dup_file ? "line " : first_file + ":") +
                        std::to_string(first_pos.line));
            }
        }
    }

    // Present-but-blank required texts and dates out of order, nested records included.
    void check_fields(const std::vector<Field>& fields, const Record& record) {
        for (const Field& field : fields) {
            if (const auto* f = std::get_if<TextField>(&field.kind); f && f->url) {
                if (!f->member(record).empty())
                    url(f->member(record), std::string(field.key));
            } else if (const auto* f = std::get_if<TextField>(&field.kind); f && f->check_blank)
                required(f->member(record), field.key);
            else if (const auto* l = std::get_if<LinksField>(&field.kind))
                for (const auto& link : l->member(record))
                    url(link.url, link.label.value);
            else if (const auto* d = std::get_if<DateField>(&field.kind);
                     d && d->member(record) && d->member(record)->present)
                diag_.error(file(), d->pos(record), "date",
                            "`" + std::string(field.key) + "` cannot be \"present\"",
                            "give the year, month or day it happened");
            else if (const auto* d = std::get_if<DatesField>(&field.kind); d && d->member(record))
                order(*d->member(record));
            else if (const auto* p = std::get_if<PeriodsField>(&field.kind))
                for (const auto& period : p->member(record))
                    order(period);
            else if (const auto* r = std::get_if<RecordsField>(&field.kind))
                for (std::size_t i = 0; i < r->size(record); ++i)
                    check_fields(r->fields, r->at(record, i));
        }
    }

    const std::string& file() const { return cv_.source_name; }

    // A publication from a .bib without a cv.toml override was written in the .bib.
    std::pair<std::string, SourcePos> written_at(const Publication& p) const {
        if (p.pos.known() || p.source_file.empty())
            return {file(), p.pos};
        return {p.source_file, p.source_pos};
    }

    void required(const Text& text, std::string_view key) {
        // A missing key was reported by the loader; here only present-but-blank values.
        if (text.pos.known() && blank(text.value))
            diag_.error(file(), text.pos, "empty", "`" + std::string(key) + "` must not be empty");
    }

    void order(const DateRange& range) {
        if (range.start && range.end && compare_dates(*range.end, *range.start) < 0)
            diag_.error(file(), range.end_pos, "date-order",
                        "ends (" + iso_date(*range.end) + ") before it starts (" +
                            iso_date(*range.start) + ")",
                        "swap start and end");
        if (range.start && range.start->present)
            diag_.error(file(), range.start_pos, "date", "`start` cannot be \"present\"");
    }

  public:
    // Also for links in the inline Markdown of prose fields: `pos` is where the link is.
    void url(const Text& url, const std::string& label) {
        if (url.value.empty() || looks_like_url(url.value))
            return;
        std::string hint = "write a full URL such as https://example.org/...";
        if (url.value.rfind("mailto:", 0) == 0)
            hint = "an e-mail link needs an address: mailto:name@example.org";
        else if (url.value.find("//") != std::string::npos)
            hint = "a URL starts with its scheme and ://, such as https://";
        else if (ascii_lower(label) == "bibtex" && url.value.find("://") == std::string::npos)
            hint =
                "a `bibtex` link is a URL (https://...) or a .bib file in cv.toml's folder: "
                "bibtex = \"paper.bib\"";
        else if (names_a_file(url.value))
            hint = "\"" + url.value +
                   "\" names a file, not a web address: a link must work in the PDF too, "
                   "so give the file's full address on your site, such as "
                   "https://example.org/" +
                   url.value;
        else if (url.value.find("://") == std::string::npos &&
                 url.value.find('.') != std::string::npos &&
                 url.value.find(' ') == std::string::npos)
            hint = "add the scheme: https://" + url.value;
        diag_.error(file(), url.pos, "url",
                    "link `" + label + "` is not a URL: \"" + url.value + "\"", hint);
    }

  private:
    const Cv& cv_;
    Diagnostics& diag_;
};

// The links of a prose field's inline Markdown ([text](url)), with their text.
void check_markup_links(const ValueOrigin& value, Validator& validator, Diagnostics& diagnostics) {
    const RichText& runs = value.marks;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const TextRun& run = runs[i];
        if (run.kind != TextRun::Kind::Open || run.mark != Mark::Link || run.latex != "href")
            continue;
        std::string label;
        for (std::size_t j = i + 1, depth = 1; j < runs.size() && depth > 0; ++j) {
            if (runs[j].kind == TextRun::Kind::Open)
                ++depth;
            else if (runs[j].kind == TextRun::Kind::Close)
                --depth;
            else
                label += runs[j].text;
        }
        const Text url{run.text, run.pos.known() ? run.pos : value.pos};
        // The loader made each [text](lang:TAG) with a real tag a language span.
        if (url.value.size() >= 5 && ascii_lower(url.value.substr(0, 5)) == "lang:") {
            diagnostics.error(
                value.file, url.pos, "markup",
                "`" + url.value.substr(5) + "` in [" + label + "](" + url.value +
                    ") is not a language tag",
                "write a BCP 47 tag: [佐藤 健一](lang:ja), (lang:ko), (lang:zh-Hant)");
            continue;
        }
        if (url.value.empty())
            diagnostics.error(value.file, url.pos, "url", "link `" + label + "` has no URL",
                              "write [text](https://example.org/...)");
        else
            validator.url(url, label);
    }
}

}  // namespace

bool looks_like_url(const std::string& url) {
    if (url.find_first_of(" \t\n") != std::string::npos)
        return false;
    for (const char* scheme : {"https://", "http://"})
        if (url.rfind(scheme, 0) == 0)
            return url.size() > std::char_traits<char>::length(scheme);
    if (url.rfind("mailto:", 0) == 0)
        return url.find('@') != std::string::npos;
    // A bare DOI ("10.1145/3544216.3544224"); the CV links it through https://doi.org/.
    return url.rfind("10.", 0) == 0 && url.find('/') != std::string::npos;
}

namespace {

// `mkcv sync` rewrites its list whole, from its own entries: the user's own .bib in its
// place would lose its comments, @string macros and every field sync does not keep, and a
// build would read each entry twice. Compared as written, relative to cv.toml's folder
// (both are confined to it, so no link can make two spellings one file unnoticed by the
// build's own duplicate check).
void check_sync_file_is_not_a_bibliography(const Cv& cv, Diagnostics& diagnostics) {
    if (!cv.sync.present)
        return;
    const std::string list = cv.sync.file.empty() ? kDefaultSyncFile : cv.sync.file.value;
    const std::filesystem::path normal = std::filesystem::path(list).lexically_normal();
    for (const Text& name : cv.bibliography)
        if (std::filesystem::path(name.value).lexically_normal() == normal)
            diagnostics.error(
                cv.source_name, cv.sync.file.empty() ? name.pos : cv.sync.file.pos, "sync",
                "`" + list +
                    "` is both one of your `bibliography` files and the list `mkcv sync` "
                    "writes: a sync would rewrite it whole and lose its comments, macros and "
                    "fields",
                cv.sync.file.empty()
                    ? "rename your file, or set [sync] file = \"publications.sync.bib\" to "
                      "another name"
                    : "give [sync] file a name of its own; mkcv reads the list after your "
                      "bibliography anyway");
}

}  // namespace

void validate_cv(const Cv& cv, Diagnostics& diagnostics) {
    Validator validator(cv, diagnostics);
    validator.run();
    check_sync_file_is_not_a_bibliography(cv, diagnostics);
    check_applications(cv, diagnostics);
    for (const auto& value : value_origins(cv)) {
        if (value.file == cv.source_name)
            check_markup_links(value, validator, diagnostics);
        if (value.text.size() > kMaxValueBytes)
            diagnostics.error(value.file, value.pos, "too-long",
                              "this text is " + std::to_string(value.text.size()) +
                                  " bytes long, more than the " + std::to_string(kMaxValueBytes) +
                                  " mkcv accepts in one value",
                              "TeX cannot read a line that long; split it into several values");
    }
}

}  // namespace mkcv

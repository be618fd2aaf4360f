#include "bib/bibliography.h"
#include "bib/citation_file.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "bib/latex_text.h"
#include "bib/paper_identity.h"
#include "bib/paper_title.h"
#include "cv/authors.h"
#include "cv/cv_folder.h"
#include "cv/dates.h"
#include "cv/validate.h"
#include "util/ascii.h"
#include "util/file_io.h"
#include "util/text_similarity.h"
#include "util/utf8.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

bool contains(const std::string& haystack, const std::string& needle) {
    return ascii_lower(haystack).find(needle) != std::string::npos;
}

std::string value(const BibEntry& e, const std::string& name) {
    const BibField* f = e.field(name);
    return f ? f->value : "";
}

// "aug", "August", "8", "08" → 8; 0 for anything else ("13", "Foo").
int month_number(const std::string& text) {
    static const char* const kNames[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                         "jul", "aug", "sep", "oct", "nov", "dec"};
    std::string m = ascii_lower(text);
    while (!m.empty() && (m.front() == ' ' || m.front() == '{'))
        m.erase(0, 1);
    while (!m.empty() && (m.back() == ' ' || m.back() == '}' || m.back() == '.'))
        m.pop_back();
    for (int i = 0; i < 12; ++i)
        if (m.rfind(kNames[i], 0) == 0)
            return i + 1;
    if (m.empty() || m.size() > 2 ||
        !std::all_of(m.begin(), m.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return 0;
    const int n = std::stoi(m);
    return n >= 1 && n <= 12 ? n : 0;
}

// The year of a biblatex `date`: "2023", "2023-05", "2023-05-01", a range "2023-05/2024"
// (its start), with the uncertainty marks ? ~ % after it. Month and day must exist.
int year_of_date(const std::string& text, std::string& error) {
    std::string start = text.substr(0, text.find('/'));
    while (!start.empty() && (start.back() == '?' || start.back() == '~' || start.back() == '%' ||
                              start.back() == ' '))
        start.pop_back();
    while (!start.empty() && start.front() == ' ')
        start.erase(0, 1);
    const DateParseResult parsed = parse_date(start);
    if (!parsed.date || parsed.date->present) {
        error = parsed.error.empty() ? "is not a date" : parsed.error;
        return 0;
    }
    return parsed.date->year;
}

bool is_arxiv(const BibEntry& e) {
    return contains(value(e, "archiveprefix"), "arxiv") ||
           contains(value(e, "eprinttype"), "arxiv") || contains(value(e, "journal"), "arxiv") ||
           contains(value(e, "journal"), "corr") || contains(value(e, "url"), "arxiv.org") ||
           contains(value(e, "howpublished"), "arxiv") ||
           (!value(e, "eprint").empty() && value(e, "archiveprefix").empty() &&
            value(e, "eprinttype").empty());
}

}  // namespace

PublicationKind kind_of_bibtex(const BibEntry& e) {
    const std::string& t = e.type;
    if (t == "inproceedings" || t == "conference")
        return contains(value(e, "booktitle"), "workshop") ? PublicationKind::Workshop
                                                           : PublicationKind::Conference;
    if (t == "article")
        return is_arxiv(e) ? PublicationKind::Preprint : PublicationKind::Journal;
    if (t == "phdthesis" || t == "mastersthesis" || t == "thesis")
        return PublicationKind::Thesis;
    if ((t == "misc" || t == "unpublished" || t == "techreport" || t == "online" || t == "report" ||
         t == "preprint") &&
        is_arxiv(e))
        return PublicationKind::Preprint;
    if (t == "unpublished" || t == "preprint")
        return PublicationKind::Preprint;
    return PublicationKind::Other;
}

std::vector<std::string> bibtex_authors(const std::string& field, const std::string& file, int line,
                                        Diagnostics& diagnostics) {
    std::vector<std::string> out;
    for (const BibName& name : split_bibtex_names(field, file, line, diagnostics)) {
        if (name.others) {
            out.push_back("et al.");
            continue;
        }
        std::string full;
        for (const std::string* part : {&name.first, &name.von, &name.last, &name.jr}) {
            if (part->empty())
                continue;
            // A refused name prints as written (latex_to_text gives its literal text).
            const LatexText text = latex_to_text(*part);
            if (!text.error.empty())
                diagnostics.warning(file, {line, 0}, "bibtex-latex",
                                    "author \"" + *part + "\": " + text.error,
                                    "it prints as written, as plain text");
            full += (full.empty() ? "" : " ") + text.text;
        }
        if (!full.empty())
            out.push_back(full);
    }
    return out;
}

std::optional<Publication> publication_from_bibtex(const BibEntry& e, const std::string& file,
                                                   Diagnostics& diagnostics) {
    Publication p;
    p.key = {e.key, {}};
    p.source_file = file;
    p.source_pos = {e.line, 0};
    p.kind = kind_of_bibtex(e);
    // `kind = {workshop}` in the entry (as `mkcv export bib` writes it) wins over the type.
    if (const auto kind = publication_kind_from_string(ascii_lower(value(e, "kind"))))
        p.kind = *kind;
    bool ok = true;
    const std::string who = "entry `" + e.key + "`";
    auto convert = [&](const std::string& field) -> Text {
        const BibField* f = e.field(field);
        if (!f)
            return {};
        // Refused LaTeX is a warning and prints literally, as plain text (never as LaTeX).
        const LatexText text = latex_to_text(f->value);
        if (!text.error.empty())
            diagnostics.warning(file, {f->line, 0}, "bibtex-latex",
                                who + ", field `" + field + "`: " + text.error,
                                "it prints as written, as plain text; write it without the "
                                "command, or in plain Unicode");
        Text out{text.text, {}, text.runs};
        for (TextRun& run : out.marks)
            run.pos = {f->line, 0};
        return out;
    };
    auto first_of = [&](std::initializer_list<const char*> fields) {
        for (const char* f : fields)
            if (e.field(f))
                return convert(f);
        return Text{};
    };
    p.title = convert("title");
    p.venue = first_of({"booktitle", "journal", "journaltitle", "school", "institution",
                        "howpublished", "publisher", "organization"});
    p.venue_short = first_of({"shortvenue", "venue_short", "shortbooktitle", "shortjournal"});
    if (p.venue.empty() && p.kind == PublicationKind::Preprint)
        p.venue = {"Preprint", {}, {}};
    p.note = convert("note");
    p.award = convert("award");
    p.abstract = convert("abstract");
    // What mkcv sync wrote there: field=source pairs; sync/merge reads only known names.
    for (const char c : value(e, "mkcvsources"))
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '=' || c == ';')
            p.field_sources += c;
    // A year or month that is there but wrong is a warning where it is written, never a
    // silent 9999 or a dropped month.
    auto refuse = [&](const char* field, const std::string& problem, const std::string& hint) {
        const BibField* f = e.field(field);
        diagnostics.warning(file, {f ? f->line : e.line, 0}, "bibtex-date",
                            who + ", field `" + field + "`: \"" + value(e, field) + "\" " + problem,
                            hint);
    };
    std::string year_error;
    if (e.field("year")) {
        p.year = year_in_text(value(e, "year"), &year_error);
        if (!year_error.empty() || p.year < 1) {
            refuse("year", year_error.empty() ? "is not a year from 1 to 9999" : year_error,
                   "write the year with four digits, e.g. year = 2023; the entry is left out");
            ok = false;
        }
    } else if (e.field("date")) {
        p.year = year_of_date(value(e, "date"), year_error);
        if (!year_error.empty()) {
            refuse("date", "is not a date: " + year_error,
                   "write date = {YYYY}, {YYYY-MM} or {YYYY-MM-DD}; the entry is left out");
            ok = false;
        }
    }
    if (e.field("month") && !value(e, "month").empty()) {
        p.month = month_number(value(e, "month"));
        if (p.month == 0)
            refuse("month", "is not a month",
                   "write month = aug, {August} or 8; the month is left out");
    }
    if (const BibField* authors = e.field("author"))
        for (auto& name : bibtex_authors(authors->value, file, authors->line, diagnostics))
            p.authors.push_back({std::move(name), {}});

    auto missing = [&](const char* what) {
        diagnostics.warning(file, {e.line, 0}, "bibtex-missing",
                            who + " has no " + std::string(what) + "; it is left out",
                            std::string("add ") + what + " = {...}");
        ok = false;
    };
    if (ok && p.title.empty())
        missing("title");
    if (ok && p.authors.empty())
        missing("author");
    if (ok && p.year == 0 && year_error.empty())
        missing("year");

    // Links in a fixed order: paper, DOI, arXiv, then what people add by hand.
    auto link = [&](const std::string& label, const std::string& url, int line) {
        if (url.empty())
            return;
        for (const auto& l : p.links)
            if (l.url.value == url)
                return;
        if (!looks_like_url(url)) {
            diagnostics.warning(file, {line, 0}, "bibtex-url",
                                who + ": `" + label + "` is not a URL: \"" + url + "\"");
            return;
        }
        p.links.push_back({{label, {}}, {url, {}}});
    };
    auto line_of_field = [&](const char* name) {
        const BibField* f = e.field(name);
        return f ? f->line : e.line;
    };
    // URLs are not LaTeX: BibTeX keeps them verbatim (\url, \href); only \_ and \% are undone.
    auto url = [&](const char* name) {
        std::string u = value(e, name), out;
        for (std::size_t i = 0; i < u.size(); ++i) {
            if (u[i] == '\\' && i + 1 < u.size() &&
                (u[i + 1] == '_' || u[i + 1] == '%' || u[i + 1] == '&' || u[i + 1] == '#' ||
                 u[i + 1] == '~'))
                continue;
            out += u[i];
        }
        return out;
    };
    const std::string main_url = url("url");
    link(contains(main_url, "arxiv.org") ? "arXiv" : "paper", main_url, line_of_field("url"));
    std::string doi = url("doi");
    for (const char* prefix :
         {"https://doi.org/", "http://dx.doi.org/", "https://dx.doi.org/", "doi:"})
        if (ascii_lower(doi).rfind(prefix, 0) == 0)
            doi = doi.substr(std::string(prefix).size());
    link("doi", doi, line_of_field("doi"));
    const std::string eprint = value(e, "eprint");
    if (!eprint.empty() && is_arxiv(e))
        link("arXiv", "https://arxiv.org/abs/" + eprint, line_of_field("eprint"));
    for (const char* extra : {"pdf", "code", "slides", "video", "poster", "project", "dblp"})
        link(extra, url(extra), line_of_field(extra));
    if (!ok)
        return std::nullopt;
    return p;
}

namespace {

// Marks the authors an override names; a name that matches nobody is an error.
void mark_authors(Publication& p, const std::vector<Text>& names, const std::string& mark,
                  const char* key, const std::string& cv_file, Diagnostics& diagnostics) {
    for (const auto& wanted : names) {
        bool found = false;
        std::vector<std::string> candidates;
        for (auto& author : p.authors) {
            const AuthorName parsed = parse_author(author.value);
            candidates.push_back(parsed.name);
            if (!same_person(parsed.name, wanted.value))
                continue;
            found = true;
            const bool has = mark == "*" ? parsed.equal : parsed.corresponding;
            if (!has) {
                // Marks go before a remark: "Name* (Advisor)".
                author.value = parsed.name + (parsed.equal ? "*" : "") +
                               (parsed.corresponding ? "†" : "") + mark + parsed.suffix;
            }
        }
        if (!found) {
            const std::string guess = closest_match(wanted.value, candidates);
            diagnostics.error(cv_file, wanted.pos, "unknown-author",
                              "`" + std::string(key) + "` names \"" + wanted.value +
                                  "\", who is not an author of \"" + p.title.value + "\"",
                              guess.empty() ? "" : "did you mean \"" + guess + "\"?");
        }
    }
}

}  // namespace

namespace {

// `mkcv sync`'s list (cv.toml's [sync] file, publications.sync.bib by default), read after
// the user's own .bib files: an entry whose citekey one of the user's entries has, or that
// is one of them by bib/paper_identity.h (DOI, arXiv id, DBLP key, or title and year, the
// rule of `mkcv sync`), is the user's, and [sync] ignore leaves entries out. Not there yet
// (before the first sync) is no problem; a symbolic link is never followed.
void add_synced_list(Cv& cv, const fs::path& cv_path, Diagnostics& diagnostics,
                     SourceTexts& sources, std::vector<Publication>& from_bib,
                     std::map<std::string, std::size_t>& by_key, std::vector<std::string>& keys) {
    const std::string name = cv.sync.file.empty() ? kDefaultSyncFile : cv.sync.file.value;
    const fs::path path = cv_path.parent_path() / name;
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(path, ec);
    if (status.type() == fs::file_type::not_found)
        return;
    const SourcePos where = cv.sync.file.empty() ? cv.sync.pos : cv.sync.file.pos;
    if (status.type() == fs::file_type::symlink) {
        diagnostics.error(
            cv.source_name, where, "io",
            "the synced list " + path.string() + " is a symbolic link, which mkcv does not follow",
            "remove it and run mkcv sync, which writes the file itself");
        return;
    }
    std::string text;
    if (const std::string why = read_regular_file(path, text, kMaxBibFileBytes); !why.empty()) {
        diagnostics.error(cv.source_name, where, "io",
                          "cannot read the synced list " + path.string() + ": it " + why);
        return;
    }
    const std::string file = path.lexically_normal().string();
    sources[file] = valid_utf8(text);
    // The user's own papers, by the rule `mkcv sync` judges "the same paper" by.
    PaperSet own;
    for (const auto& p : from_bib)
        own.add(identity_of(p));
    for (const auto& p : cv.publications)
        if (p.key.empty())
            own.add(identity_of(p));
    std::vector<std::string> names;
    for (const Text& t : cv.sync.ignore)
        names.push_back(t.value);
    const PaperNames ignored(names);
    // [sync] same_as: the user's own entry stands for the work it names, so a list written
    // before they said so prints it once too.
    std::vector<std::string> same_as_works;
    for (const auto& same : cv.sync.same_as)
        same_as_works.push_back(same.work.value);
    const PaperNames same_as(same_as_works);
    for (const auto& e : read_bibtex(text, file, diagnostics)) {
        if (by_key.count(e.key) || ignored.find(e.key, {}))
            continue;
        auto p = publication_from_bibtex(e, file, diagnostics);
        if (!p)
            continue;
        const PaperIdentity id = identity_of(*p);
        if (own.has(id) || ignored.find("", id))
            continue;
        if (same_as.find(e.key, id))
            continue;
        by_key[e.key] = from_bib.size();
        keys.push_back(e.key);
        from_bib.push_back(std::move(*p));
    }
}

// [sync] same_as = { "WORK" = "KEY" }: each KEY must be one of the user's own entries (a
// citekey of their .bib files, or the title of a cv.toml entry without one, as sync's report
// names it), or the work would be left out for an entry that does not exist.
void check_same_as(const Cv& cv, const std::vector<std::string>& own_keys,
                   const std::vector<std::string>& synced_keys, Diagnostics& diagnostics) {
    std::set<std::string> own(own_keys.begin(), own_keys.end());
    std::set<std::string> own_titles;
    for (const auto& p : cv.publications)
        if (p.key.empty() && !normal_title(p.title.value).empty())
            own_titles.insert(normal_title(p.title.value));
    for (const auto& same : cv.sync.same_as) {
        const std::string& key = same.key.value;
        if (own.count(key) || own_titles.count(normal_title(key)))
            continue;
        const bool synced =
            std::find(synced_keys.begin(), synced_keys.end(), key) != synced_keys.end();
        const std::string guess = closest_match(key, own_keys);
        diagnostics.error(
            cv.source_name, same.key.pos, "unknown-citekey",
            "`same_as` names `" + key + "`, which is none of your own entries",
            synced ? "`" + key +
                         "` is an entry of the synced list; name the citekey of your own "
                         "entry that the work is"
            : !guess.empty() ? "did you mean `" + guess + "`?"
                             : "name the citekey of one of your own .bib entries, as `mkcv sync` "
                               "printed it (\"possibly the same as your KEY\")");
    }
}

}  // namespace

void apply_override(Publication& target, const Publication& o, const std::string& cv_file,
                    Diagnostics& diagnostics) {
    auto take = [](Text& to, const Text& from) {
        if (!from.empty())
            to = from;
    };
    take(target.title, o.title);
    take(target.venue, o.venue);
    take(target.venue_short, o.venue_short);
    take(target.award, o.award);
    take(target.note, o.note);
    take(target.abstract, o.abstract);
    take(target.thumbnail.path, o.thumbnail.path);
    if (!o.authors.empty()) {
        target.authors = o.authors;
        target.authors_pos = o.authors_pos;
    }
    if (o.year != 0) {
        // cv.toml's `date` gives the month and day too; a bare `year` keeps the .bib's month
        // only when it names the same year.
        if (o.date_pos.known() || o.year != target.year) {
            target.month = o.month;
            target.day = o.day;
            target.date_pos = o.date_pos;
        }
        target.year = o.year;
        target.year_pos = o.year_pos;
    }
    if (o.kind_given) {
        target.kind = o.kind;
        target.kind_given = true;
    }
    target.selected = target.selected || o.selected;
    target.ignored = target.ignored || o.ignored;
    // A link label given in cv.toml replaces the one from BibTeX; new labels are added.
    for (const auto& link : o.links) {
        auto same = std::find_if(target.links.begin(), target.links.end(), [&](const Link& l) {
            return ascii_lower(l.label.value) == ascii_lower(link.label.value);
        });
        if (same != target.links.end())
            *same = link;
        else
            target.links.push_back(link);
    }
    target.tags.insert(target.tags.end(), o.tags.begin(), o.tags.end());
    target.pos = o.pos;
    target.equal = o.equal;
    target.corresponding = o.corresponding;
    (void)cv_file;
    (void)diagnostics;
}

void read_bibliography(Cv& cv, const fs::path& cv_path, Diagnostics& diagnostics,
                       SourceTexts& sources) {
    const std::string& cv_file = cv.source_name;
    std::vector<Publication> from_bib;
    std::map<std::string, std::size_t> by_key;
    std::vector<std::string> keys;
    std::map<std::string, std::string> left_out;  // key → where, for entries with problems
    reset_bibtex_macros();
    for (const auto& name : cv.bibliography) {
        const fs::path path = cv_path.parent_path() / name.value;
        // Only a file inside cv.toml's folder: the site publishes what it holds, and a
        // cloned CV must not make mkcv read /home/…/private.bib (cv/cv_folder.h).
        PathProblem problem;
        std::string error;
        const fs::path inside = inside_cv_folder(cv_path, name.value, problem, error);
        if (problem == PathProblem::Absolute || problem == PathProblem::Outside) {
            diagnostics.error(
                cv_file, name.pos, "path",
                "the bibliography \"" + name.value + "\" is outside the folder of " +
                    cv_path.filename().string() +
                    (problem == PathProblem::Outside ? " (symbolic links resolved)" : ""),
                "copy the .bib file into that folder (or a folder below it) and name it "
                "relative to it, e.g. bibliography = [\"papers.bib\"]");
            continue;
        }
        std::string text;
        // The resolved path when there is one, so a link swapped in since is not followed.
        if (const std::string why = read_regular_file(problem == PathProblem::None ? inside : path,
                                                      text, kMaxBibFileBytes);
            !why.empty()) {
            diagnostics.error(cv_file, name.pos, "io",
                              "cannot read the bibliography " + path.string() + ": it " + why,
                              "paths in `bibliography` are relative to " + cv_file);
            continue;
        }
        const std::string file = path.lexically_normal().string();
        // Shown under diagnostics (and in JSON), so it must be UTF-8 even when the file is not.
        sources[file] = valid_utf8(text);
        std::vector<BibEntry> entries = read_bibtex(text, file, diagnostics);
        // crossref: fields the entry lacks come from the entry it names (BibTeX's rule).
        std::map<std::string, const BibEntry*> index;
        for (const auto& e : entries)
            index.emplace(ascii_lower(e.key), &e);
        std::vector<BibEntry> resolved = entries;
        for (auto& e : resolved) {
            const BibField* ref = e.field("crossref");
            if (!ref)
                continue;
            const auto parent = index.find(ascii_lower(ref->value));
            if (parent == index.end()) {
                diagnostics.warning(file, {ref->line, 0}, "bibtex-crossref",
                                    "entry `" + e.key + "` cross-references `" + ref->value +
                                        "`, which this file does not define");
                continue;
            }
            for (const auto& f : parent->second->fields)
                if (!e.field(f.name))
                    e.fields.push_back(f);
            if (!e.field("booktitle") && parent->second->field("title"))
                e.fields.push_back(
                    {"booktitle", parent->second->field("title")->value, parent->second->line});
        }
        for (const auto& e : resolved) {
            // A volume of proceedings is what papers cross-reference, not a paper.
            if (e.type == "proceedings" || e.type == "collection" || e.type == "string")
                continue;
            if (by_key.count(e.key)) {
                diagnostics.warning(
                    file, {e.line, 0}, "bibtex-duplicate",
                    "citekey `" + e.key + "` is defined again; this one is ignored");
                continue;
            }
            auto p = publication_from_bibtex(e, file, diagnostics);
            if (!p) {
                left_out.emplace(e.key, file + ":" + std::to_string(e.line));
                continue;
            }
            by_key[e.key] = from_bib.size();
            keys.push_back(e.key);
            from_bib.push_back(std::move(*p));
        }
    }

    const std::size_t own_count = keys.size();
    if (cv.sync.present)
        add_synced_list(cv, cv_path, diagnostics, sources, from_bib, by_key, keys);
    if (!cv.sync.same_as.empty())
        check_same_as(cv, {keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(own_count)},
                      {keys.begin() + static_cast<std::ptrdiff_t>(own_count), keys.end()},
                      diagnostics);

    std::vector<Publication> standalone;
    standalone.reserve(cv.publications.size());
    std::map<std::string, SourcePos> overridden;
    for (auto& p : cv.publications) {
        if (p.key.empty()) {
            standalone.push_back(std::move(p));
            continue;
        }
        const auto found = by_key.find(p.key.value);
        if (const auto bad = left_out.find(p.key.value);
            found == by_key.end() && bad != left_out.end()) {
            diagnostics.error(cv_file, p.key.pos, "unknown-citekey",
                              "the BibTeX entry `" + p.key.value + "` was left out",
                              "see the problem reported for it at " + bad->second);
            continue;
        }
        if (found == by_key.end() && p.ignored)
            continue;  // nothing to leave out (a work the next sync would not list either)
        if (found == by_key.end()) {
            const std::string guess = closest_match(p.key.value, keys);
            diagnostics.error(cv_file, p.key.pos, "unknown-citekey",
                              "no BibTeX entry has the key `" + p.key.value + "`",
                              !guess.empty() ? "did you mean `" + guess + "`?"
                              : cv.bibliography.empty()
                                  ? "list your .bib files in bibliography = [...]"
                                  : "");
            continue;
        }
        if (auto [it, inserted] = overridden.emplace(p.key.value, p.key.pos); !inserted) {
            diagnostics.error(cv_file, p.key.pos, "duplicate-citekey",
                              "`" + p.key.value + "` is overridden twice",
                              "the first is at line " + std::to_string(it->second.line));
            continue;
        }
        Publication& target = from_bib[found->second];
        const std::string bib_file = target.source_file;
        apply_override(target, p, cv_file, diagnostics);
        target.key.pos = p.key.pos;
    }
    std::vector<Publication> merged;
    merged.reserve(from_bib.size() + standalone.size());
    for (auto& p : from_bib)
        if (!p.ignored)
            merged.push_back(std::move(p));
    for (auto& p : standalone)
        merged.push_back(std::move(p));
    for (auto& p : merged) {
        mark_authors(p, p.equal, "*", "equal", cv_file, diagnostics);
        mark_authors(p, p.corresponding, "†", "corresponding", cv_file, diagnostics);
    }
    // Counts live in a file of their own (bib/citation_file.h), read only when asked for.
    if (cv.sync.citations)
        attach_citations(merged, read_citation_file(citation_file_path(cv_path), diagnostics));
    cv.publications = std::move(merged);
}

}  // namespace mkcv

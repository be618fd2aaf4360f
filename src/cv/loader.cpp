#include "cv/loader.h"

#include <algorithm>
#include <regex>

#include "cv/entry_reader.h"
#include "cv/language_tables.h"
#include "cv/locale.h"
#include "cv/person_reader.h"
#include "cv/sections.h"
#include "cv/settings_reader.h"
#include "cv/shape_check.h"
#include "cv/toml_input.h"
#include "cv/toml_values.h"

namespace mkcv {
namespace {

// toml++ stops at the first syntax error; make its message read like ours and add the
// hint people need most: TOML has no year-month value.
void report_syntax_error(const toml::parse_error& error, const std::string& text,
                         const std::string& file, Diagnostics& diagnostics) {
    SourcePos pos = source_pos_of(error.source());
    std::string message(error.description());
    std::string hint;
    const std::string line = line_of(text, pos.line);
    static const std::regex year_month(R"(=\s*(\d{4})-(\d{1,2})\s*(#.*)?$)");
    static const std::regex year_only(R"(=\s*(\d{4})-\s*(#.*)?$)");
    std::smatch match;
    if (std::regex_search(line, match, year_month)) {
        hint =
            "TOML has no year-month value; write \"" + match[1].str() + "-" + match[2].str() + "\"";
    } else if (line.find("”") != std::string::npos || line.find("“") != std::string::npos) {
        hint = "use straight quotes (\") around strings, not typographic ones";
    } else if (std::regex_search(line, std::regex(R"(^\s*[A-Za-z0-9_-]+\s*=\s*[^"'\[{\d\stf-])"))) {
        hint = "strings need quotes: key = \"value\"";
    } else if (message.find("unknown escape sequence") != std::string::npos) {
        // "SIGCOMM \& NSDI": LaTeX's escapes are not TOML's, and mkcv escapes for LaTeX itself.
        hint =
            "in a \"...\" string a backslash starts an escape (\\n, \\\", \\\\); write & % $ "
            "_ # as they are, or use a 'literal string' in single quotes";
    } else if (message.find("expected a comment or whitespace") != std::string::npos &&
               std::count(line.begin(), line.end(), '"') >= 3) {
        // title = "The "Best" Paper": the second quote ended the string.
        hint =
            "a \" inside a \"...\" string ends it: write \\\" for a quote inside, or "
            "use single quotes: title = 'The \"Best\" Paper'";
    } else if (message.find("expected value") != std::string::npos) {
        hint = "give the key a value, such as key = \"...\", or remove the line";
    } else if (message.find("control characters") != std::string::npos &&
               std::count(line.begin(), line.end(), '"') % 2 == 1) {
        hint = "close the string with \" on the same line (use \"\"\" for several lines)";
    } else if (message.find("parsing array: encountered end-of-file") != std::string::npos) {
        hint = "close the list with ]";
    } else if (message.find("invalid utf-8") != std::string::npos) {
        hint = "save the file as UTF-8";
    } else if (message.find("cannot redefine existing table") != std::string::npos) {
        hint = "a [table] is written once; for a list of entries write [[name]] each time";
    } else if (message.find("cannot redefine existing") != std::string::npos) {
        hint = "each key may be given once per table";
    }
    diagnostics.error(file, pos, "toml-syntax", message, hint);
}

// The checked tree → a Cv: the person, each section of `sections` in the table's order, the
// other tables. `own`: the CV's table with its declared sections, which the Cv keeps alive.
Cv convert(TomlValues& v, const toml::table& root, const SectionTable& sections,
           std::shared_ptr<const SectionTable> own) {
    Cv cv;
    cv.source_name = v.file();
    // Read first: it decides how every prose field below is read.
    if (const auto* markup = root.at_path("build.markup").as_string())
        cv.build.markup = markup->get() != "none";
    v.set_markup(cv.build.markup);
    if (&sections != &builtin_sections())
        cv.table = &sections;
    cv.declared_table = std::move(own);
    if (const auto* p = root.get_as<toml::table>("person"))
        cv.person = read_person(v, *p);
    for (const Section& section : sections.rows()) {
        if (section.is_list()) {
            read_section_entries(v, root, section, cv);
            continue;
        }
        cv.*section.paragraph = v.prose_text(root, section.key);
        // A bare key after [person] lands in [person]; research interests may stay there,
        // and a summary belongs there (JSON Resume's basics.summary).
        if (const auto* p = root.get_as<toml::table>("person");
            p && (section.key == "research_interests" || section.key == "summary") &&
            p->contains(section.key)) {
            if (!(cv.*section.paragraph).empty())
                v.error(source_pos_of(*p->get(section.key)), "duplicate-key",
                        "`" + std::string(section.key) +
                            "` is given both at the top level and in [person]",
                        "keep one of them");
            else
                cv.*section.paragraph = v.prose_text(*p, section.key);
        }
    }
    cv.bibliography = v.texts(root, "bibliography");
    read_settings(v, root, cv);
    return cv;
}

// [section.KEY] kind = "..." (heading read later, once language tables are resolved): the
// keys and kinds the schema cannot check alone. A bad kind is the schema's to report.
std::vector<DeclaredSection> declared_sections(const toml::table& root, const SectionTable& base,
                                               const std::string& file, Diagnostics& diagnostics) {
    std::vector<DeclaredSection> out;
    const auto* declared = root.get_as<toml::table>("section");
    if (!declared)
        return out;
    const std::vector<std::string> kinds = declarable_kinds(base);
    // toml++ keeps keys sorted; the sections print in the order they are written.
    std::vector<std::pair<SourcePos, DeclaredSection>> found;
    for (const auto& [key, node] : *declared) {
        const std::string name(key.str());
        const SourcePos at = source_pos_of(key.source());
        static const std::regex kKey("[A-Za-z][A-Za-z0-9_-]{0,63}");
        if (!std::regex_match(name, kKey)) {
            diagnostics.error(file, at, "section",
                              "section key `" + shorten(name) + "` is not a plain name",
                              "begin with a letter and use only letters, digits, _ and -, at "
                              "most 64 characters: [section.industry]");
            continue;
        }
        if (base.schema().find(name) || name == "section") {
            const bool builtin = base.find(name) != nullptr;
            diagnostics.error(
                file, at, "section",
                "section key `" + name + "` is " +
                    (builtin ? "a built-in section" : "a top-level key of cv.toml"),
                builtin ? "write [[" + name +
                              "]] entries as they are, or give "
                              "your section a key of its own, such as [section." +
                              name + "_2]"
                        : "give your section another key, such as [section.my_" + name + "]");
            continue;
        }
        const auto* t = node.as_table();
        const auto* kind = t ? t->get_as<std::string>("kind") : nullptr;
        if (!kind || std::find(kinds.begin(), kinds.end(), kind->get()) == kinds.end())
            continue;  // the schema says what is wrong
        found.push_back({source_pos_of(*t), {name, kind->get(), ""}});
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        return a.first.line != b.first.line ? a.first.line < b.first.line
                                            : a.first.column < b.first.column;
    });
    for (auto& [pos, section] : found)
        out.push_back(std::move(section));
    return out;
}

}  // namespace

LoadResult load_cv(const std::string& text, const std::string& file_name,
                   std::string_view language) {
    return load_cv(text, file_name, builtin_sections(), language);
}

LoadResult load_cv(const std::string& text, const std::string& file_name,
                   const SectionTable& sections, std::string_view language) {
    LoadResult result;
    std::optional<toml::table> root =
        parse_toml(text, file_name, result.diagnostics, [&](const toml::parse_error& error) {
            report_syntax_error(error, text, file_name, result.diagnostics);
        });
    if (!root)
        return result;
    // Sections cv.toml declares ([section.KEY]) become rows of a table of this CV's own.
    std::vector<DeclaredSection> declared =
        declared_sections(*root, sections, file_name, result.diagnostics);
    std::shared_ptr<const SectionTable> own;
    if (!declared.empty())
        own = with_declared_sections(sections, declared);
    const SectionTable& table = own ? *own : sections;
    // Texts fall back to [locale] language (checked, and reported when bad, by convert).
    LanguageChoice languages{std::string(language), "en"};
    if (const auto* tag = root->at_path("locale.language").as_string();
        tag && is_language_tag(tag->get()))
        languages.default_language = tag->get();
    std::vector<const toml::node*> reported;
    resolve_language_tables(*root, table.schema(), languages, file_name, result.diagnostics,
                            reported);
    // The headings, now in the build's language: the table again, with them.
    bool headed = false;
    for (DeclaredSection& d : declared)
        if (const auto* heading =
                root->at_path("section").as_table()->at_path(d.key + ".heading").as_string()) {
            d.heading = heading->get();
            headed = headed || !d.heading.empty();
        }
    if (headed)
        own = with_declared_sections(sections, declared);
    const SectionTable& final_table = own ? *own : sections;
    check_shape(*root, final_table, file_name, reported, result.diagnostics);
    TomlValues values(file_name, text, result.diagnostics);
    result.cv = convert(values, *root, final_table, own);
    return result;
}

}  // namespace mkcv

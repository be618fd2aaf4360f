#include "context/context_builder.h"

#include <algorithm>
#include <map>
#include <set>

#include "context/application_context.h"
#include "context/field_context.h"
#include "context/person_context.h"
#include "context/publication_context.h"
#include "context/site_context.h"
#include "cv/dates.h"
#include "cv/locale.h"
#include "cv/locale_texts.h"
#include "cv/sections.h"
#include "text/cjk_text.h"

namespace mkcv {
namespace {

using Id = ContextTree::Id;

// `news`, newest first (undated last, in file order), and the same split in two:
// `news_recent`, the first `news_shown`, and `news_older`, the rest, which a homepage folds.
bool add_news(ContextTree& t, const Cv& cv, const Section& section, const ContextOptions& options,
              const LocaleTexts& words) {
    std::vector<const News*> items;
    for (std::size_t i = 0; i < section.size(cv); ++i)
        items.push_back(&static_cast<const News&>(section.entries.at(cv, section.key, i)));
    std::stable_sort(items.begin(), items.end(), [](const News* a, const News* b) {
        if (!a->date || !b->date)
            return a->date.has_value() && !b->date.has_value();
        return compare_dates(*a->date, *b->date) > 0;
    });
    const auto fill = [&](Id item, const News* n) {
        t.add_text(item, "date", n->date ? words.date(*n->date) : "");
        t.add_text(item, "date_iso", n->date ? iso_date(*n->date) : "");
        t.add_string(item, "text", n->text.value, n->text.marks);
    };
    const std::size_t shown = std::min(options.news_shown, items.size());
    add_items(t, ContextTree::root(), "news", items, fill);
    add_items(t, ContextTree::root(), "news_recent",
              std::vector<const News*>(items.begin(), items.begin() + static_cast<long>(shown)),
              fill);
    add_items(t, ContextTree::root(), "news_older",
              std::vector<const News*>(items.begin() + static_cast<long>(shown), items.end()),
              fill);
    t.add_bool(ContextTree::root(), "has_news_older", shown < items.size());
    return !items.empty();
}

// For a field of a few values (service's `kind`), which values the section's entries use:
// `service_kind.reviewer`, so a template prints a group's heading only when it has entries.
void add_value_flags(ContextTree& t, Id parent, const Cv& cv, const Section& section) {
    for (const Field& field : section.fields) {
        const auto* f = std::get_if<TextField>(&field.kind);
        if (!f || field.allowed.empty())
            continue;
        const Id flags =
            t.add_object(parent, std::string(section.kind_key()) + "_" + std::string(field.key));
        for (const auto allowed : field.allowed) {
            bool used = false;
            for (std::size_t i = 0; i < section.size(cv) && !used; ++i) {
                const Text& text = f->member(section.entries.at(cv, section.key, i));
                used =
                    (text.empty() ? field.allowed.back() : std::string_view(text.value)) == allowed;
            }
            t.add_bool(flags, allowed, used);
        }
    }
}

// `locale`: every text of the CV's locale, as templates print them (`locale.present`,
// `locale.headings.education` ...); patterns filled with what this CV gives them (the
// person's name, the generator); the date patterns and counts are left to the dates and
// `publications.counts_text` already formatted.
void add_locale(ContextTree& t, const Cv& cv, const std::string& generator) {
    const LocaleTexts& words = texts_or_english(cv.locale.texts);
    const Id locale = t.add_object(ContextTree::root(), "locale");
    std::map<std::string, Id, std::less<>> tables;
    for (const LocaleKey& key : locale_keys()) {
        if (key.kind == LocaleKeyKind::Months || key.name.rfind("date_", 0) == 0 ||
            key.name.rfind("counts.", 0) == 0 || key.name == "degree_in_field")
            continue;
        Id parent = locale;
        std::string_view name = key.name;
        if (const std::size_t dot = name.find('.'); dot != std::string_view::npos) {
            const std::string table(name.substr(0, dot));
            auto it = tables.find(table);
            if (it == tables.end())
                it = tables.emplace(table, t.add_object(locale, table)).first;
            parent = it->second;
            name = name.substr(dot + 1);
        }
        t.add_string(
            parent, name,
            words.fill(key.name, {{"name", cv.person.name.value}, {"generator", generator}}));
    }
}

// The entries of a section declared in cv.toml, inside its element of `sections_order` under
// its kind's key (`experience`, `publications.groups` ...), so a template's code for the kind
// prints them: Mustache finds the element's key before the root's.
void add_declared_section(ContextTree& t, Id element, const Cv& cv, const Section& section,
                          const ContextOptions& options, const LocaleTexts& words,
                          const OwnerMatcher& owner, Marks& marks) {
    if (section.kind == kPublicationsSection) {
        add_publications(t, element, detail::entries<Publication, nullptr>(cv, section.key), cv,
                         options, words, marks);
    } else if (section.kind == "awards") {
        add_awards(t, element, detail::entries<Award, nullptr>(cv, section.key), {}, words);
    } else {
        add_records(
            t, element, section.kind, section.size(cv), section.fields, options.format, words,
            [&](std::size_t i) -> const Record& { return section.entries.at(cv, section.key, i); },
            &owner);
        add_value_flags(t, element, cv, section);
    }
}

}  // namespace

ContextTree build_context(const Cv& cv, const ContextOptions& options) {
    ContextTree t;
    // About 60 nodes and a few hundred bytes per publication: reserved, not regrown.
    t.reserve(256 + 64 * cv.publications.size(), 4096 + 512 * cv.publications.size());
    const Id root = ContextTree::root();
    const Id meta = t.add_object(root, "meta");
    // The locale's words, with the template's date style (options: date_format).
    LocaleTexts words = texts_or_english(cv.locale.texts);
    words.set_date_style(options.date_style);
    t.add_string(meta, "title", words.fill("document_title", {{"name", cv.person.name.value}}));
    t.add_string(meta, "author", cv.person.name.value);
    t.add_string(meta, "template", options.template_name);
    t.add_string(meta, "generator", options.generator);
    // The document's language, and the Noto CJK region the TeX templates set CJK text in.
    t.add_string(meta, "language", cv.locale.language.empty() ? "en" : cv.locale.language);
    // [extra] for the JSON Resume output's round trip; no other built-in template prints it.
    t.add_text(meta, "extra", cv.extra_json);  // null without [extra]
    t.add_string(meta, "cjk_region", cjk_region(cv.locale.language));
    // Whether paragraphs and entries run right to left (fa, ar, he …): `rtl` for the TeX
    // templates, `direction` for HTML's dir attribute.
    const bool rtl = is_rtl_language(cv.locale.language);
    t.add_bool(meta, "rtl", rtl);
    t.add_string(meta, "direction", rtl ? "rtl" : "ltr");
    t.add_text(meta, "updated", options.updated ? words.date(*options.updated) : "");
    t.add_text(meta, "updated_iso", options.updated ? iso_date(*options.updated) : "");
    add_person(t, cv.person, options.format, options.site);
    add_locale(t, cv, options.generator);
    add_application(t, root, cv, words, options.updated);

    // Sections in the table's order; publications and awards are written for.
    const SectionTable& table = sections_of(cv);
    std::vector<std::string> aliases;
    for (const auto& alias : cv.person.aliases)
        aliases.push_back(alias.value);
    const OwnerMatcher owner(cv.person.name.value, aliases);
    std::map<std::string_view, bool> has;
    // The legend counts the marks of declared publication sections too; their entries go
    // into sections_order below, so their marks are found here on a scratch tree.
    Marks declared_marks;
    for (const Section& section : table.rows())
        if (section.declared() && section.kind == kPublicationsSection) {
            ContextTree scratch;
            add_publications(scratch, ContextTree::root(),
                             detail::entries<Publication, nullptr>(cv, section.key), cv, options,
                             words, declared_marks);
        }
    for (const Section& section : table.rows()) {
        if (section.declared()) {  // printed in its element of sections_order
            has[section.key] = !section.empty(cv);
        } else if (!section.is_list()) {
            t.add_text(root, section.key, (cv.*section.paragraph).value,
                       (cv.*section.paragraph).marks);
            has[section.key] = !(cv.*section.paragraph).empty();
        } else if (section.key == kPublicationsSection) {
            Marks marks = declared_marks;
            has[section.key] =
                add_publications(t, root, cv.publications, cv, options, words, marks);
            const Id legend = t.add_object(root, "legend");
            t.add_bool(legend, "equal", marks.equal);
            t.add_bool(legend, "corresponding", marks.corresponding);
            t.add_bool(legend, "any", marks.equal || marks.corresponding);
        } else if (section.key == "news") {
            has[section.key] = add_news(t, cv, section, options, words);
        } else if (section.key == "awards") {
            has[section.key] =
                add_awards(t, root, cv.awards,
                           options.award_papers ? *options.award_papers : cv.publications, words);
        } else {
            const std::size_t count = section.size(cv);
            add_records(
                t, root, section.key, count, section.fields, options.format, words,
                [&](std::size_t i) -> const Record& {
                    return section.entries.at(cv, section.key, i);
                },
                &owner);
            has[section.key] = count > 0;
            add_value_flags(t, root, cv, section);
        }
    }

    // Every section's flag, false: what `is.NAME` gives inside an element of sections_order
    // that is not NAME (Mustache looks a dotted name up in each enclosing context in turn).
    const Id all_false = t.add_object(root, "is");
    for (const auto& name : table.names())
        t.add_bool(all_false, name, false);

    // The sections to print, in order, for templates that let cv.toml choose the order:
    // <<#sections_order>><<#is.education>>…<</is.education>><</sections_order>>.
    const auto headings =
        options.sections.empty() ? section_headings(cv, cv.publications, {}) : options.sections;
    // A declared section's element is its kind's (`is.experience`, entries under
    // `experience`), and its own (`is.industry`); `name` is its key, unique in the CV.
    // `kind_first`: the first element of its kind, for outputs that join the entries of a
    // kind's sections into one list (JSON Resume's `work`) and need a comma between them.
    Marks unused;
    std::set<std::string_view> kinds_seen;
    add_items(t, root, "sections_order", headings, [&](Id item, const SectionHeading& h) {
        const Section* section = table.find(h.name);
        const std::string_view kind = section ? section->kind_key() : std::string_view(h.name);
        t.add_string(item, "name", h.name);
        t.add_text(item, "title", h.title);
        t.add_string(item, "section_key", h.name);  // `name` inside an entry is the entry's
        // An HTML id: a declared key is a plain name (the loader checks), prefixed so that it
        // never meets a built-in section's id or the page's own (`main`).
        t.add_string(item, "anchor", section && section->declared() ? "section-" + h.name : h.name);
        t.add_string(item, "section_kind", kind);
        t.add_bool(item, "section_declared", section && section->declared());
        t.add_bool(item, "kind_first", kinds_seen.insert(kind).second);
        // Only the flags that hold. The others are false once, in the root's `is` (below),
        // where Mustache finds `is.NAME` when the element lacks it: listing every section's
        // flag in every element made the context grow with the square of the sections
        // (6,000 sections: 17 s and 3 GB).
        const Id is = t.add_object(item, "is");
        t.add_bool(is, h.name, true);
        if (kind != h.name)
            t.add_bool(is, kind, true);
        if (section && section->declared())
            add_declared_section(t, item, cv, *section, options, words, owner, unused);
    });
    // The declared sections printed, in order: their keys, kinds and headings, for outputs
    // that keep them beside entries merged by kind (JSON Resume's meta.mkcv.typed_sections).
    std::vector<std::pair<const Section*, const SectionHeading*>> declared;
    for (const auto& h : headings)
        if (const Section* section = table.find(h.name); section && section->declared())
            declared.emplace_back(section, &h);
    add_items(t, root, "declared_sections", declared, [&](Id item, const auto& d) {
        t.add_string(item, "key", d.first->key);
        t.add_string(item, "kind", d.first->kind);
        t.add_text(item, "heading", d.second->title);
    });
    const Id titles = t.add_object(root, "titles");
    std::map<std::string_view, const std::string*> heading_titles;
    for (const auto& h : headings)
        heading_titles[h.name] = &h.title;  // the last, as the loop over headings gave
    for (const Section* section : table.in_print_order()) {
        const auto found = heading_titles.find(section->key);
        t.add_text(titles, section->key,
                   found == heading_titles.end() ? default_heading(cv, *section) : *found->second);
    }

    // Mustache cannot test a list for emptiness without iterating it; give templates flags.
    const Id has_flags = t.add_object(root, "has");
    for (const Section& section : table.rows())
        t.add_bool(has_flags, section.key, has[section.key]);

    // The other outputs of the same build, for a homepage linking to its PDFs.
    // Each PDF's `label` is a word of the locale, never its file name: the first is the CV
    // ("CV (PDF)"), the short template's the short CV, another its template's name.
    const bool has_long = std::any_of(options.documents.begin(), options.documents.end(),
                                      [](const OutputDocument& d) { return d.name == "long"; });
    bool cv_labelled = has_long;
    add_items(t, root, "documents", options.documents, [&](Id item, const OutputDocument& d) {
        t.add_string(item, "name", d.name);
        t.add_string(item, "file", d.file);
        t.add_string(item, "format", d.format);
        t.add_bool(item, "pdf", d.format == "pdf");
        std::string label = d.name;
        if (d.format == "pdf" && d.name == "long")
            label = words.text("cv_pdf");
        else if (d.format == "pdf" && d.name == "short")
            label = words.text("short_cv_pdf");
        else if (d.format == "pdf" && !cv_labelled)
            label = words.text("cv_pdf");
        else if (d.format == "pdf")
            label = d.name + " (PDF)";
        cv_labelled = cv_labelled || (d.format == "pdf" && d.name != "short");
        t.add_string(item, "label", label);
    });

    add_site(t, options.site);

    // Whether the TeX templates load xeCJK for the CV's CJK text, or set its few CJK
    // characters with mkcv-base's light \mkcvcjk (text/cjk_text.h): from every text the
    // templates can print, which is all in the tree by now.
    CjkCensus census;
    for (Id id = 0; id < t.size(); ++id)
        if (t.kind(id) == ContextTree::Kind::String)
            census.add(t.text(id));
    t.add_bool(meta, "xecjk", is_cjk_language(cv.locale.language) || wants_xecjk(census));
    return t;
}

}  // namespace mkcv

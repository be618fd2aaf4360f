#include "cv/settings_reader.h"

#include <memory>
#include <sstream>

#include "cv/locale.h"
#include "cv/locale_file.h"
#include "cv/option_reader.h"
#include "cv/profiles.h"
#include "cv/sync_settings.h"

namespace mkcv {
namespace {

// [templates.NAME]: the same rules a template.toml gives, already checked by the schema.
ContentRules template_rules(TomlValues& v, const toml::table& t) {
    ContentRules r;
    r.pos = source_pos_of(t);
    if (const toml::node* order = t.get("order")) {
        r.order = v.strings(t, "order");
        r.order_pos = source_pos_of(*order);
    }
    r.max_pages = v.count(t, "max_pages", 1, kMaxPagesLimit);
    if (const auto* budget = t.get_as<std::string>("budget"))
        r.budget = budget_profile_named(budget->get());  // the schema allowed only these
    if (const auto* filters = t.get_as<toml::table>("filters")) {
        for (const auto& [section, node] : *filters) {
            const auto* f = node.as_table();
            if (!f)
                continue;
            SectionRules s;
            if (const auto* title = f->get_as<std::string>("title"))
                s.title = title->get();
            if (const auto* selected = f->get_as<bool>("selected"))
                s.selected_only = selected->get();
            s.include_tags = v.strings(*f, "include_tags");
            s.exclude_tags = v.strings(*f, "exclude_tags");
            SourcePos ignored;
            if (f->contains("since"))
                s.since = v.integer(*f, "since", ignored);
            s.max_entries = v.count(*f, "max_entries", 0);
            s.max_authors = v.count(*f, "max_authors", 1);
            if (const auto* priority = f->get_as<int64_t>("priority"))
                s.priority = static_cast<int>(priority->get());
            s.keep = v.count(*f, "keep", 0);
            if (const auto* droppable = f->get_as<bool>("droppable"))
                s.droppable = droppable->get();
            if (const auto* current = f->get_as<bool>("keep_current"))
                s.keep_current = current->get();
            r.sections[std::string(section.str())] = std::move(s);
        }
    }
    return r;
}

// One [[applications]] entry; the schema checked keys and types, check_applications
// (cv/applications.h) checks the values, the load step reads its files.
Application read_application(TomlValues& v, const toml::table& t) {
    Application a;
    a.pos = source_pos_of(t);
    a.key = v.text(t, "key");
    a.organisation = v.text(t, "organisation");
    a.position = v.text(t, "position");
    a.language = v.text(t, "language");
    if (const auto* r = t.get_as<toml::table>("recipient")) {
        a.recipient_name = v.text(*r, "name");
        a.recipient_title = v.text(*r, "title");
        a.recipient_address = v.texts(*r, "address");
    }
    a.date = v.date(t, "date", a.date_pos);
    a.salutation = v.text(t, "salutation");
    a.closing = v.text(t, "closing");
    // The body's paragraphs and markup are read with its fields put in
    // (cv/applications.h): the loader keeps the text as written.
    a.letter = v.text(t, "letter");
    a.letter_file = v.text(t, "letter_file");
    v.each_table(t, "statements", [&](const toml::table& st) {
        a.statements.push_back(
            {v.text(st, "kind"), v.text(st, "title"), v.text(st, "file"), {}, source_pos_of(st)});
    });
    a.cv_template = v.text(t, "template");
    a.tags = v.texts(t, "tags");
    a.signature = v.text(t, "signature");
    a.omit_phone = v.flag(t, "omit_phone");
    a.omit_address = v.flag(t, "omit_address");
    a.mask_recipient = v.flag(t, "mask_recipient");
    return a;
}

// [sync]: the schema checked keys and types; this checks each id's shape.
void read_sync(TomlValues& v, const toml::table& t, SyncSettings& sync) {
    sync.present = true;
    sync.pos = source_pos_of(t);
    auto id = [&](std::string_view key, Text& to,
                  std::optional<std::string> (*problem)(const std::string&)) {
        to = v.text(t, key);
        if (to.empty() && !t.contains(key))
            return;
        if (const auto why = problem(to.value)) {
            v.error(to.pos, "value",
                    "`" + std::string(key) + "` \"" + shorten(to.value) + "\" is not valid", *why);
            to = {};
        }
    };
    id("dblp", sync.dblp, dblp_pid_problem);
    id("orcid", sync.orcid,
       [](const std::string& v) { return username_problem(*find_network("orcid"), v); });
    id("openalex", sync.openalex, openalex_id_problem);
    id("semantic_scholar", sync.semantic_scholar, semantic_scholar_id_problem);
    id("arxiv", sync.arxiv, arxiv_query_problem);
    id("file", sync.file, sync_file_problem);
    sync.ignore = v.texts(t, "ignore");
    sync.include = v.texts(t, "include");
    // Whether each KEY is one of the user's own entries is known once the .bib files are
    // read (bib/bibliography.cpp).
    for (auto& [work, key] : v.text_map(t, "same_as"))
        sync.same_as.push_back({std::move(work), std::move(key)});
    sync.citations = v.flag(t, "citations");
}

}  // namespace

void read_settings(TomlValues& v, const toml::table& root, Cv& cv) {
    if (const auto* extra = root.get_as<toml::table>("extra"); extra && !extra->empty()) {
        std::ostringstream json;
        json << toml::json_formatter{*extra, toml::format_flags::none};
        cv.extra_json = json.str();
    }
    if (const auto* site = root.get_as<toml::table>("site")) {
        cv.site.pos = source_pos_of(*site);
        if (site->contains("pdfs"))
            cv.site.pdfs = v.texts(*site, "pdfs");
    }
    if (const auto* b = root.get_as<toml::table>("build")) {
        cv.build.date = v.date(*b, "date", cv.build.date_pos);
        if (const auto* timeout = b->get_as<int64_t>("timeout")) {
            cv.build.timeout_pos = source_pos_of(*timeout);
            if (timeout->get() < 1 || timeout->get() > 86400)
                v.error(cv.build.timeout_pos, "value",
                        "`timeout` " + std::to_string(timeout->get()) +
                            " is not a number of seconds from 1 to 86400",
                        "the default is 120");
            else
                cv.build.timeout = static_cast<int>(timeout->get());
        }
        // The schema allows only "direct" and "latexmk".
        if (const auto* tex = b->get_as<std::string>("tex"))
            cv.build.latexmk = tex->get() == "latexmk";
    }
    if (const auto* sync = root.get_as<toml::table>("sync"))
        read_sync(v, *sync, cv.sync);
    if (const auto* language = root.at_path("locale.language").as_string()) {
        cv.locale.language_pos = source_pos_of(*language);
        if (is_language_tag(language->get()))
            cv.locale.language = language->get();
        else
            v.error(cv.locale.language_pos, "value",
                    "`language` \"" + shorten(language->get()) + "\" is not a BCP 47 language tag",
                    "write a tag such as \"ko\", \"ja\", \"zh-Hant\" or \"en-GB\"");
    }
    // The schema (locale_spec) reported unknown keys and types; this checks the values.
    if (const auto* locale = root.get_as<toml::table>("locale")) {
        LocaleTexts overrides;
        read_locale_table(*locale, v.file(), overrides, v.diagnostics(), false, "language");
        cv.locale.overrides = std::make_shared<const LocaleTexts>(std::move(overrides));
    }
    v.each_table(root, "applications",
                 [&](const toml::table& t) { cv.applications.push_back(read_application(v, t)); });
    if (const auto* design = root.get_as<toml::table>("design"))
        cv.design = read_option_settings(*design);
    if (const auto* templates = root.get_as<toml::table>("templates"))
        for (const auto& [name, node] : *templates)
            if (const auto* t = node.as_table()) {
                cv.templates[std::string(name.str())] = template_rules(v, *t);
                cv.template_options[std::string(name.str())] =
                    read_option_settings(*t, {"order", "max_pages", "budget", "filters"});
            }
}

}  // namespace mkcv

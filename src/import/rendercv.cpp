#include "import/rendercv.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cv/validate.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

enum class EntryType {
    Text,
    Education,
    Experience,
    Publication,
    OneLine,
    Bullet,
    Numbered,
    ReversedNumbered,
    Normal,
    Unknown
};

// RenderCV tells the entry types apart by the keys they require.
EntryType entry_type(const SourceNode& entry) {
    if (entry.is_scalar())
        return EntryType::Text;
    if (entry.kind != SourceNode::Kind::Object)
        return EntryType::Unknown;
    if (entry.get("institution") && entry.get("area"))
        return EntryType::Education;
    if (entry.get("company") && entry.get("position"))
        return EntryType::Experience;
    if (entry.get("title") && entry.get("authors"))
        return EntryType::Publication;
    if (entry.get("label") && entry.get("details"))
        return EntryType::OneLine;
    if (entry.get("bullet"))
        return EntryType::Bullet;
    if (entry.get("reversed_number"))
        return EntryType::ReversedNumbered;
    if (entry.get("number"))
        return EntryType::Numbered;
    if (entry.get("name"))
        return EntryType::Normal;
    return EntryType::Unknown;
}

std::string rendercv_field(const std::string& path, std::string_view key) {
    return child_path(path, key);
}

// Writes the rest of a RenderCV entry that every type may have: location, dates, summary,
// highlights, url; `text_key` is where prose goes (note or text).
void put_common(ImportMapper& m, Target& e, const SourceNode& entry, const std::string& at,
                bool builtin) {
    const char* text_key = builtin ? "note" : "text";
    m.put(e, "location", entry.get("location"), rendercv_field(at, "location"));
    if (builtin) {
        m.put_dates(e, entry.get("start_date"), rendercv_field(at, "start_date"),
                    entry.get("end_date"), rendercv_field(at, "end_date"));
        if (const SourceNode* date = entry.get("date")) {
            // RenderCV's one `date`: cv.toml prints an `end` alone as that date.
            if (!entry.get("start_date") && !entry.get("end_date")) {
                m.put_dates(e, nullptr, {}, date, rendercv_field(at, "date"), "Date");
            } else if (auto text = m.read_text(date, rendercv_field(at, "date"))) {
                m.append_text(e, text_key, "Date: " + *text, {});
                m.used(date, rendercv_field(at, "date"), e.path + "." + text_key);
            }
        }
    } else {
        // A custom entry: a range is its `start`/`end`, a single date its `date` text.
        if (entry.get("start_date") || entry.get("end_date"))
            m.put_dates(e, entry.get("start_date"), rendercv_field(at, "start_date"),
                        entry.get("end_date"), rendercv_field(at, "end_date"), "Ended", "text");
        m.put_date_text(e, nullptr, {}, nullptr, {}, entry.get("date"), rendercv_field(at, "date"));
    }
    if (auto summary = m.read_text(entry.get("summary"), rendercv_field(at, "summary"))) {
        m.append_text(e, text_key, *summary, {});
        m.used(entry.get("summary"), rendercv_field(at, "summary"), e.path + "." + text_key);
    }
    for (const std::string_view key : {"url", "doi"}) {
        if (auto text = m.read_text(entry.get(key), rendercv_field(at, key))) {
            if (!builtin && key == "url" && looks_like_url(*text)) {  // the title links there
                m.put(e, "url", entry.get(key), rendercv_field(at, key));
                continue;
            }
            m.append_text(e, text_key, std::string(key == "url" ? "URL: " : "DOI: ") + *text, {});
            m.used(entry.get(key), rendercv_field(at, key), e.path + "." + text_key);
        }
    }
    m.put_texts(e, "highlights", entry.get("highlights"), rendercv_field(at, "highlights"));
}

void map_rendercv_education(ImportMapper& m, const SourceNode& entry, const std::string& at,
                            std::string_view key = "education") {
    Target e = m.new_entry(key);
    const auto degree = m.read_text(entry.get("degree"), rendercv_field(at, "degree"));
    const auto area = m.read_text(entry.get("area"), rendercv_field(at, "area"));
    // Degree and field apart: the CV's locale joins them (degree_in_field).
    m.put_value(e, "degree", degree.value_or(area.value_or("")), {});
    if (degree && area)
        m.put_value(e, "field", *area, {});
    if (degree)
        m.used(entry.get("degree"), rendercv_field(at, "degree"), e.path + ".degree");
    m.used(entry.get("area"), rendercv_field(at, "area"), e.path + (degree ? ".field" : ".degree"));
    m.put(e, "institution", entry.get("institution"), rendercv_field(at, "institution"));
    put_common(m, e, entry, at, true);
}

void map_experience(ImportMapper& m, const SourceNode& entry, const std::string& at,
                    std::string_view key = "experience") {
    Target e = m.new_entry(key);
    m.put(e, "role", entry.get("position"), rendercv_field(at, "position"));
    m.put(e, "organization", entry.get("company"), rendercv_field(at, "company"));
    put_common(m, e, entry, at, true);
}

// A publication that cv.toml's [[publications]] takes: authors, a journal and a year. Empty
// when mapped, else what it lacks.
// `key_of` names the section it goes to, asked only when it fits (a declared section is
// written on first use).
std::string map_rendercv_publication(
    ImportMapper& m, const SourceNode& entry, const std::string& at,
    const std::function<std::string()>& key_of = [] { return std::string("publications"); }) {
    const auto authors = m.read_texts(entry.get("authors"), rendercv_field(at, "authors"));
    const auto journal = m.read_text(entry.get("journal"), rendercv_field(at, "journal"));
    const auto date_text = m.read_text(entry.get("date"), rendercv_field(at, "date"));
    const auto date =
        date_text ? m.read_date(entry.get("date"), rendercv_field(at, "date")) : std::nullopt;
    const bool titled = m.read_text(entry.get("title"), rendercv_field(at, "title")).has_value();
    std::string lacks;
    for (const auto& [missing, what] :
         {std::pair{!titled, "a title"}, std::pair{authors.empty(), "authors"},
          std::pair{!journal, "a journal"}, std::pair{!date || date->present, "a year"}})
        if (missing)
            lacks += (lacks.empty() ? "" : ", ") + std::string(what);
    if (!lacks.empty())
        return lacks;
    Target e = m.new_entry(key_of());
    m.put(e, "title", entry.get("title"), rendercv_field(at, "title"));
    // RenderCV bolds the owner with ***Name***; cv.toml bolds person.name by itself and reads
    // a trailing `*` as "equal contribution", so the asterisks around a name go.
    TomlValue names = TomlValue::array();
    const auto& items = entry.get("authors")->items;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string& name = items[i].scalar;
        std::size_t stars = 0;
        while (stars < 3 && stars < name.size() / 2 && name[stars] == '*' &&
               name[name.size() - 1 - stars] == '*')
            ++stars;
        const std::string bare = name.substr(stars, name.size() - 2 * stars);
        if (bare.find_first_not_of(" \t\r\n") == std::string::npos) {
            m.skip(&items[i], item_path(rendercv_field(at, "authors"), i), "blank");
            continue;
        }
        const std::string to = item_path(e.path + ".authors", names.items.size());
        names.items.push_back(TomlValue::text(bare));
        if (stars) {
            m.used(&items[i], item_path(rendercv_field(at, "authors"), i) + " \"" + name + "\"",
                   to + " = \"" + bare + "\"");
            m.comment(e, "authors: RenderCV's bold (" + std::string(stars, '*') +
                             ") dropped; mkcv sets person.name in bold itself");
        } else {
            m.used(&items[i], item_path(rendercv_field(at, "authors"), i), to);
        }
    }
    m.table(e).set("authors", std::move(names));
    m.put(e, "venue", entry.get("journal"), rendercv_field(at, "journal"));
    // A month or a day stays: cv.toml's `date` holds it (the year alone is `year`).
    const bool dated = date->month != 0;
    if (dated)
        m.table(e).set("date", TomlValue::text(iso_date(*date)));
    else
        m.table(e).set("year", TomlValue::number(date->year));
    m.used(entry.get("date"), rendercv_field(at, "date") + " \"" + *date_text + "\"",
           e.path + (dated ? ".date" : ".year"));
    TomlValue links = TomlValue::table();
    links.inline_table = true;
    for (const std::string_view key : {"doi", "url"}) {
        auto text = m.read_text(entry.get(key), rendercv_field(at, key));
        if (!text)
            continue;
        if (!looks_like_url(*text)) {  // cv.toml's links refuse it: the note keeps it
            m.warn(entry.get(key), rendercv_field(at, key),
                   "\"" + shorten(*text) + "\" is not a link cv.toml takes; kept in the note",
                   key == "doi" ? "a DOI looks like 10.1234/abc" : "a link starts with https://");
            m.append_text(e, "note", std::string(key == "doi" ? "DOI: " : "URL: ") + *text, {});
            m.used(entry.get(key), rendercv_field(at, key), e.path + ".note");
            continue;
        }
        links.set(key == "doi" ? "doi" : "link", TomlValue::text(*text));
        m.used(entry.get(key), rendercv_field(at, key),
               e.path + ".links." + (key == "doi" ? "doi" : "link"));
    }
    if (!links.keys.empty())
        m.table(e).set("links", std::move(links));
    if (auto summary = m.read_text(entry.get("summary"), rendercv_field(at, "summary"))) {
        m.append_text(e, "note", *summary, {});
        m.used(entry.get("summary"), rendercv_field(at, "summary"), e.path + ".note");
    }
    return {};
}

// Entries of a custom section: Normal, OneLine, a publication cv.toml cannot take, and
// anything unknown with a name or a title.
void map_rendercv_custom_entry(ImportMapper& m, Target& section, const SourceNode& entry,
                               const std::string& at, EntryType type) {
    Target e = m.new_section_entry(section);
    switch (type) {
        case EntryType::OneLine:
            m.put(e, "title", entry.get("label"), rendercv_field(at, "label"));
            m.put(e, "text", entry.get("details"), rendercv_field(at, "details"));
            break;
        case EntryType::Publication: {
            if (!m.put(e, "title", entry.get("title"), rendercv_field(at, "title")))
                m.put_value(e, "title", "(untitled)", {});
            const auto authors = m.read_texts(entry.get("authors"), rendercv_field(at, "authors"));
            std::string joined;
            for (std::size_t i = 0; i < authors.size(); ++i)
                joined += (i ? ", " : "") + authors[i];
            if (!joined.empty()) {
                m.put_value(e, "subtitle", joined, {});
                m.used(entry.get("authors"), rendercv_field(at, "authors"), e.path + ".subtitle");
            }
            if (auto journal = m.read_text(entry.get("journal"), rendercv_field(at, "journal"))) {
                m.append_text(e, "text", *journal, {});
                m.used(entry.get("journal"), rendercv_field(at, "journal"), e.path + ".text");
            }
            break;
        }
        default:
            if (!m.put(e, "title", entry.get("name"), rendercv_field(at, "name")) &&
                !m.put(e, "title", entry.get("title"), rendercv_field(at, "title")))
                m.put_value(e, "title", "(untitled)", {});
    }
    if (!m.table(e).find("title"))  // a blank label or name
        m.put_value(e, "title", "(untitled)", {});
    put_common(m, e, entry, at, false);
}

// RenderCV's sections are lists the user names; cv.toml has typed sections for some of them.
// A section named like one whose entries all have the shape it takes goes there: one-line
// entries under "Skills" or "Languages", normal entries under "Projects".
enum class TypedSection { None, Skills, Languages, Projects };

bool blank(const std::optional<std::string>& text) {
    return !text || text->find_first_not_of(" \t\r\n") == std::string::npos;
}

// Skill names, keywords and fluency are plain text in cv.toml: a RenderCV label or detail with
// inline Markdown in it stays in a custom section, where it is read as Markdown.
bool plain_text(const std::optional<std::string>& text) {
    return !blank(text) && text->find_first_of("*_`[<\\") == std::string::npos;
}

TypedSection typed_section(ImportMapper& m, const std::string& title,
                           const std::vector<SourceNode>& entries, const std::string& path) {
    const std::string name = ascii_lower(title);
    TypedSection typed = TypedSection::None;
    if (name == "skills" || name == "technical skills" || name == "technologies" ||
        name == "skills and technologies")
        typed = TypedSection::Skills;
    else if (name == "languages" || name == "language skills")
        typed = TypedSection::Languages;
    else if (name == "projects" || name == "selected projects" || name == "personal projects")
        typed = TypedSection::Projects;
    if (typed == TypedSection::None || entries.empty())
        return TypedSection::None;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const SourceNode& entry = entries[i];
        const std::string at = item_path(path, i);
        const EntryType type = entry_type(entry);
        if (typed == TypedSection::Projects) {
            if (type != EntryType::Normal ||
                blank(m.read_text(entry.get("name"), rendercv_field(at, "name"))))
                return TypedSection::None;
        } else if (type != EntryType::OneLine ||
                   !plain_text(m.read_text(entry.get("label"), rendercv_field(at, "label"))) ||
                   !plain_text(m.read_text(entry.get("details"), rendercv_field(at, "details")))) {
            return TypedSection::None;
        }
    }
    return typed;
}

void map_skill_or_language(ImportMapper& m, TypedSection typed, const SourceNode& entry,
                           const std::string& at) {
    const std::string label = rendercv_field(at, "label");
    const std::string details = rendercv_field(at, "details");
    if (typed == TypedSection::Languages) {
        Target e = m.new_entry("languages");
        m.put(e, "language", entry.get("label"), label);
        m.put(e, "fluency", entry.get("details"), details);
        return;
    }
    Target e = m.new_entry("skills");
    m.put(e, "name", entry.get("label"), label);
    // The details as one keyword: "C++, Python" prints as written, and the no-drop checks
    // find the value whole.
    TomlValue keywords = TomlValue::array();
    keywords.items.push_back(TomlValue::text(*m.read_text(entry.get("details"), details)));
    m.table(e).set("keywords", std::move(keywords));
    m.used(entry.get("details"), details, e.path + ".keywords");
}

void map_project(ImportMapper& m, const SourceNode& entry, const std::string& at) {
    Target e = m.new_entry("projects");
    m.put(e, "name", entry.get("name"), rendercv_field(at, "name"));
    if (auto summary = m.read_text(entry.get("summary"), rendercv_field(at, "summary"))) {
        m.append_text(e, "description", *summary, {});
        m.used(entry.get("summary"), rendercv_field(at, "summary"), e.path + ".description");
    }
    if (auto location = m.read_text(entry.get("location"), rendercv_field(at, "location"))) {
        m.append_text(e, "description", "Location: " + *location, {});
        m.used(entry.get("location"), rendercv_field(at, "location"), e.path + ".description");
    }
    if (entry.get("start_date") || entry.get("end_date"))
        m.put_dates(e, entry.get("start_date"), rendercv_field(at, "start_date"),
                    entry.get("end_date"), rendercv_field(at, "end_date"), "Ended", "description");
    if (const SourceNode* date = entry.get("date")) {
        if (!entry.get("start_date") && !entry.get("end_date")) {
            m.put_dates(e, nullptr, {}, date, rendercv_field(at, "date"), "Date", "description");
        } else if (auto text = m.read_text(date, rendercv_field(at, "date"))) {
            m.append_text(e, "description", "Date: " + *text, {});
            m.used(date, rendercv_field(at, "date"), e.path + ".description");
        }
    }
    for (const std::string_view key : {"url", "doi"}) {
        auto text = m.read_text(entry.get(key), rendercv_field(at, key));
        if (!text)
            continue;
        if (key == "url" && looks_like_url(*text)) {
            m.put(e, "url", entry.get(key), rendercv_field(at, key));
            continue;
        }
        m.append_text(e, "description", std::string(key == "url" ? "URL: " : "DOI: ") + *text, {});
        m.used(entry.get(key), rendercv_field(at, key), e.path + ".description");
    }
    m.put_texts(e, "highlights", entry.get("highlights"), rendercv_field(at, "highlights"));
}

void map_rendercv_section(ImportMapper& m, const std::string& key, const SourceNode& value,
                          const std::string& path) {
    const std::string title = rendercv_section_title(key);
    const auto* entries = m.read_list(&value, path);
    if (!entries)
        return;
    // A section of text called "Summary" (or "About me", "Profile") is the person's summary,
    // which cv.toml prints first under its own heading.
    const std::string lower_title = ascii_lower(title);
    if ((lower_title == "summary" || lower_title == "about me" || lower_title == "profile") &&
        !entries->empty() && !m.person().find("summary") &&
        std::all_of(entries->begin(), entries->end(),
                    [](const SourceNode& entry) { return entry.is_scalar(); })) {
        Target person = m.person_target();
        for (std::size_t i = 0; i < entries->size(); ++i) {
            const std::string at = item_path(path, i);
            if (auto text = m.read_text(&(*entries)[i], at)) {
                m.append_text(person, "summary", *text, {});
                m.used(&(*entries)[i], at, "person.summary");
            }
        }
        return;
    }
    if (const TypedSection typed = typed_section(m, title, *entries, path);
        typed != TypedSection::None) {
        const std::string typed_key = typed == TypedSection::Projects ? "projects"
                                      : typed == TypedSection::Skills ? "skills"
                                                                      : "languages";
        // The heading is the typed section's own, whatever the source called it.
        if (lower_title != typed_key)
            m.warn(&value, path,
                   "the section \"" + title + "\" is imported into [[" + typed_key +
                       "]], printed under that section's heading");
        for (std::size_t i = 0; i < entries->size(); ++i) {
            const std::string at = item_path(path, i);
            if (typed == TypedSection::Projects)
                map_project(m, (*entries)[i], at);
            else
                map_skill_or_language(m, typed, (*entries)[i], at);
        }
        return;
    }
    // A custom section holds one kind of thing (text, items or entries): a change of kind
    // starts another section of the same title.
    Target section;
    char kind = 0;  // 't' text, 'i' items, 'e' entries
    const auto section_for = [&](char want) -> Target& {
        if (kind != want || section.path.empty()) {
            section = m.new_section(title, {});
            m.comment(section, "cv.sections." + key);
            kind = want;
        }
        return section;
    };
    // Education, experience and publication entries keep the section they were under: the
    // built-in one when it has the kind's name, else a typed section of its own under the
    // source's title ([section.KEY], in the source's order).
    const auto typed_key = [&](std::string_view kind) -> std::string {
        if (lower_title == kind)
            return std::string(kind);
        return m.declared_section(key, kind, title);
    };
    for (std::size_t i = 0; i < entries->size(); ++i) {
        const SourceNode& entry = (*entries)[i];
        const std::string at = item_path(path, i);
        const EntryType type = entry_type(entry);
        // [[education]] and [[experience]] need their two texts: blank ones make a custom entry.
        const auto has = [&](std::string_view key) {
            return m.read_text(entry.get(key), rendercv_field(at, key)).has_value();
        };
        if ((type == EntryType::Education && !(has("institution") && has("area"))) ||
            (type == EntryType::Experience && !(has("company") && has("position")))) {
            m.warn(&entry, at,
                   "a blank institution, area, company or position; imported as "
                   "an entry of the section \"" +
                       title + "\"");
            Target e = m.new_section_entry(section_for('e'));
            bool titled = false;  // the rest waits in "Other imported data"
            for (const char* key : {"institution", "company", "position", "area", "degree"})
                titled = titled || m.put(e, "title", entry.get(key), rendercv_field(at, key));
            if (!titled)
                m.put_value(e, "title", "(untitled)", {});
            put_common(m, e, entry, at, false);
            continue;
        }
        switch (type) {
            case EntryType::Education:
                map_rendercv_education(m, entry, at, typed_key("education"));
                break;
            case EntryType::Experience:
                map_experience(m, entry, at, typed_key("experience"));
                break;
            case EntryType::Publication:
                if (const std::string lacks = map_rendercv_publication(
                        m, entry, at, [&] { return typed_key("publications"); });
                    !lacks.empty()) {
                    m.warn(&entry, at,
                           "a publication without " + lacks +
                               ", which [[publications]] needs; imported into the section \"" +
                               title + "\"");
                    map_rendercv_custom_entry(m, section_for('e'), entry, at, type);
                }
                break;
            case EntryType::Text: {
                Target& s = section_for('t');
                if (auto text = m.read_text(&entry, at)) {
                    m.append_text(s, "text", *text, {});
                    m.used(&entry, at, s.path + ".text");
                }
                break;
            }
            case EntryType::Bullet:
            case EntryType::Numbered:
            case EntryType::ReversedNumbered: {
                const char* item_key = type == EntryType::Bullet     ? "bullet"
                                       : type == EntryType::Numbered ? "number"
                                                                     : "reversed_number";
                Target& s = section_for('i');
                if (type != EntryType::Bullet && i == 0)
                    m.comment(s, "numbered in RenderCV; printed as bullets");
                if (auto text = m.read_text(entry.get(item_key), rendercv_field(at, item_key))) {
                    m.append_item(s, "items", *text, {});
                    m.used(entry.get(item_key), rendercv_field(at, item_key), s.path + ".items");
                }
                break;
            }
            case EntryType::Unknown:
                if (entry.kind != SourceNode::Kind::Object) {
                    m.warn(&entry, at,
                           "an entry that is a list; RenderCV's entries are text or objects: "
                           "kept as text in the section \"Other imported data\"");
                    break;
                }
                m.warn(&entry, at, "an entry of no RenderCV type; imported as a custom entry");
                [[fallthrough]];
            default:
                map_rendercv_custom_entry(m, section_for('e'), entry, at, type);
        }
    }
}

void map_rendercv_person(ImportMapper& m, const SourceNode& cv) {
    Target person = m.person_target();
    m.put(person, "name", cv.get("name"), "cv.name");
    if (!m.put(person, "position", cv.get("headline"), "cv.headline"))
        m.put(person, "position", cv.get("label"), "cv.label");
    m.put(person, "location", cv.get("location"), "cv.location");
    m.put(person, "email", cv.get("email"), "cv.email");
    m.put(person, "phone", cv.get("phone"), "cv.phone");
    if (auto url = m.read_text(cv.get("website"), "cv.website");
        url && url->find(' ') == std::string::npos)
        m.put(person, "homepage", cv.get("website"), "cv.website");  // else: "Other imported data"

    // `photo`: a path beside the file, referenced as written, never read.
    if (auto photo = m.read_text(cv.get("photo"), "cv.photo"); photo && is_local_photo_path(*photo))
        m.put(person, "photo", cv.get("photo"), "cv.photo");

    if (const auto* networks = m.read_list(cv.get("social_networks"), "cv.social_networks")) {
        for (std::size_t i = 0; i < networks->size(); ++i) {
            const std::string at = item_path("cv.social_networks", i);
            const SourceNode* entry = m.read_object(&(*networks)[i], at);
            if (!entry)
                continue;
            const auto network = m.read_text(entry->get("network"), rendercv_field(at, "network"));
            const auto user = m.read_text(entry->get("username"), rendercv_field(at, "username"));
            if (!network || !user)
                continue;  // left for "Other imported data"
            if (add_profile(m, entry, at, network, user, std::nullopt))
                continue;
            Target section = m.section_named("Profiles");
            m.append_item(section, "items", *network + ": " + *user, {});
            m.used(entry, at + " (" + *network + ")", section.path + ".items");
        }
    }
}

}  // namespace

std::string rendercv_section_title(const std::string& key) {
    bool has_upper = false;
    for (const char c : key)
        has_upper = has_upper || (c >= 'A' && c <= 'Z');
    std::string title;
    bool word_start = true;
    for (const char c : key) {
        const char out = c == '_' ? ' ' : c;
        title += word_start && !has_upper && out >= 'a' && out <= 'z' ? char(out - 'a' + 'A') : out;
        word_start = out == ' ';
    }
    return title;
}

void map_rendercv(ImportMapper& m) {
    const SourceNode* cv = m.read_object(m.root().get("cv"), "cv");
    if (!cv)
        return;
    map_rendercv_person(m, *cv);
    m.require_name("cv.name", cv);
    if (const SourceNode* sections = m.read_object(cv->get("sections"), "cv.sections"))
        for (const auto& [key, value] : sections->members)
            if (!value.is_null())
                map_rendercv_section(m, key, value, child_path("cv.sections", key));
    for (const auto& [key, value] : m.root().members)
        if (key != "cv")
            m.skip(&value, key, "RenderCV's " + key + " settings");
    m.place_leftovers();
}

}  // namespace mkcv

#include "import/jsonresume.h"

#include <functional>
#include <set>

#include "cv/validate.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

// A section of the source: its key and the function that maps its value (found at `path`).
struct SectionRow {
    std::string_view key;
    void (*map)(ImportMapper&, const SourceNode& value, const std::string& path);
};

// Calls `each(entry, path)` for each object of the list `value`.
void for_each_entry(ImportMapper& m, const SourceNode& value, const std::string& path,
                    const std::function<void(const SourceNode&, const std::string&)>& each) {
    const auto* items = m.read_list(&value, path);
    if (!items)
        return;
    for (std::size_t i = 0; i < items->size(); ++i) {
        const std::string at = item_path(path, i);
        if (const SourceNode* entry = m.read_object(&(*items)[i], at))
            each(*entry, at);
    }
}

std::string resume_field(const std::string& path, std::string_view key) {
    return child_path(path, key);
}

// The first of several keys a format uses for one thing (JSON Resume 0.x said `company`
// and `website`, 1.0 says `name` and `url`; YAMLResume says `headline` for `label`).
std::pair<const SourceNode*, std::string> first_of(const SourceNode& entry, const std::string& path,
                                                   std::initializer_list<std::string_view> keys) {
    for (const std::string_view key : keys)
        if (const SourceNode* node = entry.get(key))
            return {node, resume_field(path, key)};
    return {nullptr, resume_field(path, *keys.begin())};
}

// A text of the entry with its path, read without marking it used.
std::optional<std::string> peek(ImportMapper& m, const SourceNode& entry, const std::string& path,
                                std::string_view key) {
    return m.read_text(entry.get(key), resume_field(path, key));
}

// An entry's date field: where it is, its text, and the date that text is (when it is one).
struct EntryDate {
    const SourceNode* node = nullptr;
    std::string path;
    std::optional<std::string> text;
    std::optional<PartialDate> parsed;
};

EntryDate read_entry_date(ImportMapper& m, const SourceNode& entry, const std::string& at,
                          std::string_view key) {
    EntryDate d{entry.get(key), resume_field(at, key), {}, {}};
    d.text = m.read_text(d.node, d.path);
    if (d.text)
        d.parsed = m.read_date(d.node, d.path);
    return d;
}

// Appends "Label: value" to the note (or a custom entry's text) for a field cv.toml lacks.
void put_extra(ImportMapper& m, Target& target, std::string_view to_key, const SourceNode& entry,
               const std::string& path, std::string_view key, std::string_view label) {
    const SourceNode* node = entry.get(key);
    if (auto text = m.read_text(node, resume_field(path, key))) {
        m.append_text(target, to_key, label.empty() ? *text : std::string(label) + ": " + *text,
                      {});
        m.used(node, resume_field(path, key), target.path + "." + std::string(to_key));
    }
}

// A list of keywords, courses or roles, joined into one line of text.
void put_joined(ImportMapper& m, Target& target, std::string_view to_key, const SourceNode& entry,
                const std::string& path, std::string_view key, std::string_view label) {
    const SourceNode* node = entry.get(key);
    const std::vector<std::string> items = m.read_texts(node, resume_field(path, key));
    if (items.empty())
        return;
    std::string line = label.empty() ? "" : std::string(label) + ": ";
    for (std::size_t i = 0; i < items.size(); ++i)
        line += (i ? ", " : "") + items[i];
    m.append_text(target, to_key, line, {});
    m.used(node, resume_field(path, key), target.path + "." + std::string(to_key));
}

// ---- basics ----

void map_profiles(ImportMapper& m, const SourceNode& value, const std::string& path) {
    Target person = m.person_target();
    for_each_entry(m, value, path, [&](const SourceNode& entry, const std::string& at) {
        const auto network = peek(m, entry, at, "network");
        const auto user = peek(m, entry, at, "username");
        auto url = peek(m, entry, at, "url");
        const std::string label = network.value_or(user.value_or("Profile"));
        if (add_profile(m, &entry, at, network, user, url))
            return;
        if (url && !url->empty() && !looks_like_url(*url)) {
            // cv.toml's links take http(s) and mailto only: the profile stays as text.
            m.warn(entry.get("url"), resume_field(at, "url"),
                   "\"" + shorten(*url) +
                       "\" is not a link cv.toml takes; kept as text in the "
                       "section \"Profiles\"",
                   "a link starts with https://");
            Target section = m.section_named("Profiles");
            m.append_item(section, "items", label + (user ? ": " + *user : "") + " (" + *url + ")",
                          {});
            m.used(&entry, at + " (" + label + ")", section.path + ".items");
            return;
        }
        // No address and no user name mkcv can link: text in a section of its own.
        Target section = m.section_named("Profiles");
        m.append_item(section, "items", label + (user ? ": " + *user : ""), {});
        m.used(&entry, at + " (" + label + ")", section.path + ".items");
    });
}

void map_location(ImportMapper& m, const SourceNode& value, const std::string& path) {
    Target person = m.person_target();
    if (value.kind != SourceNode::Kind::Object) {  // YAMLResume and old files: one text
        m.put(person, "location", &value, path);
        return;
    }
    // Into a `location` table, JSON Resume's keys in cv.toml's spelling.
    TomlValue place = TomlValue::table();
    for (const auto& [from, to] :
         {std::pair<std::string_view, std::string_view>{"address", "address"},
          {"postalCode", "postal_code"},
          {"city", "city"},
          {"region", "region"},
          {"country", "country"},
          {"countryCode", "country_code"}}) {
        const SourceNode* node = value.get(from);
        if (auto text = m.read_text(node, resume_field(path, from))) {
            if (text->empty())
                continue;
            place.set(to, TomlValue::text(*text));
            m.used(node, resume_field(path, from), "person.location." + std::string(to));
        }
    }
    if (!place.keys.empty())
        m.table(person).set("location", std::move(place));
}

void map_summary(ImportMapper& m, const SourceNode* node, const std::string& path) {
    if (!m.read_text(node, path))
        return;
    Target person = m.person_target();
    m.put(person, "summary", node, path);
}

void map_basics(ImportMapper& m, const SourceNode& value, const std::string& path) {
    if (!m.read_object(&value, path))
        return;
    Target person = m.person_target();
    m.put(person, "name", value.get("name"), resume_field(path, "name"));
    {
        auto [node, at] = first_of(value, path, {"label", "headline"});
        m.put(person, "position", node, at);
    }
    m.put(person, "email", value.get("email"), resume_field(path, "email"));
    m.put(person, "phone", value.get("phone"), resume_field(path, "phone"));
    {
        auto [node, at] = first_of(value, path, {"url", "website"});
        if (auto url = m.read_text(node, at); url && url->find(' ') == std::string::npos)
            m.put(person, "homepage", node, at);  // with a space it waits in "Other imported data"
    }
    if (const SourceNode* location = value.get("location"))
        map_location(m, *location, resume_field(path, "location"));
    // person.summary (it opened a custom section "Summary" before cv.toml had one).
    map_summary(m, value.get("summary"), resume_field(path, "summary"));
    if (const SourceNode* profiles = value.get("profiles"))
        map_profiles(m, *profiles, resume_field(path, "profiles"));
    // `image`: a photo beside the file, referenced as written, never read; a URL waits in
    // "Other imported data" (cv.toml takes local files only).
    if (auto image = m.read_text(value.get("image"), resume_field(path, "image"));
        image && is_local_photo_path(*image))
        m.put(person, "photo", value.get("image"), resume_field(path, "image"));
}

// ---- built-in sections ----

// The section an entry goes to: its kind's, or the typed section mkcv's own JSON Resume
// output says it came from (`mkcv_section` on the entry, its heading in
// meta.mkcv.typed_sections), declared again so the round trip keeps it.
std::string typed_key(ImportMapper& m, const SourceNode& entry, const std::string& at,
                      std::string_view kind) {
    const SourceNode* node = entry.get("mkcv_section");
    const auto wanted = node ? m.read_text(node, resume_field(at, "mkcv_section")) : std::nullopt;
    if (!wanted)
        return std::string(kind);
    const SourceNode* meta = m.root().get("meta");
    const SourceNode* mkcv = meta ? meta->get("mkcv") : nullptr;
    const SourceNode* typed = mkcv ? mkcv->get("typed_sections") : nullptr;
    if (typed && typed->kind == SourceNode::Kind::Array)
        for (const SourceNode& section : typed->items) {
            const SourceNode* key = section.get("key");
            const SourceNode* of = section.get("kind");
            const SourceNode* heading = section.get("heading");
            if (key && of && key->is_scalar() && of->is_scalar() && key->scalar == *wanted &&
                of->scalar == kind) {
                const std::string declared = m.declared_section(
                    *wanted, kind, heading && heading->is_scalar() ? heading->scalar : "");
                // The value is a key in cv.toml, not a string: named on the summary's line.
                m.used(node, resume_field(at, "mkcv_section") + " \"" + *wanted + "\"",
                       "section." + declared);
                return declared;
            }
        }
    return std::string(kind);  // no heading for it: the value waits in "Other imported data"
}

void map_work(ImportMapper& m, const SourceNode& value, const std::string& path) {
    for_each_entry(m, value, path, [&](const SourceNode& entry, const std::string& at) {
        auto [org, org_path] = first_of(entry, at, {"name", "company", "organization"});
        const auto role = peek(m, entry, at, "position");
        if (!m.read_text(org, org_path) || !role) {
            m.warn(&entry, at,
                   "a job without a name or a position, which [[experience]] needs; imported "
                   "into the section \"Work\"");
            Target section = m.section_named("Work");
            Target e = m.new_section_entry(section);
            if (!m.put(e, "title", entry.get("position"), resume_field(at, "position")) &&
                !m.put(e, "title", org, org_path))
                m.put_value(e, "title", "(untitled)", {});
            m.put(e, "subtitle", org, org_path);
            m.put(e, "location", entry.get("location"), resume_field(at, "location"));
            m.put_date_text(e, entry.get("startDate"), resume_field(at, "startDate"),
                            entry.get("endDate"), resume_field(at, "endDate"));
            m.put(e, "text", entry.get("summary"), resume_field(at, "summary"));
            put_extra(m, e, "text", entry, at, "description", "Description");
            put_extra(m, e, "text", entry, at, "url", "Website");
            m.put_texts(e, "highlights", entry.get("highlights"), resume_field(at, "highlights"));
            return;
        }
        Target e = m.new_entry(typed_key(m, entry, at, "experience"));
        m.put(e, "role", entry.get("position"), resume_field(at, "position"));
        m.put(e, "organization", org, org_path);
        m.put(e, "location", entry.get("location"), resume_field(at, "location"));
        m.put_dates(e, entry.get("startDate"), resume_field(at, "startDate"), entry.get("endDate"),
                    resume_field(at, "endDate"));
        m.put(e, "note", entry.get("summary"), resume_field(at, "summary"));
        put_extra(m, e, "note", entry, at, "description", "Description");
        put_extra(m, e, "note", entry, at, "url", "Website");
        put_extra(m, e, "note", entry, at, "website", "Website");
        put_joined(m, e, "note", entry, at, "keywords", "Keywords");
        m.put_texts(e, "highlights", entry.get("highlights"), resume_field(at, "highlights"));
    });
}

void map_resume_education(ImportMapper& m, const SourceNode& value, const std::string& path) {
    for_each_entry(m, value, path, [&](const SourceNode& entry, const std::string& at) {
        auto [type, type_path] = first_of(entry, at, {"studyType", "degree"});
        const auto study = m.read_text(type, type_path);
        const auto area = peek(m, entry, at, "area");
        const auto institution = peek(m, entry, at, "institution");
        std::string degree =
            study && area ? m.join_degree(*study, *area) : study.value_or(area.value_or(""));
        const bool builtin = institution && !degree.empty();
        Target e = builtin ? m.new_entry(typed_key(m, entry, at, "education")) : Target{};
        if (e.path.empty()) {
            m.warn(&entry, at,
                   "a degree without an institution or a degree name, which [[education]] "
                   "needs; imported into the section \"Education\"");
            Target section = m.section_named("Education");
            e = m.new_section_entry(section);
            if (!institution)
                m.put_value(e, "title", degree.empty() ? "(untitled)" : degree, {});
        }
        if (builtin) {
            // Degree and field apart: the CV's locale joins them (degree_in_field), so a
            // Russian CV never reads "Бакалавриат in Информатика".
            m.put_value(e, "degree", study ? *study : *area, {});
            if (study && area)
                m.put_value(e, "field", *area, {});
            if (study)
                m.used(type, type_path, e.path + ".degree");
            if (area)
                m.used(entry.get("area"), resume_field(at, "area"),
                       e.path + (study ? ".field" : ".degree"));
            m.put(e, "institution", entry.get("institution"), resume_field(at, "institution"));
            m.put(e, "location", entry.get("location"), resume_field(at, "location"));
            m.put_dates(e, entry.get("startDate"), resume_field(at, "startDate"),
                        entry.get("endDate"), resume_field(at, "endDate"));
            m.put(e, "note", entry.get("summary"), resume_field(at, "summary"));
        } else {
            m.put(e, "title", entry.get("institution"), resume_field(at, "institution"));
            if (!degree.empty())
                m.put_value(e, "subtitle", degree, {});
            if (study)
                m.used(type, type_path, e.path + ".subtitle");
            if (area)
                m.used(entry.get("area"), resume_field(at, "area"), e.path + ".subtitle");
            m.put(e, "location", entry.get("location"), resume_field(at, "location"));
            m.put_date_text(e, entry.get("startDate"), resume_field(at, "startDate"),
                            entry.get("endDate"), resume_field(at, "endDate"));
            m.put(e, "text", entry.get("summary"), resume_field(at, "summary"));
        }
        const char* note = builtin ? "note" : "text";
        put_extra(m, e, note, entry, at, "score", "Score");
        put_extra(m, e, note, entry, at, "gpa", "GPA");
        put_extra(m, e, note, entry, at, "url", "Website");
        if (builtin && entry.get("courses"))
            m.comment(e, "courses: printed as highlights");
        m.put_texts(e, "highlights", entry.get("courses"), resume_field(at, "courses"));
    });
}

void map_awards(ImportMapper& m, const SourceNode& value, const std::string& path) {
    for_each_entry(m, value, path, [&](const SourceNode& entry, const std::string& at) {
        const EntryDate date = read_entry_date(m, entry, at, "date");
        const auto title = peek(m, entry, at, "title");
        // An award without a date is an undated [[awards]] entry; one whose date is no date
        // (or "present") keeps its text in a custom section.
        if (title && (!date.node || (date.parsed && !date.parsed->present))) {
            Target e = m.new_entry(typed_key(m, entry, at, "awards"));
            m.put(e, "title", entry.get("title"), resume_field(at, "title"));
            if (date.parsed)
                m.put_date_or_year(e, date.node, date.path, *date.text, *date.parsed);
            m.put(e, "issuer", entry.get("awarder"), resume_field(at, "awarder"));
            m.put(e, "note", entry.get("summary"), resume_field(at, "summary"));
            return;
        }
        m.warn(&entry, at,
               "an award without a title or with a date that is none, which [[awards]] needs; "
               "imported into the section \"Awards\"");
        Target section = m.section_named("Awards");
        Target e = m.new_section_entry(section);
        if (!m.put(e, "title", entry.get("title"), resume_field(at, "title")))
            m.put_value(e, "title", "(untitled)", {});
        m.put(e, "subtitle", entry.get("awarder"), resume_field(at, "awarder"));
        m.put_date_text(e, nullptr, {}, nullptr, {}, date.node, date.path);
        m.put(e, "text", entry.get("summary"), resume_field(at, "summary"));
    });
}

// ---- custom sections: an entry a typed section cannot take ----

// A section of entries: title ← `title_keys` (the first present), subtitle ← `subtitle_key`,
// date from startDate/endDate or `date_key`, text ← `text_keys` in order, highlights ←
// `highlights`.
struct CustomShape {
    std::string_view heading;
    std::initializer_list<std::string_view> title_keys;
    std::string_view subtitle_key;
    std::string_view date_key;
    std::initializer_list<std::pair<std::string_view, std::string_view>> text_keys;  // key, label
    std::initializer_list<std::pair<std::string_view, std::string_view>> joined_keys;
};

// One entry into the custom section `shape.heading`, with a warning saying why.
void map_resume_custom_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                             const CustomShape& shape, const std::string& why) {
    m.warn(&entry, at, why + "; imported into the section \"" + std::string(shape.heading) + "\"");
    Target section = m.section_named(std::string(shape.heading));
    Target e = m.new_section_entry(section);
    bool titled = false;
    for (const std::string_view key : shape.title_keys)
        titled = titled || m.put(e, "title", entry.get(key), resume_field(at, key));
    if (!titled)
        m.put_value(e, "title", "(untitled)", {});
    if (!shape.subtitle_key.empty())
        m.put(e, "subtitle", entry.get(shape.subtitle_key), resume_field(at, shape.subtitle_key));
    m.put(e, "location", entry.get("location"), resume_field(at, "location"));
    // A range is the entry's `start`/`end`; a single date stays its `date` text.
    if (entry.get("startDate") || entry.get("endDate"))
        m.put_dates(e, entry.get("startDate"), resume_field(at, "startDate"), entry.get("endDate"),
                    resume_field(at, "endDate"), "Ended", "text");
    else if (!shape.date_key.empty())
        m.put_date_text(e, nullptr, {}, nullptr, {}, entry.get(shape.date_key),
                        resume_field(at, shape.date_key));
    // A URL cv.toml takes is the entry's `url` (its title links there); another stays text.
    bool url_done = false;
    if (auto url = m.read_text(entry.get("url"), resume_field(at, "url"));
        url && looks_like_url(*url))
        url_done = m.put(e, "url", entry.get("url"), resume_field(at, "url"));
    for (const auto& [key, label] : shape.text_keys) {
        if (key == "url" && url_done)
            continue;
        put_extra(m, e, "text", entry, at, key, label);
    }
    for (const auto& [key, label] : shape.joined_keys)
        put_joined(m, e, "text", entry, at, key, label);
    m.put_texts(e, "highlights", entry.get("highlights"), resume_field(at, "highlights"));
}

// ---- résumé sections: JSON Resume's own, typed in cv.toml ----

// The entry's `url` when cv.toml takes it as a link; otherwise a line "Website: …" of the
// text at `note_key`, with a warning.
void put_url(ImportMapper& m, Target& e, const SourceNode& entry, const std::string& at,
             std::string_view note_key) {
    const auto url = m.read_text(entry.get("url"), resume_field(at, "url"));
    if (!url || url->empty())
        return;
    if (looks_like_url(*url)) {
        m.put(e, "url", entry.get("url"), resume_field(at, "url"));
        return;
    }
    m.warn(entry.get("url"), resume_field(at, "url"),
           "\"" + shorten(*url) + "\" is not a link cv.toml takes; kept as text",
           "a link starts with https://");
    put_extra(m, e, note_key, entry, at, "url", "Website");
}

// Whether one of `keys` holds a text that is not blank (as cv.toml's required keys must).
bool has_text(ImportMapper& m, const SourceNode& entry, const std::string& at,
              std::initializer_list<std::string_view> keys) {
    for (const std::string_view key : keys)
        if (auto text = peek(m, entry, at, key);
            text && text->find_first_not_of(" \t\r\n") != std::string::npos)
            return true;
    return false;
}

void map_volunteer(ImportMapper& m, const SourceNode& v, const std::string& p) {
    for_each_entry(m, v, p, [&](const SourceNode& entry, const std::string& at) {
        if (!has_text(m, entry, at, {"organization"})) {
            map_resume_custom_entry(
                m, entry, at,
                CustomShape{"Volunteering",
                            {"position", "organization"},
                            "organization",
                            "",
                            {{"summary", ""}, {"url", "Website"}},
                            {}},
                "volunteering without an organization, which [[volunteer]] needs");
            return;
        }
        Target e = m.new_entry(typed_key(m, entry, at, "volunteer"));
        m.put(e, "organization", entry.get("organization"), resume_field(at, "organization"));
        m.put(e, "position", entry.get("position"), resume_field(at, "position"));
        put_url(m, e, entry, at, "summary");
        m.put_dates(e, entry.get("startDate"), resume_field(at, "startDate"), entry.get("endDate"),
                    resume_field(at, "endDate"), "Ended", "summary");
        m.put(e, "summary", entry.get("summary"), resume_field(at, "summary"));
        m.put_texts(e, "highlights", entry.get("highlights"), resume_field(at, "highlights"));
    });
}

void map_certificates(ImportMapper& m, const SourceNode& v, const std::string& p) {
    for_each_entry(m, v, p, [&](const SourceNode& entry, const std::string& at) {
        const EntryDate date = read_entry_date(m, entry, at, "date");
        // A certificate's date that is no date (or "present") keeps its text in a custom
        // section, as an award's does.
        if (!has_text(m, entry, at, {"name"}) ||
            (date.text && (!date.parsed || date.parsed->present))) {
            map_resume_custom_entry(
                m, entry, at,
                CustomShape{"Certificates", {"name"}, "issuer", "date", {{"url", "Website"}}, {}},
                "a certificate without a name or with a date that is none, which "
                "[[certificates]] needs");
            return;
        }
        Target e = m.new_entry(typed_key(m, entry, at, "certificates"));
        m.put(e, "name", entry.get("name"), resume_field(at, "name"));
        m.put(e, "issuer", entry.get("issuer"), resume_field(at, "issuer"));
        if (date.parsed) {
            const std::string iso = iso_date(*date.parsed);
            m.table(e).set("date", TomlValue::text(iso));
            m.used(date.node, iso == *date.text ? date.path : date.path + " \"" + *date.text + "\"",
                   e.path + ".date");
        }
        // A URL cv.toml refuses has no text to go in here: "Other imported data" takes it,
        // with a warning.
        if (auto url = m.read_text(entry.get("url"), resume_field(at, "url"));
            url && looks_like_url(*url))
            m.put(e, "url", entry.get("url"), resume_field(at, "url"));
    });
}

// JSON Resume's publications have no authors: with a name, a publisher and a date they are
// [[publications]] of kind "other", which may leave the authors out (mkcv never adds the
// owner to them); the others stay in the custom section "Publications".
bool map_resume_publication(ImportMapper& m, const SourceNode& entry, const std::string& at) {
    const EntryDate date = read_entry_date(m, entry, at, "releaseDate");
    if (!peek(m, entry, at, "name") || !peek(m, entry, at, "publisher") || !date.parsed ||
        date.parsed->present)
        return false;
    Target e = m.new_entry(typed_key(m, entry, at, "publications"));
    m.put(e, "title", entry.get("name"), resume_field(at, "name"));
    m.table(e).set("kind", TomlValue::text("other"));
    m.comment(e, "kind = \"other\": JSON Resume lists no authors, so none are printed");
    m.put(e, "venue", entry.get("publisher"), resume_field(at, "publisher"));
    m.put_date_or_year(e, date.node, date.path, *date.text, *date.parsed);
    if (auto url = m.read_text(entry.get("url"), resume_field(at, "url"))) {
        if (looks_like_url(*url)) {
            TomlValue links = TomlValue::table();
            links.inline_table = true;
            links.set("link", TomlValue::text(*url));
            m.table(e).set("links", std::move(links));
            m.used(entry.get("url"), resume_field(at, "url"), e.path + ".links.link");
        } else {
            put_extra(m, e, "note", entry, at, "url", "Link");
        }
    }
    m.put(e, "note", entry.get("summary"), resume_field(at, "summary"));
    return true;
}

void map_publications(ImportMapper& m, const SourceNode& v, const std::string& p) {
    for_each_entry(m, v, p, [&](const SourceNode& entry, const std::string& at) {
        if (map_resume_publication(m, entry, at))
            return;
        m.warn(&entry, at,
               "a publication without a name, a publisher or a date, which [[publications]] "
               "needs; imported into the section \"Publications\"");
        Target section = m.section_named("Publications");
        Target e = m.new_section_entry(section);
        if (!m.put(e, "title", entry.get("name"), resume_field(at, "name")) &&
            !m.put(e, "title", entry.get("title"), resume_field(at, "title")))
            m.put_value(e, "title", "(untitled)", {});
        m.put(e, "subtitle", entry.get("publisher"), resume_field(at, "publisher"));
        m.put_date_text(e, nullptr, {}, nullptr, {}, entry.get("releaseDate"),
                        resume_field(at, "releaseDate"));
        m.put(e, "text", entry.get("summary"), resume_field(at, "summary"));
        put_extra(m, e, "text", entry, at, "url", "Link");
    });
}
// An entry with a name and keywords (skills, interests), or the custom section `heading`.
void map_named(ImportMapper& m, const SourceNode& v, const std::string& p, std::string_view key,
               const CustomShape& shape) {
    for_each_entry(m, v, p, [&](const SourceNode& entry, const std::string& at) {
        if (!has_text(m, entry, at, {"name"})) {
            map_resume_custom_entry(
                m, entry, at, shape,
                "an entry without a name, which [[" + std::string(key) + "]] needs");
            return;
        }
        Target e = m.new_entry(typed_key(m, entry, at, key));
        m.put(e, "name", entry.get("name"), resume_field(at, "name"));
        if (key == "skills")
            m.put(e, "level", entry.get("level"), resume_field(at, "level"));
        m.put_texts(e, "keywords", entry.get("keywords"), resume_field(at, "keywords"));
    });
}

void map_skills(ImportMapper& m, const SourceNode& v, const std::string& p) {
    map_named(m, v, p, "skills", {"Skills", {"name"}, "level", "", {}, {{"keywords", ""}}});
}
void map_interests(ImportMapper& m, const SourceNode& v, const std::string& p) {
    map_named(m, v, p, "interests",
              {"Interests", {"name"}, "", "", {{"summary", ""}}, {{"keywords", ""}}});
}

void map_languages(ImportMapper& m, const SourceNode& v, const std::string& p) {
    for_each_entry(m, v, p, [&](const SourceNode& entry, const std::string& at) {
        if (!has_text(m, entry, at, {"language", "name"})) {
            map_resume_custom_entry(
                m, entry, at,
                {"Languages", {"language", "name"}, "fluency", "", {}, {{"keywords", ""}}},
                "a language without a name, which [[languages]] needs");
            return;
        }
        Target e = m.new_entry(typed_key(m, entry, at, "languages"));
        auto [node, node_path] = first_of(entry, at, {"language", "name"});
        if (!m.put(e, "language", node, node_path))
            m.put(e, "language", entry.get("name"), resume_field(at, "name"));
        m.put(e, "fluency", entry.get("fluency"), resume_field(at, "fluency"));
    });
}

void map_references(ImportMapper& m, const SourceNode& v, const std::string& p) {
    for_each_entry(m, v, p, [&](const SourceNode& entry, const std::string& at) {
        // YAMLResume says `summary` for JSON Resume's `reference`.
        if (!has_text(m, entry, at, {"name"}) ||
            !has_text(m, entry, at, {"reference", "summary"})) {
            map_resume_custom_entry(
                m, entry, at,
                {"References",
                 {"name"},
                 "relationship",
                 "",
                 {{"reference", ""}, {"summary", ""}, {"phone", "Phone"}, {"email", "E-mail"}},
                 {}},
                "a reference without a name or its text, which [[references]] needs");
            return;
        }
        Target e = m.new_entry(typed_key(m, entry, at, "references"));
        m.put(e, "name", entry.get("name"), resume_field(at, "name"));
        m.put(e, "reference", entry.get("reference"), resume_field(at, "reference"));
        put_extra(m, e, "reference", entry, at, "summary", "");
        // Beyond JSON Resume's two keys (YAMLResume's and others' files): lines of the text.
        put_extra(m, e, "reference", entry, at, "relationship", "Relationship");
        put_extra(m, e, "reference", entry, at, "phone", "Phone");
        put_extra(m, e, "reference", entry, at, "email", "E-mail");
    });
}

void map_projects(ImportMapper& m, const SourceNode& v, const std::string& p) {
    for_each_entry(m, v, p, [&](const SourceNode& entry, const std::string& at) {
        if (!has_text(m, entry, at, {"name"})) {
            map_resume_custom_entry(
                m, entry, at,
                {"Projects",
                 {"name"},
                 "entity",
                 "",
                 {{"description", ""}, {"summary", ""}, {"type", "Type"}, {"url", "Website"}},
                 {{"roles", "Roles"}, {"keywords", "Keywords"}}},
                "a project without a name, which [[projects]] needs");
            return;
        }
        Target e = m.new_entry(typed_key(m, entry, at, "projects"));
        m.put(e, "name", entry.get("name"), resume_field(at, "name"));
        m.put(e, "description", entry.get("description"), resume_field(at, "description"));
        put_extra(m, e, "description", entry, at, "summary", "");  // YAMLResume's
        put_url(m, e, entry, at, "description");
        m.put_texts(e, "roles", entry.get("roles"), resume_field(at, "roles"));
        m.put(e, "entity", entry.get("entity"), resume_field(at, "entity"));
        m.put(e, "type", entry.get("type"), resume_field(at, "type"));
        m.put_dates(e, entry.get("startDate"), resume_field(at, "startDate"), entry.get("endDate"),
                    resume_field(at, "endDate"), "Ended", "description");
        m.put_texts(e, "highlights", entry.get("highlights"), resume_field(at, "highlights"));
        m.put_texts(e, "keywords", entry.get("keywords"), resume_field(at, "keywords"));
    });
}

void skip_meta(ImportMapper& m, const SourceNode& v, const std::string& p) {
    m.skip(&v, p, "metadata of the JSON Resume file");
}

// The sections in the order JSON Resume's schema lists them; the file's order decides the
// order in cv.toml.
const std::vector<SectionRow>& jsonresume_rows() {
    static const std::vector<SectionRow> rows = {
        {"basics", map_basics},
        {"work", map_work},
        {"volunteer", map_volunteer},
        {"education", map_resume_education},
        {"awards", map_awards},
        {"certificates", map_certificates},
        {"publications", map_publications},
        {"skills", map_skills},
        {"languages", map_languages},
        {"interests", map_interests},
        {"references", map_references},
        {"projects", map_projects},
        {"meta", skip_meta},
        {"$schema", skip_meta},
    };
    return rows;
}

// YAMLResume keeps the location and the profiles beside `basics`, not in it.
const std::vector<SectionRow>& yamlresume_rows() {
    static const std::vector<SectionRow> rows = [] {
        std::vector<SectionRow> r = jsonresume_rows();
        r.push_back({"location", map_location});
        r.push_back({"profiles", map_profiles});
        return r;
    }();
    return rows;
}

void map_sections(ImportMapper& m, const SourceNode& root, const std::string& path,
                  const std::vector<SectionRow>& rows) {
    // basics first whatever the file's order: [person] opens every cv.toml.
    if (const SourceNode* basics = root.get("basics"))
        map_basics(m, *basics, child_path(path, "basics"));
    for (const auto& [key, value] : root.members) {
        if (key == "basics" || value.is_null())
            continue;
        for (const SectionRow& row : rows)
            if (row.key == key)
                row.map(m, value, child_path(path, key));
    }
}

}  // namespace

void map_jsonresume(ImportMapper& m) {
    if (!m.read_object(&m.root(), "(the file)"))
        return;
    map_sections(m, m.root(), "", jsonresume_rows());
    m.require_name("basics.name", m.root().get("basics"));
    m.place_leftovers();
}

// YAMLResume's `layouts[].sections.aliases` (work: "Employment" …): the headings cv.toml
// prints its sections under, as [locale.headings] of the section's kind. The first layout
// that gives an alias wins.
void map_yamlresume_aliases(ImportMapper& m) {
    static const std::vector<std::pair<std::string_view, std::string_view>> kKinds = {
        {"work", "experience"},
        {"education", "education"},
        {"volunteer", "volunteer"},
        {"awards", "awards"},
        {"certificates", "certificates"},
        {"publications", "publications"},
        {"skills", "skills"},
        {"languages", "languages"},
        {"interests", "interests"},
        {"references", "references"},
        {"projects", "projects"}};
    const SourceNode* layouts = m.root().get("layouts");
    if (!layouts || layouts->kind != SourceNode::Kind::Array)
        return;
    std::set<std::string_view> given;
    for (std::size_t i = 0; i < layouts->items.size(); ++i) {
        const SourceNode* sections = layouts->items[i].get("sections");
        const SourceNode* aliases = sections ? sections->get("aliases") : nullptr;
        if (!aliases || aliases->kind != SourceNode::Kind::Object)
            continue;
        const std::string path = item_path("layouts", i) + ".sections.aliases";
        for (const auto& [key, value] : aliases->members)
            for (const auto& [source, kind] : kKinds) {
                if (key != source || given.count(kind))
                    continue;
                const auto heading = m.read_text(&value, child_path(path, key));
                if (!heading || heading->empty())
                    continue;
                given.insert(kind);
                m.document().at("locale").at("headings").set(kind, TomlValue::text(*heading));
                m.used(&value, child_path(path, key), "locale.headings." + std::string(kind));
            }
    }
}

void map_yamlresume(ImportMapper& m) {
    const SourceNode* content = m.read_object(m.root().get("content"), "content");
    if (!content)
        return;
    map_sections(m, *content, "content", yamlresume_rows());
    map_yamlresume_aliases(m);
    for (const auto& [key, value] : m.root().members)
        if (key != "content")
            m.skip(&value, key, "YAMLResume's layout and locale settings");
    m.require_name("content.basics.name", content);
    m.place_leftovers();
}

}  // namespace mkcv

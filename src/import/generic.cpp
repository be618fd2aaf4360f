#include "import/generic.h"

#include <algorithm>
#include <initializer_list>
#include <map>
#include <set>
#include <unordered_map>

#include "cv/sections.h"
#include "cv/validate.h"
#include "import/latex_markup.h"
#include "import/loose_dates.h"
#include "import/rendercv.h"
#include "import/source_order.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

using Names = std::initializer_list<std::string_view>;

// "Start_Date", "start-date", "start date" → "startdate".
std::string normalized(std::string_view key) {
    std::string out;
    for (const char c : key)
        if (c != '_' && c != '-' && c != ' ' && c != '.')
            out += ascii_lower(c);
    return out;
}

bool is_one_of(std::string_view key, Names names) {
    const std::string n = normalized(key);
    for (const std::string_view name : names)
        if (n == name)
            return true;
    return false;
}

struct Found {
    const SourceNode* node = nullptr;
    std::string path;
    std::string key;
};

// The first member by the order of `names` (the likeliest synonym first), among those not
// null and not placed yet (and, for `texts_only`, that are text). One pass over the members,
// each key normalized once: an entry of 100,000 keys stays linear.
Found find_in(ImportMapper& m, const SourceNode& object, const std::string& path, Names names,
              bool texts_only) {
    std::size_t best = names.size();
    Found out;
    for (const auto& [key, value] : object.members) {
        if (value.is_null() || value.used || (texts_only && !value.is_scalar()))
            continue;
        const std::string n = normalized(key);
        std::size_t i = 0;
        for (const std::string_view name : names) {
            if (i >= best)
                break;
            if (n == name) {
                if (!texts_only || m.read_text(&value, child_path(path, key))) {
                    best = i;
                    out = {&value, child_path(path, key), key};
                }
                break;
            }
            ++i;
        }
    }
    return out;
}

Found find(const SourceNode& object, const std::string& path, Names names) {
    std::size_t best = names.size();
    Found out;
    for (const auto& [key, value] : object.members) {
        if (value.is_null() || value.used)
            continue;
        const std::string n = normalized(key);
        std::size_t i = 0;
        for (const std::string_view name : names) {
            if (i >= best)
                break;
            if (n == name) {
                best = i;
                out = {&value, child_path(path, key), key};
                break;
            }
            ++i;
        }
    }
    return out;
}

// A text member of one of these names (found, not yet placed), its text.
std::optional<std::string> text_of(ImportMapper& m, const Found& f) {
    if (!f.node || !f.node->is_scalar())
        return std::nullopt;
    return m.read_text(f.node, f.path);
}

Found find_text(ImportMapper& m, const SourceNode& object, const std::string& path, Names names) {
    return find_in(m, object, path, names, true);
}

bool put_found(ImportMapper& m, Target& target, std::string_view key, const Found& f) {
    return f.node && f.node->is_scalar() && m.put(target, key, f.node, f.path);
}

// ---- the names people use ----

const Names kName = {"name", "fullname", "author", "displayname", "yourname"};
const Names kFirst = {"first", "firstname", "given", "givenname", "forename"};
const Names kLast = {"last", "lastname", "family", "familyname", "surname"};
const Names kEmail = {"email", "mail", "emailaddress"};
const Names kPhone = {"phone", "telephone", "tel", "mobile", "cell", "phonenumber"};
const Names kWebsite = {"website", "homepage", "url", "web", "site", "webpage"};
const Names kLocation = {"location", "city", "place"};
const Names kAddress = {"address", "streetaddress", "street"};
const Names kHeadline = {"headline", "position", "label", "jobtitle", "tagline", "title", "role"};
const Names kSummary = {"summary",   "about",    "bio",   "biography",   "profile",
                        "objective", "abstract", "intro", "introduction"};
const Names kContact = {"contact", "contacts", "contactinfo", "personal", "personalinfo",
                        "info",    "basics",   "details",     "person",   "me"};

const Names kEducation = {"education", "educations",     "degrees",
                          "academic",  "academics",      "studies",
                          "schooling", "qualifications", "academicbackground"};
const Names kExperience = {"work",
                           "experience",
                           "experiences",
                           "employment",
                           "positions",
                           "jobs",
                           "appointments",
                           "career",
                           "workexperience",
                           "professionalexperience",
                           "researchexperience",
                           "academicpositions",
                           "academicappointments",
                           "employmenthistory",
                           "workhistory"};
const Names kAwards = {"awards",           "honors",           "honours",
                       "prizes",           "awardsandhonors",  "honorsandawards",
                       "awardsandhonours", "honoursandawards", "distinctions"};
const Names kPublications = {"publications",    "papers",           "articles",
                             "journalarticles", "conferencepapers", "selectedpublications",
                             "peerreviewed",    "allpublications"};
// Where a source names its .bib files: in its publications section, or at the top.
const Names kBibFiles = {"file", "files", "bib", "bibfile", "bibfiles", "bibtex", "bibliography"};
const Names kPhoto = {"photo", "picture", "image", "avatar", "headshot", "portrait"};
const Names kSkills = {"skills", "technicalskills", "competencies", "skillset"};
const Names kTalks = {"talks",           "invitedtalks", "selectedtalks", "presentations",
                      "conferencetalks", "seminars",     "keynotes"};
const Names kTalkTitle = {"title", "name", "talk", "topic"};
const Names kEvent = {"event", "venue", "conference", "meeting", "seminar", "host", "series"};
const Names kLanguages = {"languages", "languageskills", "spokenlanguages"};
const Names kTeaching = {"teaching",  "teachingexperience",  "coursestaught",
                         "lecturing", "teachingassignments", "teachingactivities"};
const Names kService = {
    "service",  "professionalservice", "academicservice",   "reviewing",
    "reviewer", "programcommittees",   "serviceactivities", "servicetotheprofession"};
const Names kGrants = {"grants",          "funding",        "grantsandfunding",
                       "researchfunding", "researchgrants", "grantsandfellowships"};
// A course taught, by the keys that can only mean one ("title" and "name" only after them).
// The lists for a course, its role and its institution share no name, nor do a grant's
// title and funder lists: what they find are different values.
const Names kCourse = {"course", "coursename", "class", "module", "subject"};
const Names kTeachingRole = {"role", "position", "as", "capacity"};
const Names kTerms = {"terms", "term",  "semesters", "semester", "dates",
                      "date",  "years", "year",      "when",     "period"};
const Names kGrantTitle = {"title", "name", "project", "grant"};
// Who funds a grant, by the keys that can only mean that (by_shape), then looser ones.
const Names kFunder = {"funder", "agency", "sponsor", "fundedby", "grantor"};
const Names kFunderLoose = {"funding", "source", "awarder", "organization", "organisation", "by"};
const Names kAmount = {"amount", "budget", "value", "sum", "total"};
const Names kServiceBody = {"organization", "organisation", "venue",   "conference",
                            "journal",      "committee",    "society", "event",
                            "company",      "institution",  "name"};

const Names kSettings = {"order",    "layout", "layouts", "theme",   "template",     "style",
                         "settings", "config", "design",  "version", "sectionorder", "meta"};
const Names kInstitution = {"institution", "school",    "university",   "college",
                            "academy",     "institute", "organization", "organisation"};
const Names kDegree = {"degree", "studytype", "qualification", "diploma",
                       "title",  "program",   "programme"};
const Names kField = {"area",       "field",        "major",          "subject",
                      "discipline", "fieldofstudy", "specialization", "specialisation"};
const Names kOrganization = {"company",     "organization", "organisation", "employer",
                             "institution", "university",   "school",       "lab",
                             "name",        "department",   "firm",         "group"};
const Names kRole = {"position", "title", "role", "jobtitle", "job", "designation", "rank"};
const Names kStart = {"start", "startdate", "from", "begin", "since", "started"};
const Names kEnd = {"end", "enddate", "to", "until", "finish", "ended"};
const Names kDate = {"date", "dates", "year", "years", "period", "when", "time", "duration"};
const Names kPlace = {"location", "city", "place", "where"};
const Names kNote = {"summary", "description", "details", "note",    "notes",
                     "text",    "body",        "comment", "abstract"};
const Names kHighlights = {
    "highlights",   "details",         "bullets", "items",   "responsibilities",
    "achievements", "accomplishments", "tasks",   "courses", "description",
    "notes"};
const Names kUrl = {"url", "link", "href", "website", "web", "homepage"};
const Names kAwardTitle = {"title", "name", "award", "honor", "honour", "prize", "label"};
const Names kIssuer = {"awarder",      "issuer",      "by",      "organization",
                       "organisation", "institution", "grantor", "from"};
const Names kSkillName = {"name", "label", "category", "area", "title", "group"};
const Names kSkillKeywords = {"keywords", "skills", "items",        "list",
                              "details",  "tools",  "technologies", "value"};
const Names kLevel = {"level", "proficiency", "fluency"};
const Names kLanguageName = {"language", "name", "lang", "label"};
const Names kEntryTitle = {"title",   "name",         "label", "position",    "degree",
                           "role",    "course",       "award", "institution", "school",
                           "company", "organization", "event"};
const Names kSubtitle = {"subtitle",  "venue",      "journal",     "conference",   "booktitle",
                         "publisher", "event",      "institution", "organization", "company",
                         "school",    "university", "issuer",      "awarder",      "course"};

// "research_interests" → "Research interests" as RenderCV titles a section from its key.
std::string title_of(const std::string& key) {
    return rendercv_section_title(key);
}

// ---- what every entry has ----

// "2014 – 2018", "2014 -- present", "2014-2018", "2014 to 2018": the two halves, when both
// (the second may be empty: "2014 –") are dates.
std::optional<std::pair<PartialDate, std::optional<PartialDate>>> read_range(
    const std::string& text) {
    const auto trimmed = [](std::string s) {
        s.erase(0, s.find_first_not_of(" \t"));
        const auto last = s.find_last_not_of(" \t");
        s.erase(last == std::string::npos ? 0 : last + 1);
        return s;
    };
    for (const std::string_view sep : {"--", "–", "—", " to ", "-"}) {
        for (auto at = text.find(sep); at != std::string::npos; at = text.find(sep, at + 1)) {
            const auto from = parse_loose_date(trimmed(text.substr(0, at)));
            const std::string rest = trimmed(text.substr(at + sep.size()));
            if (!from)
                continue;
            if (rest.empty())
                return std::make_pair(*from, std::optional<PartialDate>());
            if (const auto to = parse_loose_date(rest))
                return std::make_pair(*from, to);
        }
    }
    return std::nullopt;
}

// `start`/`end` of a built-in entry: from two keys (put_dates), or from one date text that
// may be a range. What is no date goes to the note, with a warning.
void put_entry_dates(ImportMapper& m, Target& e, const SourceNode& entry, const std::string& at,
                     std::string_view note_key) {
    const Found start = find(entry, at, kStart);
    const Found end = find(entry, at, kEnd);
    if ((start.node && start.node->is_scalar()) || (end.node && end.node->is_scalar())) {
        m.put_dates(e, start.node && start.node->is_scalar() ? start.node : nullptr, start.path,
                    end.node && end.node->is_scalar() ? end.node : nullptr, end.path, "Ended",
                    note_key);
        return;
    }
    const Found single = find_text(m, entry, at, kDate);
    const auto text = text_of(m, single);
    if (!text)
        return;
    std::optional<PartialDate> from, to;
    if (auto date = parse_loose_date(*text)) {
        to = date;  // one date: when it ended (or happened), as RenderCV's lone `date`
    } else if (const auto range = read_range(*text)) {
        from = range->first;
        to = range->second;
    }
    if ((from && from->present) || (!from && to && to->present))
        from.reset(), to.reset();
    if (from && to && compare_dates(*to, *from) < 0)
        from.reset(), to.reset();
    if (!from && !to) {
        m.warn(single.node, single.path,
               "\"" + shorten(*text) + "\" is not a date or range mkcv reads; kept in the note",
               "write YYYY, YYYY-MM or YYYY-MM-DD");
        m.append_text(e, note_key, "Date: " + *text, {});
        m.used(single.node, single.path, e.path + "." + std::string(note_key));
        return;
    }
    if (from)
        m.table(e).set("start", TomlValue::text(iso_date(*from)));
    if (to)
        m.table(e).set("end", TomlValue::text(iso_date(*to)));
    m.used(single.node, single.path + " \"" + shorten(*text) + "\"",
           e.path + (from ? ".start" : "") + (from && to ? " + " : "") + (to ? ".end" : ""));
}

// Texts of a list (or one text) as bullet points at `key`.
bool put_list(ImportMapper& m, Target& e, std::string_view key, const Found& f) {
    if (!f.node || f.node->kind != SourceNode::Kind::Array)
        return false;
    for (const SourceNode& item : f.node->items)
        if (!item.is_scalar())
            return false;  // a list of tables: left for the rest
    return m.put_texts(e, key, f.node, f.path);
}

// A list of texts, or one text as a list of one (a skill's only keyword, a course's one term).
bool put_texts(ImportMapper& m, Target& e, std::string_view key, const Found& f) {
    if (put_list(m, e, key, f))
        return true;
    if (!f.node || !f.node->is_scalar())
        return false;
    const auto text = m.read_text(f.node, f.path);
    if (!text)
        return false;
    TomlValue list = TomlValue::array();
    list.items.push_back(TomlValue::text(*text));
    m.table(e).set(key, std::move(list));
    m.used(f.node, f.path, e.path + "." + std::string(key));
    return true;
}

// The first of `names` that is a text and not `other`: an organisation beside a role, where
// "title" and "name" could be either.
Found find_text_besides(ImportMapper& m, const SourceNode& entry, const std::string& at,
                        Names names, const SourceNode* other) {
    for (const std::string_view name : names)
        if (Found found = find_text(m, entry, at, {name}); found.node && found.node != other)
            return found;
    return {};
}

// Every text (or list of texts) of the entry that nothing took, as "Key: value" lines of
// its note: a personal schema's keys print instead of waiting in "Other imported data".
void put_rest(ImportMapper& m, Target& e, const SourceNode& entry, const std::string& at,
              std::string_view note_key) {
    for (const auto& [key, value] : entry.members) {
        if (value.used || value.is_null())
            continue;
        const std::string path = child_path(at, key);
        if (key.rfind("x-", 0) == 0)
            continue;  // an extension: [extra], never printed
        std::string line;
        if (value.is_scalar()) {
            const auto text = m.read_text(&value, path);
            if (!text)
                continue;
            line = *text;
        } else if (value.kind == SourceNode::Kind::Array) {
            bool texts = !value.items.empty();
            for (const SourceNode& item : value.items)
                texts = texts && item.is_scalar() && !item.is_null();
            if (!texts)
                continue;
            const std::vector<std::string> items = m.read_texts(&value, path);
            for (std::size_t i = 0; i < items.size(); ++i)
                line += (i ? ", " : "") + items[i];
            if (line.empty())
                continue;
        } else {
            continue;  // a table in an entry: "Other imported data", path and all
        }
        line = title_of(key) + ": " + line;
        // cv.toml takes 10,000 bytes in one text: past that, the rest waits in "Other
        // imported data", one value each, rather than the import failing.
        const TomlValue* note = m.table(e).find(note_key);
        const std::size_t had =
            note && note->kind == TomlValue::Kind::String ? note->string.size() + 1 : 0;
        if (had + line.size() > kMaxValueBytes)
            continue;
        m.append_text(e, note_key, line, {});
        m.used(&value, path, e.path + "." + std::string(note_key));
    }
}

// An entry of the custom section `section`: title, subtitle, date text, location, url,
// text and highlights by their usual names, the rest in its text.
void put_custom_entry(ImportMapper& m, Target& section, const SourceNode& entry,
                      const std::string& at) {
    Target e = m.new_section_entry(section);
    if (!put_found(m, e, "title", find_text(m, entry, at, kEntryTitle)))
        m.put_value(e, "title", "(untitled)", {});
    put_found(m, e, "subtitle", find_text(m, entry, at, kSubtitle));
    const Found start = find_text(m, entry, at, kStart);
    const Found end = find_text(m, entry, at, kEnd);
    const Found single = find_text(m, entry, at, kDate);
    const auto single_text = start.node || end.node ? std::nullopt : text_of(m, single);
    const auto range = single_text ? read_range(*single_text) : std::nullopt;
    if (range && !range->first.present &&
        !(range->second && compare_dates(*range->second, range->first) < 0)) {
        m.table(e).set("start", TomlValue::text(iso_date(range->first)));
        if (range->second)
            m.table(e).set("end", TomlValue::text(iso_date(*range->second)));
        m.used(single.node, single.path + " \"" + shorten(*single_text) + "\"",
               e.path + ".start + .end");
    } else {
        m.put_date_text(e, start.node, start.path, end.node, end.path, single.node, single.path);
    }
    put_found(m, e, "location", find_text(m, entry, at, kPlace));
    if (const Found url = find_text(m, entry, at, kUrl); url.node) {
        if (const auto text = m.read_text(url.node, url.path); text && looks_like_url(*text))
            m.put(e, "url", url.node, url.path);
    }
    put_found(m, e, "text", find_text(m, entry, at, kNote));
    put_list(m, e, "highlights", find(entry, at, kHighlights));
    put_rest(m, e, entry, at, "text");
}

// A source section's heading: the title the source gives it (a bamos-style `order`), or one
// made from its key. Under a title of the source's own, a built-in kind's entries become a
// typed section of that kind ([section.KEY] kind = … heading = …), so the CV prints the
// source's heading and two sections of one kind keep theirs.
struct SectionHeading {
    std::string text;
    bool own = false;
};

// The English heading mkcv prints for a kind, lower case: a source title that is this
// heading adds nothing.
std::string_view english_heading(std::string_view kind) {
    static const std::map<std::string_view, std::string_view> kEnglish = {
        {"summary", "summary"},           {"education", "education"},
        {"experience", "experience"},     {"awards", "honors and awards"},
        {"publications", "publications"}, {"skills", "skills"},
        {"languages", "languages"},       {"talks", "talks"},
        {"teaching", "teaching"},         {"service", "service"},
        {"grants", "grants and funding"}};
    const auto found = kEnglish.find(kind);
    return found == kEnglish.end() ? std::string_view() : found->second;
}

// The cv.toml key an entry of a built-in `kind` goes to: the kind's own, or, under a title
// of the source's own, the typed section declared for it on first use.
std::string own_title_key(ImportMapper& m, const SectionHeading& heading, std::string_view kind) {
    if (!heading.own || ascii_lower(heading.text) == english_heading(kind))
        return std::string(kind);
    return m.declared_section(heading.text, kind, heading.text);
}

// An entry of the custom section `heading`, with every value it holds: for the sections mkcv
// has no type for, and for an entry that does not fit its typed section.
void map_custom_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                      const SectionHeading& heading) {
    Target section = m.section_named(heading.text, "entries");
    put_custom_entry(m, section, entry, at);
}

// ---- the sections ----

// What a degree and a position both have after their names: a place, dates, a note, the
// highlights, and the keys no field took, in the note.
void put_place_dates_and_notes(ImportMapper& m, Target& e, const SourceNode& entry,
                               const std::string& at) {
    put_found(m, e, "location", find_text(m, entry, at, kPlace));
    put_entry_dates(m, e, entry, at, "note");
    put_found(m, e, "note", find_text(m, entry, at, kNote));
    put_list(m, e, "highlights", find(entry, at, kHighlights));
    put_rest(m, e, entry, at, "note");
}

void map_education_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                         const SectionHeading& heading) {
    const Found institution = find_text(m, entry, at, kInstitution);
    const Found degree = find_text(m, entry, at, kDegree);
    const Found area = find_text(m, entry, at, kField);
    const auto degree_text = text_of(m, degree);
    const auto area_text = text_of(m, area);
    if (!institution.node || (!degree_text && !area_text)) {
        m.warn(&entry, at,
               "a degree without an institution or a degree name, which [[education]] needs; "
               "imported into the section \"" +
                   heading.text + "\"");
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry(own_title_key(m, heading, "education"));
    // Degree and field apart: the CV's locale joins them (degree_in_field).
    m.put_value(e, "degree", degree_text ? *degree_text : *area_text, {});
    if (degree_text && area_text)
        m.put_value(e, "field", *area_text, {});
    if (degree_text)
        m.used(degree.node, degree.path, e.path + ".degree");
    if (area_text)
        m.used(area.node, area.path, e.path + (degree_text ? ".field" : ".degree"));
    m.put(e, "institution", institution.node, institution.path);
    put_place_dates_and_notes(m, e, entry, at);
}

void map_experience_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                          const SectionHeading& heading) {
    const Found role = find_text(m, entry, at, kRole);
    // The role's key is not the organisation's ("title" and "name" are both).
    const Found organization = find_text_besides(m, entry, at, kOrganization, role.node);
    if (!role.node || !organization.node) {
        m.warn(&entry, at,
               "a position without a role or an organization, which [[experience]] needs; "
               "imported into the section \"" +
                   heading.text + "\"");
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry(own_title_key(m, heading, "experience"));
    m.put(e, "role", role.node, role.path);
    m.put(e, "organization", organization.node, organization.path);
    put_place_dates_and_notes(m, e, entry, at);
}

void map_award_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                     const SectionHeading& heading) {
    const Found title = find_text(m, entry, at, kAwardTitle);
    const Found date = find_text(m, entry, at, kDate);
    const auto date_text = text_of(m, date);
    const auto parsed = date_text ? parse_loose_date(*date_text) : std::nullopt;
    if (!title.node || (date.node && (!parsed || parsed->present))) {
        if (date.node && !parsed)
            m.warn(date.node, date.path,
                   "\"" + shorten(*date_text) + "\" is not a date mkcv reads; kept as text");
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry(own_title_key(m, heading, "awards"));
    m.put(e, "title", title.node, title.path);
    if (parsed)
        m.put_date_or_year(e, date.node, date.path, *date_text, *parsed);
    put_found(m, e, "issuer", find_text(m, entry, at, kIssuer));
    put_found(m, e, "note", find_text(m, entry, at, kNote));
    put_rest(m, e, entry, at, "note");
}

// A skill or a language: a new entry of `section` with its name (else the whole entry goes to
// a custom section, and nothing is returned) and its level.
std::optional<Target> put_named_with_level(ImportMapper& m, const SourceNode& entry,
                                           const std::string& at, const SectionHeading& heading,
                                           Names names, std::string_view section,
                                           std::string_view name_key, std::string_view level_key) {
    const Found name = find_text(m, entry, at, names);
    if (!name.node) {
        map_custom_entry(m, entry, at, heading);
        return std::nullopt;
    }
    Target e = m.new_entry(section);
    m.put(e, name_key, name.node, name.path);
    put_found(m, e, level_key, find_text(m, entry, at, kLevel));
    return e;
}

void map_skill_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                     const SectionHeading& heading) {
    // A skill has no note: what is left waits in "Other imported data".
    if (auto e = put_named_with_level(m, entry, at, heading, kSkillName, "skills", "name", "level"))
        put_texts(m, *e, "keywords", find(entry, at, kSkillKeywords));
}

void map_language_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                        const SectionHeading& heading) {
    put_named_with_level(m, entry, at, heading, kLanguageName, "languages", "language", "fluency");
}

// A talk with a title, an event and one date → [[talks]]; else a custom entry. [[talks]]
// has no note: a key no field takes waits in "Other imported data".
void map_talk_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                    const SectionHeading& heading) {
    const Found title = find_text(m, entry, at, kTalkTitle);
    const Found event = find_text(m, entry, at, kEvent);
    const Found date = find_text(m, entry, at, kDate);
    const auto date_text = text_of(m, date);
    const auto parsed = date_text ? parse_loose_date(*date_text) : std::nullopt;
    if (!title.node || !event.node || event.node == title.node || !parsed || parsed->present) {
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry(own_title_key(m, heading, "talks"));
    m.put(e, "title", title.node, title.path);
    m.put(e, "event", event.node, event.path);
    put_found(m, e, "location", find_text(m, entry, at, kPlace));
    m.table(e).set("date", TomlValue::text(iso_date(*parsed)));
    m.used(date.node, date.path + " \"" + *date_text + "\"", e.path + ".date");
}

// A course taught: its role, course, institution and terms (a list, or one text such as
// "Fall 2022" or a year) → [[teaching]], which needs all four; else a custom entry, without
// a warning: a professor's own list of courses often names neither role nor institution,
// and nothing of it is lost. [[teaching]] has no note: a key no field takes waits in "Other
// imported data".
void map_teaching_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                        const SectionHeading& heading) {
    const Found role = find_text(m, entry, at, kTeachingRole);
    Found course = find_text(m, entry, at, kCourse);
    if (!course.node)
        course = find_text(m, entry, at, {"title", "name"});
    const Found institution = find_text(m, entry, at, kInstitution);
    const Found terms = find(entry, at, kTerms);
    bool terms_fit =
        terms.node && (terms.node->is_scalar() ||
                       (terms.node->kind == SourceNode::Kind::Array && !terms.node->items.empty()));
    if (terms_fit && !terms.node->is_scalar())
        for (const SourceNode& item : terms.node->items)
            terms_fit = terms_fit && item.is_scalar() && !item.is_null();
    if (!role.node || !course.node || !institution.node || !terms_fit) {
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry(own_title_key(m, heading, "teaching"));
    m.put(e, "role", role.node, role.path);
    m.put(e, "course", course.node, course.path);
    m.put(e, "institution", institution.node, institution.path);
    put_texts(m, e, "terms", terms);
}

// A service to the profession: a role and the body it was for (a journal, a conference, a
// committee) → [[service]], printed under "Other Service" (its `kind` is left to the user:
// a guess from the role's words would be wrong as often as right); else a custom entry.
void map_service_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                       const SectionHeading& heading) {
    const Found role = find_text(m, entry, at, kRole);
    const Found body = find_text_besides(m, entry, at, kServiceBody, role.node);
    if (!role.node || !body.node) {
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry(own_title_key(m, heading, "service"));
    m.put(e, "role", role.node, role.path);
    m.put(e, "organization", body.node, body.path);
    put_entry_dates(m, e, entry, at, "note");
    put_found(m, e, "note", find_text(m, entry, at, kNote));
    put_rest(m, e, entry, at, "note");
}

// A grant: its title and who funds it → [[grants]], with its amount, role and dates; else a
// custom entry.
void map_grant_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                     const SectionHeading& heading) {
    const Found title = find_text(m, entry, at, kGrantTitle);
    Found funder = find_text(m, entry, at, kFunder);
    if (!funder.node)
        funder = find_text(m, entry, at, kFunderLoose);
    if (!title.node || !funder.node) {
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry(own_title_key(m, heading, "grants"));
    m.put(e, "title", title.node, title.path);
    m.put(e, "funder", funder.node, funder.path);
    put_found(m, e, "amount", find_text(m, entry, at, kAmount));
    put_found(m, e, "role", find_text(m, entry, at, kTeachingRole));
    put_entry_dates(m, e, entry, at, "note");
    put_found(m, e, "note", find_text(m, entry, at, kNote));
    put_rest(m, e, entry, at, "note");
}

// A paper with a title, a list of authors, a venue and a year → [[publications]]; else a
// custom entry (authors written as one text stay as written there: how to split "Doe, J.,
// Roe, A." is a guess).
void map_publication_entry(ImportMapper& m, const SourceNode& entry, const std::string& at,
                           const SectionHeading& heading) {
    const Found title = find_text(m, entry, at, {"title", "name"});
    const Found authors = find(entry, at, {"authors", "author", "by"});
    const Found venue = find_text(m, entry, at,
                                  {"venue", "journal", "conference", "booktitle", "publisher",
                                   "proceedings", "series", "publication"});
    const Found date = find_text(m, entry, at, {"year", "date", "published", "releasedate"});
    const auto date_text = text_of(m, date);
    const auto parsed = date_text ? parse_loose_date(*date_text) : std::nullopt;
    bool author_list = authors.node && authors.node->kind == SourceNode::Kind::Array &&
                       !authors.node->items.empty();
    if (author_list)
        for (const SourceNode& a : authors.node->items)
            author_list = author_list && a.is_scalar() && m.read_text(&a, authors.path);
    if (!title.node || !author_list || !venue.node || !parsed || parsed->present) {
        map_custom_entry(m, entry, at, heading);
        return;
    }
    Target e = m.new_entry("publications");
    m.put(e, "title", title.node, title.path);
    m.put_texts(e, "authors", authors.node, authors.path);
    m.put(e, "venue", venue.node, venue.path);
    if (parsed->month) {
        m.table(e).set("date", TomlValue::text(iso_date(*parsed)));
        m.used(date.node, date.path + " \"" + *date_text + "\"", e.path + ".date");
    } else {
        m.table(e).set("year", TomlValue::number(parsed->year));
        m.used(date.node, date.path + " \"" + *date_text + "\"", e.path + ".year");
    }
    if (const Found url = find_text(m, entry, at, kUrl); url.node)
        if (const auto text = text_of(m, url); text && looks_like_url(*text)) {
            TomlValue links = TomlValue::table();
            links.inline_table = true;
            links.set("link", TomlValue::text(*text));
            m.table(e).set("links", std::move(links));
            m.used(url.node, url.path, e.path + ".links.link");
        }
    put_found(m, e, "note", find_text(m, entry, at, kNote));
    put_rest(m, e, entry, at, "note");
}

// A .bib file's name as a source writes it: cv.toml takes at most kMaxNamedBibFiles.
constexpr std::size_t kMaxNamedBibFiles = 64;
bool names_bib_file(const std::string& text) {
    return text.size() > 4 && text.size() <= 1024 &&
           ascii_lower(text.substr(text.size() - 4)) == ".bib";
}

// The .bib files `holder` (an object) names under kBibFiles, as one text or a list of them →
// cv.toml's `bibliography`, as written: named_files.h finds them beside the source. True
// when one was taken.
bool take_bib_files(ImportMapper& m, const SourceNode& holder, const std::string& path) {
    bool took = false;
    for (const auto& [key, value] : holder.members) {
        if (value.used || !is_one_of(key, kBibFiles))
            continue;
        const std::string at = child_path(path, key);
        std::vector<std::pair<const SourceNode*, std::string>> names;
        if (value.is_scalar())
            names.emplace_back(&value, at);
        else if (value.kind == SourceNode::Kind::Array)
            for (std::size_t i = 0; i < value.items.size(); ++i)
                if (value.items[i].is_scalar())
                    names.emplace_back(&value.items[i], item_path(at, i));
        for (const auto& [node, node_path] : names) {
            const auto text = m.read_text(node, node_path);
            if (!text || !names_bib_file(*text))
                continue;
            TomlValue& list = m.document().at("bibliography", TomlValue::Kind::Array);
            if (list.items.size() >= kMaxNamedBibFiles)
                break;
            list.items.push_back(TomlValue::text(*text));
            m.used(node, node_path, "bibliography");
            took = true;
        }
    }
    return took;
}

using EntryMapper = void (*)(ImportMapper&, const SourceNode&, const std::string&,
                             const SectionHeading&);

// A section the source names: the first list that has its key says what its entries are.
const std::pair<const Names*, EntryMapper> kMapperByName[] = {
    {&kEducation, map_education_entry}, {&kExperience, map_experience_entry},
    {&kAwards, map_award_entry},        {&kPublications, map_publication_entry},
    {&kSkills, map_skill_entry},        {&kLanguages, map_language_entry},
    {&kTalks, map_talk_entry},          {&kTeaching, map_teaching_entry},
    {&kService, map_service_entry},     {&kGrants, map_grant_entry},
};

// A section of the source: a list of entries (tables, or texts), or a table of them by name
// (`{"Programming": ["C++"]}` → a skill "Programming").
void map_section(ImportMapper& m, const SectionHeading& heading, const SourceNode& value,
                 const std::string& path, EntryMapper entry_mapper) {
    if (value.is_scalar()) {
        Target section = m.section_named(heading.text, "text");
        m.put(section, "text", &value, path);
        return;
    }
    if (value.kind == SourceNode::Kind::Object) {
        // By name: each member an entry titled by its key, or a line "Key: value".
        for (const auto& [name, member] : value.members) {
            const std::string at = child_path(path, name);
            if (member.is_null() || member.used || name.rfind("x-", 0) == 0)
                continue;
            if ((entry_mapper == map_skill_entry || entry_mapper == map_language_entry) &&
                name.find_first_not_of(" \t\r\n") != std::string::npos && name.size() <= 1000) {
                Target e = m.new_entry(entry_mapper == map_skill_entry ? "skills" : "languages");
                m.put_value(e, entry_mapper == map_skill_entry ? "name" : "language", name, at);
                if (member.is_scalar())
                    m.put(e, entry_mapper == map_skill_entry ? "level" : "fluency", &member, at);
                else if (entry_mapper == map_skill_entry)
                    put_list(m, e, "keywords", Found{&member, at, name});
                continue;
            }
            if (member.is_scalar()) {
                if (const auto text = m.read_text(&member, at)) {
                    Target section = m.section_named(heading.text, "items");
                    m.append_item(section, "items", name + ": " + *text, {});
                    m.used(&member, at, section.path + ".items");
                }
            } else if (member.kind == SourceNode::Kind::Object) {
                entry_mapper(m, member, at, heading);
            } else {
                Target section = m.section_named(heading.text, "entries");
                Target e = m.new_section_entry(section);
                m.put_value(e, "title", name, at);
                put_list(m, e, "highlights", Found{&member, at, name});
            }
        }
        return;
    }
    for (std::size_t i = 0; i < value.items.size(); ++i) {
        const SourceNode& item = value.items[i];
        const std::string at = item_path(path, i);
        if (item.is_null() || item.used)
            continue;
        if (item.kind == SourceNode::Kind::Object) {
            entry_mapper(m, item, at, heading);
        } else if (item.is_scalar()) {
            if (entry_mapper == map_skill_entry || entry_mapper == map_language_entry) {
                if (!m.read_text(&item, at))
                    continue;  // blank: nothing to name the entry
                Target e = m.new_entry(entry_mapper == map_skill_entry ? "skills" : "languages");
                m.put(e, entry_mapper == map_skill_entry ? "name" : "language", &item, at);
                continue;
            }
            Target section = m.section_named(heading.text, "items");
            if (const auto text = m.read_text(&item, at)) {
                m.append_item(section, "items", *text, {});
                m.used(&item, at, section.path + ".items");
            }
        }
        // A list in a list: "Other imported data".
    }
}

// The person: at the top, or in a table of contact details.
void map_person(ImportMapper& m, const SourceNode& where, const std::string& path) {
    Target person = m.person_target();
    if (!m.person().find("name")) {
        const Found name = find(where, path, kName);
        if (name.node && name.node->kind == SourceNode::Kind::Object) {
            // {first, last} (bamos): joined with a space, as written.
            const Found first = find_text(m, *name.node, name.path, kFirst);
            const Found middle = find_text(m, *name.node, name.path, {"middle", "middlename"});
            const Found last = find_text(m, *name.node, name.path, kLast);
            std::string joined;
            for (const Found* part : {&first, &middle, &last})
                if (const auto text = text_of(m, *part))
                    joined += (joined.empty() ? "" : " ") + *text;
            if (!joined.empty()) {
                m.put_value(person, "name", joined, {});
                for (const Found* part : {&first, &middle, &last})
                    if (part->node)
                        m.used(part->node, part->path, "person.name");
                name.node->used = true;  // not a section; its other keys stay leftovers
            }
        } else if (!put_found(m, person, "name", name)) {
            const Found first = find_text(m, where, path, kFirst);
            const Found last = find_text(m, where, path, kLast);
            if (first.node || last.node) {
                std::string joined;
                for (const Found* part : {&first, &last})
                    if (const auto text = text_of(m, *part))
                        joined += (joined.empty() ? "" : " ") + *text;
                m.put_value(person, "name", joined, {});
                for (const Found* part : {&first, &last})
                    if (part->node)
                        m.used(part->node, part->path, "person.name");
            }
        }
    }
    if (!m.person().find("position"))
        put_found(m, person, "position", find_text(m, where, path, kHeadline));
    if (!m.person().find("email"))
        put_found(m, person, "email", find_text(m, where, path, kEmail));
    if (!m.person().find("phone"))
        put_found(m, person, "phone", find_text(m, where, path, kPhone));
    if (!m.person().find("homepage")) {
        const Found url = find_text(m, where, path, kWebsite);
        if (const auto text = text_of(m, url);
            text && looks_like_url(*text) && text->find(' ') == std::string::npos)
            m.put(person, "homepage", url.node, url.path);
    }
    if (!m.person().find("location")) {
        const Found place = find_text(m, where, path, kLocation);
        const Found address = find_text(m, where, path, kAddress);
        if (address.node) {
            TomlValue table = TomlValue::table();
            table.set("address", TomlValue::text(*text_of(m, address)));
            m.used(address.node, address.path, "person.location.address");
            if (const auto city = text_of(m, place)) {
                table.set("city", TomlValue::text(*city));
                m.used(place.node, place.path, "person.location.city");
            }
            m.table(person).set("location", std::move(table));
        } else {
            put_found(m, person, "location", place);
        }
    }
    if (!m.person().find("summary"))
        put_found(m, person, "summary", find_text(m, where, path, kSummary));
    // A photo beside the file, as written: named_files.h finds it there.
    if (!m.person().find("photo"))
        if (const Found photo = find_text(m, where, path, kPhoto); photo.node)
            if (const auto text = text_of(m, photo); text && is_local_photo_path(*text))
                m.put(person, "photo", photo.node, photo.path);
}

// bamos/cv's `order`: `- [research, Research Experience]`, a section key and the title the
// source prints it under. Read, not placed: the list itself stays in [extra].
std::map<std::string, std::string> read_own_titles(ImportMapper& m, const SourceNode& root) {
    std::map<std::string, std::string> titles;
    const Found order = find(root, "", {"order", "sectionorder"});
    if (!order.node || order.node->kind != SourceNode::Kind::Array)
        return titles;
    for (std::size_t i = 0; i < order.node->items.size() && i < 1000; ++i) {
        const SourceNode& pair = order.node->items[i];
        if (pair.kind != SourceNode::Kind::Array || pair.items.size() != 2 ||
            !pair.items[0].is_scalar() || !pair.items[1].is_scalar())
            continue;
        const std::string at = item_path(order.path, i);
        const auto key = m.read_text(&pair.items[0], item_path(at, 0));
        const auto title = m.read_text(&pair.items[1], item_path(at, 1));
        if (key && title && title->find_first_not_of(" \t") != std::string::npos &&
            title->size() <= 200)
            titles.emplace(*key, *title);
    }
    return titles;
}

// `[locale.headings] KIND = "Title"`: a built-in section printed under the source's title.
// The first title of a kind wins; a title that is the kind's English heading is left out.
void put_heading(ImportMapper& m, const std::string& kind, const std::string& title,
                 const std::string& from) {
    const std::string_view english = english_heading(kind);
    if (english.empty() || ascii_lower(title) == english)
        return;
    TomlValue& headings = m.document().at("locale").at("headings");
    if (headings.find(kind))
        return;
    headings.set(kind, TomlValue::text(title));
    m.record(child_path("order", from), "locale.headings." + kind);
}

// The title the source gives a section mapped by `mapper` into a built-in one that is not a
// typed section of its own (own_title_key): papers, which a .bib puts in [[publications]], and
// skills and languages, written by name in map_section.
void put_own_heading(ImportMapper& m, EntryMapper mapper, const std::string& title,
                     const std::string& key) {
    if (mapper == map_publication_entry)
        put_heading(m, "publications", title, key);
    else if (mapper == map_skill_entry)
        put_heading(m, "skills", title, key);
    else if (mapper == map_language_entry)
        put_heading(m, "languages", title, key);
}

// The kind whose shape every entry of a list of tables has, for a section whose key names
// none: a talk (title, event, one date), a degree (institution and degree), a position
// (role and organization). Looked at, not placed; nullptr when the entries differ.
EntryMapper mapper_by_shape(ImportMapper& m, const SourceNode& list, const std::string& path) {
    if (list.kind != SourceNode::Kind::Array || list.items.empty())
        return nullptr;
    const auto fits = [&](const SourceNode& entry, const std::string& at, EntryMapper kind) {
        if (kind == map_talk_entry) {
            const Found title = find_text(m, entry, at, kTalkTitle);
            const Found event = find_text(m, entry, at, kEvent);
            const auto date = text_of(m, find_text(m, entry, at, kDate));
            const auto parsed = date ? parse_loose_date(*date) : std::nullopt;
            return title.node && event.node && title.node != event.node && parsed &&
                   !parsed->present;
        }
        if (kind == map_teaching_entry) {  // a course named as one, and who taught it where
            const Found course = find_text(m, entry, at, kCourse);
            const Found role = find_text(m, entry, at, kTeachingRole);
            const Found institution = find_text(m, entry, at, kInstitution);
            return course.node && role.node && institution.node && find(entry, at, kTerms).node;
        }
        if (kind == map_grant_entry) {  // who funds it, named as such
            const Found title = find_text(m, entry, at, kGrantTitle);
            const Found funder = find_text(m, entry, at, kFunder);
            return title.node && funder.node;
        }
        if (kind == map_education_entry)
            return find_text(m, entry, at, kInstitution).node &&
                   (find_text(m, entry, at, kDegree).node || find_text(m, entry, at, kField).node);
        const Found role = find_text(m, entry, at, kRole);
        return role.node && find_text_besides(m, entry, at, kOrganization, role.node).node;
    };
    // Teaching and grants before education and experience, whose looser shapes they also fit
    // (a course's "subject" is a degree's field; an institution an employer).
    for (const EntryMapper kind : {map_talk_entry, map_teaching_entry, map_grant_entry,
                                   map_education_entry, map_experience_entry}) {
        bool all = true;
        for (std::size_t i = 0; all && i < list.items.size(); ++i)
            all = list.items[i].kind == SourceNode::Kind::Object &&
                  fits(list.items[i], item_path(path, i), kind);
        if (all)
            return kind;
    }
    return nullptr;
}

// Where the cv.toml value at `toml_path` came from, through the summary's lines (`from → to`):
// for a warning at the source's line. Of the values joined into one (a note's lines), the one
// holding `macro`; an item of a list placed whole (highlights), the item of that index.
SourcePos source_place_of(ImportMapper& m,
                          std::unordered_map<std::string, const SourceNode*>& scalars,
                          const std::string& toml_path, const std::string& macro) {
    if (scalars.empty())  // once, however many macros are looked up
        walk_scalars(m.root(), "", [&](const std::string& path, const SourceNode& node) {
            scalars.emplace(path, &node);
        });
    std::string to = toml_path;
    std::string index;
    for (int attempt = 0; attempt < 2; ++attempt) {
        SourcePos first;
        for (const MappedValue& line : m.summary()) {
            if (line.to != to)
                continue;
            const auto found = scalars.find(line.from.substr(0, line.from.find(" \"")) + index);
            if (found == scalars.end())
                continue;
            if (found->second->scalar.find(macro) != std::string::npos)
                return found->second->pos;
            if (!first.known())
                first = found->second->pos;
        }
        if (first.known())
            return first;
        const auto open = to.rfind('[');
        if (open == std::string::npos || to.back() != ']')
            break;
        index = to.substr(open);
        to.resize(open);
    }
    return {};
}

}  // namespace

void map_generic(ImportMapper& m) {
    // A schema of one's own says nothing of types: a number or a boolean is its text.
    m.take_any_scalar_as_text();
    const SourceNode& root = m.root();
    if (root.kind != SourceNode::Kind::Object) {
        m.warn(&root, "(the file)",
               "not a table of keys: everything is kept in the section \"Other imported data\"");
        m.require_name("name", &root);
        m.place_leftovers();
        read_latex_values(m.document(), m.diagnostics(), m.file(),
                          [&m, scalars = std::unordered_map<std::string, const SourceNode*>()](
                              const std::string& path, const std::string& macro) mutable {
                              return source_place_of(m, scalars, path, macro);
                          });
        return;
    }
    map_person(m, root, "");
    for (const auto& [key, value] : root.members)
        if (value.kind == SourceNode::Kind::Object && is_one_of(key, kContact) && !value.used)
            map_person(m, value, key);
    m.require_name("name", &root);
    // The name first in [person], as every cv.toml writes it, wherever the source had it.
    TomlValue& person = m.person();
    for (std::size_t i = 1; i < person.keys.size(); ++i)
        if (person.keys[i] == "name") {
            std::rotate(person.keys.begin(), person.keys.begin() + static_cast<std::ptrdiff_t>(i),
                        person.keys.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            std::rotate(person.values.begin(),
                        person.values.begin() + static_cast<std::ptrdiff_t>(i),
                        person.values.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        }
    take_bib_files(m, root, "");
    const std::map<std::string, std::string> own_titles = read_own_titles(m, root);
    // The summary under the source's own title ("About"), when a key of the order became it.
    for (const auto& [key, title] : own_titles)
        if (is_one_of(key, kSummary) && m.person().find("summary"))
            if (const SourceNode* node = root.get(key); node && node->used)
                put_heading(m, "summary", title, key);
    for (const auto& [key, value] : root.members) {
        if (value.used || value.is_null() || key.rfind("x-", 0) == 0)
            continue;
        // A publications section that names its .bib files: `{file: all.bib}`, or an entry
        // `- file: all.bib` among papers written out.
        if (is_one_of(key, kPublications)) {
            // Papers of a .bib print in [[publications]]: under the source's title, if any.
            if (const auto titled = own_titles.find(key); titled != own_titles.end())
                put_heading(m, "publications", titled->second, key);
            if (value.kind == SourceNode::Kind::Object)
                take_bib_files(m, value, key);
            else if (value.kind == SourceNode::Kind::Array)
                for (std::size_t i = 0; i < value.items.size(); ++i)
                    if (const SourceNode& item = value.items[i];
                        item.kind == SourceNode::Kind::Object &&
                        take_bib_files(m, item, item_path(key, i)) &&
                        std::none_of(item.members.begin(), item.members.end(),
                                     [](const auto& member) { return !member.second.used; }))
                        item.used = true;
            if (value.kind == SourceNode::Kind::Object &&
                std::none_of(value.members.begin(), value.members.end(),
                             [](const auto& member) { return !member.second.used; })) {
                value.used = true;
                continue;
            }
        }
        // The layout and settings of the tool the file was written for, not text of the CV.
        if ((key.rfind("$", 0) == 0 || is_one_of(key, kSettings)) && m.keep_in_extra(value, key))
            continue;
        if (value.is_scalar() ||
            (value.kind == SourceNode::Kind::Object && is_one_of(key, kContact)))
            continue;  // a setting, or contact details none of [person] took: the leftovers
        EntryMapper mapper = map_custom_entry;
        for (const auto& [names, by_name] : kMapperByName)
            if (is_one_of(key, *names)) {
                mapper = by_name;
                break;
            }
        const auto titled = own_titles.find(key);
        if (titled != own_titles.end())
            put_own_heading(m, mapper, titled->second, key);
        // A key that names no kind, whose entries all have one kind's shape: a typed section
        // of that kind under the section's title, which is then the source's own.
        bool by_shape = false;
        if (mapper == map_custom_entry)
            if (const EntryMapper shaped = mapper_by_shape(m, value, key)) {
                mapper = shaped;
                by_shape = true;
            }
        const SectionHeading heading = titled != own_titles.end()
                                           ? SectionHeading{titled->second, true}
                                           : SectionHeading{title_of(key), by_shape};
        map_section(m, heading, value, key, mapper);
    }
    m.place_leftovers();
    // bamos/cv's `order`, looked up whether used or not: [extra] has kept it by now.
    for (const auto& [key, value] : root.members)
        if (const std::string n = normalized(key); n == "order" || n == "sectionorder") {
            keep_source_order(m, value, child_path("", key));
            break;
        }
    // A schema of one's own is often written for LaTeX (bamos/cv, a professor's own YAML):
    // its \href, \textit and ``quotes'' become what they typeset, leftovers included.
    read_latex_values(m.document(), m.diagnostics(), m.file(),
                      [&m, scalars = std::unordered_map<std::string, const SourceNode*>()](
                          const std::string& path, const std::string& macro) mutable {
                          return source_place_of(m, scalars, path, macro);
                      });
}

}  // namespace mkcv

#include "cv/schema.h"

namespace mkcv {
namespace {

const TableSpec kLink{
    "link",
    "A labelled link.",
    {{"label", FieldType::String, true, "Text shown for the link."},
     {"url", FieldType::String, true, "Where the link points (http(s):// or mailto:)."}}};

const TableSpec kPerson{
    "person",
    "Who the CV is about.",
    {{"name", FieldType::String, true,
      "Full name as it should print; set in bold in author lists."},
     {"native_name", FieldType::String, false, "The name in another script, e.g. 赵怡浩."},
     {"position", FieldType::String, false, "Current position, e.g. Ph.D. Candidate."},
     {"affiliation", FieldType::String, false, "Department and institution."},
     {"email", FieldType::String, false, "E-mail address (linked with mailto:)."},
     {"phone", FieldType::String, false, "Telephone number."},
     {"homepage", FieldType::String, false, "Personal web page URL."},
     {"github", FieldType::String, false, "GitHub user name."},
     {"location", FieldType::String, false, "City or address."},
     {"links", FieldType::TableArray, false, "Further links, each { label, url }.", &kLink},
     {"aliases", FieldType::StringList, false,
      "Other spellings of the name, also set in bold in author lists."},
     // A bare key after [person] belongs to [person] in TOML; people write it there.
     {"research_interests", FieldType::String, false,
      "A paragraph on research interests (here or at the top level, not both)."}}};

const TableSpec kPeriod{"period",
                        "One date range.",
                        {{"start", FieldType::Date, false, "First month."},
                         {"end", FieldType::Date, false, "Last month, or \"present\"."}}};

const TableSpec kEducation{
    "education",
    "A degree, newest first.",
    {{"degree", FieldType::String, true, "Degree, e.g. Ph.D. in Computer Science."},
     {"institution", FieldType::String, true, "University or school."},
     {"department", FieldType::String, false, "Department, school or programme."},
     {"location", FieldType::String, false, "City."},
     {"start", FieldType::Date, false, "When it began."},
     {"end", FieldType::Date, false, "When it ended, or \"present\"."},
     {"advisors", FieldType::StringList, false, "Advisors' names."},
     {"thesis", FieldType::String, false, "Thesis title."},
     {"note", FieldType::String, false, "A remark printed under the entry."},
     {"highlights", FieldType::StringList, false, "Bullet points."},
     {"selected", FieldType::Bool, false, "Keep in short CVs that print selected entries only."},
     {"tags", FieldType::StringList, false, "Free tags that templates can filter on."}}};

const TableSpec kExperience{
    "experience",
    "A position, newest first.",
    {{"role", FieldType::String, true, "Job title, e.g. Research Intern."},
     {"organization", FieldType::String, true, "Company, lab or institution."},
     {"location", FieldType::String, false, "City."},
     {"start", FieldType::Date, false, "When it began."},
     {"end", FieldType::Date, false, "When it ended, or \"present\"."},
     {"periods", FieldType::TableArray, false,
      "Several date ranges at the same place, each { start, end }; instead of start/end.",
      &kPeriod},
     {"mentors", FieldType::StringList, false, "Mentors' names."},
     {"note", FieldType::String, false, "A remark printed under the entry."},
     {"highlights", FieldType::StringList, false, "Bullet points."},
     {"selected", FieldType::Bool, false, "Keep in short CVs that print selected entries only."},
     {"tags", FieldType::StringList, false, "Free tags that templates can filter on."}}};

const TableSpec kPublication{
    "publications",
    "A paper, in any order: the CV sorts them. With `key`, an entry of the bibliography that "
    "this table adds to or overrides.",
    {{"key", FieldType::String, false,
      "Citekey of a BibTeX entry in `bibliography`; the other keys then override or add to it."},
     {"title", FieldType::String, true, "Title as it should print.", nullptr, {}, "key"},
     {"authors",
      FieldType::StringList,
      true,
      "Authors in order; a trailing * marks equal contribution, † a corresponding author.",
      nullptr,
      {},
      "key"},
     {"venue", FieldType::String, true, "Conference, journal or \"Preprint\".", nullptr, {}, "key"},
     {"venue_short", FieldType::String, false,
      "Short name of the venue, e.g. SIGCOMM; BibTeX field `shortvenue` or `venue_short`."},
     {"year", FieldType::Integer, true, "Year of publication.", nullptr, {}, "key"},
     {"kind",
      FieldType::String,
      false,
      "Group the paper is listed under.",
      nullptr,
      {"conference", "journal", "workshop", "preprint", "thesis", "other"}},
     {"award", FieldType::String, false, "An award the paper received; also listed under Awards."},
     {"selected", FieldType::Bool, false, "Print in the short CV."},
     {"note", FieldType::String, false, "A remark printed after the entry."},
     {"links", FieldType::UrlMap, false,
      "Links by label, e.g. { paper = \"...\", code = \"...\" }."},
     {"equal", FieldType::StringList, false,
      "Authors (by name, any spelling) marked * for equal contribution."},
     {"corresponding", FieldType::StringList, false,
      "Authors (by name, any spelling) marked † as corresponding authors."},
     {"tags", FieldType::StringList, false, "Free tags that templates can filter on."}}};

const TableSpec kTeaching{
    "teaching",
    "A course taught or assisted.",
    {{"role", FieldType::String, true, "e.g. Teaching Assistant."},
     {"course", FieldType::String, true, "Course name."},
     {"institution", FieldType::String, true, "Where it was taught."},
     {"terms", FieldType::StringList, true, "Terms, e.g. [\"Fall 2022\", \"Fall 2023\"]."},
     {"selected", FieldType::Bool, false, "Keep in CVs that print selected entries only."},
     {"tags", FieldType::StringList, false, "Free tags that templates can filter on."}}};

const TableSpec kAward{
    "awards",
    "An honour or award.",
    {{"title", FieldType::String, true, "Name of the award."},
     {"year", FieldType::Integer, true, "Year received."},
     {"issuer", FieldType::String, false, "Who gave it."},
     {"note", FieldType::String, false, "A remark."},
     {"selected", FieldType::Bool, false, "Keep in CVs that print selected entries only."},
     {"tags", FieldType::StringList, false, "Free tags that templates can filter on."}}};

const TableSpec kSectionEntry{
    "entry",
    "An entry of a custom section.",
    {{"title", FieldType::String, true, "First line, in bold."},
     {"subtitle", FieldType::String, false, "Second line."},
     {"date", FieldType::String, false, "Date text, printed right-aligned."},
     {"location", FieldType::String, false, "Place."},
     {"text", FieldType::String, false, "A paragraph."},
     {"highlights", FieldType::StringList, false, "Bullet points."}}};

const TableSpec kSection{
    "sections",
    "A section of your own, printed in file order after the built-in ones.",
    {{"title", FieldType::String, true, "Section heading."},
     {"text", FieldType::String, false, "A paragraph."},
     {"items", FieldType::StringList, false, "A bulleted list."},
     {"entries", FieldType::TableArray, false, "Entries with title, subtitle, date ...",
      &kSectionEntry},
     {"selected", FieldType::Bool, false, "Keep in CVs that print selected entries only."},
     {"tags", FieldType::StringList, false, "Free tags that templates can filter on."}}};

const TableSpec kBuild{"build",
                       "How the CV is built.",
                       {{"date", FieldType::Date, false,
                         "Date printed as \"Last updated\"; without it the CV prints no date."},
                        {"timeout", FieldType::Integer, false,
                         "Seconds TeX may take per template before it is stopped (default 120)."}}};

const TableSpec kSectionRules{
    "filter",
    "Which entries of a section a template keeps; see docs/templates.md.",
    {{"title", FieldType::String, false, "Heading of the section."},
     {"selected", FieldType::Bool, false, "Keep only entries with selected = true."},
     {"include_tags", FieldType::StringList, false, "Keep only entries with one of these tags."},
     {"exclude_tags", FieldType::StringList, false, "Leave out entries with any of these tags."},
     {"since", FieldType::Integer, false, "Keep entries of this year or later (undated ones too)."},
     {"max_entries", FieldType::Integer, false, "Keep at most this many entries, newest first."},
     {"max_authors", FieldType::Integer, false,
      "Publications: print this many authors, then \"et al.\"; your own name is always kept."},
     {"priority", FieldType::Integer, false,
      "Page budget: entries of lower-priority sections are dropped first (default 0)."},
     {"keep", FieldType::Integer, false,
      "Page budget: the first N entries of the section are never dropped."}}};

const TableSpec kFilters{
    "filters",
    "Rules per section.",
    {{"research_interests", FieldType::Table, false, "Research interests.", &kSectionRules},
     {"education", FieldType::Table, false, "Education.", &kSectionRules},
     {"publications", FieldType::Table, false, "Publications.", &kSectionRules},
     {"experience", FieldType::Table, false, "Experience.", &kSectionRules},
     {"teaching", FieldType::Table, false, "Teaching.", &kSectionRules},
     {"awards", FieldType::Table, false, "Honours and awards.", &kSectionRules},
     {"sections", FieldType::Table, false, "Custom sections.", &kSectionRules}}};

const TableSpec kTemplateSettings{
    "template",
    "Overrides a template's template.toml for this CV, key by key.",
    {{"order",
      FieldType::StringList,
      false,
      "Sections to print, in order; sections not named are left out.",
      nullptr,
      {"research_interests", "education", "publications", "experience", "teaching", "awards",
       "sections"}},
     {"max_pages", FieldType::Integer, false, "Page budget: at most this many pages."},
     {"filters", FieldType::Table, false, "Rules per section.", &kFilters}}};

const TableSpec kRoot{
    "cv",
    "A CV for mkcv.",
    {{"person", FieldType::Table, true, "Who the CV is about.", &kPerson},
     {"research_interests", FieldType::String, false, "A paragraph on research interests."},
     {"education", FieldType::TableArray, false, "Degrees.", &kEducation},
     {"experience", FieldType::TableArray, false, "Positions and internships.", &kExperience},
     {"bibliography", FieldType::StringList, false,
      "BibTeX files (relative to cv.toml) whose entries are publications too."},
     {"publications", FieldType::TableArray, false, "Papers.", &kPublication},
     {"teaching", FieldType::TableArray, false, "Teaching.", &kTeaching},
     {"awards", FieldType::TableArray, false, "Honours and awards.", &kAward},
     {"sections", FieldType::TableArray, false, "Custom sections.", &kSection},
     {"build", FieldType::Table, false, "Build settings.", &kBuild},
     {"templates", FieldType::TableMap, false,
      "Per-template overrides by template name, e.g. [templates.short].", &kTemplateSettings}}};

}  // namespace

const FieldSpec* TableSpec::find(std::string_view key) const {
    for (const auto& field : fields)
        if (field.name == key)
            return &field;
    return nullptr;
}

std::vector<std::string> TableSpec::names() const {
    std::vector<std::string> out;
    for (const auto& field : fields)
        out.emplace_back(field.name);
    return out;
}

const TableSpec& cv_schema() {
    return kRoot;
}

std::string describe(FieldType type) {
    switch (type) {
        case FieldType::String:
            return "a string";
        case FieldType::StringList:
            return "a list of strings";
        case FieldType::Integer:
            return "an integer";
        case FieldType::Bool:
            return "true or false";
        case FieldType::Date:
            return "a date (\"YYYY\", \"YYYY-MM\", \"YYYY-MM-DD\" or \"present\")";
        case FieldType::Table:
            return "a table";
        case FieldType::TableArray:
            return "an array of tables";
        case FieldType::UrlMap:
            return "a table of label = \"URL\"";
        case FieldType::TableMap:
            return "a table of tables";
    }
    return "a value";
}

}  // namespace mkcv

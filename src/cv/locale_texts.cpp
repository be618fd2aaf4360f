#include "cv/locale_texts.h"

#include "util/utf8.h"

namespace mkcv {
namespace {

char32_t first_code(std::string_view s) {
    std::size_t length = 1;
    return s.empty() ? 0 : decode_utf8(s, 0, length);
}

char32_t last_code(std::string_view s) {
    std::size_t i = s.size();
    while (i > 0 && (static_cast<unsigned char>(s[i - 1]) & 0xC0) == 0x80)
        --i;  // back over continuation bytes to the last character's first byte
    if (i == 0)
        return s.empty() ? 0 : static_cast<unsigned char>(s[0]);
    std::size_t length = 1;
    return decode_utf8(s, i - 1, length);
}

bool latin_alnum(char32_t c) {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9');
}

// Han, kana and Hangul letters (not CJK punctuation).
bool cjk_letter(char32_t c) {
    return (c >= 0x3041 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) ||
           (c >= 0xF900 && c <= 0xFAFF);
}

using K = LocaleKeyKind;

const std::vector<std::string_view> kMonthPlaceholders{"year", "month", "month_padded",
                                                       "month_name", "month_abbr"};
const std::vector<std::string_view> kDayPlaceholders{
    "year", "month", "month_padded", "month_name", "month_abbr", "day", "day_padded"};

// English is the default of every key; the built-in en.toml says the same (a unit test
// compares them), and the headings are those of the sections table (sections.cpp).
std::vector<LocaleKey> make_keys() {
    std::vector<LocaleKey> keys{
        {"months", K::Months,
         "January|February|March|April|May|June|July|August|September|October|November|"
         "December",
         "The names of the months, January first ({month_name})."},
        // The abbreviations of the Chicago Manual of Style, which academic CVs follow.
        {"month_abbrs", K::Months, "Jan.|Feb.|Mar.|Apr.|May|June|July|Aug.|Sept.|Oct.|Nov.|Dec.",
         "The abbreviated names of the months, January first ({month_abbr})."},
        {"date_year", K::Pattern, "{year}", "A date of a year alone.", {"year"}},
        {"date_month", K::Pattern, "{month_abbr} {year}",
         "A date of a month: {year}, {month} (8), {month_padded} (08), {month_name}, "
         "{month_abbr}.",
         kMonthPlaceholders},
        {"date_day", K::Pattern, "{day} {month_abbr} {year}",
         "A date of a day: as date_month, and {day} (3), {day_padded} (03).", kDayPlaceholders},
        {"date_range", K::Pattern, "{start} – {end}", "A range of two dates.", {"start", "end"}},
        {"date_range_open",
         K::Pattern,
         "{start} – {present}",
         "A range that goes on (its end is \"present\" or not given).",
         {"start", "present"}},
        {"present", K::Text, "Present", "The end of what goes on."},
        {"list_separator", K::Text, ", ", "Between the items of a list (\"A, B and C\")."},
        {"list_last_separator", K::Text, " and ", "Before the last item of a list."},
        {"separator", K::Text, ", ",
         "Between the parts of an entry (\"Research Intern, ByteDance\", \"SIGCOMM, 2022\")."},
        {"quote_open", K::Text, "\u201C", "Opens a quotation typed as \"...\" (TeX themes)."},
        {"quote_close", K::Text, "\u201D", "Closes a quotation typed as \"...\" (TeX themes)."},
        {"colon", K::Text, ": ", "After a label (\"Advisor: \")."},
        {"full_stop", K::Text, ".", "Ends a sentence mkcv writes (the publication counts)."},
        {"document_title",
         K::Pattern,
         "{name} – Curriculum Vitae",
         "The document's title (PDF metadata, HTML <title>).",
         {"name"}},
        {"curriculum_vitae", K::Text, "Curriculum Vitae", "What the document is (PDF subject)."},
        {"last_updated", K::Text, "Last updated", "Before the date the CV was last updated."},
        {"legend_equal", K::Text, "Equal contribution.", "The legend of the * mark."},
        {"legend_corresponding", K::Text, "Corresponding author.", "The legend of the † mark."},
        {"thesis", K::Text, "Thesis", "Label of a degree's thesis."},
        // The words of `mkcv apply`'s letters and statements (docs/applications.md).
        {"cover_letter", K::Text, "Cover letter",
         "The letter's bookmark in an application packet."},
        {"letter_salutation",
         K::Pattern,
         "Dear {name},",
         "A letter's opening to its named recipient.",
         {"name"}},
        {"letter_salutation_committee", K::Text, "Dear Members of the Search Committee,",
         "A letter's opening without a recipient's name."},
        {"letter_closing", K::Text, "Sincerely,", "A letter's closing, above the signature."},
        {"enclosures", K::Text, "Enclosures", "Before the list of what a letter comes with."},
        {"research_statement", K::Text, "Research statement",
         "The title of a statement of kind \"research\"."},
        {"teaching_statement", K::Text, "Teaching statement",
         "The title of a statement of kind \"teaching\"."},
        {"diversity_statement", K::Text, "Diversity statement",
         "The title of a statement of kind \"diversity\"."},
        // A degree and its field as one line (education's `field`); a pattern, since
        // languages put the field after the degree with a word of their own ("Licence en
        // informatique"), in brackets ("学士（工学）") or before it ("컴퓨터공학 학사").
        {"degree_in_field",
         K::Pattern,
         "{degree} in {field}",
         "A degree with its field of study (education's `degree` and `field`).",
         {"degree", "field"}},
        {"advisor", K::Text, "Advisor", "Label of one advisor."},
        {"advisors", K::Text, "Advisors", "Label of several advisors."},
        {"mentor", K::Text, "Mentor", "Label of one mentor."},
        {"mentors", K::Text, "Mentors", "Label of several mentors."},
        {"award_for", K::Text, "For", "Before the paper an award was given for."},
        {"cited_by",
         K::Pattern,
         "Cited by {count}",
         "A paper's citation count ([sync] citations = true), on a homepage.",
         {"count"}},
        {"invited", K::Text, "invited", "Marks an invited talk."},
        {"now", K::Text, "Now", "Label of what a former student does now."},
        {"email", K::Text, "Email", "Contact label (HTML)."},
        {"phone", K::Text, "Phone", "Contact label (HTML)."},
        {"web", K::Text, "Web", "Contact label of a homepage (HTML)."},
        {"location", K::Text, "Location", "Contact label (HTML)."},
        {"skip_to_content", K::Text, "Skip to content", "The homepage's skip link."},
        {"photo_of", K::Pattern, "Photo of {name}", "The photo's alternative text.", {"name"}},
        {"made_with",
         K::Pattern,
         "Made with {generator} from one cv.toml.",
         "The homepage's footer.",
         {"generator"}},
        {"research_interests_label", K::Text, "Research interests",
         "Before the research interests in the homepage's description."},
        {"cv_pdf", K::Text, "CV (PDF)", "The homepage's link to the CV's PDF."},
        {"short_cv_pdf", K::Text, "Short CV (PDF)", "The homepage's link to the short CV's PDF."},
        {"abstract", K::Text, "Abstract", "The homepage's folded abstract of a paper."},
        {"older_news", K::Text, "Earlier news", "The homepage's folded older news."},
        {"language_name", K::Text, "English",
         "The locale's language in itself, for a site's language links."},
        {"links_label", K::Text, "Links",
         "The name of the homepage's row of links (for screen readers)."},
        {"sections_label", K::Text, "Sections",
         "The name of the homepage's menu of sections (for screen readers)."},
        {"headings.news", K::Text, "News", "Section heading."},
        {"headings.summary", K::Text, "Summary", "Section heading."},
        {"headings.research_interests", K::Text, "Research Interests", "Section heading."},
        {"headings.education", K::Text, "Education", "Section heading."},
        {"headings.experience", K::Text, "Experience", "Section heading."},
        {"headings.publications", K::Text, "Publications", "Section heading."},
        {"headings.selected_publications", K::Text, "Selected Publications",
         "Heading of the publications of a short CV."},
        {"headings.teaching", K::Text, "Teaching", "Section heading."},
        {"headings.awards", K::Text, "Honors and Awards", "Section heading."},
        {"headings.talks", K::Text, "Talks", "Section heading."},
        {"headings.service", K::Text, "Service", "Section heading."},
        {"headings.grants", K::Text, "Grants and Funding", "Section heading."},
        {"headings.students", K::Text, "Students Mentored", "Section heading."},
        {"headings.patents", K::Text, "Patents", "Section heading."},
        {"headings.press", K::Text, "Press", "Section heading."},
        {"headings.projects", K::Text, "Projects", "Section heading."},
        {"headings.volunteer", K::Text, "Volunteering", "Section heading."},
        {"headings.certificates", K::Text, "Certificates", "Section heading."},
        {"headings.skills", K::Text, "Skills", "Section heading."},
        {"headings.languages", K::Text, "Languages", "Section heading."},
        {"headings.interests", K::Text, "Interests", "Section heading."},
        {"headings.references", K::Text, "References", "Section heading."},
        {"headings.conference", K::Text, "Conference Papers", "Publication group heading."},
        {"headings.journal", K::Text, "Journal Articles", "Publication group heading."},
        {"headings.workshop", K::Text, "Workshop Papers", "Publication group heading."},
        {"headings.preprint", K::Text, "Preprints", "Publication group heading."},
        {"headings.thesis", K::Text, "Theses", "Publication group heading."},
        {"headings.other", K::Text, "Other Publications", "Publication group heading."},
        {"headings.reviewer", K::Text, "Reviewing", "Service group heading."},
        {"headings.committee", K::Text, "Committees", "Service group heading."},
        {"headings.organiser", K::Text, "Organising", "Service group heading."},
        {"headings.other_service", K::Text, "Other Service", "Service group heading."},
        {"counts.conference_one",
         K::Pattern,
         "{count} conference paper",
         "The count of one paper.",
         {"count"}},
        {"counts.conference_other",
         K::Pattern,
         "{count} conference papers",
         "The count of several papers.",
         {"count"}},
        {"counts.journal_one",
         K::Pattern,
         "{count} journal article",
         "The count of one paper.",
         {"count"}},
        {"counts.journal_other",
         K::Pattern,
         "{count} journal articles",
         "The count of several papers.",
         {"count"}},
        {"counts.workshop_one",
         K::Pattern,
         "{count} workshop paper",
         "The count of one paper.",
         {"count"}},
        {"counts.workshop_other",
         K::Pattern,
         "{count} workshop papers",
         "The count of several papers.",
         {"count"}},
        {"counts.preprint_one",
         K::Pattern,
         "{count} preprint",
         "The count of one paper.",
         {"count"}},
        {"counts.preprint_other",
         K::Pattern,
         "{count} preprints",
         "The count of several papers.",
         {"count"}},
        {"counts.thesis_one", K::Pattern, "{count} thesis", "The count of one paper.", {"count"}},
        {"counts.thesis_other",
         K::Pattern,
         "{count} theses",
         "The count of several papers.",
         {"count"}},
        {"counts.other_one",
         K::Pattern,
         "{count} other publication",
         "The count of one paper.",
         {"count"}},
        {"counts.other_other",
         K::Pattern,
         "{count} other publications",
         "The count of several papers.",
         {"count"}},
    };
    return keys;
}

std::vector<std::string> split_months(std::string_view english) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t bar = english.find('|', start);
        out.emplace_back(english.substr(start, bar == std::string_view::npos ? bar : bar - start));
        if (bar == std::string_view::npos)
            return out;
        start = bar + 1;
    }
}

// English values by key, made once from the key table.
struct English {
    std::map<std::string, std::string, std::less<>> texts;
    std::map<std::string, std::vector<std::string>, std::less<>> months;
};

const English& english() {
    static const English e = [] {
        English out;
        for (const auto& key : locale_keys())
            if (key.kind == K::Months)
                out.months.emplace(key.name, split_months(key.english));
            else
                out.texts.emplace(key.name, key.english);
        return out;
    }();
    return e;
}

std::string padded(int n) {
    return (n < 10 ? "0" : "") + std::to_string(n);
}

}  // namespace

const std::vector<LocaleKey>& locale_keys() {
    static const std::vector<LocaleKey> keys = make_keys();
    return keys;
}

const LocaleKey* find_locale_key(std::string_view name) {
    for (const auto& key : locale_keys())
        if (key.name == name)
            return &key;
    return nullptr;
}

const std::string& LocaleTexts::text(std::string_view key) const {
    if (const auto it = texts_.find(key); it != texts_.end())
        return it->second;
    static const std::string none;
    const auto it = english().texts.find(key);
    return it == english().texts.end() ? none : it->second;
}

const std::string& LocaleTexts::month_name(int month, bool abbreviated) const {
    const std::string_view key = abbreviated ? "month_abbrs" : "months";
    const auto it = months_.find(key);
    const auto& names = it != months_.end() ? it->second : english().months.find(key)->second;
    return names.at(static_cast<std::size_t>(month - 1));
}

std::string LocaleTexts::fill(std::string_view pattern_key,
                              const std::map<std::string_view, std::string>& values) const {
    const std::string& pattern = text(pattern_key);
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const std::size_t close = pattern[i] == '{' ? pattern.find('}', i) : std::string::npos;
        if (close == std::string::npos) {
            out += pattern[i];
            continue;
        }
        // Checked when read: only the key's placeholders; anything else prints as written.
        const auto it = values.find(std::string_view(pattern).substr(i + 1, close - i - 1));
        if (it == values.end()) {
            out += pattern[i];
            continue;
        }
        out += it->second;
        i = close;
    }
    return out;
}

std::string LocaleTexts::date(const PartialDate& d) const {
    if (d.present)
        return text("present");
    if (date_style_ == DateStyle::Iso)
        return iso_date(d);
    if (date_style_ == DateStyle::Numeric)
        return format_date(d, DateStyle::Numeric);
    std::map<std::string_view, std::string> values{{"year", std::to_string(d.year)}};
    if (d.month == 0)
        return fill("date_year", values);
    values.emplace("month", std::to_string(d.month));
    values.emplace("month_padded", padded(d.month));
    values.emplace("month_name", month_name(d.month, false));
    values.emplace("month_abbr", month_name(d.month, date_style_ != DateStyle::Long));
    if (d.day == 0)
        return fill("date_month", values);
    values.emplace("day", std::to_string(d.day));
    values.emplace("day_padded", padded(d.day));
    return fill("date_day", values);
}

std::string LocaleTexts::range(const std::optional<PartialDate>& start,
                               const std::optional<PartialDate>& end) const {
    if (start && end && *start == *end)
        return date(*start);
    if (start && (!end || end->present))
        return fill("date_range_open", {{"start", date(*start)}, {"present", text("present")}});
    if (start && end)
        return fill("date_range", {{"start", date(*start)}, {"end", date(*end)}});
    if (end)
        return date(*end);
    return "";
}

std::string LocaleTexts::join(const std::vector<std::string>& items) const {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) {
            const std::string& separator =
                text(i + 1 == items.size() ? "list_last_separator" : "list_separator");
            // Chinese and Japanese set a space between their letters and Latin ones: "Xuanzhe
            // Liu 和 Xin Jin", not "Xuanzhe Liu和Xin Jin". Only a separator that is a CJK word
            // takes it; ideographic punctuation ("、") has its own space.
            const bool word = !separator.empty() && cjk_letter(first_code(separator)) &&
                              cjk_letter(last_code(separator));
            const bool pad_before = word && latin_alnum(last_code(out));
            const bool pad_after = word && latin_alnum(first_code(items[i]));
            out += (pad_before ? " " : "") + separator + (pad_after ? " " : "");
        }
        out += items[i];
    }
    return out;
}

bool LocaleTexts::has(std::string_view key) const {
    return texts_.find(key) != texts_.end() || months_.find(key) != months_.end();
}

void LocaleTexts::set(std::string_view key, std::string value) {
    texts_.insert_or_assign(std::string(key), std::move(value));
}

void LocaleTexts::set_months(std::string_view key, std::vector<std::string> names) {
    months_.insert_or_assign(std::string(key), std::move(names));
}

void LocaleTexts::overlay(const LocaleTexts& top) {
    for (const auto& [key, value] : top.texts_)
        texts_.insert_or_assign(key, value);
    for (const auto& [key, value] : top.months_)
        months_.insert_or_assign(key, value);
}

const LocaleTexts& texts_or_english(const std::shared_ptr<const LocaleTexts>& texts) {
    static const LocaleTexts english;
    return texts ? *texts : english;
}

std::vector<std::string> locale_fallbacks(std::string_view tag) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= tag.size()) {
        const std::size_t dash = tag.find('-', start);
        const std::string_view part =
            tag.substr(start, dash == std::string_view::npos ? dash : dash - start);
        if (part.size() <= 1 && !parts.empty())
            break;  // an extension or private use: not a locale of its own
        std::string written(part);
        for (std::size_t i = 0; i < written.size(); ++i) {
            char& c = written[i];
            const bool upper = (parts.empty()      ? false
                                : part.size() == 4 ? i == 0
                                                   : part.size() == 2);
            if (upper && c >= 'a' && c <= 'z')
                c = static_cast<char>(c - 'a' + 'A');
            else if (!upper && c >= 'A' && c <= 'Z')
                c = static_cast<char>(c - 'A' + 'a');
        }
        parts.push_back(written);
        if (dash == std::string_view::npos)
            break;
        start = dash + 1;
    }
    if (parts.empty() || parts[0].empty())
        return {};
    std::string script, region;
    std::size_t i = 1;
    if (i < parts.size() && parts[i].size() == 4)
        script = parts[i++];
    if (i < parts.size() && (parts[i].size() == 2 || parts[i].size() == 3))
        region = parts[i++];
    const std::string& language = parts[0];
    // Chinese of Taiwan, Hong Kong and Macau is written in Traditional characters.
    if (language == "zh" && script.empty() && (region == "TW" || region == "HK" || region == "MO"))
        script = "Hant";
    std::vector<std::string> out;
    if (!script.empty() && !region.empty())
        out.push_back(language + "-" + script + "-" + region);
    if (!script.empty())
        out.push_back(language + "-" + script);
    if (script.empty() && !region.empty())
        out.push_back(language + "-" + region);
    out.push_back(language);
    return out;
}

}  // namespace mkcv

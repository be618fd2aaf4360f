#include "cv/schema.h"

#include "cv/locale_texts.h"

namespace mkcv {
namespace {

const TableSpec kLink{
    "link",
    "A labelled link.",
    {{"label", FieldType::String, true, "Text shown for the link."},
     {"url", FieldType::String, true, "Where the link points (http(s):// or mailto:)."}}};

const TableSpec kProfile{
    "profile",
    "A page on another site: network and username, or url, or both.",
    {{"network", FieldType::String, false,
      "ORCID, Google Scholar, DBLP, Semantic Scholar, GitHub, GitLab, LinkedIn, X (or Twitter), "
      "Mastodon, ResearchGate, Bluesky (any case), or another name with a url."},
     {"username", FieldType::String, false,
      "The user name or id on a known network; the link is made from it."},
     {"url", FieldType::String, false,
      "Where the profile is (http(s)://); needed for a network mkcv does not know."},
     {"label", FieldType::String, false, "Text shown instead of the user name."}}};

// JSON Resume's basics.location, with the country's name beside its code.
const TableSpec kLocation{
    "location",
    "An address in parts, printed joined: address, postal code and city, region, country.",
    {{"address", FieldType::String, false, "Street and number (lines joined by commas)."},
     {"postal_code", FieldType::String, false, "Postal code, printed before the city."},
     {"city", FieldType::String, false, "City."},
     {"region", FieldType::String, false, "State, province or region."},
     {"country", FieldType::String, false, "Country name, as it should print."},
     {"country_code", FieldType::String, false,
      "ISO 3166-1 alpha-2 code, e.g. \"DE\"; printed only when `country` is not given."}}};

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
     {"github", FieldType::String, false,
      "GitHub user name; the same as a GitHub profile in `profiles`."},
     {"location", FieldType::StringOrTable, false,
      "City or address, or a table { address, postal_code, city, region, country, "
      "country_code }.",
      &kLocation},
     {"links", FieldType::TableArray, false, "Further links, each { label, url }.", &kLink},
     {"profiles", FieldType::TableArray, false,
      "Profiles on other sites, each { network, username } or { url } or both, label optional.",
      &kProfile},
     {"photo",
      FieldType::String,
      false,
      "A PNG or JPEG of at most 5 MiB, its path relative to cv.toml's folder (and inside it).",
      nullptr,
      {},
      {},
      false},
     {"bio", FieldType::String, false,
      "A first-person paragraph beside the photo on a homepage (the academic theme); inline "
      "markup as in notes."},
     {"aliases", FieldType::StringList, false,
      "Other spellings of the name, also set in bold in author lists."},
     {"keep_authors", FieldType::StringList, false,
      "People a shortened author list (max_authors) never hides, such as your advisors; "
      "spellings matched as aliases are."},
     {"summary", FieldType::String, false,
      "A paragraph about you, printed first under \"Summary\"; inline markup as in notes "
      "(here or at the top level, not both)."},
     // A bare key after [person] belongs to [person] in TOML; people write it there.
     {"research_interests", FieldType::String, false,
      "A paragraph on research interests (here or at the top level, not both)."}}};

const TableSpec kPeriod{"period",
                        "One date range.",
                        {{"start", FieldType::Date, false, "First month."},
                         {"end", FieldType::Date, false, "Last month, or \"present\"."}}};

const TableSpec kBuild{"build",
                       "How the CV is built.",
                       {{"date", FieldType::Date, false,
                         "Date printed as \"Last updated\"; without it the CV prints no date."},
                        {"timeout", FieldType::Integer, false,
                         "Seconds TeX may take per template before it is stopped (default 120)."},
                        {"markup",
                         FieldType::String,
                         false,
                         "Inline Markdown (*em*, **strong**, `code`, [text](url)) in notes, "
                         "highlights, thesis, research interests and section texts: "
                         "\"markdown\" (the default) or \"none\" to print them as written.",
                         nullptr,
                         {"markdown", "none"}},
                        {"tex",
                         FieldType::String,
                         false,
                         "How TeX runs: \"direct\" (the default: mkcv runs XeLaTeX and xdvipdfmx "
                         "itself, latexmk only when a pass needs its rules) or \"latexmk\" "
                         "(latexmk for every template, for templates that rely on its rules).",
                         nullptr,
                         {"direct", "latexmk"}}}};

const TableSpec kSync{
    "sync",
    "Where `mkcv sync` finds your papers; every key is optional (docs/sync.md).",
    {{"dblp",
      FieldType::String,
      false,
      "Your DBLP person id (pid), the part after dblp.org/pid/, e.g. \"l/MichaelLey\".",
      nullptr,
      {},
      {},
      false},
     {"orcid",
      FieldType::String,
      false,
      "Your ORCID iD, e.g. \"0000-0002-1825-0097\" (works from ORCID and Crossref).",
      nullptr,
      {},
      {},
      false},
     {"openalex",
      FieldType::String,
      false,
      "Your OpenAlex author id, e.g. \"A5023888391\".",
      nullptr,
      {},
      {},
      false},
     {"semantic_scholar",
      FieldType::String,
      false,
      "Your Semantic Scholar author id, e.g. \"1723755\".",
      nullptr,
      {},
      {},
      false},
     {"arxiv",
      FieldType::String,
      false,
      "An arXiv author query, e.g. \"Adrian Del Maestro\"; works without you among the authors "
      "([person] name and aliases) are left out.",
      nullptr,
      {},
      {},
      false},
     {"ignore",
      FieldType::StringList,
      false,
      "Works to leave out: citekeys, DOIs, arXiv ids, DBLP keys or titles as sync's report prints "
      "them.",
      nullptr,
      {},
      {},
      false},
     {"same_as",
      FieldType::TextMap,
      false,
      "Works sync left out as possibly the same as one of your own entries, each the entry it "
      "is: { \"WORK\" = \"KEY\" }, the work by title, DOI, arXiv id, DBLP key or citekey, "
      "KEY the citekey of your own entry, which stands for it.",
      nullptr,
      {},
      {},
      false},
     {"citations",
      FieldType::Bool,
      false,
      "Keep each paper's citation count from OpenAlex or Semantic Scholar in "
      "publications.citations.toml, which the site shows and the PDF only when a template asks.",
      nullptr,
      {},
      {},
      false},
     {"include",
      FieldType::StringList,
      false,
      "Works sync leaves out as not papers (corrections, meeting abstracts, editorials, front "
      "matter) to take in all the same: DOIs, arXiv ids, DBLP keys or titles.",
      nullptr,
      {},
      {},
      false},
     {"file",
      FieldType::String,
      false,
      "The list sync writes and builds read, relative to cv.toml (default "
      "\"publications.sync.bib\").",
      nullptr,
      {},
      {},
      false}}};

const TableSpec kSite{"site",
                      "What `mkcv site` publishes beside its page.",
                      {{"pdfs", FieldType::StringList, false,
                        "The PDF templates built and linked from the page (default: [\"long\", "
                        "\"short\"]; [] for none); the first is the CV link."}}};

const TableSpec kRecipient{
    "recipient",
    "Whom the letter is addressed to; left out, the letter opens without "
    "an address.",
    {{"name", FieldType::String, false, "The recipient's name."},
     {"title", FieldType::String, false, "Their title or role, e.g. \"Chair, Search Committee\"."},
     {"address", FieldType::StringList, false, "The address, one line per string."}}};

const TableSpec kStatement{
    "statement",
    "A statement sent with the application, from a Markdown file beside cv.toml.",
    {{"kind",
      FieldType::String,
      true,
      "What it is: \"research\", \"teaching\", \"diversity\" or any other word (letters, "
      "digits, - and _); also its file's name in the application's folder.",
      nullptr,
      {},
      {},
      false},
     {"file",
      FieldType::String,
      true,
      "The statement's Markdown file, relative to cv.toml's folder (paragraphs apart by a blank "
      "line, inline markup as in prose fields).",
      nullptr,
      {},
      {},
      true},
     {"title", FieldType::String, false,
      "Its title (default: \"Research statement\" for kind = \"research\" ...)."}}};

const TableSpec kApplication{
    "application",
    "One application: a cover letter, statements and a tailored CV, built by `mkcv apply` "
    "under out/applications/KEY/ (docs/applications.md).",
    {{"key",
      FieldType::String,
      true,
      "The application's name: lowercase letters, digits, - and _ (at most 64), the name of its "
      "folder and files.",
      nullptr,
      {},
      {},
      false},
     {"organisation", FieldType::String, true, "The organisation the position is at."},
     {"position", FieldType::String, true, "The position applied for."},
     {"language",
      FieldType::String,
      false,
      "A BCP 47 tag: the application is built in this language (its language tables, locale "
      "words and fonts), whatever the CV's default; --lang overrides it.",
      nullptr,
      {},
      {},
      false},
     {"recipient", FieldType::Table, false, "Whom the letter is addressed to.", &kRecipient},
     {"date", FieldType::Date, false, "The letter's date (default: the build's date)."},
     {"salutation", FieldType::String, false,
      "The letter's opening (default: \"Dear\" and the recipient's name, or \"Dear members of "
      "the search committee,\")."},
     {"closing", FieldType::String, false, "The letter's closing (default: \"Sincerely,\")."},
     {"letter", FieldType::String, false,
      "The letter's body inline: paragraphs apart by a blank line; <<organisation>>, "
      "<<position>> and <<recipient>> are replaced."},
     {"letter_file", FieldType::String, false,
      "Or the letter's body from a Markdown file, relative to cv.toml's folder."},
     {"statements", FieldType::TableArray, false, "Statements sent with it.", &kStatement},
     {"template",
      FieldType::String,
      false,
      "The tailored CV's template, a PDF theme: \"short\" (the default), \"long\", "
      "\"modern\", \"classic\", \"banking\", \"awesome\", \"sidebar\" or \"ats\"; the "
      "letter and statements take its letterhead and looks.",
      nullptr,
      {"short", "long", "modern", "classic", "banking", "awesome", "sidebar", "ats"}},
     {"tags",
      FieldType::StringList,
      false,
      "When given, the tailored CV keeps only entries carrying one of these tags (in the sections "
      "templates filter); `selected` and the page budget work as for the template.",
      nullptr,
      {},
      {},
      false},
     {"signature",
      FieldType::String,
      false,
      "A PNG or JPEG of your signature, relative to cv.toml's folder; without it the letter "
      "ends with your typed name.",
      nullptr,
      {},
      {},
      false},
     {"omit_phone", FieldType::Bool, false,
      "Leave your phone number out of the letter and the CV."},
     {"omit_address", FieldType::Bool, false,
      "Leave your address ([person] location) out of the letter and the CV."},
     {"mask_recipient", FieldType::Bool, false,
      "Leave the recipient's name and address out of the letter, for a copy shared "
      "publicly."}}};

const TableSpec& application_spec() {
    return kApplication;
}

const TableSpec kSectionRules{
    "filter",
    "Which entries of a section a template keeps; see docs/templates.md.",
    {{"title", FieldType::String, false, "Heading of the section."},
     {"selected", FieldType::Bool, false, "Keep only entries with selected = true."},
     {"include_tags",
      FieldType::StringList,
      false,
      "Keep only entries with one of these tags.",
      nullptr,
      {},
      {},
      false},
     {"exclude_tags",
      FieldType::StringList,
      false,
      "Leave out entries with any of these tags.",
      nullptr,
      {},
      {},
      false},
     {"since", FieldType::Integer, false, "Keep entries of this year or later (undated ones too)."},
     {"max_entries", FieldType::Integer, false, "Keep at most this many entries, newest first."},
     {"max_authors", FieldType::Integer, false,
      "Publications: print this many authors, then \"…\"; your own name, [person] "
      "keep_authors and the last author are always kept."},
     {"priority", FieldType::Integer, false,
      "Page budget: entries of lower-priority sections are dropped first (default: the budget "
      "profile's)."},
     {"keep", FieldType::Integer, false,
      "Page budget: the first N entries of the section are never dropped."},
     {"droppable", FieldType::Bool, false,
      "Page budget: false, no entry of the section is dropped (education's default)."},
     {"keep_current", FieldType::Bool, false,
      "Page budget: entries running to the present are never dropped (experience's default)."}}};

const TableSpec kMargins{
    "margins",
    "Page margins, each a length such as \"2cm\"; a side left out keeps the template's.",
    {{"top", FieldType::String, false, "Top margin."},
     {"bottom", FieldType::String, false, "Bottom margin."},
     {"left", FieldType::String, false, "Left margin."},
     {"right", FieldType::String, false, "Right margin."}}};

const TableSpec kDesignOptions{
    "design",
    "Template options; see docs/templates.md (`mkcv templates --options NAME`).",
    {{"paper", FieldType::String, false, "Paper size.", nullptr, {"a4", "letter", "legal"}},
     {"font_size", FieldType::Number, false, "Body text size in points: 9, 10, 11 or 12."},
     {"margins", FieldType::StringOrTable, false,
      "One length for all four sides (\"2cm\", \"0.75in\", \"18mm\", \"50pt\"), or a table "
      "{ top, bottom, left, right }.",
      &kMargins},
     {"main_font", FieldType::String, false,
      "The body font: any font installed on this machine (fc-list lists them)."},
     {"sans_font", FieldType::String, false, "The sans-serif font: any installed font."},
     {"cjk_font", FieldType::String, false,
      "The font of Chinese, Japanese and Korean text: any installed font; by default Noto "
      "CJK in the region of [locale] language."},
     {"accent", FieldType::String, false, "The accent colour, as hex: \"1F3A68\" or \"#1f3a68\"."},
     {"line_spacing", FieldType::Number, false,
      "Line spacing as a factor of the usual one, 0.8 to 2."},
     {"section_spacing", FieldType::String, false,
      "Space above each section heading, a length such as \"1em\" or \"10pt\"."},
     {"date_format",
      FieldType::String,
      false,
      "How dates print: short (Aug. 2025), long (August 2025), numeric (08/2025) or iso "
      "(2025-08).",
      nullptr,
      {"short", "long", "numeric", "iso"}},
     {"venues",
      FieldType::String,
      false,
      "How venues print: full (the venue, then the year), short (ASPLOS ’23) or "
      "short_full_year (ASPLOS 2023).",
      nullptr,
      {"full", "short", "short_full_year"}},
     {"page_numbers",
      FieldType::String,
      false,
      "off, on (the page number) or name (\"Name – page N of M\").",
      nullptr,
      {"off", "on", "name"}},
     {"show_last_updated", FieldType::Bool, false,
      "Print the \"Last updated\" date ([build] date) when there is one."}}};

}  // namespace

const TableSpec& design_options_spec() {
    return kDesignOptions;
}

const FieldSpec* TableSpec::find(std::string_view key) const {
    // A walk is fastest for the usual dozen fields; a root of thousands of declared sections
    // made every key's lookup a walk of them all (validate: 3 s for 10,000 sections).
    if (fields.size() <= 32) {
        for (const auto& field : fields)
            if (field.name == key)
                return &field;
        return nullptr;
    }
    std::shared_ptr<const FieldIndex> current = std::atomic_load(&index);
    if (!current || current->data != fields.data() || current->size != fields.size()) {
        auto made = std::make_shared<FieldIndex>();
        made->data = fields.data();
        made->size = fields.size();
        for (const auto& field : fields)
            made->by_name.emplace(field.name, &field);  // the first of a name, as the walk
        std::atomic_store(&index, std::shared_ptr<const FieldIndex>(made));
        current = std::move(made);
    }
    const auto found = current->by_name.find(key);
    return found == current->by_name.end() ? nullptr : found->second;
}

std::vector<std::string> TableSpec::names() const {
    std::vector<std::string> out;
    for (const auto& field : fields)
        out.emplace_back(field.name);
    return out;
}

const TableSpec& person_spec() {
    return kPerson;
}

const TableSpec& period_spec() {
    return kPeriod;
}

const TableSpec& build_spec() {
    return kBuild;
}

const TableSpec& sync_spec() {
    return kSync;
}

const TableSpec& site_spec() {
    return kSite;
}

// `language`, then every key of a locale file (cv/locale_texts.h), which [locale] may
// override one by one; the keys of its [headings] and [counts] tables are nested.
const TableSpec& locale_spec() {
    static const TableSpec spec = [] {
        static TableSpec headings{"headings", "Section and group headings.", {}};
        static TableSpec counts{"counts", "Publication counts in words.", {}};
        TableSpec out{"locale",
                      "The language of the CV, and any of its locale's texts (docs/locales.md).",
                      {{"language",
                        FieldType::String,
                        false,
                        "BCP 47 language tag of the CV's text, e.g. \"ko\", \"ja\", \"zh-Hant\", "
                        "\"en-GB\" (`mkcv build --lang` overrides it). It chooses the locale "
                        "(month names, date forms, headings, legend ...) and the CJK font of the "
                        "TeX templates (Noto CJK SC, TC, HK, JP or KR); the default is English.",
                        nullptr,
                        {},
                        {},
                        false}}};
        for (const LocaleKey& key : locale_keys()) {
            const FieldType type =
                key.kind == LocaleKeyKind::Months ? FieldType::StringList : FieldType::String;
            const std::size_t dot = key.name.find('.');
            if (dot == std::string_view::npos)
                out.fields.push_back({key.name, type, false, key.doc});
            else
                (key.name.substr(0, dot) == "headings" ? headings : counts)
                    .fields.push_back({key.name.substr(dot + 1), type, false, key.doc});
        }
        out.fields.push_back({"headings", FieldType::Table, false, headings.doc, &headings});
        out.fields.push_back({"counts", FieldType::Table, false, counts.doc, &counts});
        return out;
    }();
    return spec;
}

const TableSpec& extra_spec() {
    // No fields, and `options` set to a table of none: every key passes as it is.
    static const TableSpec any{"extra", "Any keys.", {}};
    static const TableSpec spec{"extra",
                                "Data kept for other tools (a JSON Resume's `x-*` fields, "
                                "another tool's settings); never printed. `mkcv build -t "
                                "jsonresume` writes it back as meta.mkcv.extra.",
                                {},
                                &any};
    return spec;
}

const TableSpec& section_rules_spec() {
    return kSectionRules;
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
        case FieldType::TextMap:
            return "a table of name = \"text\"";
        case FieldType::TableMap:
            return "a table of tables";
        case FieldType::StringOrTable:
            return "a string or a table";
        case FieldType::Number:
            return "a number";
    }
    return "a value";
}

}  // namespace mkcv

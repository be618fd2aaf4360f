// The CV as plain data: what cv.toml says, typed, with where each value was written.
// No third-party types here, so every later stage (validation, context, tests) can use it
// without knowing about TOML.
#pragma once

#include <any>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cv/content_rules.h"
#include "cv/dates.h"
#include "cv/option_settings.h"
#include "text/rich_text.h"
#include "util/source_location.h"

namespace mkcv {

// A string the user wrote, and where. Positions let later stages (validation, the LaTeX
// error explainer) point back at cv.toml. `value` is always the plain text (for sorting,
// matching and checks); `marks` holds the same text typed, with its emphasis, links or
// vetted LaTeX, when it has any: the BibTeX converter sets it, and the loader for the inline
// Markdown of prose fields (notes, highlights ...: cv/sections.h), which never holds LaTeX.
struct Text {
    std::string value;
    SourcePos pos;
    RichText marks;

    // So `{value, pos}` stays the way to write a plain one.
    Text(std::string value_ = {}, SourcePos pos_ = {}, RichText marks_ = {})
        : value(std::move(value_)), pos(pos_), marks(std::move(marks_)) {}

    bool empty() const { return value.empty(); }
};

struct Link {
    Text label;
    Text url;
};

// `[person] location` written as a table (JSON Resume's basics.location).
struct PlaceParts {
    Text address;
    Text postal_code;
    Text city;
    Text region;
    Text country;
    Text country_code;
};

// "1 Main St, 10115 Berlin, Brandenburg, Germany": the parts given, the postal code before
// the city, the country code only when the country's name is not given.
std::string joined_place(const PlaceParts& place);

// A page on another site: `network` and `username`, or `url`, or both (cv/profiles.h).
struct Profile {
    Text network;
    Text username;
    Text url;
    Text label;
    SourcePos pos;
};

// `[person] photo`: the path as written, and once cv/photo.h read it, the file's bytes and
// type ("png" or "jpeg"), checked.
struct Photo {
    Text path;
    std::string bytes;
    std::string type;
};

struct Person {
    Text name;
    Text native_name;
    Text position;
    Text affiliation;
    Text email;
    Text phone;
    Text homepage;
    Text github;
    Text location;  // as written, or the parts of `location_parts` joined
    std::optional<PlaceParts> location_parts;
    std::vector<Link> links;
    std::vector<Profile> profiles;
    Photo photo;
    Text bio;  // a first-person paragraph for a homepage (inline markup), beside the photo
    std::vector<Text> aliases;  // other spellings of the owner's name, matched in author lists
    // People a shortened author list never hides (advisors), matched as aliases are.
    std::vector<Text> keep_authors;
    SourcePos pos;
};

struct DateRange {
    std::optional<PartialDate> start;
    std::optional<PartialDate> end;
    SourcePos start_pos;
    SourcePos end_pos;
};

// What every table of values shares: where it was written. Nested records (a custom
// section's entries) are Records; the sections table (cv/sections.h) reaches members
// through this base.
struct Record {
    SourcePos pos;
};

// What the entries of every section share: tags and `selected`, which the filters read.
// (Dates, location and highlights are not shared: teaching, awards and custom sections
// have none of some of them.)
struct Entry : Record {
    std::vector<Text> tags;
    bool selected = false;
};

struct Education : Entry {
    Text degree;
    Text field;  // of study; printed with the degree as the locale joins them (degree_in_field)
    Text institution;
    Text department;
    Text location;
    std::optional<DateRange> dates;
    std::vector<Text> advisors;
    Text thesis;
    Text note;
    std::vector<Text> highlights;
};

struct Experience : Entry {
    Text role;
    Text organization;
    Text location;
    std::vector<DateRange> periods;  // `start`/`end` becomes a single period
    std::vector<Text> mentors;
    Text note;
    std::vector<Text> highlights;
};

enum class PublicationKind { Conference, Journal, Workshop, Preprint, Thesis, Other };

// How often a paper was cited, as `mkcv sync` last read it ([sync] citations = true): kept in
// a file of its own beside the synced list (bib/citation_file.h), since a count changes
// without a new paper.
struct CitationCount {
    long count = 0;
    std::string source;  // "openalex" or "semantic_scholar"
    std::string date;    // YYYY-MM-DD: when the count was last seen to change
};

struct Publication : Entry {
    Text title;
    std::vector<Text> authors;  // as written, marks ("*", "†") included
    SourcePos authors_pos;      // of the list; unknown when the key is missing
    Text venue;
    int year = 0;
    SourcePos year_pos;
    int day = 0;         // 1–31 when `date` gave a full date (`month` below is the month)
    SourcePos date_pos;  // of `date`; unknown when only `year` was written
    PublicationKind kind = PublicationKind::Other;
    Text award;
    Text note;
    std::vector<Link> links;  // in the order the label names sort: TOML tables have no order
    // BibTeX (see bib/bibliography.h). Values from a .bib may have marks (bib/latex_text.h).
    Text key;                         // citekey: taken from the bibliography, or overriding it
    bool ignored = false;             // `ignore = true` on an override: the entry is left out
    Text venue_short;                 // e.g. "SIGCOMM" beside "Proc. ACM SIGCOMM"
    int month = 0;                    // 1–12 when known; orders papers of the same year
    bool kind_given = false;          // `kind` was written (an override replaces the mapped one)
    std::vector<Text> equal;          // names to mark * (overrides on keyed entries)
    std::vector<Text> corresponding;  // names to mark †
    std::string source_file;          // the .bib it came from; empty for cv.toml
    SourcePos source_pos;             // of its entry in source_file
    Text abstract;                    // folded under the paper on a homepage (inline markup)
    // `thumbnail`: a picture beside cv.toml, read and checked like the photo (cv/photo.h).
    Photo thumbnail;
    // The bytes of a `bibtex` link that names a .bib file beside cv.toml (cv/photo.h
    // load_paper_files), which `mkcv site` publishes as the paper's BibTeX; empty otherwise.
    std::string bibtex_file;
    // The synced list's: the source each field came from ("title=dblp;venue=dblp;…"), so
    // that a sync from fewer sources never replaces a field with a worse source's (sync/merge).
    std::string field_sources;
    std::optional<CitationCount> citations;  // [sync] citations = true, once sync counted them
};

struct Teaching : Entry {
    Text role;
    Text course;
    Text institution;
    std::vector<Text> terms;
};

struct Award : Entry {
    Text title;
    int year = 0;  // 0: undated (`year` and `date` are optional for awards)
    SourcePos year_pos;
    int month = 0;  // from `date`; 0: not given
    int day = 0;
    SourcePos date_pos;
    Text issuer;
    Text note;
};

// Academic sections (issue 13). Talks and press are dated by one `date` (a year, month
// or day); service, grants and students by `start`/`end`.
struct Talk : Entry {
    Text title;
    Text event;
    Text location;
    std::optional<PartialDate> date;
    SourcePos date_pos;
    bool invited = false;
    std::vector<Link> links;
};

struct Service : Entry {
    Text role;
    Text organization;  // an organisation, journal, conference or venue
    Text kind;          // "reviewer", "committee" or "organiser"; templates group by it
    std::optional<DateRange> dates;
    Text note;
};

struct Grant : Entry {
    Text title;
    Text funder;
    Text amount;  // as written, currency included: "EUR 1.5M"
    Text role;    // e.g. PI, co-PI
    std::optional<DateRange> dates;
    Text note;
};

struct Student : Entry {
    Text name;
    Text level;  // e.g. PhD, MSc, undergraduate
    std::optional<DateRange> dates;
    Text topic;
    Text now;  // where they went next
};

struct Patent : Entry {
    Text title;
    Text number;
    std::vector<Text> inventors;  // the owner printed in bold, as in author lists
    Text status;                  // e.g. granted, pending
    std::optional<PartialDate> date;
    SourcePos date_pos;
    std::vector<Link> links;
};

struct Press : Entry {
    Text title;
    Text outlet;
    std::optional<PartialDate> date;
    SourcePos date_pos;
    Text url;
};

// The sections résumés carry (issue 13), as JSON Resume names them, so a JSON Resume,
// RenderCV or YAMLResume CV imports into types instead of custom sections.
struct Skill : Entry {
    Text name;
    Text level;  // e.g. Advanced, Native, 5 years
    std::vector<Text> keywords;
};

struct Language : Entry {
    Text language;
    Text fluency;  // e.g. Native speaker, C1
};

struct Project : Entry {
    Text name;
    Text description;
    Text url;
    std::vector<Text> roles;
    Text entity;  // the organisation it was done for or at
    Text type;    // e.g. application, talk, volunteering
    std::optional<DateRange> dates;
    std::vector<Text> highlights;
    std::vector<Text> keywords;
};

struct Certificate : Entry {
    Text name;
    Text issuer;
    std::optional<PartialDate> date;
    SourcePos date_pos;
    Text url;
};

struct Volunteer : Entry {
    Text organization;
    Text position;
    Text url;
    std::optional<DateRange> dates;
    Text summary;
    std::vector<Text> highlights;
};

struct Reference : Entry {
    Text name;
    Text reference;  // what they say, quoted
};

struct Interest : Entry {
    Text name;
    std::vector<Text> keywords;
};

// `[[news]]`: a dated line for a homepage ("Our paper was accepted at NSDI"), newest first.
struct News : Entry {
    std::optional<PartialDate> date;
    SourcePos date_pos;
    Text text;
};

struct SectionEntry : Record {
    Text title;
    Text subtitle;
    Text date;
    Text location;
    Text url;                        // the title links here
    std::optional<DateRange> dates;  // `start`/`end`, beside or instead of the `date` text
    std::vector<Link> links;         // label = "URL", printed after the entry
    Text text;
    std::vector<Text> highlights;
};

struct CustomSection : Entry {
    Text title;
    Text text;
    std::vector<Text> items;
    std::vector<SectionEntry> entries;
};

// `[site]`: what `mkcv site` publishes beside the page.
struct SiteSettings {
    // The PDF templates built and linked (default: long and short); given: exactly these.
    std::optional<std::vector<Text>> pdfs;
    SourcePos pos;
};

struct BuildSettings {
    std::optional<PartialDate> date;  // "last updated"; reproducible builds never read the clock
    SourcePos date_pos;
    int timeout = 120;  // seconds TeX may take per template before it is stopped
    SourcePos timeout_pos;
    bool markup = true;  // `markup = "markdown"`: prose fields hold inline Markdown
    // `tex = "latexmk"`: every TeX template runs through latexmk, never XeLaTeX directly
    // (tex/tex_run.h), for templates that need latexmk's rules.
    bool latexmk = false;
};

// `[locale]`: the document's language (cv/locale.h), "" when not set (English), and the
// texts cv.toml gives over its locale's (cv/locale_texts.h, which this header leaves out:
// the locale's keys change more often than the model).
class LocaleTexts;
struct LocaleSettings {
    std::string language;  // a BCP 47 tag, checked by the loader
    SourcePos language_pos;
    std::shared_ptr<const LocaleTexts> overrides;  // [locale] keys but `language`; null: none
    // The texts the outputs print: the locale files of `language` found by the render
    // stage (render/locale_files.h), then `overrides`; null (English) until then.
    std::shared_ptr<const LocaleTexts> texts;
};

// `[sync]`: where `mkcv sync` finds the owner's papers (docs/sync.md). Each id is checked
// by the loader; `file` is the list sync writes and builds read, beside cv.toml.
struct SyncSettings {
    bool present = false;  // cv.toml has a [sync] table
    SourcePos pos;
    Text dblp;                 // a DBLP person id, "l/MichaelLey"
    Text orcid;                // "0000-0002-1825-0097"
    Text openalex;             // "A5023888391"
    Text semantic_scholar;     // "1723755"
    Text arxiv;                // an author query, "Adrian Del Maestro"
    std::vector<Text> ignore;  // citekeys, DOIs, arXiv ids, DBLP keys or titles to leave out
    // Notices (corrections, meeting abstracts …) to take in as papers all the same: DOIs,
    // arXiv ids, DBLP keys or titles.
    std::vector<Text> include;
    // `same_as = { "WORK" = "KEY" }`: the work (a citekey of the synced list, a DOI, arXiv id,
    // DBLP key or title) is the user's own entry KEY, which stands for it (the user decided a
    // work sync left out as "possibly the same as KEY"). In the order written.
    struct SameAs {
        Text work;
        Text key;
    };
    std::vector<SameAs> same_as;
    Text file;  // relative to cv.toml; empty: kDefaultSyncFile
    // Keep each paper's citation count (OpenAlex, Semantic Scholar) in kCitationsFile.
    bool citations = false;
};

inline constexpr const char* kCitationsFile = "publications.citations.toml";

inline constexpr const char* kDefaultSyncFile = "publications.sync.bib";

class SectionTable;

// content_filter.cpp (apply_rules) copies a Cv member by member: add new members there too.
// The entry lists are reached through the sections table (cv/sections.h), which names the
// member of each built-in section.
// One paragraph of a letter or a statement: its text (inline markup as in prose fields)
// and where it was written, the file and its line, for diagnostics (the page budget).
struct BodyParagraph {
    Text text;
    std::string file;  // cv.toml, or the Markdown file relative to its folder
    int line = 0;
};

// A statement that goes with an application (`[[applications.statements]]`): its kind
// ("research", "teaching" or any other; letters, digits, - and _), a title (default: the
// kind's, "Research statement"), and its Markdown file, read in the load step.
struct Statement {
    Text kind;
    Text title;
    Text file;
    std::vector<BodyParagraph> body;
    SourcePos pos;
};

// One `[[applications]]` entry (docs/applications.md): a cover letter, statements and a
// CV tailored to one position, which `mkcv apply` builds under out/applications/KEY/.
struct Application {
    Text key;  // letters, digits, - and _: the name of its folder and files
    Text organisation;
    Text position;
    Text language;  // the application's language, when not the CV's default
    Text recipient_name;
    Text recipient_title;
    std::vector<Text> recipient_address;
    std::optional<PartialDate> date;
    SourcePos date_pos;
    Text salutation;   // "Dear …," (default: the locale's, with the recipient's name)
    Text closing;      // "Sincerely," (default: the locale's)
    Text letter;       // inline text, paragraphs apart by a blank line
    Text letter_file;  // or a Markdown file beside cv.toml
    std::vector<BodyParagraph> body;  // the letter's paragraphs, read in the load step
    std::vector<Statement> statements;
    Text cv_template;        // "long" or "short" (default "short")
    std::vector<Text> tags;  // when given, the CV keeps entries carrying any of them
    Text signature;          // a PNG or JPEG beside cv.toml; else the typed name
    Photo signature_image;   // its bytes, read in the load step
    bool omit_phone = false;
    bool omit_address = false;
    bool mask_recipient = false;
    SourcePos pos;
};

struct Cv {
    std::string source_name;  // file name as given, used in diagnostics
    Person person;
    Text summary;  // `[person] summary` (or top-level): a paragraph under its own heading
    Text research_interests;
    std::vector<Education> education;
    std::vector<Experience> experience;
    std::vector<Publication> publications;
    std::vector<Teaching> teaching;
    std::vector<Award> awards;
    std::vector<CustomSection> sections;
    std::vector<Talk> talks;
    std::vector<Service> service;
    std::vector<Grant> grants;
    std::vector<Student> students;
    std::vector<Patent> patents;
    std::vector<Press> press;
    std::vector<Project> projects;
    std::vector<Volunteer> volunteer;
    std::vector<Certificate> certificates;
    std::vector<Skill> skills;
    std::vector<Language> languages;
    std::vector<Interest> interests;
    std::vector<Reference> references;
    BuildSettings build;
    SiteSettings site;
    LocaleSettings locale;
    SyncSettings sync;
    std::vector<Text> bibliography;                 // .bib files, relative to cv.toml
    std::map<std::string, ContentRules> templates;  // [templates.NAME]: overrides a manifest
    std::vector<Application> applications;          // [[applications]]
    // The application (and its statement) an output of `mkcv apply` is made for: its
    // context has `application` (and `statement`); none for every other output.
    std::optional<std::size_t> applying;
    std::optional<std::size_t> applying_statement;
    OptionSettings design;                                   // [design]: options for every template
    std::map<std::string, OptionSettings> template_options;  // [templates.NAME]'s options
    // [extra] as JSON text ("" when absent): kept for other tools, printed by no template
    // but the JSON Resume one, as one escaped string.
    std::string extra_json;
    // Entries of sections a table adds without a member here (a test's section): by key,
    // each a std::vector of its entry type.
    std::map<std::string, std::any, std::less<>> more_sections;
    const SectionTable* table = nullptr;  // the sections it was loaded with; null: the built-in
    // Owns `table` when cv.toml declares sections of its own ([section.KEY]).
    std::shared_ptr<const SectionTable> declared_table;
};

const char* to_string(PublicationKind kind);
std::optional<PublicationKind> publication_kind_from_string(const std::string& name);
const std::vector<std::string>& publication_kind_names();

}  // namespace mkcv

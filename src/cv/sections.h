// The CV's sections as data. One row per section says its cv.toml key, its entry type and
// where a Cv keeps the entries, the entry's fields (kind, doc, model member), whether
// templates filter its entries, whether the page budget may drop them, and its default
// heading. The loader, the schema (`mkcv schema`), the validator, the filters, the page
// budget, the value origins and the context builder walk the table instead of naming
// sections, so adding a section is one row in a section_rows_*.cpp file plus its struct in
// model.h (its entries kept in a Cv member the row names, or by key in Cv::more_sections);
// tests/unit/cv/sections_test.cpp adds one that way.
//
// Still special, by key: `publications` (merged with .bib entries: sorted, authors
// shortened, its own context, checks and value origins) and `awards` (lists the awards of
// papers too). `summary` and `research_interests` are paragraphs, not lists of entries, and
// may be written in [person]. The academic sections (talks … press) and the résumé
// sections (projects … references, named as JSON Resume names them) are plain rows;
// service's `kind` is a TextField with `allowed` values, which the context turns into
// `is.VALUE` flags and `service_kind.VALUE`.
#pragma once

#include <any>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cv/model.h"
#include "cv/schema.h"
#include "util/diagnostics.h"

namespace mkcv {

// A member of type T of some record type, reached from the Record base, so fields of
// different entry types fit in one table. Made from a member pointer by member<&X::y>().
template <typename T>
struct Member {
    T& (*get)(Record&) = nullptr;

    explicit operator bool() const { return get != nullptr; }
    T& operator()(Record& r) const { return get(r); }
    // `get` only forms a reference; reading through it leaves the record as it was.
    const T& operator()(const Record& r) const { return get(const_cast<Record&>(r)); }
};

template <auto M>
struct MemberTraits;
template <typename C, typename T, T C::*M>
struct MemberTraits<M> {
    using Class = C;
    using Type = T;
};

template <auto M>
Member<typename MemberTraits<M>::Type> member() {
    using Traits = MemberTraits<M>;
    return {[](Record& r) ->
            typename Traits::Type& { return static_cast<typename Traits::Class&>(r).*M; }};
}

// How a list of strings appears to templates.
enum class ListForm {
    Bullets,   // KEY: [{text}], has_KEY
    People,    // KEY: [{name}], KEY_text "A, B and C", KEY_many
    Terms,     // KEY: [{term}], terms_text "A, B"; its years date the entry
    Hidden,    // not shown (tags), nor traced back to cv.toml
    Owners,    // as People, each {name, owner}: the CV's owner marked (patents' inventors)
    Keywords,  // KEY: [{text}], KEY_text "A, B", has_KEY; plain text (skills' keywords)
};

struct Field;

// The kinds of field. Each knows its cv.toml shape, its model member and its context.
struct TextField {
    Member<Text> member;
    bool check_blank = false;  // a required text written blank is an error
    bool prose = false;        // holds inline Markdown (text/inline_markup.h)
    bool url = false;          // a URL: validated, and `href` beside it in the context
    // Joined with another field of the record by a locale pattern when that one is given
    // (education's degree and field: "BSc in Physics", "学士（物理学）"): the context's KEY
    // is the joined text, KEY_without_JOINED_KEY the text alone. The pattern's placeholders
    // are the two keys.
    std::string_view join_pattern = {};
    std::string_view joined_key = {};
    Member<Text> joined_with = {};
};
// Bullets are prose: they hold inline Markdown (text/inline_markup.h), as paragraph
// sections and TextFields marked `prose` do. Names, titles and venues never do.
struct TextListField {
    Member<std::vector<Text>> member;
    ListForm form = ListForm::Bullets;
    Member<SourcePos> list_pos = {};   // where the list is, if the model keeps it
    std::string_view empty_hint = {};  // set: an empty list is an error with this hint
};
// `year = 2023`, or with `month` set also `date = "2023-10"` / "2023-10-05" (a string or a
// TOML date) instead of it: the loader fills year, month and day from `date`, and refuses a
// `date` whose year disagrees with `year`. `needed`: one of the two must be written (unless
// the table has `needed_unless`, publications' `key`).
struct YearField {
    Member<int> year;
    Member<SourcePos> pos;
    Member<int> month = {};
    Member<int> day = {};
    Member<SourcePos> date_pos = {};
    bool needed = false;
    std::string_view needed_unless = {};
};
struct DateField {  // one `date`: a year, a month or a day; KEY and KEY_iso in the context
    Member<std::optional<PartialDate>> member;
    Member<SourcePos> pos;
};
struct FlagField {
    Member<bool> member;
    bool in_context = true;
};
struct DatesField {  // `start` and `end`
    Member<std::optional<DateRange>> member;
};
struct PeriodsField {  // `start` and `end`, or `periods`: a list of them
    Member<std::vector<DateRange>> member;
};
struct LinksField {  // label = "URL"
    Member<std::vector<Link>> member;
};
struct ChoiceField {  // a string of `allowed` values, turned into the model's type
    void (*set)(Record&, const Text&);
};
// Nested records ([[sections.entries]]): their own fields and how the owner keeps them.
struct RecordsField {
    std::string_view name;  // of the nested table in the schema
    std::string_view doc;
    std::vector<Field> fields;
    std::size_t (*size)(const Record& owner);
    const Record& (*at)(const Record& owner, std::size_t i);
    Record& (*append)(Record& owner);
};

using FieldKind = std::variant<TextField, TextListField, YearField, FlagField, DatesField,
                               PeriodsField, LinksField, ChoiceField, RecordsField, DateField>;

// For std::visit over a FieldKind: one lambda per kind.
template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
// g++ deduces this by itself (C++20); clang 14, which builds the fuzz targets, needs the guide.
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

struct Field {
    std::string_view key;  // in cv.toml; Dates and Periods: the context key (`dates`)
    std::string_view doc;
    bool required = false;
    FieldKind kind;
    std::vector<std::string_view> allowed = {};
    std::string_view required_unless = {};
};

// How a Cv keeps a section's entries: in a Cv member, or in Cv::more_sections by key.
struct EntryStore {
    std::size_t (*size)(const Cv&, std::string_view key);
    const Entry& (*at)(const Cv&, std::string_view key, std::size_t i);
    Entry& (*append)(Cv&, std::string_view key);
    void (*reserve)(Cv&, std::string_view key, std::size_t n);
    // `to`'s entries become those of `from` at `indices`, in that order (`to` may be `from`).
    void (*assign)(Cv& to, const Cv& from, std::string_view key,
                   const std::vector<std::size_t>& indices);
    // The same entry type kept in Cv::more_sections by key: where the entries of a section
    // declared in cv.toml ([section.KEY]) of this kind live.
    EntryStore (*by_key)() = nullptr;
};

namespace detail {

template <typename E, auto List>
std::vector<E>& entries(Cv& cv, std::string_view key) {
    if constexpr (List != nullptr) {
        return cv.*List;
    } else {
        auto it = cv.more_sections.find(key);
        if (it == cv.more_sections.end())
            it = cv.more_sections.emplace(std::string(key), std::vector<E>()).first;
        return std::any_cast<std::vector<E>&>(it->second);
    }
}

template <typename E, auto List>
const std::vector<E>& entries(const Cv& cv, std::string_view key) {
    if constexpr (List != nullptr) {
        return cv.*List;
    } else {
        static const std::vector<E> kNone;
        const auto it = cv.more_sections.find(key);
        return it == cv.more_sections.end() ? kNone
                                            : std::any_cast<const std::vector<E>&>(it->second);
    }
}

}  // namespace detail

// Entries of type E kept in `List` (a `std::vector<E> Cv::*`), or by key when nullptr.
template <typename E, auto List = nullptr>
EntryStore store() {
    using detail::entries;
    return {
        [](const Cv& cv, std::string_view key) { return entries<E, List>(cv, key).size(); },
        [](const Cv& cv, std::string_view key, std::size_t i) -> const Entry& {
            return entries<E, List>(cv, key)[i];
        },
        [](Cv& cv, std::string_view key) -> Entry& {
            return entries<E, List>(cv, key).emplace_back();
        },
        [](Cv& cv, std::string_view key, std::size_t n) { entries<E, List>(cv, key).reserve(n); },
        [](Cv& to, const Cv& from, std::string_view key, const std::vector<std::size_t>& indices) {
            const std::vector<E>& source = entries<E, List>(from, key);
            std::vector<E> out;
            out.reserve(indices.size());
            for (const std::size_t i : indices)
                out.push_back(source[i]);
            entries<E, List>(to, key) = std::move(out);
        },
        &store<E, nullptr>,
    };
}

// Nested records of type R in the owner's member `List` (a `std::vector<R> Owner::*`).
template <auto List>
RecordsField records(std::string_view name, std::string_view doc, std::vector<Field> fields) {
    using Owner = typename MemberTraits<List>::Class;
    return {name,
            doc,
            std::move(fields),
            [](const Record& o) { return (static_cast<const Owner&>(o).*List).size(); },
            [](const Record& o, std::size_t i) -> const Record& {
                return (static_cast<const Owner&>(o).*List)[i];
            },
            [](Record& o) -> Record& { return (static_cast<Owner&>(o).*List).emplace_back(); }};
}

// The one row that code still asks for by name: papers are merged with the .bib files,
// sorted, checked and traced by hand (docs/development.md, "Sections"). One named key, so
// that a search finds every place it is special.
inline constexpr std::string_view kPublicationsSection = "publications";

struct Section {
    std::string_view key;  // cv.toml key, context key and rule name
    // A section declared in cv.toml ([section.KEY] kind = "experience"): the key of the
    // built-in row it copies, whose context key templates print it under; "" for a row of
    // its own. Code special to a kind (publications, awards) asks kind_key().
    std::string_view kind = {};
    std::string_view doc;         // of the top-level key
    std::string_view filter_doc;  // of [templates.NAME.filters.KEY]
    std::string_view heading;     // default heading; "" when entries carry their own
    int print_rank = 0;           // default print order: lower first
    bool filterable = true;       // tags, selected, since, max_entries apply to its entries
    bool droppable = true;        // the page budget may drop its entries
    // A paragraph section (research interests) is one text, not a list of entries.
    Text Cv::*paragraph = nullptr;
    // A list of entries:
    std::string_view entry_doc = {};  // of one entry
    std::vector<Field> fields = {};
    EntryStore entries = {};
    Member<Text> name_field = {};                  // names an entry in messages
    std::string (*label)(const Entry&) = nullptr;  // an entry in the page budget's report
    // Checks across an entry's fields, after loading (validate.cpp runs them).
    void (*check)(const Entry&, const std::string& file, Diagnostics&) = nullptr;
    // A top-level key that belongs to this section, placed before it in the schema
    // (publications: `bibliography`, the .bib files its entries also come from).
    std::optional<FieldSpec> companion = std::nullopt;

    bool is_list() const { return paragraph == nullptr; }
    bool declared() const { return !kind.empty(); }
    std::string_view kind_key() const { return declared() ? kind : key; }
    std::size_t size(const Cv& cv) const;
    bool empty(const Cv& cv) const;
};

// The rows and what is derived from them: the default print order and the schema.
// Not copyable: the schema's tables point at each other.
class SectionTable {
  public:
    explicit SectionTable(std::vector<Section> rows);
    // `rows` may point into `owned` (the keys and headings of declared sections); a deque
    // moved keeps its elements where they are.
    SectionTable(std::vector<Section> rows, std::deque<std::string> owned);
    SectionTable(const SectionTable&) = delete;
    SectionTable& operator=(const SectionTable&) = delete;

    const std::vector<Section>& rows() const { return rows_; }
    const Section* find(std::string_view key) const;
    // Keys in default print order (the `order` a template leaves unsaid).
    const std::vector<std::string>& names() const { return names_; }
    const std::vector<const Section*>& in_print_order() const { return print_order_; }
    // The whole cv.toml format (person, sections, build, templates).
    const TableSpec& schema() const { return *schema_; }
    // The rows a template's `order` names: each name, then the declared sections of that
    // kind the order does not name itself, in cv.toml's order.
    std::vector<std::string> expand_order(const std::vector<std::string>& order) const;

  private:
    std::deque<std::string> owned_;
    std::vector<Section> rows_;
    std::vector<std::string> names_;
    std::vector<const Section*> print_order_;
    std::map<std::string_view, const Section*> by_key_;  // find's index (keys live in rows_)
    std::deque<TableSpec> specs_;  // the schema's tables; a deque keeps their addresses
    const TableSpec* schema_ = nullptr;
};

// mkcv's sections, in cv.toml's order.
std::vector<Section> builtin_section_rows();

// A section of a built-in kind under a key and heading of the user's ([section.KEY]).
struct DeclaredSection {
    std::string key;      // checked by the loader: not a key of the table, [A-Za-z0-9_-]
    std::string kind;     // a kind declarable_kinds() lists
    std::string heading;  // "" : the kind's own heading
};
// The kinds a [section.KEY] may have: every list section but the untyped `sections`.
std::vector<std::string> declarable_kinds(const SectionTable& base);
// `base` with a row per declared section, each placed after the rows of its kind.
std::shared_ptr<const SectionTable> with_declared_sections(
    const SectionTable& base, const std::vector<DeclaredSection>& declared);
const SectionTable& builtin_sections();
// The table `cv` was loaded with.
const SectionTable& sections_of(const Cv& cv);

// The whole cv.toml format of the built-in table (`mkcv schema`).
const TableSpec& cv_schema();

// The built-in section keys, as cv.toml names the tables; also the default print order.
const std::vector<std::string>& section_names();

// The heading a built-in section has unless a rule gives one.
std::string default_section_title(const std::string& section);

// The year an entry is dated by, for `since` and the page budget: its year, the end of its
// dates (9999 for "present"; the start when open), the latest of its periods, the last year
// its terms name; 0 when it has none.
int entry_year(const Section& section, const Entry& entry);

// Calls `fn` for every field of `fields` (nested ones included) holding text the user
// wrote and that is traced back to cv.toml: single texts first, then lists, then nested
// records, as value_origins reports them.
void for_each_text(const std::vector<Field>& fields, const Record& record,
                   const std::function<void(const Text&)>& fn);

}  // namespace mkcv

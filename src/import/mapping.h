// What every source format's mapper shares: reading the source tree with type checks and
// positions, building the cv.toml tree (built-in sections, custom `[[sections]]`), dates,
// notes, the summary of what went where, and the safety net that puts every value no mapper
// placed into a custom section, so nothing is dropped silently.
//
// A mapper (jsonresume.cpp, rendercv.cpp) is a table of small functions, one per section of
// its format; a section that cv.toml gains (as it gained skills, projects …) changes one row.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cv/dates.h"
#include "import/source_tree.h"
#include "import/toml_writer.h"
#include "util/diagnostics.h"

namespace mkcv {

// One line of the summary: `work[3].description → experience[3].note`.
struct MappedValue {
    std::string from;  // source path, with the value when the value was changed on the way
    std::string to;    // cv.toml path, or why it was not imported
};

// A table being filled: the steps from the document to it (key, index in its list or
// kNotListed) and its cv.toml path ("experience[3]", "sections[2].entries[0]"). Steps, not a
// pointer: adding a section moves the tables before it.
struct Target {
    static constexpr std::size_t kNotListed = static_cast<std::size_t>(-1);
    std::vector<std::pair<std::string, std::size_t>> steps;
    std::string path;
};

// The address of a profile on a network known by name (GitHub, LinkedIn, ORCID, Google
// Scholar …, any case) from the user name alone; empty for other networks.
std::string profile_url(const std::string& network, const std::string& user);

class ImportMapper;

// One profile of another tool into `[[person.profiles]]`: a known network with a valid user
// name, or any network with an http(s) link (made from the user name where mapping knows
// the network). False when it can be neither; the caller keeps it as text. Records
// "`at` (network) → person.profiles".
bool add_profile(ImportMapper& m, const SourceNode* entry, const std::string& at,
                 const std::optional<std::string>& network, const std::optional<std::string>& user,
                 std::optional<std::string> url);

// A photo's path that cv.toml can take as written: relative, not a URL. The import never
// reads it; `mkcv build` checks it against the folder of cv.toml.
bool is_local_photo_path(const std::string& path);

class ImportMapper {
  public:
    ImportMapper(std::string file, const SourceNode& root, Diagnostics& diagnostics);

    const std::string& file() const { return file_; }
    const SourceNode& root() const { return root_; }
    Diagnostics& diagnostics() { return diagnostics_; }
    const std::vector<MappedValue>& summary() const { return summary_; }
    TomlValue& document() { return document_; }
    // How many source values reached cv.toml.
    std::size_t values_imported() const { return imported_; }

    // From now on read_text takes a number or boolean of JSON as the text written (the
    // generic importer: a schema of one's own has no types to check).
    void take_any_scalar_as_text() { any_scalar_is_text_ = true; }

    // The CV's language (importer.cpp tells it before the mapping), for join_degree.
    void set_language(std::string tag) { language_ = std::move(tag); }
    // A degree and its field as one text, where they cannot stay apart (a custom section's
    // subtitle; [[education]] has `field`, which the locale joins): "BSc in Physics" in
    // English (or no language known), "Бакалавриат, Информатика" in any other.
    std::string join_degree(const std::string& degree, const std::string& field) const;

    // ---- reading the source ----
    // The text of a scalar (numbers and booleans of YAML as written; of JSON an error where
    // text is expected). A per-language object ({"en": "…", "de": "…"}) gives its first
    // value; the others go to the "Translations" section (written by place_leftovers) with
    // a warning. nullopt when absent,
    // null or of a wrong type (an error is recorded). Marks nothing as used.
    std::optional<std::string> read_text(const SourceNode* node, const std::string& path);
    // The items of a list (an error when it is not one); empty when absent.
    const std::vector<SourceNode>* read_list(const SourceNode* node, const std::string& path);
    // An object, or nullptr with an error when the value is something else.
    const SourceNode* read_object(const SourceNode* node, const std::string& path);
    // A list of texts: each item's text (items that are not text are errors).
    std::vector<std::string> read_texts(const SourceNode* node, const std::string& path);

    void error(const SourceNode* node, const std::string& path, std::string message,
               std::string hint = "");
    void warn(const SourceNode* node, const std::string& path, std::string message,
              std::string hint = "");
    // A value of a wrong type (`expected` names the right one): a warning, never a refusal;
    // the value stays unplaced for place_leftovers.
    void misfit(const SourceNode* node, const std::string& path, const std::string& expected);

    // cv.toml needs `person.name`: without one in the source (`path` says where it was
    // looked for), a placeholder with a warning, never a refusal.
    void require_name(const std::string& path, const SourceNode* near);

    // ---- writing cv.toml ----
    TomlValue& person();
    Target person_target();
    // A new `[[key]]` entry of a built-in section (education, experience, awards,
    // publications).
    Target new_entry(std::string_view key);
    // The key of a typed section of `kind` (experience, talks …) printed under `heading`,
    // declared in cv.toml's `[section.KEY]` on first use: `wanted` made a plain key
    // ("Data Science Experience" → data_science_experience), never a built-in or top-level
    // key of cv.toml. The same wanted key, kind and heading give the same section.
    std::string declared_section(const std::string& wanted, std::string_view kind,
                                 const std::string& heading);
    // A new custom section `[[sections]]` with this title.
    Target new_section(std::string title, const std::string& from);
    // The custom section of this title made by `section_named` (created on first use).
    // `shape` ("items", "entries", "text") keeps apart sections of one title that hold
    // different things: a custom section holds one of them only.
    Target section_named(const std::string& title, std::string_view shape = {});
    Target new_section_entry(Target& section);
    TomlValue& table(const Target& target);

    // Reads `node` as text and writes it at `target.key`; records the move. False when absent.
    bool put(Target& target, std::string_view key, const SourceNode* node, const std::string& path);
    // Writes a value made from the source (joined, reworded): `from` says from what.
    void put_value(Target& target, std::string_view key, std::string value,
                   const std::string& from);
    // A list of texts at `target.key`.
    bool put_texts(Target& target, std::string_view key, const SourceNode* node,
                   const std::string& path);
    // Appends a line to the text at `target.key` (a note, a paragraph).
    void append_text(Target& target, std::string_view key, const std::string& line,
                     const std::string& from);
    // Appends one string to the list at `target.key` (a custom section's items).
    void append_item(Target& target, std::string_view key, std::string value,
                     const std::string& from);
    void comment(Target& target, std::string line);

    // Marks `node` (and what it holds) placed, and records the summary line.
    void used(const SourceNode* node, const std::string& from, const std::string& to);
    void record(std::string from, std::string to);
    // A value deliberately not imported (another tool's settings): listed, not placed.
    void skip(const SourceNode* node, const std::string& path, const std::string& why);

    // ---- dates ----
    // A date of the source (cv.toml's forms or free text, loose_dates.h). When it is no date,
    // warns at its line and returns nothing; the caller keeps the text.
    std::optional<PartialDate> read_date(const SourceNode* node, const std::string& path);
    // `start` and `end` of a built-in entry from the source's two dates: a text that is no
    // date goes to the note, an end before its start too (cv.toml refuses it), both with a
    // warning.
    // `end_label` names the end in the note ("Ended", or "Date" for a single date);
    // `note_key` is the note's key (a custom entry's is `text`).
    void put_dates(Target& target, const SourceNode* start, const std::string& start_path,
                   const SourceNode* end, const std::string& end_path,
                   const std::string& end_label = "Ended", std::string_view note_key = "note");
    // A single date (an award's, a paper's) as cv.toml's `date` when it has a month, `year`
    // when it is a year alone; `text` is what the source wrote, for the summary.
    void put_date_or_year(Target& target, const SourceNode* node, const std::string& path,
                          const std::string& text, const PartialDate& date);
    // The date text of a custom entry: "Aug. 2025 – Present", or the source text as written.
    void put_date_text(Target& target, const SourceNode* start, const std::string& start_path,
                       const SourceNode* end, const std::string& end_path,
                       const SourceNode* single = nullptr, const std::string& single_path = {});

    // Keeps `node` (at `path`) under cv.toml's `[extra]`, as it is, for other tools: never
    // printed. False when it cannot be kept there (too deep, a text cv.toml refuses); the
    // caller leaves it for "Other imported data".
    bool keep_in_extra(const SourceNode& node, const std::string& path);

    // Every extension field no mapper placed (a key `x-…`, any depth) → `[extra]`, then the
    // "Translations" section, then every value no mapper placed → the "Other imported
    // data" section, each with a warning at its line. Call last.
    void place_leftovers();

  private:
    std::string file_;
    const SourceNode& root_;
    Diagnostics& diagnostics_;
    TomlValue document_;
    std::vector<MappedValue> summary_;
    std::size_t imported_ = 0;
    std::vector<std::pair<std::string, std::size_t>> named_sections_;
    std::vector<std::pair<std::string, std::string>> declared_;  // wanted + kind + heading, key
    // A value is often read twice (looked at, then placed): its translations are placed and
    // its problems reported once.
    std::set<const SourceNode*> translated_;
    std::vector<std::pair<std::string, std::string>> translations_;  // from, item
    std::set<std::tuple<int, int, std::string>> reported_;
    // Warned as a wrong type: not warned again as a leftover.
    std::set<std::pair<int, int>> misfits_;
    bool any_scalar_is_text_ = false;
    std::string language_;
};

}  // namespace mkcv

#include "import/mapping.h"

#include <charconv>
#include <functional>
#include <regex>

#include "cv/profiles.h"
#include "cv/sections.h"
#include "cv/validate.h"
#include "import/loose_dates.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

const char* kind_name(SourceNode::Kind kind) {
    switch (kind) {
        case SourceNode::Kind::Null:
            return "null";
        case SourceNode::Kind::Bool:
            return "a boolean";
        case SourceNode::Kind::Number:
            return "a number";
        case SourceNode::Kind::String:
            return "text";
        case SourceNode::Kind::Array:
            return "a list";
        case SourceNode::Kind::Object:
            return "an object";
    }
    return "a value";
}

// {"en": "…", "de": "…"}: a value given per language (JSON Resume's i18n convention).
bool is_per_language(const SourceNode& node) {
    if (node.kind != SourceNode::Kind::Object || node.members.empty())
        return false;
    static const std::regex tag("[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*");
    for (const auto& [key, value] : node.members)
        if (value.kind != SourceNode::Kind::String || !std::regex_match(key, tag))
            return false;
    return true;
}

std::size_t mark_used(const SourceNode& node) {
    node.used = true;
    std::size_t count = node.is_scalar() && !node.is_null() ? 1 : 0;
    for (const SourceNode& item : node.items)
        count += mark_used(item);
    for (const auto& member : node.members)
        count += mark_used(member.second);
    return count;
}

constexpr std::string_view kPlaceholderName = "Your Name";

std::string quoted_excerpt(const std::string& text) {
    return "\"" + shorten(text, 40) + "\"";
}

}  // namespace

std::string profile_url(const std::string& network, const std::string& user) {
    std::string n;
    for (const char c : network)
        if (c != ' ' && c != '-' && c != '_')
            n += ascii_lower(c);
    if (user.empty())
        return "";
    if (n == "github")
        return "https://github.com/" + user;
    if (n == "gitlab")
        return "https://gitlab.com/" + user;
    if (n == "linkedin")
        return "https://www.linkedin.com/in/" + user;
    if (n == "x" || n == "twitter")
        return "https://x.com/" + user;
    if (n == "orcid")
        return "https://orcid.org/" + user;
    if (n == "googlescholar")
        return "https://scholar.google.com/citations?user=" + user;
    if (n == "researchgate")
        return "https://www.researchgate.net/profile/" + user;
    if (n == "stackoverflow")
        return "https://stackoverflow.com/users/" + user;
    if (n == "youtube")
        return "https://www.youtube.com/@" + user;
    if (n == "instagram")
        return "https://www.instagram.com/" + user;
    if (n == "telegram")
        return "https://t.me/" + user;
    if (n == "bluesky")
        return "https://bsky.app/profile/" + user;
    if (n == "mastodon") {  // @name@host
        const std::string handle = user.front() == '@' ? user.substr(1) : user;
        const auto at = handle.find('@');
        if (at != std::string::npos && at > 0 && at + 1 < handle.size())
            return "https://" + handle.substr(at + 1) + "/@" + handle.substr(0, at);
    }
    return "";
}

bool add_profile(ImportMapper& m, const SourceNode* entry, const std::string& at,
                 const std::optional<std::string>& network, const std::optional<std::string>& user,
                 std::optional<std::string> url) {
    const bool web = url && (url->rfind("https://", 0) == 0 || url->rfind("http://", 0) == 0) &&
                     looks_like_url(*url);
    if (url && !url->empty() && !web)
        return false;
    if (url && url->empty())
        url.reset();
    const Network* known = network ? find_network(*network) : nullptr;
    const bool has_user = user && !user->empty();
    const bool user_ok = known && has_user && !username_problem(*known, *user);
    if (!user_ok && !url && network && has_user) {
        url = profile_url(*network, *user);  // a network cv.toml does not know, by name
        if (url->empty() || !looks_like_url(*url))
            url.reset();
    }
    if (!user_ok && !url)
        return false;
    TomlValue profile = TomlValue::table();
    profile.inline_table = true;
    if (network && !network->empty())
        profile.set("network", TomlValue::text(*network));
    // A known network's user name only when it makes a valid link; another network's as
    // written (its link is `url`); else the name shows as the label.
    if (has_user && (user_ok || (!known && network && !network->empty())))
        profile.set("username", TomlValue::text(*user));
    else if (has_user)
        profile.set("label", TomlValue::text(*user));
    if (url)
        profile.set("url", TomlValue::text(*url));
    TomlValue& profiles = m.person().at("profiles", TomlValue::Kind::Array);
    profiles.items.push_back(std::move(profile));
    m.used(entry, at + " (" + (network && !network->empty() ? *network : std::string("url")) + ")",
           "person.profiles");
    return true;
}

bool is_local_photo_path(const std::string& path) {
    return !path.empty() && path.size() <= 1024 && path.front() != '/' &&
           path.find("://") == std::string::npos && path.find('\0') == std::string::npos &&
           path.rfind("data:", 0) != 0 && path.find('\\') == std::string::npos;
}

ImportMapper::ImportMapper(std::string file, const SourceNode& root, Diagnostics& diagnostics)
    : file_(std::move(file)), root_(root), diagnostics_(diagnostics) {
    document_.at("person");  // first in the file, as in every cv.toml
}

// ---- reading ----

std::optional<std::string> ImportMapper::read_text(const SourceNode* node,
                                                   const std::string& path) {
    if (!node || node->is_null())
        return std::nullopt;
    std::string text;
    if (node->kind == SourceNode::Kind::String ||
        (node->is_scalar() && (!node->strictly_typed || any_scalar_is_text_))) {
        text = node->scalar;
    } else if (is_per_language(*node)) {
        text = node->members.front().second.scalar;
        if (!translated_.insert(node).second)
            return text;
        // Kept for the section "Translations", written last (place_leftovers).
        for (std::size_t i = 1; i < node->members.size(); ++i) {
            const auto& [language, value] = node->members[i];
            translations_.emplace_back(child_path(path, language),
                                       path + " [" + language + "]: " + value.scalar);
            mark_used(value);
        }
        warn(node, path,
             "a value per language: the first (" + node->members.front().first +
                 ") is imported, the others go to the section \"Translations\"",
             "cv.toml has one language per file for now");
    } else {
        misfit(node, path, "text");
        return std::nullopt;
    }
    if (text.size() > kMaxValueBytes) {
        error(node, path,
              "a text of " + std::to_string(text.size()) + " bytes; cv.toml takes at most " +
                  std::to_string(kMaxValueBytes),
              "shorten it in the source");
        return std::nullopt;
    }
    if (text.find('\x1A') != std::string::npos || text.find('\0') != std::string::npos) {
        // Not a refusal: the character becomes U+FFFD (the sign of a character lost), the
        // rest of the text and of the file are kept.
        warn(node, path,
             "holds a NUL or U+001A control character, which cv.toml refuses; written as "
             "U+FFFD",
             "remove it from the source");
        std::string kept;
        for (const char c : text)
            kept += c == '\x1A' || c == '\0' ? std::string("\xEF\xBF\xBD") : std::string(1, c);
        text = std::move(kept);
    }
    // Blank is absent: cv.toml refuses a blank required value, and a blank one prints nothing.
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        return std::nullopt;
    return text;
}

const std::vector<SourceNode>* ImportMapper::read_list(const SourceNode* node,
                                                       const std::string& path) {
    if (!node || node->is_null())
        return nullptr;
    if (node->kind != SourceNode::Kind::Array) {
        misfit(node, path, "a list");
        return nullptr;
    }
    return &node->items;
}

const SourceNode* ImportMapper::read_object(const SourceNode* node, const std::string& path) {
    if (!node || node->is_null())
        return nullptr;
    if (node->kind != SourceNode::Kind::Object) {
        misfit(node, path, "an object");
        return nullptr;
    }
    return node;
}

std::vector<std::string> ImportMapper::read_texts(const SourceNode* node, const std::string& path) {
    std::vector<std::string> out;
    if (const auto* items = read_list(node, path))
        for (std::size_t i = 0; i < items->size(); ++i)
            if (auto text = read_text(&(*items)[i], item_path(path, i)))
                out.push_back(std::move(*text));
    return out;
}

void ImportMapper::error(const SourceNode* node, const std::string& path, std::string message,
                         std::string hint) {
    if (node && !reported_.emplace(node->pos.line, node->pos.column, message).second)
        return;
    diagnostics_.error(file_, node ? node->pos : SourcePos{}, "import-type",
                       path + ": " + std::move(message), std::move(hint));
}

void ImportMapper::misfit(const SourceNode* node, const std::string& path,
                          const std::string& expected) {
    // Not a refusal: the value is left unplaced, so place_leftovers keeps it as text in
    // "Other imported data", and the rest of the file imports.
    warn(node, path,
         "expected " + expected + ", found " + kind_name(node->kind) +
             "; kept as text in the section \"Other imported data\"",
         "move it where it belongs in cv.toml");
    if (node)
        misfits_.emplace(node->pos.line, node->pos.column);
}

void ImportMapper::warn(const SourceNode* node, const std::string& path, std::string message,
                        std::string hint) {
    if (node && !reported_.emplace(node->pos.line, node->pos.column, message).second)
        return;
    diagnostics_.warning(file_, node ? node->pos : SourcePos{}, "import", path + ": " + message,
                         std::move(hint));
}

// ---- writing ----

TomlValue& ImportMapper::table(const Target& target) {
    TomlValue* at = &document_;
    for (const auto& [key, index] : target.steps) {
        at = &at->at(key,
                     index == Target::kNotListed ? TomlValue::Kind::Table : TomlValue::Kind::Array);
        if (index != Target::kNotListed)
            at = &at->items[index];
    }
    return *at;
}

std::string ImportMapper::join_degree(const std::string& degree, const std::string& field) const {
    const bool english = language_.empty() || language_ == "en" || language_.rfind("en-", 0) == 0;
    return degree + (english ? " in " : ", ") + field;
}

void ImportMapper::require_name(const std::string& path, const SourceNode* near) {
    if (person().find("name"))
        return;
    const SourceNode* at = near ? near : &root_;
    warn(at, path,
         "no name found; written as \"" + std::string(kPlaceholderName) +
             "\" in [person], for you to replace",
         "cv.toml needs the person's name: write it in [person] name");
    TomlValue name = TomlValue::text(std::string(kPlaceholderName));
    name.comments.push_back("The source gave no name: write yours here.");
    TomlValue& p = person();
    p.keys.insert(p.keys.begin(), "name");
    p.values.insert(p.values.begin(), std::move(name));
}

TomlValue& ImportMapper::person() {
    return document_.at("person");
}

Target ImportMapper::person_target() {
    return {{{"person", Target::kNotListed}}, "person"};
}

Target ImportMapper::new_entry(std::string_view key) {
    TomlValue& list = document_.at(key, TomlValue::Kind::Array);
    list.items.push_back(TomlValue::table());
    const std::size_t index = list.items.size() - 1;
    return {{{std::string(key), index}}, item_path(key, index)};
}

std::string ImportMapper::declared_section(const std::string& wanted, std::string_view kind,
                                           const std::string& heading) {
    const std::string id = wanted + '\x1f' + std::string(kind) + '\x1f' + heading;
    for (const auto& [name, key] : declared_)
        if (name == id)
            return key;
    std::string key;
    for (const char c : ascii_lower(wanted)) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (plain)
            key += c;
        else if (!key.empty() && key.back() != '_')
            key += '_';
    }
    while (!key.empty() && key.back() == '_')
        key.pop_back();
    if (key.size() > 56)
        key.resize(56);
    if (key.empty() || !(key[0] >= 'a' && key[0] <= 'z'))
        key = std::string(kind) + (key.empty() ? "" : "_" + key);
    const auto taken = [&](const std::string& k) {
        if (cv_schema().find(k) || k == "section")
            return true;
        for (const auto& [name, used] : declared_)
            if (used == k)
                return true;
        return false;
    };
    const std::string base = key;
    for (int n = 2; taken(key); ++n)
        key = base + "_" + std::to_string(n);
    declared_.emplace_back(id, key);
    TomlValue& table = document_.at("section").at(key);
    table.set("kind", TomlValue::text(std::string(kind)));
    if (!heading.empty())
        table.set("heading", TomlValue::text(heading));
    return key;
}

Target ImportMapper::new_section(std::string title, const std::string& from) {
    TomlValue& list = document_.at("sections", TomlValue::Kind::Array);
    list.items.push_back(TomlValue::table());
    const std::size_t index = list.items.size() - 1;
    Target section{{{"sections", index}}, item_path("sections", index)};
    put_value(section, "title", std::move(title), from);
    return section;
}

Target ImportMapper::section_named(const std::string& title, std::string_view shape) {
    const std::string key = title + '\x1f' + std::string(shape);
    for (const auto& [name, index] : named_sections_)
        if (name == key)
            return {{{"sections", index}}, item_path("sections", index)};
    TomlValue& list = document_.at("sections", TomlValue::Kind::Array);
    list.items.push_back(TomlValue::table());
    const std::size_t index = list.items.size() - 1;
    named_sections_.emplace_back(key, index);
    Target section{{{"sections", index}}, item_path("sections", index)};
    table(section).set("title", TomlValue::text(title));
    return section;
}

Target ImportMapper::new_section_entry(Target& section) {
    TomlValue& list = table(section).at("entries", TomlValue::Kind::Array);
    list.items.push_back(TomlValue::table());
    const std::size_t index = list.items.size() - 1;
    Target entry = section;
    entry.steps.emplace_back("entries", index);
    entry.path = item_path(section.path + ".entries", index);
    return entry;
}

bool ImportMapper::put(Target& target, std::string_view key, const SourceNode* node,
                       const std::string& path) {
    auto text = read_text(node, path);
    if (!text)
        return false;
    table(target).set(key, TomlValue::text(std::move(*text)));
    used(node, path, target.path + "." + std::string(key));
    return true;
}

void ImportMapper::put_value(Target& target, std::string_view key, std::string value,
                             const std::string& from) {
    table(target).set(key, TomlValue::text(std::move(value)));
    if (!from.empty())
        record(from, target.path + "." + std::string(key));
}

bool ImportMapper::put_texts(Target& target, std::string_view key, const SourceNode* node,
                             const std::string& path) {
    std::vector<std::string> texts = read_texts(node, path);
    if (texts.empty())
        return false;
    TomlValue list = TomlValue::array();
    for (std::string& text : texts)
        list.items.push_back(TomlValue::text(std::move(text)));
    table(target).set(key, std::move(list));
    used(node, path, target.path + "." + std::string(key));
    return true;
}

void ImportMapper::append_text(Target& target, std::string_view key, const std::string& line,
                               const std::string& from) {
    TomlValue& at = table(target);
    if (TomlValue* existing = at.find(key);
        existing && existing->kind == TomlValue::Kind::String &&
        existing->string.size() + 1 + line.size() > kMaxValueBytes) {
        // cv.toml takes 10,000 bytes in one text: the line waits in "Other imported data"
        // rather than the whole import failing.
        diagnostics_.warning(file_, {}, "import",
                             target.path + "." + std::string(key) +
                                 ": longer than the 10,000 bytes cv.toml takes in one text; a "
                                 "line of it is in the section \"Other imported data\"");
        Target other = section_named("Other imported data");
        append_item(other, "items", target.path + "." + std::string(key) + ": " + line, from);
        return;
    } else if (existing && existing->kind == TomlValue::Kind::String)
        existing->string += "\n" + line;
    else
        at.set(key, TomlValue::text(line));
    if (!from.empty())
        record(from, target.path + "." + std::string(key));
}

void ImportMapper::append_item(Target& target, std::string_view key, std::string value,
                               const std::string& from) {
    TomlValue& list = table(target).at(key, TomlValue::Kind::Array);
    list.items.push_back(TomlValue::text(std::move(value)));
    if (!from.empty())
        record(from, item_path(target.path + "." + std::string(key), list.items.size() - 1));
}

void ImportMapper::comment(Target& target, std::string line) {
    table(target).comments.push_back(std::move(line));
}

void ImportMapper::used(const SourceNode* node, const std::string& from, const std::string& to) {
    if (node)
        imported_ += mark_used(*node);
    record(from, to);
}

void ImportMapper::record(std::string from, std::string to) {
    summary_.push_back({std::move(from), std::move(to)});
}

void ImportMapper::skip(const SourceNode* node, const std::string& path, const std::string& why) {
    if (node)
        mark_used(*node);
    record(path, "not imported: " + why);
}

// ---- dates ----

std::optional<PartialDate> ImportMapper::read_date(const SourceNode* node,
                                                   const std::string& path) {
    auto text = read_text(node, path);
    if (!text)
        return std::nullopt;
    if (auto date = parse_loose_date(*text))
        return date;
    warn(node, path, "\"" + shorten(*text) + "\" is not a date mkcv reads; kept as text",
         "write YYYY, YYYY-MM or YYYY-MM-DD");
    return std::nullopt;
}

void ImportMapper::put_dates(Target& target, const SourceNode* start, const std::string& start_path,
                             const SourceNode* end, const std::string& end_path,
                             const std::string& end_label, std::string_view note_key) {
    const std::string note(note_key);
    const auto start_text = read_text(start, start_path);
    const auto end_text = read_text(end, end_path);
    auto start_date = start_text ? read_date(start, start_path) : std::nullopt;
    auto end_date = end_text ? read_date(end, end_path) : std::nullopt;
    if (start_text && !start_date) {
        append_text(target, note, "Started: " + *start_text, {});
        used(start, start_path, target.path + "." + note);
    }
    if (end_text && !end_date) {
        append_text(target, note, end_label + ": " + *end_text, {});
        used(end, end_path, target.path + "." + note);
    }
    if (start_date && start_date->present) {
        warn(start, start_path, "a start of \"present\"; kept in the note");
        append_text(target, note, "Started: " + *start_text, {});
        used(start, start_path, target.path + "." + note);
        start_date.reset();
    }
    if (start_date && end_date && compare_dates(*end_date, *start_date) < 0) {
        warn(end, end_path,
             "ends (" + *end_text + ") before it starts (" + *start_text +
                 "); cv.toml refuses that, so the end is kept in the note",
             "check the dates in the source");
        append_text(target, note, end_label + ": " + *end_text, {});
        used(end, end_path, target.path + "." + note);
        end_date.reset();
    }
    const auto write = [&](const char* key, const SourceNode* node, const std::string& path,
                           const std::string& text, const PartialDate& date) {
        const std::string iso = iso_date(date);
        table(target).set(key, TomlValue::text(iso));
        used(node, iso == text ? path : path + " " + quoted_excerpt(text),
             target.path + "." + key + (iso == text ? "" : " = \"" + iso + "\""));
    };
    if (start_date)
        write("start", start, start_path, *start_text, *start_date);
    if (end_date)
        write("end", end, end_path, *end_text, *end_date);
}

void ImportMapper::put_date_or_year(Target& target, const SourceNode* node, const std::string& path,
                                    const std::string& text, const PartialDate& date) {
    const std::string from = path + " \"" + text + "\"";
    if (date.month) {
        table(target).set("date", TomlValue::text(iso_date(date)));
        used(node, from, target.path + ".date");
    } else {
        table(target).set("year", TomlValue::number(date.year));
        used(node, from, target.path + ".year");
    }
}

void ImportMapper::put_date_text(Target& target, const SourceNode* start,
                                 const std::string& start_path, const SourceNode* end,
                                 const std::string& end_path, const SourceNode* single,
                                 const std::string& single_path) {
    std::string from;
    const auto part = [&](const SourceNode* node, const std::string& path)
        -> std::pair<std::optional<std::string>, std::optional<PartialDate>> {
        auto text = read_text(node, path);
        if (!text)
            return {};
        from += (from.empty() ? "" : " + ") + path + " " + quoted_excerpt(*text);
        mark_used(*node);
        ++imported_;
        return {text, parse_loose_date(*text)};
    };
    const auto [start_text, start_date] = part(start, start_path);
    const auto [end_text, end_date] = part(end, end_path);
    const auto [single_text, single_date] = part(single, single_path);
    // Dates mkcv reads become the entry's `start` and `end`, which print in the CV's
    // language (a Japanese CV's "2021年10月"); the rest stays text, as written.
    const bool range = (start_text || end_text) && !single_text && (!start_text || start_date) &&
                       (!end_text || end_date) && !(start_date && start_date->present) &&
                       !(end_date && end_date->present && !start_date) &&
                       !(start_date && end_date && compare_dates(*end_date, *start_date) < 0);
    const bool lone =
        single_text && !start_text && !end_text && single_date && !single_date->present;
    if (range || lone) {
        std::string to;
        if (start_date) {
            table(target).set("start", TomlValue::text(iso_date(*start_date)));
            to = target.path + ".start";
        }
        if (const auto& last = lone ? single_date : end_date) {
            table(target).set("end", TomlValue::text(iso_date(*last)));
            to += (to.empty() ? target.path : std::string(" +")) + ".end";
        }
        record(from, to);
        return;
    }
    std::string shown;
    if (start_text || end_text) {
        if ((!start_text || start_date) && (!end_text || end_date)) {
            if (start_date && end_date && compare_dates(*end_date, *start_date) < 0)
                warn(end, end_path, "ends before it starts; imported as written");
            shown = format_range(start_date, end_date);
        } else {
            shown = start_text.value_or("") + " – " + end_text.value_or("");
        }
    }
    if (single_text) {
        const std::string text = single_date ? format_date(*single_date) : *single_text;
        shown = shown.empty() ? text : shown + ", " + text;
    }
    if (!shown.empty())
        put_value(target, "date", shown, from);
}

// ---- [extra] ----

namespace {

bool is_extension_key(std::string_view key) {
    return key.size() > 2 && (key[0] == 'x' || key[0] == 'X') && key[1] == '-';
}

// Deeper than this, or a text cv.toml refuses: not for [extra] (toml_input's bounds).
constexpr int kMaxExtraDepth = 16;

bool fits_extra(const SourceNode& node, int depth) {
    if (depth > kMaxExtraDepth)
        return false;
    if (node.kind == SourceNode::Kind::String)
        return node.scalar.size() <= kMaxValueBytes &&
               node.scalar.find('\x1A') == std::string::npos &&
               node.scalar.find('\0') == std::string::npos;
    for (const SourceNode& item : node.items)
        if (!fits_extra(item, depth + 1))
            return false;
    for (const auto& member : node.members)
        if (!fits_extra(member.second, depth + 1) || member.first.size() > 1024)
            return false;
    return true;
}

// The value as TOML: objects as inline tables, numbers that are integers as integers, a
// null (TOML has none) as the text "null" in a list and left out of a table.
TomlValue to_toml(const SourceNode& node) {
    switch (node.kind) {
        case SourceNode::Kind::Bool:
            if (node.strictly_typed) {
                TomlValue b;
                b.kind = TomlValue::Kind::Bool;
                b.boolean = node.scalar == "true";
                return b;
            }
            return TomlValue::text(node.scalar);
        case SourceNode::Kind::Number: {
            std::int64_t n = 0;
            const char* end = node.scalar.data() + node.scalar.size();
            const auto [ptr, ec] = std::from_chars(node.scalar.data(), end, n);
            if (node.strictly_typed && ec == std::errc() && ptr == end)
                return TomlValue::number(n);
            return TomlValue::text(node.scalar);
        }
        case SourceNode::Kind::Array: {
            TomlValue list = TomlValue::array();
            for (const SourceNode& item : node.items)
                list.items.push_back(to_toml(item));
            return list;
        }
        case SourceNode::Kind::Object: {
            TomlValue table = TomlValue::table();
            table.inline_table = true;
            for (const auto& [key, value] : node.members)
                if (!value.is_null())
                    table.set(key, to_toml(value));
            return table;
        }
        default:
            return TomlValue::text(node.scalar);
    }
}

}  // namespace

bool ImportMapper::keep_in_extra(const SourceNode& node, const std::string& path) {
    if (node.is_null() || !fits_extra(node, 0))
        return false;
    TomlValue& extra = document_.at("extra");
    if (extra.find(path))
        return false;
    if (extra.keys.empty())
        extra.comments = {"Kept for other tools (extension fields, settings); never printed.",
                          "`mkcv build -t jsonresume` writes it back as meta.mkcv.extra."};
    extra.set(path, to_toml(node));
    imported_ += mark_used(node);
    record(path, "extra." + toml_key(path) + " (not printed)");
    return true;
}

// ---- the safety net ----

void ImportMapper::place_leftovers() {
    if (diagnostics_.has_errors())
        return;  // nothing is written: warnings about where values would go are noise
    // Extension fields (`x-factIds`, `x-preferences` …): data of a tool, not text of the CV.
    const std::function<void(const SourceNode&, const std::string&)> extensions =
        [&](const SourceNode& node, const std::string& path) {
            for (std::size_t i = 0; i < node.items.size(); ++i)
                extensions(node.items[i], item_path(path, i));
            for (const auto& [key, value] : node.members) {
                const std::string at = child_path(path, key);
                if (is_extension_key(key) && !value.used && keep_in_extra(value, at))
                    continue;
                extensions(value, at);
            }
        };
    extensions(root_, "");
    if (!translations_.empty()) {
        Target section = section_named("Translations");
        comment(section,
                "Values given per language: the first language's is in its field, the "
                "others are here.");
        for (auto& [from, item] : translations_)
            append_item(section, "items", std::move(item), from);
        translations_.clear();
    }
    std::vector<std::pair<std::string, const SourceNode*>> left;
    walk_scalars(root_, "", [&](const std::string& path, const SourceNode& node) {
        if (node.used || node.is_null())
            return;
        if (node.kind == SourceNode::Kind::String &&
            node.scalar.find_first_not_of(" \t\r\n") == std::string::npos)
            skip(&node, path, "blank");  // nothing to print
        else
            left.emplace_back(path, &node);
    });
    if (left.empty())
        return;
    constexpr std::size_t kWarned = 20;
    Target other = section_named("Other imported data");
    comment(other, "Values the importer has no cv.toml field for, as \"path: value\".");
    for (std::size_t i = 0; i < left.size(); ++i) {
        const auto& [path, node] = left[i];
        if (i < kWarned && !misfits_.count({node->pos.line, node->pos.column}))
            warn(node, path,
                 "has no place in cv.toml; kept in the section \"Other imported data\"");
        if (node->kind == SourceNode::Kind::String && !read_text(node, path))
            continue;  // too long, or a control character cv.toml refuses: an error was said
        append_item(other, "items", path + ": " + node->scalar, path);
        imported_ += mark_used(*node);
    }
    if (left.size() > kWarned)
        diagnostics_.warning(file_, {}, "import",
                             std::to_string(left.size() - kWarned) +
                                 " more values went to the section \"Other imported data\"");
}

}  // namespace mkcv

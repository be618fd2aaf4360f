#include "bib/reader.h"

#include <btparse.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <regex>

#include "util/ascii.h"
#include "util/utf8.h"

// btparse leaked the empty string it substituted for an undefined @string macro (strdup in
// bt_postprocess_value, called inside bt_parse_entry_s). It no longer expands macros for us
// (see initialise_btparse), but the suppression stays in case post-processing runs; the
// sanitizer's fast unwinder cannot see past the library's frames, hence the function name.
// GCC says ASan is on with __SANITIZE_ADDRESS__, clang only through __has_feature (the
// sanitizer build of build_scripts/test.sh is clang's).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MKCV_ADDRESS_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(MKCV_ADDRESS_SANITIZER)
extern "C" const char* __lsan_default_suppressions() {
    return "leak:bt_postprocess_value\n";
}
#endif

namespace mkcv {
namespace {

// btparse copies the text of a syntax error ("found \"{ 100% In…\"") into the format string of
// its own vsnprintf, so a `%` there is a conversion: `% In` is a %n, which glibc aborts on
// (and elsewhere writes through a pointer off the stack). No `%` ever reaches btparse: each
// is written as kStandIn twice, and kStandIn itself as kStandIn and `x`, a code that reads
// back exactly whatever the text held; everything btparse gives back is read back through
// with_percent. kStandIn is U+10FFFD, a private-use code point, in UTF-8.
constexpr std::string_view kStandIn = "\xF4\x8F\xBF\xBD";

std::string without_percent(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%') {
            out.append(kStandIn).append(kStandIn);
        } else if (text.substr(i, kStandIn.size()) == kStandIn) {
            out.append(kStandIn) += 'x';
            i += kStandIn.size() - 1;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::string with_percent(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.substr(i, kStandIn.size()) != kStandIn) {
            out += text[i];
            continue;
        }
        const std::string_view next = text.substr(i + kStandIn.size());
        if (next.substr(0, kStandIn.size()) == kStandIn) {
            out += '%';
            i += 2 * kStandIn.size() - 1;
        } else if (!next.empty() && next[0] == 'x') {
            out.append(kStandIn);
            i += kStandIn.size();
        } else {  // cut short in a message: left as it is
            out.append(kStandIn);
            i += kStandIn.size() - 1;
        }
    }
    return out;
}

// btparse keeps its macro table and error counts in globals.
std::mutex& btparse_mutex() {
    static std::mutex mutex;
    return mutex;
}

// btparse only parses: it neither expands macros nor pastes pieces, and never stores an
// @string in its own table. Its expansion is what crashed (a macro defined from an undefined
// one is a NULL that `a # "x"` passes to strlen) and what blew up (25 chained doublings
// are 3 GB); MacroTable below expands instead, measuring before it builds anything.
void initialise_btparse() {
    static std::once_flag once;
    std::call_once(once, [] {
        bt_initialize();
        for (bt_metatype type : {BTE_REGULAR, BTE_COMMENT, BTE_PREAMBLE, BTE_MACRODEF})
            bt_set_stringopts(type, BTO_MINIMAL);
    });
}

// btparse stores every @string it parses in its table, expanding it there (the crash), and
// offers no option not to. So an @string reaches it dressed as a regular entry with a
// made-up key: `@string{a = "x"}` is parsed as `@mkcvstring{mkcvstring,a = "x"}`. No line
// break is added, so the lines btparse reports stay true.
bool is_string_entry(const std::string& chunk) {
    std::size_t i = 1;  // after the `@`
    while (i < chunk.size() && (chunk[i] == ' ' || chunk[i] == '\t'))
        ++i;
    std::string word;
    while (i < chunk.size() &&
           (std::isalnum(static_cast<unsigned char>(chunk[i])) || chunk[i] == '_'))
        word += ascii_lower(chunk[i++]);
    return word == "string";
}

std::string string_as_regular_entry(const std::string& chunk) {
    const std::size_t open = chunk.find_first_of("{(");
    if (open == std::string::npos)
        return chunk;
    return "@mkcvstring" + chunk.substr(open, 1) + "mkcvstring," + chunk.substr(open + 1);
}

// The @string macros read so far, with the room left for expanded text (shared by the
// files of one bibliography, as the macros are).
struct MacroTable {
    std::map<std::string, std::string> macros;  // lower-case name → expanded text
    std::size_t expanded = 0;                   // bytes pasted in from macros so far
};

MacroTable& macro_table() {
    static MacroTable table;
    return table;
}

// btparse prints its messages to stderr and offers no hook in Debian's build; catch them
// in a temporary file for the time of one call, so they become our diagnostics instead.
class StderrCapture {
  public:
    StderrCapture() {
        std::fflush(stderr);
        file_ = std::tmpfile();
        saved_ = dup(STDERR_FILENO);
        if (file_ && saved_ >= 0)
            dup2(fileno(file_), STDERR_FILENO);
    }
    ~StderrCapture() { restore(); }

    // What was printed since the last call.
    std::string take() {
        std::string text;
        if (!file_)
            return text;
        std::fflush(stderr);
        std::fseek(file_, read_, SEEK_SET);
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file_)) > 0;)
            text.append(buffer, n);
        read_ += static_cast<long>(text.size());
        return text;
    }

  private:
    void restore() {
        std::fflush(stderr);
        if (saved_ >= 0) {
            dup2(saved_, STDERR_FILENO);
            close(saved_);
        }
        if (file_)
            std::fclose(file_);
    }

    std::FILE* file_ = nullptr;
    int saved_ = -1;
    long read_ = 0;
};

// "pubs.bib, line 16, syntax error: found …" → diagnostics; warnings stay warnings.
void report_messages(const std::string& text, const std::string& file, bool entry_failed,
                     int entry_line, const std::string& key, Diagnostics& diagnostics) {
    static const std::regex message(R"(^(?:.*?), line (\d+)(?:, [^:]*?)?, ([a-z ]*?): (.*)$)");
    std::size_t begin = 0;
    bool reported = false;
    while (begin < text.size()) {
        auto end = text.find('\n', begin);
        if (end == std::string::npos)
            end = text.size();
        const std::string line = text.substr(begin, end - begin);
        begin = end + 1;
        std::smatch match;
        if (!std::regex_match(line, match, message)) {
            if (!line.empty())
                diagnostics.warning(file, {entry_line, 0}, "bibtex", line);
            continue;
        }
        const int at = std::stoi(match[1].str());
        const std::string kind = match[2].str();
        std::string what = match[3].str();
        if (const auto skip = what.find(" (skipping to next"); skip != std::string::npos)
            what.erase(skip);  // we skip to the next line starting with @ instead
        if (kind.find("error") != std::string::npos) {
            // btparse notices the damage where it ends (often the next entry's line); point
            // at the entry, and say where btparse stopped.
            diagnostics.warning(file, {entry_line, 0}, "bibtex-syntax",
                                "BibTeX entry" + (key.empty() ? "" : " `" + key + "`") +
                                    " is malformed and left out: " + kind + " at line " +
                                    std::to_string(at) + ": " + what,
                                "the other entries are read; fix this one to print it");
            reported = true;
        } else {
            diagnostics.warning(file, {at, 0}, "bibtex", what);
        }
    }
    if (entry_failed && !reported)
        diagnostics.warning(
            file, {entry_line, 0}, "bibtex-syntax",
            "BibTeX entry" + (key.empty() ? "" : " `" + key + "`") + " is malformed",
            "this entry is left out; the others are read");
}

// The text of each entry, found as BibTeX finds it: outside entries everything but `@` is
// ignored, and an entry ends at the brace (or parenthesis) that closes it. An entry whose
// braces do not balance ends before the next line that starts with `@`, so it cannot
// swallow the entries after it.
struct Chunk {
    std::string text;
    int line;
};

bool line_starts_with_at(const std::string& text, std::size_t newline) {
    const std::size_t first = text.find_first_not_of(" \t\r", newline + 1);
    return first != std::string::npos && text[first] == '@';
}

std::vector<Chunk> split_entries(const std::string& text) {
    std::vector<Chunk> chunks;
    std::size_t pos = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // a UTF-8 BOM
    int line = 1;
    std::size_t counted = 0;  // `line` is the line of text[counted]
    auto line_at = [&](std::size_t at) {
        for (; counted < at; ++counted)
            line += text[counted] == '\n';
        return line;
    };
    while ((pos = text.find('@', pos)) != std::string::npos) {
        const std::size_t start = pos;
        std::size_t open = start + 1;
        while (open < text.size() && (std::isalnum(static_cast<unsigned char>(text[open])) ||
                                      text[open] == '_' || text[open] == ' ' || text[open] == '\t'))
            ++open;
        if (open >= text.size() || (text[open] != '{' && text[open] != '(')) {
            pos = start + 1;  // an @ that starts no entry, e.g. in an e-mail address
            continue;
        }
        const char closer = text[open] == '{' ? '}' : ')';
        int depth = closer == '}' ? 1 : 0;  // braces open inside the entry
        std::size_t end = open + 1;
        bool closed = false;
        for (; end < text.size(); ++end) {
            const char c = text[end];
            if (c == '\n' && line_starts_with_at(text, end))
                break;  // the next entry begins: this one is unbalanced
            if (c == '{') {
                ++depth;
            } else if (c == '}') {
                if (--depth == 0 && closer == '}') {
                    closed = true;
                    break;
                }
            } else if (c == ')' && closer == ')' && depth == 0) {
                closed = true;
                break;
            }
        }
        if (end > text.size())
            end = text.size();
        const std::size_t stop = closed ? end + 1 : end;
        chunks.push_back({text.substr(start, stop - start), line_at(start)});
        pos = stop;
    }
    return chunks;
}

const char* const kMonths[][2] = {{"jan", "January"}, {"feb", "February"}, {"mar", "March"},
                                  {"apr", "April"},   {"may", "May"},      {"jun", "June"},
                                  {"jul", "July"},    {"aug", "August"},   {"sep", "September"},
                                  {"oct", "October"}, {"nov", "November"}, {"dec", "December"}};

}  // namespace

void reset_bibtex_macros() {
    std::lock_guard lock(btparse_mutex());
    MacroTable& table = macro_table();
    table = MacroTable{};
    for (const auto& [macro, month] : kMonths)
        table.macros[macro] = month;
}

std::vector<BibEntry> read_bibtex_alone(const std::string& text, const std::string& file_name,
                                        Diagnostics& diagnostics) {
    MacroTable saved;
    {
        std::lock_guard lock(btparse_mutex());
        saved = macro_table();
    }
    reset_bibtex_macros();
    std::vector<BibEntry> entries = read_bibtex(text, file_name, diagnostics);
    std::lock_guard lock(btparse_mutex());
    macro_table() = std::move(saved);
    return entries;
}

const BibField* BibEntry::field(const std::string& name) const {
    for (const auto& f : fields)
        if (f.name == name)
            return &f;
    return nullptr;
}

namespace {

std::string size_text(std::size_t bytes) {
    if (bytes % (1024 * 1024) == 0)
        return std::to_string(bytes / (1024 * 1024)) + " MiB";
    return bytes % 1024 == 0 ? std::to_string(bytes / 1024) + " KiB"
                             : std::to_string(bytes) + " bytes";
}

enum class Expansion { Ok, ValueTooLong, BibliographyTooLong };

// The value of one field or @string: its pieces pasted, macros replaced by their text.
// Sizes are added up before anything is built, so no input can make mkcv allocate more
// than kMaxBibValueBytes for a value, or more than kMaxBibExpandedBytes in all beyond the
// file's own text (only macros multiply it; literal text is bounded by the file's size).
Expansion expand_value(AST* field, MacroTable& table, std::string& out,
                       std::vector<std::string>& undefined) {
    std::size_t size = 0;
    std::size_t from_macros = 0;
    bt_nodetype type{};
    char* text = nullptr;
    std::vector<std::pair<bt_nodetype, std::string>> pieces;  // read back: `%` as written
    for (AST* v = nullptr; (v = bt_next_value(field, v, &type, &text));) {
        if (!text)
            continue;
        pieces.emplace_back(type, with_percent(text));
        const std::string& piece = pieces.back().second;
        if (type == BTAST_MACRO) {
            const auto found = table.macros.find(ascii_lower(piece));
            if (found == table.macros.end()) {
                if (std::find(undefined.begin(), undefined.end(), piece) == undefined.end())
                    undefined.push_back(piece);
            } else {
                size += found->second.size();
                from_macros += found->second.size();
            }
        } else {
            size += piece.size();
        }
        if (size > kMaxBibValueBytes)
            return Expansion::ValueTooLong;
    }
    if (from_macros > kMaxBibExpandedBytes - table.expanded)
        return Expansion::BibliographyTooLong;
    table.expanded += from_macros;
    out.reserve(size);
    for (const auto& [piece_type, piece] : pieces) {
        if (piece_type != BTAST_MACRO) {
            out += piece;
        } else if (const auto found = table.macros.find(ascii_lower(piece));
                   found != table.macros.end()) {
            out += found->second;
        }
    }
    return Expansion::Ok;
}

}  // namespace

std::vector<BibEntry> read_bibtex(const std::string& text, const std::string& file_name,
                                  Diagnostics& diagnostics) {
    // Not text: refuse the whole file before btparse or nlohmann::json sees a byte of it.
    if (const std::size_t bad = invalid_utf8_offset(text); bad != std::string::npos) {
        const SourcePos pos = position_at(text, bad);
        diagnostics.error(file_name, pos, "bibtex-utf8",
                          text[bad] == '\0' ? "a NUL byte: this file is not text"
                                            : "invalid UTF-8: this file is not UTF-8 text",
                          "save the file as UTF-8 (iconv -f latin1 -t utf-8 is a common fix)");
        return {};
    }
    std::lock_guard lock(btparse_mutex());
    initialise_btparse();
    MacroTable& table = macro_table();
    // Messages name the file as mkcv does (report_messages): btparse is given a plain name.
    std::string file = "bib";

    std::vector<BibEntry> entries;
    StderrCapture capture;
    for (auto& chunk : split_entries(text)) {
        boolean ok = 0;
        const bool is_string = is_string_entry(chunk.text);
        if (is_string)
            chunk.text = string_as_regular_entry(chunk.text);
        chunk.text = without_percent(chunk.text);
        bt_delete_all_macros();  // btparse's own table stays empty: it expands nothing
        AST* ast = bt_parse_entry_s(chunk.text.data(), file.data(), chunk.line, 0, &ok);
        BibEntry entry;
        entry.line = chunk.line;
        bool keep = true;
        bool stop = false;
        bt_metatype metatype = ast ? bt_entry_metatype(ast) : BTE_UNKNOWN;
        if (metatype == BTE_MACRODEF)  // cannot happen (see string_as_regular_entry); be safe
            metatype = BTE_UNKNOWN;
        if (is_string && metatype == BTE_REGULAR)
            metatype = BTE_MACRODEF;
        if (metatype == BTE_REGULAR) {  // named in messages even when malformed
            entry.type = ascii_lower(with_percent(bt_entry_type(ast) ? bt_entry_type(ast) : ""));
            entry.key = with_percent(bt_entry_key(ast) ? bt_entry_key(ast) : "");
        }
        if (ok && (metatype == BTE_REGULAR || metatype == BTE_MACRODEF)) {
            const std::string who =
                metatype == BTE_MACRODEF ? "@string" : "BibTeX entry `" + entry.key + "`";
            char* name = nullptr;
            for (AST* field = nullptr; (field = bt_next_field(ast, field, &name));) {
                const std::string field_name = ascii_lower(with_percent(name ? name : ""));
                std::string value;
                std::vector<std::string> undefined;
                const Expansion result = expand_value(field, table, value, undefined);
                for (const auto& macro : undefined)
                    diagnostics.warning(
                        file_name, {field->line, 0}, "bibtex", "undefined macro \"" + macro + "\"",
                        "define it with @string{" + macro + " = {...}} before it is used");
                if (result == Expansion::BibliographyTooLong) {
                    diagnostics.error(file_name, {field->line, 0}, "bibtex-size",
                                      "its @string macros expand to more than " +
                                          size_text(kMaxBibExpandedBytes) +
                                          " of text; the rest of this file is not read",
                                      "look for @string macros that paste each other "
                                      "together many times");
                    keep = false;
                    stop = true;
                    break;
                }
                if (result == Expansion::ValueTooLong) {
                    diagnostics.warning(
                        file_name, {field->line, 0}, "bibtex-size",
                        who +
                            (metatype == BTE_MACRODEF ? " `" + field_name + "`"
                                                      : ", field `" + field_name + "`,") +
                            " expands to more than " + size_text(kMaxBibValueBytes) +
                            (metatype == BTE_MACRODEF ? "; the macro is left undefined"
                                                      : "; the entry is left out"),
                        "look for @string macros that paste each other together many times");
                    if (metatype == BTE_REGULAR) {
                        keep = false;
                        break;
                    }
                    continue;
                }
                if (metatype == BTE_MACRODEF)
                    table.macros[field_name] = std::move(value);  // BibTeX: later wins
                else
                    entry.fields.push_back({field_name, collapse_ascii_spaces(value), field->line});
            }
        }
        if (ast)
            bt_free_ast(ast);
        bt_parse_entry_s(nullptr, nullptr, 1, 0, nullptr);
        const std::string messages = with_percent(capture.take());
        report_messages(messages, file_name, !ok, chunk.line, entry.key, diagnostics);
        if (ok && keep && !entry.type.empty())
            entries.push_back(std::move(entry));
        if (stop)
            break;
    }
    return entries;
}

namespace {

// One name with its comma-separated parts trimmed, empty ones dropped and at most three
// kept (the rest joined to the third): bt_split_name reads garbage pointers for "A,, B".
std::string tidy_commas(const std::string& name) {
    std::vector<std::string> parts(1);
    int depth = 0;
    for (char c : name) {
        depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        if (c == ',' && depth == 0)
            parts.emplace_back();
        else
            parts.back() += c;
    }
    std::vector<std::string> kept;
    for (auto& part : parts) {
        const auto first = part.find_first_not_of(' ');
        if (first == std::string::npos)
            continue;
        part = part.substr(first, part.find_last_not_of(' ') - first + 1);
        if (kept.size() < 3)
            kept.push_back(part);
        else
            kept.back() += " " + part;
    }
    std::string out;
    for (const auto& part : kept)
        out += (out.empty() ? "" : ", ") + part;
    return out;
}

}  // namespace

std::vector<BibName> split_bibtex_names(const std::string& names, const std::string& file_name,
                                        int line, Diagnostics& diagnostics) {
    std::lock_guard lock(btparse_mutex());
    initialise_btparse();
    std::vector<BibName> out;
    std::string copy = without_percent(names);
    std::string file = "bib";
    char delimiter[] = "and";
    char description[] = "name";
    StderrCapture capture;
    bt_stringlist* list = bt_split_list(copy.data(), delimiter, file.data(), line, description);
    for (int i = 0; list && i < list->num_items; ++i) {
        if (!list->items[i])
            continue;
        BibName name;
        if (ascii_lower(with_percent(list->items[i])) == "others") {
            name.others = true;
            out.push_back(name);
            continue;
        }
        std::string item = tidy_commas(list->items[i]);
        if (item.empty())
            continue;
        bt_name* split = bt_split_name(item.data(), file.data(), line, i + 1);
        if (!split)
            continue;
        std::string* parts[] = {&name.first, &name.von, &name.last, &name.jr};
        for (int p = 0; p < BT_MAX_NAMEPARTS; ++p)
            for (int t = 0; split->parts[p] && t < split->part_len[p]; ++t)
                if (const char* token = split->parts[p][t])
                    *parts[p] += (parts[p]->empty() ? "" : " ") + with_percent(token);
        bt_free_name(split);
        out.push_back(name);
    }
    if (list)
        bt_free_list(list);
    report_messages(with_percent(capture.take()), file_name, false, line, "", diagnostics);
    return out;
}

}  // namespace mkcv

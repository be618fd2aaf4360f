#include "bibtex_reader.h"

#include <btparse.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <regex>

// btparse leaks the empty string it substitutes for an undefined @string macro (strdup in
// bt_postprocess_value, called inside bt_parse_entry_s). The sanitizer's fast unwinder
// cannot see past the library's frames, so the suppression names that function; the
// strings bt_get_text returns to us come from it too, so read_bibtex must free them.
#if defined(__SANITIZE_ADDRESS__)
extern "C" const char* __lsan_default_suppressions() {
    return "leak:bt_postprocess_value\n";
}
#endif

namespace mkcv {
namespace {

// btparse keeps its macro table and error counts in globals.
std::mutex& btparse_mutex() {
    static std::mutex mutex;
    return mutex;
}

void initialise_btparse() {
    static std::once_flag once;
    std::call_once(once, [] {
        bt_initialize();
        bt_set_stringopts(BTE_REGULAR, BTO_FULL);
        bt_set_stringopts(BTE_MACRODEF, BTO_MACRO);
    });
}

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
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
    initialise_btparse();
    bt_delete_all_macros();
    char file[] = "";
    for (const auto& [macro, month] : kMonths)
        bt_add_macro_text(const_cast<char*>(macro), const_cast<char*>(month), file, 0);
}

const BibField* BibEntry::field(const std::string& name) const {
    for (const auto& f : fields)
        if (f.name == name)
            return &f;
    return nullptr;
}

std::vector<BibEntry> read_bibtex(const std::string& text, const std::string& file_name,
                                  Diagnostics& diagnostics) {
    std::lock_guard lock(btparse_mutex());
    initialise_btparse();
    std::string file = file_name;

    std::vector<BibEntry> entries;
    StderrCapture capture;
    for (auto& chunk : split_entries(text)) {
        boolean ok = 0;
        AST* ast = bt_parse_entry_s(chunk.text.data(), file.data(), chunk.line, 0, &ok);
        BibEntry entry;
        entry.line = chunk.line;
        if (ast && bt_entry_metatype(ast) == BTE_REGULAR) {
            entry.type = lower(bt_entry_type(ast) ? bt_entry_type(ast) : "");
            entry.key = bt_entry_key(ast) ? bt_entry_key(ast) : "";
            char* name = nullptr;
            for (AST* field = nullptr; (field = bt_next_field(ast, field, &name));) {
                char* value = bt_get_text(field);  // a copy we own
                entry.fields.push_back({lower(name ? name : ""), value ? value : "", field->line});
                std::free(value);
            }
        }
        if (ast)
            bt_free_ast(ast);
        bt_parse_entry_s(nullptr, nullptr, 1, 0, nullptr);
        const std::string messages = capture.take();
        report_messages(messages, file_name, !ok, chunk.line, entry.key, diagnostics);
        if (ok && !entry.type.empty())
            entries.push_back(std::move(entry));
    }
    return entries;
}

std::vector<BibName> split_bibtex_names(const std::string& names, const std::string& file_name,
                                        int line, Diagnostics& diagnostics) {
    std::lock_guard lock(btparse_mutex());
    initialise_btparse();
    std::vector<BibName> out;
    std::string copy = names;
    std::string file = file_name;
    char delimiter[] = "and";
    char description[] = "name";
    StderrCapture capture;
    bt_stringlist* list = bt_split_list(copy.data(), delimiter, file.data(), line, description);
    for (int i = 0; list && i < list->num_items; ++i) {
        if (!list->items[i])
            continue;
        BibName name;
        if (lower(list->items[i]) == "others") {
            name.others = true;
            out.push_back(name);
            continue;
        }
        bt_name* split = bt_split_name(list->items[i], file.data(), line, i + 1);
        if (!split)
            continue;
        std::string* parts[] = {&name.first, &name.von, &name.last, &name.jr};
        for (int p = 0; p < BT_MAX_NAMEPARTS; ++p)
            for (int t = 0; t < split->part_len[p]; ++t)
                *parts[p] += (parts[p]->empty() ? "" : " ") + std::string(split->parts[p][t]);
        bt_free_name(split);
        out.push_back(name);
    }
    if (list)
        bt_free_list(list);
    report_messages(capture.take(), file_name, false, line, "", diagnostics);
    return out;
}

}  // namespace mkcv

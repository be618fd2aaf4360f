#include "cv/applications.h"

#include <set>

#include "cv/cv_folder.h"
#include "cv/locale.h"
#include "cv/photo.h"
#include "text/inline_markup.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

bool is_key_character(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// The value a body's <<name>> stands for; false for a name that is none of them.
bool field_value(const Application& a, std::string_view name, std::string& value) {
    if (name == "organisation")
        value = a.organisation.value;
    else if (name == "position")
        value = a.position.value;
    else if (name == "recipient")
        value = a.mask_recipient ? "" : a.recipient_name.value;
    else
        return false;
    return true;
}

// One paragraph's text with its fields put in; an unknown <<name>> is reported at its place.
std::string with_fields(const std::string& text, const std::string& file, int line, int column,
                        const Application& a, Diagnostics& diagnostics) {
    std::string out;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find("<<", at);
        const std::size_t close = open == std::string::npos ? open : text.find(">>", open + 2);
        if (close == std::string::npos) {
            out.append(text, at, std::string::npos);
            break;
        }
        out.append(text, at, open - at);
        const std::string name = text.substr(open + 2, close - open - 2);
        std::string value;
        if (field_value(a, name, value)) {
            out += value;
        } else {
            // The column of the << in the paragraph's first line, or of its line when the
            // paragraph's lines were joined.
            diagnostics.error(file, {line, column + static_cast<int>(open)}, "value",
                              "unknown field <<" + visible(name.substr(0, 40)) + ">> in the text",
                              "a letter or statement may use <<organisation>>, <<position>> and "
                              "<<recipient>>");
            out.append(text, open, close + 2 - open);
        }
        at = close + 2;
    }
    return out;
}

// Whether `written` (relative to cv.toml's folder) reaches `resolved` only through a
// symbolic link: the path as written, not resolved, differs from where it leads.
bool reached_through_link(const fs::path& cv_path, const std::string& written,
                          const fs::path& resolved) {
    std::error_code ec;
    const fs::path folder =
        fs::canonical(cv_path.parent_path().empty() ? fs::path(".") : cv_path.parent_path(), ec);
    return ec || (folder / written).lexically_normal() != resolved;
}

// A Markdown file an application names, inside cv.toml's folder and reached through no
// symbolic link; false after reporting why not at `written`'s position.
bool read_body_file(const Text& written, const std::string& key, const fs::path& cv_path,
                    std::string& text, Diagnostics& diagnostics) {
    const std::string file = cv_path.string();
    PathProblem problem;
    std::string error;
    const fs::path resolved = inside_cv_folder(cv_path, written.value, problem, error);
    const auto refuse = [&](const std::string& message, const std::string& hint) {
        diagnostics.error(file, written.pos, "value", message, hint);
        return false;
    };
    const std::string shown = "\"" + visible(written.value) + "\"";
    switch (problem) {
        case PathProblem::Absolute:
            return refuse("`" + key + "` must be a path relative to the folder of " +
                              cv_path.filename().string(),
                          "put the file beside cv.toml and write " + key + " = \"letter.md\"");
        case PathProblem::NoFolder:
            return refuse("cannot find the folder of " + cv_path.filename().string(), "");
        case PathProblem::Unreadable:
            return refuse("cannot read " + shown + ": " + error,
                          "paths are relative to the folder of " + cv_path.filename().string());
        case PathProblem::Outside:
            return refuse(shown + " is outside the folder of " + cv_path.filename().string(),
                          "copy the file into that folder");
        case PathProblem::None:
            break;
    }
    if (reached_through_link(cv_path, written.value, resolved))
        return refuse(shown + " is reached through a symbolic link, which mkcv does not follow",
                      "name the file itself, inside cv.toml's folder");
    if (const std::string why = read_regular_file(resolved, text, kMaxLetterBytes); !why.empty())
        return refuse("cannot use " + shown + ": it " + why,
                      "a letter or statement is a Markdown file of at most 256 KiB");
    if (text.find('\0') != std::string::npos)
        return refuse(shown + " holds a NUL byte: it is not a text file", "");
    return true;
}

}  // namespace

bool is_application_key(std::string_view key) {
    if (key.empty() || key.size() > 64 || key.front() == '-' || key.front() == '_')
        return false;
    for (const char c : key)
        if (!is_key_character(c))
            return false;
    return true;
}

std::string default_statement_title(const std::string& kind) {
    std::string title = kind;
    for (char& c : title)
        if (c == '-' || c == '_')
            c = ' ';
    if (!title.empty() && title[0] >= 'a' && title[0] <= 'z')
        title[0] = static_cast<char>(title[0] - 'a' + 'A');
    return title + " statement";
}

namespace {

// What a name that becomes a folder or a file is called, in messages.
struct NameKind {
    std::string_view what;       // "application key"
    std::string_view becomes;    // "folder"
    std::string_view twice;      // "two applications have the key"
    std::string_view hint;       // for a name that is not one
    std::string_view once_hint;  // for a name given twice
};

const NameKind kApplicationKey = {"application key", "folder", "two applications have the key",
                                  "use lowercase letters, digits, - and _ (at most 64), e.g. "
                                  "key = \"mit-2027\"",
                                  "give each application a key of its own"};
const NameKind kStatementKind = {"statement kind", "file", "two statements of kind",
                                 "use lowercase letters, digits, - and _, e.g. kind = "
                                 "\"research\"",
                                 "send one statement of each kind"};

// A name that becomes part of a path: of the allowed letters, and not given before.
void check_path_name(const Text& name, const NameKind& kind, std::set<std::string>& seen,
                     const std::string& file, Diagnostics& diagnostics) {
    if (!is_application_key(name.value))
        diagnostics.error(file, name.pos, "value",
                          std::string(kind.what) + " \"" + visible(name.value.substr(0, 80)) +
                              "\" is not a name mkcv can give a " + std::string(kind.becomes),
                          std::string(kind.hint));
    else if (!seen.insert(name.value).second)
        diagnostics.error(file, name.pos, "duplicate-key",
                          std::string(kind.twice) + " \"" + name.value + "\"",
                          std::string(kind.once_hint));
}

}  // namespace

void check_applications(const Cv& cv, Diagnostics& diagnostics) {
    const std::string& file = cv.source_name;
    std::set<std::string> keys;
    for (const Application& a : cv.applications) {
        check_path_name(a.key, kApplicationKey, keys, file, diagnostics);
        if (!a.language.empty() && !is_language_tag(a.language.value))
            diagnostics.error(file, a.language.pos, "value",
                              "`language` \"" + visible(a.language.value.substr(0, 80)) +
                                  "\" is not a BCP 47 language tag",
                              "write a tag such as \"en\", \"zh\" or \"de\"");
        if (a.letter_file.pos.known() && a.letter.pos.known())
            diagnostics.error(file, a.letter_file.pos, "duplicate-key",
                              "an application gives both `letter` and `letter_file`",
                              "keep one of them");
        else if (!a.letter_file.pos.known() && !a.letter.pos.known())
            diagnostics.error(
                file, a.pos, "missing-key",
                "the application \"" + visible(a.key.value.substr(0, 80)) + "\" has no letter",
                "add letter_file = \"letter.md\", or letter = \"\"\"...\"\"\"");
        std::set<std::string> kinds;
        for (const Statement& s : a.statements)
            check_path_name(s.kind, kStatementKind, kinds, file, diagnostics);
    }
}

std::vector<BodyParagraph> body_paragraphs(const std::string& text, const std::string& file,
                                           int first_line, const Application& application,
                                           bool markup, Diagnostics& diagnostics) {
    std::vector<BodyParagraph> out;
    std::string paragraph;
    int paragraph_line = 0;
    const auto finish = [&] {
        if (paragraph.empty())
            return;
        std::string filled =
            with_fields(paragraph, file, paragraph_line, 1, application, diagnostics);
        BodyParagraph p{{}, file, paragraph_line};
        p.text.pos = {paragraph_line, 1};
        if (markup) {
            InlineMarkup parsed = parse_inline_markup(filled);
            p.text.value = std::move(parsed.plain);
            p.text.marks = std::move(parsed.runs);
        } else {
            p.text.value = std::move(filled);
        }
        out.push_back(std::move(p));
        paragraph.clear();
    };
    int line = first_line;
    std::size_t at = 0;
    while (at <= text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos)
            end = text.size();
        std::string_view row(text.data() + at, end - at);
        if (!row.empty() && row.back() == '\r')
            row.remove_suffix(1);
        if (row.find_first_not_of(" \t") == std::string_view::npos) {
            finish();
        } else {
            const std::size_t lead = row.find_first_not_of(" \t");
            if (paragraph.empty())
                paragraph_line = line;
            else
                paragraph += ' ';
            paragraph.append(row.substr(lead));
        }
        ++line;
        at = end + 1;
    }
    finish();
    return out;
}

void load_application_files(Cv& cv, const fs::path& cv_path, Diagnostics& diagnostics,
                            SourceTexts& sources) {
    const fs::path folder = cv_path.parent_path();
    for (Application& a : cv.applications) {
        if (a.letter_file.pos.known()) {
            std::string text;
            if (read_body_file(a.letter_file, "letter_file", cv_path, text, diagnostics)) {
                const std::string name = (folder / a.letter_file.value).string();
                a.body = body_paragraphs(text, name, 1, a, cv.build.markup, diagnostics);
                sources[name] = text;
            }
        } else if (a.letter.pos.known()) {
            // Inline: its lines are cv.toml's from the one after the opening quotes (a
            // multi-line string), or the key's own line.
            const bool multiline = a.letter.value.find('\n') != std::string::npos;
            a.body = body_paragraphs(a.letter.value, cv.source_name,
                                     a.letter.pos.line + (multiline ? 1 : 0), a, cv.build.markup,
                                     diagnostics);
        }
        for (Statement& s : a.statements) {
            std::string text;
            if (!read_body_file(s.file, "file", cv_path, text, diagnostics))
                continue;
            const std::string name = (folder / s.file.value).string();
            s.body = body_paragraphs(text, name, 1, a, cv.build.markup, diagnostics);
            sources[name] = text;
        }
        if (!a.signature.empty()) {
            // A signature is a picture, checked as the photo is; and like the letter, it is
            // never reached through a symbolic link (a link could sign with another's file).
            PathProblem problem;
            std::string error;
            const fs::path resolved = inside_cv_folder(cv_path, a.signature.value, problem, error);
            if (problem == PathProblem::None &&
                reached_through_link(cv_path, a.signature.value, resolved)) {
                diagnostics.error(cv_path.string(), a.signature.pos, "value",
                                  "\"" + visible(a.signature.value) +
                                      "\" is reached through a symbolic link, which mkcv does "
                                      "not follow",
                                  "name the picture itself, inside cv.toml's folder");
                continue;
            }
            a.signature_image.path = a.signature;
            load_picture(a.signature_image, "signature", cv_path, diagnostics);
        }
    }
}

}  // namespace mkcv

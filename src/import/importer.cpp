#include "import/importer.h"

#include "cv/loader.h"
#include "cv/photo.h"
#include "cv/validate.h"
#include "import/generic.h"
#include "import/json_reader.h"
#include "import/jsonresume.h"
#include "import/language.h"
#include "import/named_files.h"
#include "import/rendercv.h"
#include "import/yaml_reader.h"
#include "text/inline_markup.h"
#include "util/ascii.h"
#include "util/utf8.h"

namespace mkcv {
namespace {

constexpr std::string_view kHeader =
    "#:schema ./schema/cv.schema.json\n"
    "# Written by `mkcv import` from {FILE} ({FORMAT}). Check it, then run `mkcv`.\n"
    "# Values cv.toml has no field for yet are in custom [[sections]] at the end.\n";

// The first thing that is no blank and no comment opens an object or a list (a `//`
// comment is no YAML, so a file starting with one is JSON with comments).
bool looks_like_json(const std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        if (c == '/' && i + 1 < text.size() && (text[i + 1] == '/' || text[i + 1] == '*'))
            return true;
        return c == '{' || c == '[';
    }
    return false;
}

// The format whose marks the file has most of, and the marks that decided it. A single
// key is weak evidence (`education` is everyone's): JSON Resume needs its own shapes
// (`basics.name` as text, `work[].position`, `education[].institution`), so a file of
// another schema with an `education` list goes to the generic importer, not to a mapper
// that would find nothing it knows.
std::pair<ImportFormat, std::string> detect(const SourceNode& root) {
    if (root.kind != SourceNode::Kind::Object)
        return {ImportFormat::Generic, "not a table of keys"};
    struct Score {
        explicit Score(ImportFormat f) : format(f) {}
        ImportFormat format;
        int points = 0;
        std::string why;
        void add(int p, const std::string& mark) {
            points += p;
            why += (why.empty() ? "has " : ", ") + mark;
        }
    };
    const auto is = [](const SourceNode* n, SourceNode::Kind kind) { return n && n->kind == kind; };
    // Whether some entry of the list `key` has one of `keys`.
    const auto entries_have = [](const SourceNode* list,
                                 std::initializer_list<std::string_view> keys) {
        if (!list || list->kind != SourceNode::Kind::Array)
            return false;
        for (const SourceNode& item : list->items)
            for (const std::string_view key : keys)
                if (item.get(key))
                    return true;
        return false;
    };
    Score rendercv{ImportFormat::RenderCv};
    if (const SourceNode* cv = root.get("cv"); is(cv, SourceNode::Kind::Object)) {
        rendercv.add(2, "cv");
        if (is(cv->get("sections"), SourceNode::Kind::Object))
            rendercv.add(3, "cv.sections");
        if (cv->get("name"))
            rendercv.add(1, "cv.name");
    }
    for (const char* key : {"design", "rendercv_settings"})
        if (root.get(key))
            rendercv.add(1, key);
    Score yamlresume{ImportFormat::YamlResume};
    if (const SourceNode* content = root.get("content"); is(content, SourceNode::Kind::Object)) {
        yamlresume.add(2, "content");
        if (is(content->get("basics"), SourceNode::Kind::Object))
            yamlresume.add(3, "content.basics");
    }
    if (root.get("layouts"))
        yamlresume.add(1, "layouts");
    Score jsonresume{ImportFormat::JsonResume};
    if (const SourceNode* basics = root.get("basics"); is(basics, SourceNode::Kind::Object)) {
        jsonresume.add(2, "basics");
        if (const SourceNode* name = basics->get("name"); name && name->is_scalar())
            jsonresume.add(2, "basics.name");
    }
    if (const SourceNode* schema = root.get("$schema");
        schema && schema->scalar.find("jsonresume") != std::string::npos)
        jsonresume.add(3, "a JSON Resume $schema");
    if (entries_have(root.get("work"), {"position", "startDate"}))
        jsonresume.add(2, "work[].position");
    if (entries_have(root.get("education"), {"institution", "studyType"}))
        jsonresume.add(2, "education[].institution");
    if (is(root.get("meta"), SourceNode::Kind::Object))
        jsonresume.add(1, "meta");
    Score best{ImportFormat::Generic};
    for (const Score* s : {&rendercv, &yamlresume, &jsonresume})
        if (s->points > best.points)
            best = *s;
    // Two points are one strong mark (`cv`, `basics`, `content`) or two weak ones.
    if (best.points < 2)
        return {ImportFormat::Generic, "no mark of JSON Resume, RenderCV or YAMLResume"};
    return {best.format, best.why};
}

std::string replace_all(std::string text, std::string_view from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

// The keys whose text cv.toml reads as inline Markdown (docs/cv-format.md#inline-markup).
bool is_prose_key(std::string_view key) {
    return key == "note" || key == "highlights" || key == "research_interests" || key == "thesis" ||
           key == "text" || key == "items" || key == "summary" || key == "description" ||
           key == "reference";
}

// `text` with a backslash before the `[` of each Markdown link whose URL cv.toml refuses
// (`[t](u)`), so it prints as written instead of failing validation. How many were kept.
std::size_t keep_refused_links_literal(std::string& text) {
    // The byte offset of each link's `[`, through the position the parser gives it.
    const InlineMarkup markup = parse_inline_markup(text, [](std::size_t offset) {
        return SourcePos{1, static_cast<int>(offset) + 1};
    });
    std::vector<std::size_t> brackets;
    for (const TextRun& run : markup.runs)
        if (run.kind == TextRun::Kind::Open && run.mark == Mark::Link && run.latex == "href" &&
            (run.text.empty() || !looks_like_url(run.text)) && run.pos.known())
            brackets.push_back(static_cast<std::size_t>(run.pos.column - 1));
    for (auto it = brackets.rbegin(); it != brackets.rend(); ++it)
        if (*it < text.size() && text[*it] == '[')
            text.insert(*it, 1, '\\');
    return brackets.size();
}

// Every prose text of the document through keep_refused_links_literal.
std::size_t keep_refused_links_literal(TomlValue& value, bool prose) {
    std::size_t kept = 0;
    switch (value.kind) {
        case TomlValue::Kind::String:
            if (prose)
                kept += keep_refused_links_literal(value.string);
            break;
        case TomlValue::Kind::Array:
            for (TomlValue& item : value.items)
                kept += keep_refused_links_literal(item, prose);
            break;
        case TomlValue::Kind::Table:
            for (std::size_t i = 0; i < value.values.size(); ++i)
                kept += keep_refused_links_literal(value.values[i], is_prose_key(value.keys[i]));
            break;
        default:
            break;
    }
    return kept;
}
}  // namespace

std::string_view import_format_name(ImportFormat format) {
    switch (format) {
        case ImportFormat::JsonResume:
            return "jsonresume";
        case ImportFormat::RenderCv:
            return "rendercv";
        case ImportFormat::YamlResume:
            return "yamlresume";
        case ImportFormat::Generic:
            return "generic";
    }
    return "";
}

std::optional<ImportFormat> parse_import_format(std::string_view name) {
    for (const ImportFormat format : {ImportFormat::JsonResume, ImportFormat::RenderCv,
                                      ImportFormat::YamlResume, ImportFormat::Generic})
        if (import_format_name(format) == name)
            return format;
    return std::nullopt;
}

namespace {

// A photo is taken as written; every build reads it beside the written cv.toml. One that is
// not there, or is no PNG or JPEG, would stop every build, so it becomes a comment, with a
// warning, until the picture is put there.
void keep_photo_only_if_usable(TomlValue& document, const std::string& file,
                               const std::string& written_name, Diagnostics& diagnostics) {
    TomlValue* person = document.find("person");
    if (!person || !person->find("photo"))
        return;
    Cv probe;
    probe.person.photo.path = Text{person->find("photo")->string};
    Diagnostics why;
    load_photo(probe, written_name, why);
    if (!why.has_errors())
        return;
    for (std::size_t i = 0; i < person->keys.size(); ++i) {
        if (person->keys[i] != "photo")
            continue;
        const std::string path = person->values[i].string;
        person->keys.erase(person->keys.begin() + static_cast<std::ptrdiff_t>(i));
        person->values.erase(person->values.begin() + static_cast<std::ptrdiff_t>(i));
        // Inside [person], above its first key: removing the # gives the key back.
        if (!person->values.empty()) {
            auto& comments = person->values.front().comments;
            comments.insert(comments.begin(),
                            {"The photo is no PNG or JPEG beside this file yet: put it there, "
                             "then remove the # below.",
                             "photo = " + toml_basic_string(path)});
        }
        diagnostics.warning(file, {}, "import-photo",
                            "the photo \"" + path + "\" is not beside " + written_name +
                                " as a PNG or JPEG; written as a comment in [person]",
                            why.items().front().message);
        return;
    }
}

// The CV's language: the source's own field, else its script (import/language.h). The field
// is marked placed, so it is not printed as a leftover; a script's guess that could be
// another language asks to be confirmed.
std::optional<std::string> cv_language(ImportMapper& m, const SourceNode& root,
                                       std::string_view format) {
    const SourceNode* root_object = &root;
    if (format == "yamlresume" && root.get("content") && !root.get("locale"))
        root_object = root.get("content");
    const std::string prefix = root_object == &root ? "" : "content.";
    if (const auto [field, path] = source_language_node(*root_object, format); field) {
        if (auto tag = language_tag_of(field->scalar)) {
            m.used(field,
                   prefix + path +
                       (*tag == field->scalar ? "" : " \"" + shorten(field->scalar) + "\""),
                   "locale.language" + (*tag == field->scalar ? "" : " = \"" + *tag + "\""));
            return tag;
        }
        m.warn(field, prefix + path,
               "\"" + shorten(field->scalar) +
                   "\" is no language tag; the language is told from the script instead",
               "write a BCP 47 tag such as \"en\", \"ja\" or \"pt-BR\" in [locale] language");
    }
    std::string letters;
    walk_scalars(root, "", [&](const std::string&, const SourceNode& node) {
        if (node.kind == SourceNode::Kind::String && letters.size() < kMaxImportBytes)
            letters += node.scalar + " ";
    });
    const auto guess = language_of_script(letters);
    if (!guess)
        return std::nullopt;
    m.record("the script of the texts", "locale.language = \"" + guess->tag + "\"");
    if (guess->unsure)
        m.warn(&root, "(the file)",
               "written in " + std::string(guess->script) + ": [locale] language = \"" +
                   guess->tag + "\" is a guess; confirm it",
               std::string(guess->others));
    return guess->tag;
}

}  // namespace

ImportOutcome import_cv(const std::string& file, const std::string& text,
                        std::optional<ImportFormat> from, const std::string& written_name) {
    ImportOutcome outcome;
    outcome.sources[file] = text;
    // NUL bytes and invalid UTF-8 are refused before either parser sees them.
    if (const std::size_t bad = invalid_utf8_offset(text); bad != std::string::npos) {
        outcome.diagnostics.error(
            file, position_at(text, bad), "import-syntax",
            text[bad] == '\0' ? "a NUL byte: this is not a text file" : "not UTF-8 text",
            "save the file as UTF-8");
        return outcome;
    }
    // JSON Resume may be written in YAML too; RenderCV and YAMLResume are YAML only. YAML in
    // flow style also starts with `{`: such a file that is not JSON is read as YAML, unless
    // its name says .json (then the JSON error is the one that helps).
    const bool yaml_format =
        from && *from != ImportFormat::JsonResume && *from != ImportFormat::Generic;
    const bool named_json =
        file.size() >= 5 && ascii_lower(file.substr(file.size() - 5)) == ".json";
    Result<SourceNode> root = fail(Diagnostic{});
    if (!yaml_format && (named_json || looks_like_json(text))) {
        root = read_json(file, text);
        if (!root && !named_json)
            if (Result<SourceNode> yaml = read_yaml(file, text); yaml)
                root = std::move(yaml);
    } else {
        root = read_yaml(file, text);
    }
    if (!root) {
        outcome.diagnostics.add(root.error());
        return outcome;
    }
    outcome.format = from;
    if (!from) {
        auto [format, why] = detect(*root);
        outcome.format = format;
        outcome.detected = true;
        outcome.evidence = std::move(why);
    }

    ImportMapper mapper(file, *root, outcome.diagnostics);
    const std::optional<std::string> language =
        cv_language(mapper, *root, import_format_name(*outcome.format));
    if (language)
        mapper.set_language(*language);
    switch (*outcome.format) {
        case ImportFormat::JsonResume:
            map_jsonresume(mapper);
            break;
        case ImportFormat::RenderCv:
            map_rendercv(mapper);
            break;
        case ImportFormat::YamlResume:
            map_yamlresume(mapper);
            break;
        case ImportFormat::Generic:
            map_generic(mapper);
            break;
    }
    outcome.summary = mapper.summary();
    outcome.values_imported = mapper.values_imported();
    if (outcome.diagnostics.has_errors())
        return outcome;

    std::string shown_file;  // a file name in a comment: no line breaks, no control characters
    for (const char c : file)
        shown_file += static_cast<unsigned char>(c) < 0x20 || c == 0x7F ? '?' : c;
    std::string header = replace_all(std::string(kHeader), "{FILE}", shown_file);
    header = replace_all(header, "{FORMAT}", std::string(import_format_name(*outcome.format)));
    TomlValue& document = mapper.document();
    if (language)
        document.at("locale").set("language", TomlValue::text(*language));
    // Custom sections print after the built-in ones, so the file lists them last too.
    for (std::size_t i = 0; i < document.keys.size(); ++i) {
        if (document.keys[i] == "sections" && i + 1 < document.keys.size()) {
            TomlValue sections = std::move(document.values[i]);
            document.keys.erase(document.keys.begin() + static_cast<std::ptrdiff_t>(i));
            document.values.erase(document.values.begin() + static_cast<std::ptrdiff_t>(i));
            document.keys.push_back("sections");
            document.values.push_back(std::move(sections));
            break;
        }
    }
    // Prose keeps its Markdown (RenderCV's is cv.toml's), but a link cv.toml would refuse
    // prints as text.
    if (const std::size_t kept = keep_refused_links_literal(document, false))
        outcome.diagnostics.warning(
            file, {}, "import-link",
            std::to_string(kept) + (kept == 1 ? " Markdown link has" : " Markdown links have") +
                " no URL cv.toml accepts: kept as text, `\\[` before it",
            "write a full URL such as https://example.org/... in the source");
    bring_named_files(document, file, written_name, outcome.diagnostics, outcome.summary);
    keep_photo_only_if_usable(document, file, written_name, outcome.diagnostics);
    std::string toml = write_toml(document, header);

    // The promise: what import writes, mkcv reads. A failure here is a value cv.toml refuses
    // (or a bug of the importer); it is reported against the text that would have been written.
    LoadResult loaded = load_cv(toml, written_name);
    if (loaded.cv)
        validate_cv(*loaded.cv, loaded.diagnostics);
    if (loaded.diagnostics.has_errors()) {
        outcome.sources[written_name] = toml;
        outcome.diagnostics.append(loaded.diagnostics);
        outcome.diagnostics.note(file, {}, "import-invalid",
                                 "the cv.toml made from this file does not validate; nothing "
                                 "was written",
                                 "fix the value in the source and import again");
        return outcome;
    }
    outcome.toml = std::move(toml);
    return outcome;
}

std::string format_import_summary(const ImportOutcome& outcome) {
    std::string out;
    for (const MappedValue& line : outcome.summary)
        out += "  " + line.from + " → " + line.to + "\n";
    out += std::to_string(outcome.values_imported) + " values imported";
    if (outcome.format)
        out += " from " + std::string(import_format_name(*outcome.format)) +
               (outcome.detected ? " (detected)" : "");
    out += "\n";
    return out;
}

}  // namespace mkcv

#include "render/template_set.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include <kainjow/mustache.hpp>

#include "render/template_manifest.h"
#include "util/ascii.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

bool valid_name(const std::string& name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
}

// "Unclosed section \"x\" at 120" → ("Unclosed section \"x\"", 120)
std::pair<std::string, std::size_t> split_kainjow_error(const std::string& message) {
    const auto at = message.rfind(" at ");
    if (at == std::string::npos)
        return {message, 0};
    try {
        return {message.substr(0, at), std::stoul(message.substr(at + 4))};
    } catch (...) {
        return {message, 0};
    }
}

// Parses one file as kainjow will, reporting a syntax error at its place in the file.
void check_syntax(const TemplateFile& file, Diagnostics& diagnostics) {
    kainjow::mustache::mustache parsed(std::string(kDelimiterSwitch) + file.text);
    if (parsed.is_valid())
        return;
    auto [message, offset] = split_kainjow_error(parsed.error_message());
    offset = offset >= kDelimiterSwitch.size() ? offset - kDelimiterSwitch.size() : 0;
    std::string hint;
    if (message.rfind("Unclosed tag", 0) == 0)
        hint = "close the tag with >>";
    else if (message.rfind("Unopened section", 0) == 0)
        hint = "a <</name>> needs a <<#name>> or <<^name>> before it";
    else if (message.rfind("Unclosed section", 0) == 0)
        hint = "end the section with <</name>>";
    else if (message.rfind("Invalid set delimiter", 0) == 0)
        hint = "write it as <<=[[ ]]=>> (two delimiters, a space between)";
    diagnostics.error(file.path.string(), position_at(file.text, offset), "template-syntax",
                      message, hint);
}

std::optional<TemplateFile> read_template_file(const fs::path& path, Diagnostics& diagnostics) {
    std::string text;
    if (const std::string error = read_regular_file(path, text); !error.empty()) {
        diagnostics.error(path.string(), {}, "io", error);
        return std::nullopt;
    }
    return TemplateFile{path, std::move(text)};
}

// The partials of `dir`: its files ending in `suffix` (the template's format's, see
// partial_suffix), other than the main file.
void add_partials(const fs::path& dir, std::map<std::string, TemplateFile>& partials,
                  const std::string& main_file, const std::string& suffix,
                  Diagnostics& diagnostics) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& path : files) {
        const std::string file = path.filename().string();
        if (file.size() <= suffix.size() ||
            file.compare(file.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        if (file == main_file)
            continue;
        const std::string name = file.substr(0, file.size() - suffix.size());
        if (partials.count(name))
            continue;  // the template's own partial wins over a shared one
        if (auto loaded = read_template_file(path, diagnostics)) {
            // A partial's final line break is dropped, so a partial can be used inside a line;
            // a partial on a line of its own gets the line break of that line.
            if (!loaded->text.empty() && loaded->text.back() == '\n')
                loaded->text.pop_back();
            partials.emplace(name, std::move(*loaded));
        }
    }
}

std::optional<Template> load_from(const fs::path& dir, const std::string& origin,
                                  Diagnostics& diagnostics) {
    Template t;
    t.dir = dir;
    t.origin = origin;
    const fs::path manifest_path = dir / "template.toml";
    std::string manifest_text;
    if (const std::string error = read_regular_file(manifest_path, manifest_text); !error.empty()) {
        std::error_code missing;
        if (!fs::exists(manifest_path, missing) && !missing)
            diagnostics.error(manifest_path.string(), {}, "template",
                              "a template folder needs a template.toml");
        else
            diagnostics.error(manifest_path.string(), {}, "io", error);
        return std::nullopt;
    }
    const int errors_before = diagnostics.error_count();
    // The shared option set is read only for a template that takes it.
    OptionDeclarations common;
    if (manifest_text.find("common_options") != std::string::npos) {
        const fs::path common_path = builtin_template_root() / "common" / "options.toml";
        std::string common_text;
        if (const std::string error = read_regular_file(common_path, common_text); !error.empty())
            diagnostics.error(common_path.string(), {}, "io", error);
        else
            common = parse_common_options(common_text, common_path.string(), diagnostics);
    }
    t.manifest = parse_manifest(manifest_text, manifest_path.string(), diagnostics, common);
    if (t.manifest.name.empty())
        t.manifest.name = dir.filename().string();
    if (t.manifest.main.find('/') != std::string::npos) {
        diagnostics.error(manifest_path.string(), {}, "template",
                          "`main` must be a file name in the template folder");
        return std::nullopt;
    }
    auto main = read_template_file(dir / t.manifest.main, diagnostics);
    if (!main)
        return std::nullopt;
    t.main = std::move(*main);
    // Only partials of the template's format: an HTML template never includes LaTeX.
    const std::string suffix = partial_suffix(t.manifest.format);
    add_partials(dir, t.partials, t.manifest.main, suffix, diagnostics);
    // Partials shared by the templates of one folder, then the built-in shared ones.
    add_partials(dir.parent_path() / "common", t.partials, t.manifest.main, suffix, diagnostics);
    add_partials(builtin_template_root() / "common", t.partials, t.manifest.main, suffix,
                 diagnostics);
    if (diagnostics.error_count() > errors_before || !check_partial_nesting(t, diagnostics))
        return std::nullopt;
    return t;
}

// A tag of a template file, as kainjow will parse it: where it is, and what it says with
// the delimiters and surrounding spaces taken off (`>name`, `#name`, `/name`, `name` ...).
struct TagReference {
    std::string_view tag;
    std::size_t offset = 0;
};

// Follows kainjow's tag scanner: from the `<< >>` put in front of every file, through any
// delimiter changes, so a tag cannot hide behind other delimiters. Delimiter changes and
// unescaped `{{{name}}}` variables are not listed.
std::vector<TagReference> tag_references(std::string_view text) {
    std::vector<TagReference> out;
    std::string open = "<<", close = ">>";
    for (std::size_t at = text.find(open); at != std::string_view::npos; at = text.find(open, at)) {
        std::size_t contents = at + open.size();
        std::string_view end = close;
        bool unescaped = false;
        if (open == "{{" && contents < text.size() && text[contents] == '{') {
            end = "}}}";  // {{{name}}}: an unescaped variable
            unescaped = true;
            ++contents;
        }
        const std::size_t stop = text.find(end, contents);
        if (stop == std::string_view::npos)
            break;  // a syntax error, reported by check_template_syntax
        const std::string_view tag = trim_ascii_space(text.substr(contents, stop - contents));
        if (!unescaped && tag.size() >= 5 && tag.front() == '=' && tag.back() == '=') {
            const std::string_view pair = trim_ascii_space(tag.substr(1, tag.size() - 2));
            const auto space = pair.find(' ');
            if (space != std::string_view::npos) {
                open = std::string(pair.substr(0, space));
                close = std::string(trim_ascii_space(pair.substr(space)));
            }
        } else if (!unescaped && !tag.empty()) {
            out.push_back({tag, at});
        }
        at = stop + end.size();
    }
    return out;
}

// A partial tag: the partial it names and where.
struct PartialReference {
    std::string name;
    std::size_t offset = 0;
};

std::vector<PartialReference> partial_references(std::string_view text) {
    std::vector<PartialReference> out;
    for (const auto& [tag, offset] : tag_references(text))
        if (tag.front() == '>')
            out.push_back({std::string(trim_ascii_space(tag.substr(1))), offset});
    return out;
}

// The first section tag (`#` or `^`) that opens more than kMaxSectionDepth sections at once,
// if any: kainjow parses and renders sections recursively, so 20,000 of them end the stack.
std::optional<std::size_t> too_deep_section(std::string_view text) {
    std::size_t depth = 0;
    for (const auto& [tag, offset] : tag_references(text)) {
        if (tag.front() == '#' || tag.front() == '^') {
            if (++depth > kMaxSectionDepth)
                return offset;
        } else if (tag.front() == '/' && depth > 0) {
            --depth;
        }
    }
    return std::nullopt;
}

constexpr const char* kDepthHint = "fold some partials into the files that include them";

// Depth-first through the partials a file includes. `chain` holds the partials being
// expanded; `heights` how deep each finished partial's own inclusions go, `sizes` how many
// bytes it expands to with every inclusion put in place.
class PartialWalk {
  public:
    PartialWalk(const Template& tmpl, Diagnostics& diagnostics)
        : tmpl_(tmpl), diagnostics_(diagnostics) {}

    // Returns false on the first recursion, excess depth or size, reported.
    bool walk_main() {
        Measure measure;
        return visit(tmpl_.main, measure);
    }

    // The partial `name` as if a file included it: its own cycles and depth count even when
    // the main file's scan does not reach it, since putting partials in place can join the
    // end of one file and the start of another into a tag no single file shows.
    bool walk_partial(const std::string& name) {
        if (heights_.count(name))
            return true;
        chain_.push_back(name);
        Measure measure;
        const bool ok = visit(tmpl_.partials.at(name), measure);
        chain_.pop_back();
        if (ok)
            remember(name, measure);
        return ok;
    }

  private:
    struct Measure {
        int height = 0;
        std::size_t bytes = 0;  // saturates at kMaxExpandedTemplateBytes + 1
    };

    bool visit(const TemplateFile& file, Measure& measure) {
        measure = {0, file.text.size()};
        for (const auto& reference : partial_references(file.text)) {
            const auto found = tmpl_.partials.find(reference.name);
            if (found == tmpl_.partials.end())
                continue;  // the renderer reports a missing partial where it is used
            const std::string& name = found->first;
            const auto loop = std::find(chain_.begin(), chain_.end(), name);
            if (loop != chain_.end()) {
                std::string path;
                for (auto it = loop; it != chain_.end(); ++it)
                    path += *it + " → ";
                report(file, reference, "recursive partial: " + path + name,
                       "a partial must not include itself, directly or through another");
                return false;
            }
            const std::string too_deep =
                "partials nested more than " + std::to_string(kMaxPartialDepth) + " deep";
            Measure below;
            if (const auto known = heights_.find(name); known != heights_.end()) {
                below = {known->second, sizes_.at(name)};
            } else {
                chain_.push_back(name);
                if (chain_.size() > kMaxPartialDepth) {
                    report(file, reference, too_deep, kDepthHint);
                    return false;
                }
                const bool ok = visit(found->second, below);
                chain_.pop_back();
                if (!ok)
                    return false;
                remember(name, below);
            }
            // This partial is at depth chain_.size() + 1, what it includes `below` deeper.
            if (chain_.size() + 1 + static_cast<std::size_t>(below.height) > kMaxPartialDepth) {
                report(file, reference, too_deep, kDepthHint);
                return false;
            }
            measure.height = std::max(measure.height, below.height + 1);
            measure.bytes = std::min(measure.bytes + below.bytes, kMaxExpandedTemplateBytes + 1);
            if (measure.bytes > kMaxExpandedTemplateBytes) {
                report(file, reference,
                       "partials expand to more than " +
                           std::to_string(kMaxExpandedTemplateBytes >> 20) + " MiB of template",
                       "include each partial fewer times; loop over a list instead");
                return false;
            }
        }
        return true;
    }

    void remember(const std::string& name, const Measure& measure) {
        heights_[name] = measure.height;
        sizes_[name] = measure.bytes;
    }

    void report(const TemplateFile& file, const PartialReference& reference,
                const std::string& message, const std::string& hint) {
        if (reported_)
            return;
        reported_ = true;
        diagnostics_.error(file.path.string(), position_at(file.text, reference.offset),
                           "template-partial", message, hint);
    }

    const Template& tmpl_;
    Diagnostics& diagnostics_;
    std::vector<std::string> chain_;
    std::map<std::string, int> heights_;
    std::map<std::string, std::size_t> sizes_;
    bool reported_ = false;
};

fs::path executable_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

}  // namespace

bool check_partial_nesting(const Template& tmpl, Diagnostics& diagnostics) {
    bool ok = true;
    auto check_sections = [&](const TemplateFile& file) {
        if (const auto at = too_deep_section(file.text)) {
            diagnostics.error(
                file.path.string(), position_at(file.text, *at), "template-section",
                "sections nested more than " + std::to_string(kMaxSectionDepth) + " deep",
                "close some sections before opening others");
            ok = false;
        }
    };
    check_sections(tmpl.main);
    for (const auto& [name, file] : tmpl.partials)
        check_sections(file);
    if (!ok)
        return false;
    PartialWalk walk(tmpl, diagnostics);
    if (!walk.walk_main())
        return false;
    for (const auto& [name, file] : tmpl.partials)
        if (!walk.walk_partial(name))
            return false;
    return true;
}

int check_template_syntax(const Template& tmpl, Diagnostics& diagnostics) {
    const int before = diagnostics.error_count();
    check_syntax(tmpl.main, diagnostics);
    for (const auto& [name, file] : tmpl.partials)
        check_syntax(file, diagnostics);
    return diagnostics.error_count() - before;
}

fs::path builtin_template_root() {
    static const fs::path root = [] {
        std::error_code ec;
        const fs::path installed = executable_dir() / ".." / "share" / "mkcv" / "builtin_templates";
        if (fs::is_directory(installed, ec))
            return fs::weakly_canonical(installed, ec);
        return fs::path(MKCV_SOURCE_TEMPLATE_DIR);
    }();
    return root;
}

fs::path user_template_root() {
    if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data)
        return fs::path(data) / "mkcv" / "templates";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / ".local" / "share" / "mkcv" / "templates";
    return {};
}

bool is_template_name(const std::string& name) {
    return valid_name(name);
}

bool builtin_only_from_environment() {
    const char* value = std::getenv(kBuiltinOnlyVariable);
    return value && *value && std::string_view(value) != "0";
}

fs::path hidden_builtin(const Template& tmpl) {
    if (tmpl.origin == "built-in" || tmpl.origin == "path")
        return {};
    std::error_code ec;
    const fs::path builtin = builtin_template_root() / tmpl.dir.filename();
    return fs::is_regular_file(builtin / "template.toml", ec) ? builtin : fs::path();
}

TemplateSearchPath TemplateSearchPath::standard(const std::vector<fs::path>& extra_dirs,
                                                const fs::path& cv_path, bool builtin_only) {
    TemplateSearchPath search;
    search.builtin_only = builtin_only;
    if (builtin_only) {
        search.roots.emplace_back(builtin_template_root(), "built-in");
        return search;
    }
    for (const auto& dir : extra_dirs)
        search.roots.emplace_back(dir, "--template-dir");
    search.roots.emplace_back(cv_path.parent_path() / "templates", "beside cv.toml");
    if (const fs::path user = user_template_root(); !user.empty())
        search.roots.emplace_back(user, "user");
    search.roots.emplace_back(builtin_template_root(), "built-in");
    return search;
}

std::optional<Template> load_template(const std::string& name_or_path,
                                      const TemplateSearchPath& search, Diagnostics& diagnostics) {
    std::error_code ec;
    if (name_or_path.find('/') != std::string::npos) {
        if (search.builtin_only) {
            diagnostics.error(name_or_path, {}, "template",
                              "only built-in templates may be used (--builtin-templates-only or " +
                                  std::string(kBuiltinOnlyVariable) + "=1)",
                              "give a built-in template's name (mkcv templates lists them)");
            return std::nullopt;
        }
        if (!fs::is_directory(name_or_path, ec)) {
            diagnostics.error(name_or_path, {}, "template", "no template folder here");
            return std::nullopt;
        }
        return load_from(fs::path(name_or_path), "path", diagnostics);
    }
    if (!valid_name(name_or_path)) {
        diagnostics.error(
            "mkcv", {}, "template",
            "\"" + name_or_path + "\" is not a template name (letters, digits, - and _)",
            "give a path with a slash, such as ./" + name_or_path);
        return std::nullopt;
    }
    for (const auto& [root, origin] : search.roots) {
        const fs::path dir = root / name_or_path;
        if (fs::is_regular_file(dir / "template.toml", ec))
            return load_from(dir, origin, diagnostics);
    }
    std::string known;
    for (const auto& listing : list_templates(search))
        if (!listing.shadowed)
            known += (known.empty() ? "" : ", ") + listing.name;
    diagnostics.error("mkcv", {}, "template", "no template named \"" + name_or_path + "\"",
                      "known templates: " + known + " (mkcv templates lists them)");
    return std::nullopt;
}

std::vector<TemplateListing> list_templates(const TemplateSearchPath& search) {
    std::vector<TemplateListing> out;
    std::set<std::string> seen;
    for (const auto& [root, origin] : search.roots) {
        std::error_code ec;
        if (!fs::is_directory(root, ec))
            continue;
        std::vector<fs::path> dirs;
        for (const auto& entry : fs::directory_iterator(root, ec))
            if (fs::is_regular_file(entry.path() / "template.toml", ec))
                dirs.push_back(entry.path());
        std::sort(dirs.begin(), dirs.end());
        for (const auto& dir : dirs) {
            const std::string name = dir.filename().string();
            Diagnostics ignored;
            std::string text;
            read_regular_file(dir / "template.toml", text);
            const TemplateManifest manifest =
                parse_manifest(text, (dir / "template.toml").string(), ignored);
            out.push_back({name, manifest.description, dir, origin, !seen.insert(name).second});
        }
    }
    return out;
}

}  // namespace mkcv

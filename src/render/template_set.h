// Finding templates and reading them: a template is a folder with a `template.toml`
// manifest and `*.tex.mustache` files (`*.html.mustache`, `*.md.mustache`, `*.json.mustache`
// for the other formats: partials are those of the template's format). Every file is read with the
// `<< >>` delimiters (Mustache's `{{ }}` collides with LaTeX braces) and checked for syntax up
// front, so a mistake is reported with its file, line and column before anything is rendered.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "render/template_manifest.h"
#include "util/diagnostics.h"

namespace mkcv {

// The delimiter switch put in front of every template and partial: kainjow has no API for
// delimiters and parses each partial afresh with the defaults.
inline constexpr std::string_view kDelimiterSwitch = "{{=<< >>=}}";

struct TemplateFile {
    std::filesystem::path path;
    std::string text;  // as written, without the delimiter switch
};

struct Template {
    TemplateManifest manifest;
    std::filesystem::path dir;
    std::string origin;  // where it was found: "built-in", "user", "path" ...
    TemplateFile main;
    std::map<std::string, TemplateFile> partials;  // by name: file name less partial_suffix()
};

// Where templates are looked for, in order; the first folder holding a name wins.
struct TemplateSearchPath {
    std::vector<std::pair<std::filesystem::path, std::string>> roots;  // folder, origin label
    // Only the built-in templates: a template folder given as a path is refused (CI that
    // builds untrusted changes: a template is code).
    bool builtin_only = false;

    // Defaults: --template-dir folders, templates/ beside cv.toml, the user's data folder,
    // then the built-in templates; with `builtin_only`, the built-in templates alone.
    static TemplateSearchPath standard(const std::vector<std::filesystem::path>& extra_dirs,
                                       const std::filesystem::path& cv_path,
                                       bool builtin_only = false);
};

// The environment variable that, set to anything but "" or "0", means
// --builtin-templates-only.
inline constexpr const char* kBuiltinOnlyVariable = "MKCV_BUILTIN_TEMPLATES_ONLY";
bool builtin_only_from_environment();

// The built-in template `tmpl` hides (one of the same name found first in another folder);
// empty when it hides none.
std::filesystem::path hidden_builtin(const Template& tmpl);

// The folder of the built-in templates: installed under share/mkcv/builtin_templates next to
// the binary, or the source tree's builtin_templates/ when run from a build folder.
std::filesystem::path builtin_template_root();

// The user's template folder: $XDG_DATA_HOME/mkcv/templates, else
// ~/.local/share/mkcv/templates; empty when neither variable is set.
std::filesystem::path user_template_root();

// Letters, digits, - and _: a name can never leave the folder it is looked up in.
bool is_template_name(const std::string& name);

// `name_or_path` is a folder when it contains a slash, else a template name. The Mustache
// syntax of the files is not checked here: the renderer parses the template anyway, and
// calls check_template_syntax only when that fails.
std::optional<Template> load_template(const std::string& name_or_path,
                                      const TemplateSearchPath& search, Diagnostics& diagnostics);

// Parses each file of the template on its own, as kainjow would, and reports each syntax
// error at its place in its file. Returns the number of errors found.
int check_template_syntax(const Template& tmpl, Diagnostics& diagnostics);

// How deep partials may include partials.
inline constexpr std::size_t kMaxPartialDepth = 16;
// Sections open at once in one file; with partials at most 16 deep, the renderer's
// recursion stays bounded.
inline constexpr std::size_t kMaxSectionDepth = 64;

// Bytes of template text once every partial is put in place of its tags (a partial
// including another ten times, sixteen deep, would be 10^16 times its size).
inline constexpr std::size_t kMaxExpandedTemplateBytes = std::size_t{16} << 20;

// Follows the partials the main file includes, and every partial on its own, through every
// delimiter change, and reports a partial that includes itself (kainjow would parse it again
// without end) as "recursive partial: a → b → a" at the tag closing the loop, a chain deeper
// than kMaxPartialDepth, partials expanding past kMaxExpandedTemplateBytes, and a file with
// more than kMaxSectionDepth sections open at once.
// load_template calls it: such a template is never rendered.
bool check_partial_nesting(const Template& tmpl, Diagnostics& diagnostics);

struct TemplateListing {
    std::string name;
    std::string description;
    std::filesystem::path dir;
    std::string origin;
    bool shadowed;  // hidden by a template of the same name found earlier
};

std::vector<TemplateListing> list_templates(const TemplateSearchPath& search);

}  // namespace mkcv

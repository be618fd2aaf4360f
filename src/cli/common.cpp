#include "cli/common.h"

#include <cstdlib>
#include <iostream>

#include <unistd.h>

#include "cli/exit_code.h"
#include "cv/locale.h"
#include "pipeline/load_step.h"
#include "pipeline/render_step.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

PrintOptions print_options(const CommonOptions& common) {
    PrintOptions options;
    if (common.diagnostics == "json")
        options.format = DiagnosticFormat::Json;
    else if (common.diagnostics == "github")
        options.format = DiagnosticFormat::Github;
    const char* no_color = std::getenv("NO_COLOR");
    options.color = options.format == DiagnosticFormat::Text && isatty(STDERR_FILENO) &&
                    !(no_color && *no_color);
    return options;
}

void report(const Diagnostics& diagnostics, const SourceTexts& sources,
            const CommonOptions& common) {
    if (diagnostics.empty())
        return;
    Diagnostics sorted = diagnostics;
    sorted.sort();
    // Templates (and their partials) are shown with their lines too.
    SourceTexts texts = sources;
    for (const auto& d : sorted.items())
        if (d.pos.known() && !texts.count(d.file))
            read_file(d.file, texts[d.file]);
    const PrintOptions options = print_options(common);
    std::ostream& out = options.format == DiagnosticFormat::Text ? std::cerr : std::cout;
    print_diagnostics(out, sorted, texts, options);
}

void report_for_tools(const Diagnostics& diagnostics, const CommonOptions& common) {
    const PrintOptions options = print_options(common);
    if (options.format != DiagnosticFormat::Text && !diagnostics.empty())
        print_diagnostics(std::cout, diagnostics, {}, options);
}

TemplateSearchPath search_path(const CommonOptions& common) {
    std::vector<fs::path> dirs(common.template_dirs.begin(), common.template_dirs.end());
    return TemplateSearchPath::standard(dirs, common.cv_path,
                                        common.builtin_only || builtin_only_from_environment());
}

void tell_hidden_builtin(const Template& tmpl, std::ostream& out) {
    if (hidden_builtin(tmpl).empty())
        return;
    out << "notice: template \"" << tmpl.dir.filename().string() << "\" is " << tmpl.dir.string()
        << " (" << tmpl.origin
        << "), not the built-in one; --builtin-templates-only uses the built-in\n";
}

std::optional<std::vector<RenderedTemplate>> prepare(const CommonOptions& common,
                                                     const std::vector<std::string>& defaults,
                                                     std::vector<fs::path>* files_read,
                                                     const fs::path& date_cache) {
    Diagnostics diagnostics;
    LoadedCv loaded = load_and_validate(common.cv_path, diagnostics);
    if (files_read)
        for (const auto& [file, text] : loaded.sources)
            files_read->push_back(file);
    std::optional<std::vector<RenderedTemplate>> rendered;
    if (loaded.cv && !common.language.empty()) {
        if (is_language_tag(common.language)) {
            loaded.cv->locale.language = common.language;
        } else {
            diagnostics.error("--lang", {}, "value",
                              "\"" + shorten(common.language) + "\" is not a BCP 47 language tag",
                              "write a tag such as ko, ja, zh-Hant or en-GB");
            loaded.cv.reset();
        }
    }
    if (loaded.cv)
        rendered = render_all(*loaded.cv, common.templates.empty() ? defaults : common.templates,
                              search_path(common), diagnostics, date_cache);
    report(diagnostics, loaded.sources, common);
    return rendered;
}

int write_output(const std::string& out_file, const std::string& text,
                 const CommonOptions& common) {
    if (out_file.empty()) {
        std::cout << text;
        return kExitOk;
    }
    if (Result<> written = write_file_atomically(out_file, text); !written) {
        std::cerr << "mkcv: error: " << written.error().message << '\n';
        Diagnostics diagnostics;
        diagnostics.add(written.error());
        report_for_tools(diagnostics, common);
        return kExitBuildFailed;
    }
    return kExitOk;
}

void add_common(CLI::App& command, CommonOptions& common, bool with_templates) {
    command.add_option("cv", common.cv_path, "The CV to read")->capture_default_str();
    if (with_templates) {
        command.add_option("-t,--template", common.templates,
                           "Template name or folder (a path contains a slash); repeatable");
        command.add_option("--template-dir", common.template_dirs,
                           "Look for templates in this folder first; repeatable");
        command.add_option("--lang", common.language,
                           "The CV's language, a BCP 47 tag (ko, ja, zh-Hant ...), over "
                           "cv.toml's [locale] language; chooses the locale and the CJK font");
        command.add_flag("--builtin-templates-only", common.builtin_only,
                         "Use only the built-in templates, none from cv.toml's folder, the user's "
                         "folder or a path (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");
    }
    command.add_option("--diagnostics", common.diagnostics, "How problems are printed")
        ->check(CLI::IsMember({"text", "json", "github"}))
        ->capture_default_str();
}

}  // namespace mkcv

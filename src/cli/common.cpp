#include "cli/common.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include <unistd.h>

#include "cli/exit_code.h"
#include "cv/language_tables.h"
#include "cv/locale.h"
#include "pipeline/applications.h"
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
    out << "notice: template \"" << visible(tmpl.dir.filename().string()) << "\" is "
        << visible(tmpl.dir.string()) << " (" << tmpl.origin
        << "), not the built-in one; --builtin-templates-only uses the built-in\n";
}

std::vector<std::string> requested_languages(const CommonOptions& common,
                                             Diagnostics& diagnostics) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= common.language.size()) {
        std::size_t comma = common.language.find(',', start);
        if (comma == std::string::npos)
            comma = common.language.size();
        const std::string tag = common.language.substr(start, comma - start);
        start = comma + 1;
        if (tag.empty())
            continue;
        if (!is_language_tag(tag)) {
            diagnostics.error("--lang", {}, "value",
                              "\"" + shorten(tag) + "\" is not a BCP 47 language tag",
                              "write a tag such as ko, ja, zh-Hant or en-GB, or several: en,zh");
            return {};
        }
        if (std::none_of(out.begin(), out.end(),
                         [&](const std::string& seen) { return same_language(seen, tag); }))
            out.push_back(tag);
    }
    if (out.empty() && !diagnostics.has_errors())
        out.emplace_back();
    return out;
}

BuildPlan prepare(const CommonOptions& common, const std::vector<std::string>& defaults,
                  const fs::path& date_cache) {
    Diagnostics diagnostics;
    PlanRequest request;
    request.cv_path = common.cv_path;
    request.languages = requested_languages(common, diagnostics);
    request.templates = common.templates.empty() ? defaults : common.templates;
    request.search = search_path(common);
    request.date_cache = date_cache;
    // A letter built as a CV would be an empty page: it is made from [[applications]].
    for (const std::string& name : request.templates)
        if (is_application_template(name))
            diagnostics.error("mkcv", {}, "template",
                              "\"" + name + "\" is a template of mkcv apply, not a CV template",
                              "mkcv apply builds the letter, statements and packet of each "
                              "[[applications]] entry of cv.toml (docs/applications.md)");
    BuildPlan plan;
    if (!diagnostics.has_errors())
        plan = plan_build(request);
    diagnostics.append(plan.diagnostics);
    if (!common.list_fallbacks && print_options(common).format == DiagnosticFormat::Text)
        diagnostics = summarize_fallbacks(diagnostics, kListedFallbacks);
    report(diagnostics, plan.sources, common);
    plan.diagnostics = std::move(diagnostics);
    return plan;
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
                           "cv.toml's [locale] language; chooses the locale and the CJK font; "
                           "several (en,zh) build each, named cv-long.zh.pdf when not [locale] "
                           "language");
        command.add_flag("--builtin-templates-only", common.builtin_only,
                         "Use only the built-in templates, none from cv.toml's folder, the user's "
                         "folder or a path (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");
    }
    command.add_option("--diagnostics", common.diagnostics, "How problems are printed")
        ->check(CLI::IsMember({"text", "json", "github"}))
        ->capture_default_str();
}

}  // namespace mkcv

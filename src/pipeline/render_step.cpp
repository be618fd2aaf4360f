#include "pipeline/render_step.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "context/context_builder.h"
#include "pipeline/source_date.h"
#include "render/locale_files.h"
#include "render/renderer.h"
#include "render/template_input.h"
#include "tex/machine_probe.h"
#include "util/parallel.h"

namespace fs = std::filesystem;

namespace mkcv {

namespace {
using Clock = std::chrono::steady_clock;

// The fonts cv.toml names, asked of fontconfig before TeX runs: XeTeX would stop at a
// missing one with a message about fontspec, far from the line that named it.
void check_fonts(const ResolvedOptions& options, const std::string& cv_file,
                 Diagnostics& diagnostics) {
    for (const FontRequest& font : options.fonts) {
        const std::optional<bool> installed = font_installed(font.family);
        if (!installed)
            diagnostics.warning(cv_file, font.pos, "font",
                                "cannot check that font \"" + font.family +
                                    "\" is installed: fc-list did not answer",
                                "install fontconfig (Debian: fontconfig)");
        else if (!*installed)
            diagnostics.error(cv_file, font.pos, "font",
                              "`" + font.option + "`: no font \"" + font.family +
                                  "\" is installed on this machine",
                              "`fc-list : family` lists the installed font families");
    }
}

// A problem of [design] is found once per template: report it once.
void append_new(Diagnostics& to, const Diagnostics& from) {
    for (const Diagnostic& d : from.items()) {
        const bool seen =
            std::any_of(to.items().begin(), to.items().end(), [&](const Diagnostic& o) {
                return o.file == d.file && o.pos.line == d.pos.line &&
                       o.pos.column == d.pos.column && o.message == d.message &&
                       o.severity == d.severity;
            });
        if (!seen || d.pos.line == 0)
            to.add(d);
    }
}
}  // namespace

std::optional<PartialDate> updated_date(const Cv& cv) {
    if (cv.build.date)
        return cv.build.date;
    return updated_date(cv, outside_source_date(cv.source_name));
}

std::optional<PartialDate> updated_date(const Cv& cv, std::optional<long long> outside) {
    if (cv.build.date)
        return cv.build.date;
    if (outside)
        return date_of_epoch(*outside);
    return std::nullopt;
}

std::optional<std::vector<RenderedTemplate>> render_all(
    const Cv& given, const std::vector<std::string>& requested, const TemplateSearchPath& search,
    Diagnostics& diagnostics, const fs::path& date_cache, const std::string& language) {
    // The texts of the build's language (given.locale.language, which --lang sets), found
    // once; a copy, so the caller's Cv can be built again in another language.
    Cv cv = given;
    localize(cv, search, diagnostics);
    // Asked once: it may mean asking git.
    const std::optional<long long> outside =
        cv.build.date ? std::nullopt : outside_source_date(cv.source_name, date_cache);
    // Templates render side by side, each with its own diagnostics, reported in order. The
    // CV is only read; each template filters its own copy.
    struct Job {
        Diagnostics diagnostics;
        std::optional<Template> tmpl;
        TemplateInput input;
        RenderResult result;
        double ms = 0;
    };
    // `-t long -t long` builds long once: two compiles of one output would share its folder.
    const std::vector<std::string> templates = unique_in_order(requested);
    std::vector<Job> jobs(templates.size());
    // Loaded first, all of them: each template's `documents[]` lists the others' outputs.
    for_each_index(jobs.size(), std::thread::hardware_concurrency(), [&](std::size_t i) {
        const auto start = Clock::now();
        jobs[i].tmpl = load_template(templates[i], search, jobs[i].diagnostics);
        jobs[i].ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    });
    std::vector<const Template*> all;
    for (const Job& job : jobs)
        if (job.tmpl)
            all.push_back(&*job.tmpl);
    check_design_keys(cv, all, diagnostics);
    const std::string stem = fs::path(cv.source_name).stem().string();
    const auto render_one = [&](std::size_t i) {
        Job& job = jobs[i];
        if (!job.tmpl)
            return;
        const auto start = Clock::now();
        job.input = template_input(cv, *job.tmpl, updated_date(cv, outside), job.diagnostics);
        check_fonts(job.input.design, cv.source_name, job.diagnostics);
        if (job.diagnostics.has_errors())
            return;
        job.input.options.documents =
            output_documents(all, stem, job.tmpl->manifest.name, language);
        job.result = render_template(*job.tmpl, template_context(job.input.filtered.cv, job.input),
                                     job.diagnostics);
        job.ms += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    };
    for_each_index(jobs.size(), std::thread::hardware_concurrency(), render_one);

    std::vector<RenderedTemplate> out;
    std::vector<std::string> loaded;
    std::vector<fs::path> loaded_dirs;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        Job& job = jobs[i];
        append_new(diagnostics, job.diagnostics);
        if (!job.tmpl)
            continue;
        // One output per name: `-t long -t ./builtin_templates/long` is long once, and two
        // different templates named alike would overwrite each other's PDF.
        const std::string& name = job.tmpl->manifest.name;
        if (const auto it = std::find(loaded.begin(), loaded.end(), name); it != loaded.end()) {
            std::error_code ec;
            const fs::path& first = loaded_dirs[static_cast<std::size_t>(it - loaded.begin())];
            if (!fs::equivalent(first, job.tmpl->dir, ec))
                diagnostics.error(templates[i], {}, "template",
                                  "two templates are named `" + name + "` (" + first.string() +
                                      " and " + job.tmpl->dir.string() +
                                      "); they would write the same PDF",
                                  "rename one in its template.toml");
            continue;
        }
        loaded.push_back(name);
        loaded_dirs.push_back(job.tmpl->dir);
        if (job.result.ok)
            out.push_back({std::move(*job.tmpl),
                           std::move(job.result.tex),
                           std::move(job.input),
                           job.ms,
                           build_epoch(cv, outside),
                           cv.build.timeout,
                           language,
                           {},
                           {},
                           {},
                           {}});
    }
    check_template_overrides(cv, search, loaded, diagnostics);
    if (diagnostics.has_errors())
        return std::nullopt;
    return out;
}

std::vector<std::string> unique_in_order(const std::vector<std::string>& items) {
    std::vector<std::string> out;
    for (const auto& item : items)
        if (std::find(out.begin(), out.end(), item) == out.end())
            out.push_back(item);
    return out;
}

}  // namespace mkcv

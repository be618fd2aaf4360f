#include "pipeline.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <future>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>

#include "context_builder.h"
#include "cv_loader.h"
#include "cv_validate.h"
#include "file_io.h"
#include "latexmk.h"
#include "page_budget.h"
#include "publication_merge.h"
#include "renderer.h"
#include "version.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

using Clock = std::chrono::steady_clock;

std::string seconds_since(Clock::time_point start) {
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    std::ostringstream out;
    out << std::fixed << std::setprecision(s < 0.1 ? 1 : 2);
    if (s < 0.1)
        out << s * 1000 << " ms";
    else
        out << s << " s";
    return out.str();
}

struct CompileOutcome {
    std::string report;  // lines to print, in order
    bool ok = false;
    int pages = 0;
};

// Prints the offending .tex line under a TeX error, like a compiler does.
std::string explain_latex_error(const LatexError& error, const fs::path& tex_path,
                                const std::string& tex) {
    std::ostringstream out;
    out << tex_path.string();
    if (error.line > 0)
        out << ':' << error.line;
    out << ": error: " << error.message << '\n';
    if (error.line > 0) {
        const std::string line = line_of(tex, error.line);
        if (!line.empty())
            out << "  " << line << '\n';
    }
    if (!error.context.empty())
        out << "  TeX stopped after: " << error.context << '\n';
    return out.str();
}

// When the failing .tex line prints values from cv.toml, shows where they were written.
std::string point_at_values(const LatexError& error, const RenderedTemplate& r) {
    if (error.line <= 0)
        return "";
    Diagnostics notes;
    SourceTexts sources;
    for (const auto& value : values_on_line(r.origins, line_of(r.tex, error.line), error.context)) {
        notes.note(value.file, value.pos, "tex-value", "this line prints the value written here");
        if (!sources.count(value.file))
            read_file(value.file, sources[value.file]);
    }
    std::ostringstream out;
    PrintOptions options;
    options.summary = false;
    print_diagnostics(out, notes, sources, options);
    return out.str();
}

CompileOutcome compile_one(const RenderedTemplate& r, const std::string& stem,
                           const BuildOptions& options) {
    CompileOutcome outcome;
    std::ostringstream report;
    const std::string& name = r.tmpl.manifest.name;
    const std::string base = stem + "-" + name;
    const fs::path tex_path = options.out_dir / (base + ".tex");
    const fs::path pdf_path = options.out_dir / (base + ".pdf");
    const fs::path work_dir = options.out_dir / ".mkcv" / base;

    std::error_code ec;
    fs::create_directories(work_dir, ec);
    if (ec) {
        outcome.report =
            name + ": error: cannot create " + work_dir.string() + ": " + ec.message() + "\n";
        return outcome;
    }
    for (const auto& target : {tex_path, work_dir / (base + ".tex")}) {
        if (auto error = write_file_atomically(target, r.tex); !error.empty()) {
            outcome.report = name + ": error: " + error + "\n";
            return outcome;
        }
    }

    const auto start = Clock::now();
    LatexmkJob job;
    job.work_dir = work_dir;
    job.tex_file = base + ".tex";
    job.engine = r.tmpl.manifest.engine;
    const LatexmkResult result = run_latexmk(job);
    if (result.status != LatexmkResult::Status::Ok) {
        report << name << ": error: ";
        if (result.status == LatexmkResult::Status::Failed)
            report << "TeX failed";
        if (!result.explanation.empty())
            report << (result.status == LatexmkResult::Status::Failed ? ": " : "")
                   << result.explanation;
        report << '\n';
        if (result.first_error) {
            report << explain_latex_error(*result.first_error, tex_path, r.tex);
            report << point_at_values(*result.first_error, r);
        }
        if (result.status == LatexmkResult::Status::Failed)
            report << name << ": the full log is " << result.log.string() << "; "
                   << pdf_path.string() << " was left as it was\n";
        if (options.verbose) {
            std::string output;
            read_file(result.output, output);
            report << output;
        }
        outcome.report = report.str();
        return outcome;
    }
    if (auto error = replace_file_atomically(result.pdf, pdf_path); !error.empty()) {
        outcome.report = name + ": error: " + error + "\n";
        return outcome;
    }
    if (options.verbose) {
        std::string output;
        read_file(result.output, output);
        report << output;
    }
    if (!options.quiet)
        report << name << ": latexmk " << result.passes
               << (result.passes == 1 ? " pass " : " passes ") << seconds_since(start) << ", "
               << result.pages << (result.pages == 1 ? " page" : " pages") << " → "
               << pdf_path.string() << '\n';
    outcome.report = report.str();
    outcome.ok = true;
    outcome.pages = result.pages;
    return outcome;
}

// compile_one, within the template's page budget (page_budget.h). A failed budget leaves
// the previous PDF as it was, as a TeX failure does, though attempts replaced it meanwhile.
CompileOutcome compile_budgeted(const RenderedTemplate& r, const std::string& stem,
                                const BuildOptions& options) {
    if (r.input.max_pages <= 0)
        return compile_one(r, stem, options);
    const std::string base = stem + "-" + r.tmpl.manifest.name;
    const fs::path pdf = options.out_dir / (base + ".pdf");
    const fs::path previous = options.out_dir / ".mkcv" / (base + ".previous.pdf");
    std::error_code ec;
    const bool had_pdf = fs::exists(pdf, ec);
    fs::create_directories(previous.parent_path(), ec);
    const bool saved = had_pdf && replace_file_atomically(pdf, previous).empty();
    const BudgetOutcome budget =
        compile_within_budget(r, options.strict_pages, [&](const std::string& tex) {
            // The attempt keeps the origins, so a TeX error in it still points at cv.toml.
            const RenderedTemplate attempt{r.tmpl, tex, r.origins, {}};
            const CompileOutcome o = compile_one(attempt, stem, options);
            return CompileAttempt{o.ok, o.pages, o.report};
        });
    if (!budget.ok) {
        if (saved)
            replace_file_atomically(previous, pdf);
        else if (!had_pdf)
            fs::remove(pdf, ec);
    }
    fs::remove(previous, ec);
    return {budget.report, budget.ok, 0};
}

}  // namespace

LoadedCv load_and_validate(const fs::path& path, Diagnostics& diagnostics) {
    LoadedCv loaded;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        diagnostics.error(
            path.string(), {}, "io", "no such file",
            path == "cv.toml" ? "run mkcv in the folder of your cv.toml, or name the file" : "");
        return loaded;
    }
    if (fs::is_directory(path, ec)) {
        diagnostics.error(path.string(), {}, "io", "is a folder, not a file",
                          "name the .toml file: " + (path / "cv.toml").string());
        return loaded;
    }
    if (!read_file(path, loaded.text)) {
        diagnostics.error(path.string(), {}, "io", "cannot read the file");
        return loaded;
    }
    LoadResult result = load_cv(loaded.text, path.string());
    diagnostics.append(result.diagnostics);
    loaded.sources[path.string()] = loaded.text;
    if (result.cv)
        merge_bibliography(*result.cv, path, diagnostics, loaded.sources);
    if (result.cv)
        validate_cv(*result.cv, diagnostics);
    if (!diagnostics.has_errors())
        loaded.cv = std::move(result.cv);
    return loaded;
}

std::optional<PartialDate> updated_date(const Cv& cv) {
    if (cv.build.date)
        return cv.build.date;
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch) {
        char* end = nullptr;
        const long long seconds = std::strtoll(epoch, &end, 10);
        if (end && *end == '\0' && seconds >= 0) {
            const std::time_t t = static_cast<std::time_t>(seconds);
            std::tm tm{};
            gmtime_r(&t, &tm);
            return PartialDate{tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, false};
        }
    }
    return std::nullopt;
}

std::optional<std::vector<RenderedTemplate>> render_all(const Cv& cv,
                                                        const std::vector<std::string>& templates,
                                                        const TemplateSearchPath& search,
                                                        Diagnostics& diagnostics) {
    std::vector<RenderedTemplate> out;
    std::vector<std::string> loaded;
    for (const auto& name : templates) {
        auto tmpl = load_template(name, search, diagnostics);
        if (!tmpl)
            continue;
        loaded.push_back(tmpl->manifest.name);
        TemplateInput input = template_input(cv, *tmpl);
        RenderResult result =
            render_template(*tmpl, template_context(input.filtered.cv, input), diagnostics);
        if (result.ok)
            out.push_back(
                {std::move(*tmpl), std::move(result.tex), value_origins(cv), std::move(input)});
    }
    check_template_overrides(cv, search, loaded, diagnostics);
    if (diagnostics.has_errors())
        return std::nullopt;
    return out;
}

int build_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
              const BuildOptions& options, std::ostream& log) {
    std::vector<std::future<CompileOutcome>> running;
    std::vector<CompileOutcome> outcomes(rendered.size());
    // Templates compile side by side, `jobs` at a time; reports print in template order.
    const std::size_t jobs = static_cast<std::size_t>(std::max(1, options.jobs));
    for (std::size_t begin = 0; begin < rendered.size(); begin += jobs) {
        const std::size_t end = std::min(rendered.size(), begin + jobs);
        for (std::size_t i = begin; i < end; ++i)
            running.push_back(std::async(std::launch::async, compile_budgeted,
                                         std::cref(rendered[i]), std::cref(stem),
                                         std::cref(options)));
        for (std::size_t i = begin; i < end; ++i)
            outcomes[i] = running[i].get();
    }
    bool ok = true;
    for (const auto& outcome : outcomes) {
        log << outcome.report;
        ok = ok && outcome.ok;
    }
    return ok ? kExitOk : kExitBuildFailed;
}

}  // namespace mkcv

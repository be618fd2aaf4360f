// `mkcv doctor`: what this machine lacks to build the chosen templates, and the Debian
// package that brings each piece. Checks latexmk and each template's engine, every LaTeX
// package and font the templates' files name (tex/requirements.h), and that the output folder
// can be written. What only a CV with CJK text loads (xeCJK, the Noto CJK fonts: the Debian
// package's Recommends) is named on lines of its own, and is no failure. Poppler is not
// checked: mkcv reads page counts from TeX's log, and needs no PDF tool to build. Exit 0
// when nothing is missing, 1 when something is, 2 for a template that cannot be loaded.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "pipeline/compile_step.h"
#include "render/template_set.h"
#include "tex/debian_packages.h"
#include "tex/format.h"
#include "tex/format_cache.h"
#include "tex/machine_probe.h"
#include "tex/requirements.h"
#include "util/process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

struct Report {
    std::vector<std::string> ok;
    std::vector<std::pair<std::string, std::string>> missing;  // what, package or how to find it
    // Missing, but needed only by some CVs (CJK text: the package's Recommends).
    std::vector<std::pair<std::string, std::string>> optional;

    void need(const std::string& what, const std::string& package) {
        missing.emplace_back(what, package);
    }
    // What `cjk` found, checked for CJK text only: its missing pieces named, not failures.
    void add_for_cjk(Report&& cjk) {
        for (auto& [what, package] : cjk.missing)
            optional.emplace_back(std::move(what), std::move(package));
        for (auto& line : cjk.ok)
            ok.push_back(line + " for CJK text");
    }
};

std::string joined(const std::set<std::string>& names) {
    std::string out;
    for (const auto& name : names)
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

// The folder, or the nearest folder above it that exists (the build makes the rest), can be
// written and entered.
bool writable(const fs::path& out_dir) {
    std::error_code ec;
    fs::path dir = fs::absolute(out_dir, ec);
    while (!dir.empty() && !fs::exists(dir, ec)) {
        if (dir == dir.parent_path())
            return false;
        dir = dir.parent_path();
    }
    return fs::is_directory(dir, ec) && ::access(dir.c_str(), W_OK | X_OK) == 0;
}

void check_programs(const std::set<std::string>& programs, Report& report) {
    for (const auto& program : programs) {
        if (find_program(program).empty())
            report.need(program + " (not on PATH)", package_for_program(program));
        else
            report.ok.push_back(program);
    }
}

void check_packages(const std::set<std::string>& packages, Report& report) {
    if (packages.empty())
        return;
    const auto missing = missing_tex_packages(packages);
    if (!missing) {
        report.need(
            "kpsewhich (not on PATH: cannot look for the LaTeX packages " + joined(packages) + ")",
            package_for_program("kpsewhich"));
        return;
    }
    for (const auto& name : *missing)
        report.need("LaTeX package " + name + " (" + name + ".sty)", package_for_tex_package(name));
    if (missing->size() < packages.size())
        report.ok.push_back(std::to_string(packages.size() - missing->size()) + " LaTeX packages");
}

void check_fonts(const std::set<std::string>& fonts, Report& report) {
    int found = 0;
    for (const auto& font : fonts) {
        const auto installed = font_installed(font);
        if (!installed) {
            report.need("fc-list (not on PATH: cannot look for the fonts " + joined(fonts) + ")",
                        package_for_program("fc-list"));
            return;
        }
        if (*installed)
            ++found;
        else
            report.need("font \"" + font + "\"", package_for_font(font));
    }
    if (found > 0)
        report.ok.push_back(std::to_string(found) + " fonts");
}

// `mkcv doctor --warm`: the precompiled preamble of each template for cv.toml, in each
// language of --lang, made now into the machine's cache of formats (tex/format_cache.h), so
// that the first build in any folder starts TeX from it. Made in a scratch folder (the
// output folder stays as it was) and copied into the cache as a build's maker does. Exit 1
// when a format could not be made or kept.
int run_warm(CliState& state) {
    const fs::path cache = format_cache_folder();
    if (cache.empty()) {
        std::cerr << "mkcv doctor: the cache of precompiled preambles is off "
                     "(MKCV_FORMAT_CACHE=off, or no HOME): nothing to warm\n";
        return kExitBuildFailed;
    }
    const BuildPlan plan = prepare(state.common, {"long", "short"}, {});
    if (!plan.outputs)
        return kExitInvalid;
    std::error_code ec;
    std::string scratch_name = (fs::temp_directory_path(ec) / "mkcv-warm.XXXXXX").string();
    if (ec || ::mkdtemp(scratch_name.data()) == nullptr) {
        std::cerr << "mkcv doctor: cannot make a scratch folder in "
                  << fs::temp_directory_path(ec).string() << "\n";
        return kExitBuildFailed;
    }
    const fs::path scratch = scratch_name;
    fs::create_directory(scratch / ".mkcv", ec);
    BuildOptions options = state.build;
    options.out_dir = scratch;
    const std::string stem = fs::path(state.common.cv_path).stem().string();
    int failures = 0;
    for (const RenderedTemplate& r : *plan.outputs) {
        const std::string base = output_base(r, stem);
        const TexJob job = job_for(r, base, options);
        const std::optional<PreambleFormat> format = preamble_format(r.tex, job, scratch, base);
        const std::string name = output_label(r);
        if (!format) {
            std::cout << "  " << name << ": no precompiled preamble (not XeLaTeX, or no marker)\n";
            continue;
        }
        if (take_cached_format(*format, cache)) {
            std::cout << "  " << name << ": ready in " << cache.string() << '\n';
            continue;
        }
        const Result<> made = make_format(*format, job);
        offer_format(*format, cache);
        if (!made) {
            std::cout << "  " << name << ": " << visible(made.error().message) << '\n';
            ++failures;
        } else if (!take_cached_format(*format, cache)) {
            std::cout << "  " << name << ": made, but " << cache.string() << " cannot keep it\n";
            ++failures;
        } else {
            std::cout << "  " << name << ": made in " << cache.string() << '\n';
        }
    }
    fs::remove_all(scratch, ec);
    return failures ? kExitBuildFailed : kExitOk;
}

int run_doctor(CliState& state) {
    if (state.warm)
        return run_warm(state);
    const CommonOptions& common = state.common;
    const std::vector<std::string> names =
        common.templates.empty() ? std::vector<std::string>{"long", "short"} : common.templates;
    CommonOptions search_options = common;
    search_options.builtin_only = common.builtin_only || builtin_only_from_environment();
    const TemplateSearchPath search = search_path(search_options);

    std::set<std::string> programs;
    TexRequirements needs;
    std::vector<std::string> checked;
    Diagnostics diagnostics;
    for (const auto& name : names) {
        const auto tmpl = load_template(name, search, diagnostics);
        if (!tmpl)
            continue;
        checked.push_back(tmpl->manifest.name);
        if (tmpl->manifest.format != TextFormat::Latex)
            continue;  // HTML, Markdown and JSON need nothing beyond mkcv
        programs.insert("latexmk");
        programs.insert(tmpl->manifest.engine);
        scan_tex_requirements(tmpl->main.text, needs);
        for (const auto& [partial, file] : tmpl->partials)
            scan_tex_requirements(file.text, needs);
        // The template's font options name their fonts as values (mkcv-page), not in its text.
        for (const auto& option : tmpl->manifest.options)
            if (option.type == OptionType::Font && !option.default_value.text.empty())
                needs.fonts.insert(option.default_value.text);
    }
    if (diagnostics.has_errors()) {
        report(diagnostics, {}, common);
        return kExitInvalid;
    }

    std::cout << "mkcv doctor: checking for the templates";
    for (const auto& name : checked)
        std::cout << ' ' << name;
    std::cout << '\n';
    Report found;
    check_programs(programs, found);
    check_packages(needs.packages, found);
    // What only a CV with CJK text of some length loads (xeCJK): named, but not a failure.
    std::set<std::string> cjk = needs.cjk_packages;
    for (const auto& name : needs.cjk_packages)
        for (const auto& loaded : tex_packages_loaded_by(name))
            cjk.insert(loaded);
    if (!cjk.empty()) {
        Report cjk_found;
        check_packages(cjk, cjk_found);
        found.add_for_cjk(std::move(cjk_found));
    }
    check_fonts(needs.fonts, found);
    // The CJK fonts, which any CJK character loads (a name): named, but not a failure either.
    if (!needs.cjk_fonts.empty()) {
        Report cjk_found;
        check_fonts(needs.cjk_fonts, cjk_found);
        found.add_for_cjk(std::move(cjk_found));
    }
    if (writable(state.build.out_dir))
        found.ok.push_back("output folder " + state.build.out_dir.string() + " can be written");
    else
        found.need("write access to the output folder " + state.build.out_dir.string(),
                   "a folder you can write: -o DIR");

    for (const auto& line : found.ok)
        std::cout << "  ok       " << line << '\n';
    std::set<std::string> packages;
    for (const auto& [what, package] : found.missing) {
        std::cout << "  missing  " << what << ": " << package << '\n';
        if (is_package_name(package))
            packages.insert(package);
    }
    std::set<std::string> optional_packages;
    for (const auto& [what, package] : found.optional) {
        std::cout << "  for CJK  " << what << ": " << package << '\n';
        if (is_package_name(package))
            optional_packages.insert(package);
    }
    if (!optional_packages.empty()) {
        std::cout << "mkcv doctor: a CV with CJK text (Chinese, Japanese, Korean) also needs:\n  "
                     "sudo apt-get install";
        for (const auto& package : optional_packages)
            std::cout << ' ' << package;
        std::cout << '\n';
    }
    if (found.missing.empty()) {
        std::cout << "mkcv doctor: all is well\n";
        return kExitOk;
    }
    std::cout << "mkcv doctor: " << found.missing.size() << " missing";
    if (!packages.empty()) {
        std::cout << "; install with:\n  sudo apt-get install";
        for (const auto& package : packages)
            std::cout << ' ' << package;
    }
    std::cout << '\n';
    return kExitBuildFailed;
}

}  // namespace

void add_doctor_command(CLI::App& app, CliState& state) {
    auto* doctor = app.add_subcommand(
        "doctor",
        "Check that this machine has what the templates need (TeX, LaTeX packages, fonts) and "
        "name the Debian package of each missing piece; exit 1 when something is missing");
    add_common(*doctor, state.common, true);
    doctor->add_option("-o,--out", state.build.out_dir, "Output folder to check")
        ->capture_default_str();
    doctor->add_flag("--warm", state.warm,
                     "Make the templates' precompiled preambles for cv.toml in each --lang now, "
                     "into the machine's cache, so the first build in any folder is fast");
    doctor->callback([&state] { state.run = [&state] { return run_doctor(state); }; });
}

}  // namespace mkcv

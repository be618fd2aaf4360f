#include "pipeline/applications.h"

#include <algorithm>
#include <array>
#include <map>
#include <ostream>
#include <string_view>

#include "context/application_context.h"
#include "cv/language_tables.h"
#include "cv/sections.h"
#include "pipeline/build_plan.h"
#include "pipeline/build_state.h"
#include "pipeline/load_step.h"
#include "pipeline/pipeline.h"
#include "pipeline/render_step.h"
#include "pipeline/source_date.h"
#include "pipeline/text_output.h"
#include "render/locale_files.h"
#include "render/renderer.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// The CV an application's documents are made from: its privacy, and for the tailored CV
// its tags as every filtered section's include_tags of `cv_template`.
Cv application_cv(const Cv& cv, std::size_t index, const std::string& cv_template) {
    Cv out = cv;
    const Application& a = out.applications[index];
    out.applying = index;
    if (a.omit_phone)
        out.person.phone = {};
    if (a.omit_address) {
        out.person.location = {};
        out.person.location_parts = {};
    }
    if (!a.tags.empty()) {
        std::vector<std::string> tags;
        for (const Text& tag : a.tags)
            tags.push_back(tag.value);
        ContentRules& rules = out.templates[cv_template];
        for (const Section& section : sections_of(out).rows())
            if (section.is_list() && section.filterable)
                rules.sections[std::string(section.key)].include_tags = tags;
    }
    return out;
}

// The options a CV theme lends the letter, statements and packet of its application as their
// defaults ([design] and [templates.letter] still set them): its type, colour and paper, not
// its margins or sizes, which are a letter's own.
constexpr std::array<std::string_view, 6> kThemeLooks = {"paper",    "main_font", "sans_font",
                                                         "cjk_font", "accent",    "line_spacing"};

// Dresses an application's document `tmpl` as the CV's `theme`: a partial of it named
// NAME-THEME stands in for NAME (letterhead-modern for letterhead), so a theme's letterhead
// is a file of the letter's folder, not code; and the theme's looks are its defaults.
void dress_as_theme(Template& tmpl, const std::string& theme, const TemplateSearchPath& search) {
    const std::string suffix = "-" + theme;
    std::vector<std::pair<std::string, TemplateFile>> variants;
    for (const auto& [partial, file] : tmpl.partials)
        if (partial.size() > suffix.size() && partial.ends_with(suffix))
            variants.emplace_back(partial.substr(0, partial.size() - suffix.size()), file);
    for (auto& [partial, file] : variants)
        tmpl.partials[partial] = std::move(file);
    Diagnostics ignored;  // the tailored CV's own render reports its theme's problems
    const std::optional<Template> look = load_template(theme, search, ignored);
    if (!look)
        return;
    for (OptionDeclaration& mine : tmpl.manifest.options)
        if (std::find(kThemeLooks.begin(), kThemeLooks.end(), mine.name) != kThemeLooks.end())
            for (const OptionDeclaration& theirs : look->manifest.options)
                if (theirs.name == mine.name && theirs.type == mine.type)
                    mine.default_value = theirs.default_value;
}

// Renders template `name` for `cv` as the output `part` of an application; an application's
// own document (not the tailored CV) dressed as `theme` when one is given.
std::optional<RenderedTemplate> render_document(
    const Cv& cv, const std::string& name, const std::string& part, const std::string& theme,
    const std::vector<fs::path>& cv_files, const TemplateSearchPath& search,
    std::optional<long long> outside, const std::string& language, Diagnostics& diagnostics) {
    std::optional<Template> tmpl = load_template(name, search, diagnostics);
    if (!tmpl)
        return std::nullopt;
    if (!theme.empty())
        dress_as_theme(*tmpl, theme, search);
    TemplateInput input = template_input(cv, *tmpl, updated_date(cv, outside), diagnostics);
    if (diagnostics.has_errors())
        return std::nullopt;
    RenderResult result =
        render_template(*tmpl, template_context(input.filtered.cv, input), diagnostics);
    if (!result.ok)
        return std::nullopt;
    RenderedTemplate r{};
    r.made_from = made_from(input.filtered.cv, cv_files, *tmpl, search);
    r.tmpl = std::move(*tmpl);
    r.tmpl.manifest.name = part;  // its file: KEY-<part>.pdf
    r.tex = std::move(result.tex);
    r.input = std::move(input);
    r.source_date_epoch = build_epoch(cv, outside);
    r.timeout_seconds = cv.build.timeout;
    r.language = language;
    return r;
}

void add_file_once(std::vector<fs::path>& files, const fs::path& file) {
    if (std::find(files.begin(), files.end(), file) == files.end())
        files.push_back(file);
}

// Every document of application `index` of `given` (loaded in the application's language).
std::optional<ApplicationPlan> plan_one(const Cv& given, std::size_t index,
                                        const std::vector<fs::path>& cv_files,
                                        const ApplyRequest& request, const fs::path& out_dir,
                                        const std::string& language, Diagnostics& diagnostics) {
    Cv cv = given;
    localize(cv, request.search, diagnostics);
    const std::optional<long long> outside =
        cv.build.date ? std::nullopt : outside_source_date(cv.source_name, request.date_cache);
    const Application& a = cv.applications[index];
    const fs::path folder = fs::path(cv.source_name).parent_path();
    ApplicationPlan plan;
    plan.key = a.key.value;
    plan.out_dir = application_folder(out_dir, a.key.value);
    const std::string cv_template = a.cv_template.empty() ? "short" : a.cv_template.value;
    const auto render = [&](const Cv& doc_cv, const std::string& name,
                            const std::string& part) -> RenderedTemplate* {
        const std::string theme = name == cv_template ? "" : cv_template;
        auto r = render_document(doc_cv, name, part, theme, cv_files, request.search, outside,
                                 language, diagnostics);
        if (!r)
            return nullptr;
        plan.documents.push_back(std::move(*r));
        return &plan.documents.back();
    };
    const Cv letter_cv = application_cv(cv, index, cv_template);
    if (RenderedTemplate* letter = render(letter_cv, "letter", "letter")) {
        if (!a.letter_file.empty())
            add_file_once(letter->made_from, folder / a.letter_file.value);
        if (!a.signature_image.bytes.empty()) {
            add_file_once(letter->made_from, folder / a.signature.value);
            letter->attachments.emplace_back(signature_file_name(a.signature_image),
                                             a.signature_image.bytes);
        }
        // Over one page: the diagnostic points at the letter's last paragraph, in its file.
        if (!a.body.empty()) {
            letter->budget_file = a.body.back().file;
            letter->budget_pos = {a.body.back().line, 1};
        } else {
            letter->budget_file = cv.source_name;
            letter->budget_pos = a.pos;
        }
    }
    Cv tailored = application_cv(cv, index, cv_template);
    tailored.applying.reset();  // the CV is a CV: no `application` in its context
    render(tailored, cv_template, "cv");
    for (std::size_t s = 0; s < a.statements.size(); ++s) {
        Cv statement_cv = application_cv(cv, index, cv_template);
        statement_cv.applying_statement = s;
        if (RenderedTemplate* r =
                render(statement_cv, "statement", "statement-" + a.statements[s].kind.value))
            add_file_once(r->made_from, folder / a.statements[s].file.value);
    }
    auto packet = render_document(letter_cv, "packet", "packet", cv_template, cv_files,
                                  request.search, outside, language, diagnostics);
    if (!packet || diagnostics.has_errors())
        return std::nullopt;
    plan.packet = std::move(*packet);
    return plan;
}

// The packet's PDFs, read from where their documents' PDFs are; false when one is missing.
bool attach_documents(ApplicationPlan& plan, const BuildOptions& options) {
    plan.packet.attachments.clear();
    const Cv& cv = plan.packet.input.filtered.cv;
    const Application& a = cv.applications[*cv.applying];
    const LocaleTexts& words = texts_or_english(cv.locale.texts);
    for (const PacketDocument& d : packet_documents(a, words)) {
        const auto it =
            std::find_if(plan.documents.begin(), plan.documents.end(),
                         [&](const RenderedTemplate& r) { return r.tmpl.manifest.name == d.part; });
        std::string bytes;
        if (it == plan.documents.end() ||
            !read_own_file(output_path(*it, plan.key, options), bytes))
            return false;
        plan.packet.attachments.emplace_back(d.file, std::move(bytes));
    }
    return true;
}

// A symbolic link at <out>/applications or an application's folder is never followed.
bool refuse_linked_folder(const fs::path& folder, BuildReport& report, std::ostream& log) {
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(folder, ec);
    if (ec || status.type() == fs::file_type::not_found ||
        status.type() == fs::file_type::directory)
        return false;
    const std::string path = visible(folder.string());
    const std::string message = path +
                                " is not a folder mkcv made; mkcv follows no link in its "
                                "output folder and writes into nothing it did not make";
    log << "mkcv: error: " << message << '\n';
    report.diagnostics.error(path, {}, "unsafe-output", message,
                             "remove it (rm -r " + path + ") and apply again; mkcv makes it anew");
    report.refused = true;
    report.ok = false;
    return true;
}

void append_report(BuildReport& into, BuildReport&& from) {
    into.ok = into.ok && from.ok;
    into.refused = into.refused || from.refused;
    into.diagnostics.append(from.diagnostics);
    for (OutputReport& output : from.outputs)
        into.outputs.push_back(std::move(output));
}

}  // namespace

bool is_application_template(std::string_view name) {
    return std::find(kApplicationTemplates.begin(), kApplicationTemplates.end(), name) !=
           kApplicationTemplates.end();
}

fs::path application_folder(const fs::path& out_dir, const std::string& key) {
    return out_dir / "applications" / key;
}

ApplyPlan plan_applications(const ApplyRequest& request, const fs::path& out_dir) {
    ApplyPlan plan;
    DiagnosticsOnce once(plan.diagnostics);
    std::map<std::string, LoadedCv> loaded;  // by language ("": the CV's default)
    std::string default_language = "en";
    const auto load = [&](const std::string& language) -> const LoadedCv& {
        auto it = loaded.find(language);
        if (it == loaded.end()) {
            Diagnostics these;
            it =
                loaded.emplace(language, load_and_validate(request.cv_path, these, language)).first;
            plan.sources.insert(it->second.sources.begin(), it->second.sources.end());
            once.add_new(these);
        }
        return it->second;
    };
    const LoadedCv& base = load("");
    for (const auto& [file, text] : base.sources)
        plan.cv_files.emplace_back(file);
    if (!base.cv)
        return plan;
    default_language = base.default_language;
    const std::vector<Application>& all = base.cv->applications;
    if (all.empty()) {
        plan.diagnostics.error(request.cv_path.string(), {}, "applications",
                               "cv.toml has no [[applications]]",
                               "add an [[applications]] entry (`mkcv new -o -` prints a commented "
                               "one; docs/applications.md says what each key does)");
        return plan;
    }
    std::vector<std::string> keys;
    for (const Application& a : all)
        keys.push_back(a.key.value);
    for (const std::string& key : request.keys)
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
            std::string list;
            for (const std::string& k : keys)
                list += (list.empty() ? "" : ", ") + k;
            plan.diagnostics.error(request.cv_path.string(), {}, "applications",
                                   "no application has the key \"" + visible(key) + "\"",
                                   "the applications of cv.toml: " + list);
        }
    if (plan.diagnostics.has_errors())
        return plan;
    std::vector<ApplicationPlan> out;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!request.keys.empty() && std::find(request.keys.begin(), request.keys.end(),
                                               all[i].key.value) == request.keys.end())
            continue;
        const std::vector<std::string> languages =
            request.languages.empty() ? std::vector<std::string>{all[i].language.value}
                                      : request.languages;
        for (const std::string& language : languages) {
            const std::string tag =
                language.empty() || same_language(language, default_language) ? "" : language;
            const LoadedCv& in = load(tag);
            if (!in.cv)
                return plan;
            Diagnostics these;
            // Outputs carry the language in their names only when --lang asked for several.
            std::optional<ApplicationPlan> one =
                plan_one(*in.cv, i, plan.cv_files, request, out_dir,
                         request.languages.size() > 1 ? tag : "", these);
            once.add_new(these);
            if (!one)
                return plan;
            out.push_back(std::move(*one));
        }
    }
    plan.applications = std::move(out);
    return plan;
}

BuildReport apply_all(std::vector<ApplicationPlan>& plans, const BuildOptions& options,
                      std::ostream& log) {
    BuildReport report;
    report.ok = true;
    const fs::path root = options.out_dir / "applications";
    for (ApplicationPlan& plan : plans) {
        std::error_code ec;
        if (refuse_linked_folder(options.out_dir, report, log) ||
            refuse_linked_folder(root, report, log) ||
            refuse_linked_folder(plan.out_dir, report, log))
            return report;
        fs::create_directories(plan.out_dir, ec);
        if (ec) {
            const std::string message =
                "cannot make " + visible(plan.out_dir.string()) + ": " + ec.message();
            log << "mkcv: error: " << message << '\n';
            report.diagnostics.error(plan.out_dir.string(), {}, "io", message);
            report.ok = false;
            continue;
        }
        BuildOptions these = options;
        these.out_dir = plan.out_dir;
        // Every application has a letter and a packet: the line says whose follow.
        if (!options.quiet)
            log << visible("application " + plan.key + " → " + plan.out_dir.string()) << '\n';
        BuildReport documents = build_all(plan.documents, plan.key, these, log);
        const bool built = documents.ok;
        append_report(report, std::move(documents));
        if (!built)
            continue;  // the packet of the last good build stays as it was
        if (!attach_documents(plan, these)) {
            report.ok = false;
            continue;
        }
        append_report(report, build_all({plan.packet}, plan.key, these, log));
    }
    return report;
}

BuildReport check_applications_built(std::vector<ApplicationPlan>& plans,
                                     const BuildOptions& options, std::ostream& log) {
    BuildReport report;
    report.ok = true;
    for (ApplicationPlan& plan : plans) {
        BuildOptions these = options;
        these.out_dir = plan.out_dir;
        append_report(report, check_all(plan.documents, plan.key, these, log));
        if (!attach_documents(plan, these)) {
            report.ok = false;
            OutputReport& output = report.outputs.emplace_back();
            output.name = plan.key + " packet";
            output.status = OutputStatus::Stale;
            log << visible(plan.key + ": packet: stale: a document it holds is not built") << '\n';
            continue;
        }
        append_report(report, check_all({plan.packet}, plan.key, these, log));
    }
    return report;
}

}  // namespace mkcv

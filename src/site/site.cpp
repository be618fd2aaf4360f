#include "site/site.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <ostream>
#include <set>

#include "bib/export.h"
#include "cv/locale_texts.h"
#include "cv/sections.h"
#include "pipeline/build_plan.h"
#include "pipeline/load_step.h"
#include "pipeline/pipeline.h"
#include "pipeline/render_step.h"
#include "pipeline/source_date.h"
#include "render/locale_files.h"
#include "render/rendered_template.h"
#include "render/renderer.h"
#include "render/template_input.h"
#include "site/site_folder.h"
#include "util/ascii.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// A citekey as a file name: letters, digits, - and _ kept, anything else (a slash, a dot, a
// quote) a -, at most 64 bytes; never empty, never starting with a dot.
std::string file_name_of_key(const std::string& key) {
    std::string out;
    for (const char c : key.substr(0, 64))
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '-';
    return out.empty() ? "paper" : out;
}

// The sections after the papers (experience, teaching, service, awards ...) in the order
// cv.toml writes them, by the line of each one's first entry, unless cv.toml gives the
// theme an `order` of its own; those before the papers (news, the research statement) and
// the papers keep the theme's order.
void in_cv_order(std::vector<SectionHeading>& sections, const Cv& cv, const std::string& theme) {
    if (const auto own = cv.templates.find(theme); own != cv.templates.end() && own->second.order)
        return;
    const auto papers = std::find_if(sections.begin(), sections.end(), [](const SectionHeading& h) {
        return h.name == kPublicationsSection;
    });
    if (papers == sections.end())
        return;
    const SectionTable& table = sections_of(cv);
    const auto line = [&](const SectionHeading& h) {
        const Section* section = table.find(h.name);
        if (!section || !section->is_list() || section->size(cv) == 0)
            return std::numeric_limits<int>::max();
        const int at = section->entries.at(cv, section->key, 0).pos.line;
        return at > 0 ? at : std::numeric_limits<int>::max();
    };
    std::stable_sort(
        papers + 1, sections.end(),
        [&](const SectionHeading& a, const SectionHeading& b) { return line(a) < line(b); });
}

// One page to write: a language's CV and where the page sits in the site.
struct Page {
    std::string language;  // as --lang named it; "" for the default
    std::string prefix;    // "" for the root page, "zh/" for the others
    Cv cv;
};

// From the page under `from` (its prefix) to the file `to` (a path from the site's root).
std::string href_from(const std::string& from, const std::string& to) {
    std::string up;
    for (const char c : from)
        if (c == '/')
            up += "../";
    return up + to;
}

struct Builder {
    const SiteOptions& options;
    std::ostream& log;
    SiteReport report;
    fs::path staging;
    std::set<std::string> written;
    std::optional<Template> theme;
    std::vector<fs::path> cv_files;  // cv.toml and its .bib files (build_plan.h)

    void add_inputs(const std::vector<fs::path>& files) {
        for (const fs::path& file : files)
            if (std::find(report.inputs.begin(), report.inputs.end(), file) == report.inputs.end())
                report.inputs.push_back(file);
    }

    bool write(const std::string& relative, const std::string& bytes) {
        if (!written.insert(relative).second)
            return true;  // the same file for two pages (a photo)
        if (Result<> ok = write_site_file(staging, relative, bytes); !ok) {
            report.diagnostics.add(ok.error());
            log << "mkcv site: error: " << ok.error().message << '\n';
            return false;
        }
        return true;
    }

    // The PDFs of one language, built into the build folder: their names (the templates')
    // and where they are.
    std::optional<std::vector<std::pair<std::string, fs::path>>> build_pdfs(const Page& page) {
        std::vector<std::string> names = {"long", "short"};
        if (page.cv.site.pdfs) {
            names.clear();
            for (const Text& name : *page.cv.site.pdfs)
                names.push_back(name.value);
        }
        std::vector<std::pair<std::string, fs::path>> out;
        if (names.empty())
            return out;
        const std::string stem = options.cv_path.stem().string();
        Diagnostics found;
        for (const std::string& name : names)
            if (name.find('/') != std::string::npos && !template_folder_allowed(name))
                found.error(options.cv_path.string(), page.cv.site.pos, "site",
                            "[site] pdfs names the template folder \"" + name +
                                "\", which is outside the folder of " +
                                options.cv_path.filename().string() +
                                ": a template is code, and cv.toml is data",
                            "move the template into the CV's folder (templates/NAME, then write "
                            "its NAME), or allow its parent folder with --template-dir");
        if (found.has_errors()) {
            report.diagnostics.append(found);
            report.invalid = true;
            return std::nullopt;
        }
        auto rendered = render_in_language(
            page.cv, cv_files, names, options.search, found,
            state_folder(options.pdf_build.out_dir) / (stem + ".source-date"), page.language);
        if (rendered)
            for (const RenderedTemplate& r : *rendered)
                if (r.tmpl.manifest.format != TextFormat::Latex)
                    found.error(
                        options.cv_path.string(), page.cv.site.pos, "site",
                        "`" + r.tmpl.manifest.name + "` in [site] pdfs is not a PDF template",
                        "name LaTeX templates, such as pdfs = [\"long\", \"short\"]");
        report.diagnostics.append(found);
        if (rendered)
            for (const RenderedTemplate& r : *rendered)
                add_inputs(input_files(r));  // `mkcv serve` builds again when a PDF's do change
        if (!rendered || found.has_errors()) {
            report.invalid = true;
            return std::nullopt;
        }
        BuildReport built = build_all(*rendered, stem, options.pdf_build, log);
        report.diagnostics.append(built.diagnostics);
        if (!built.ok) {
            report.invalid = built.refused;
            return std::nullopt;
        }
        for (const RenderedTemplate& r : *rendered)
            out.emplace_back(r.tmpl.manifest.name,
                             options.pdf_build.out_dir / (output_base(r, stem) + ".pdf"));
        return out;
    }

    // Whether a template folder that cv.toml names by path may be used: inside cv.toml's
    // folder, or inside a folder the user gave with --template-dir (symbolic links resolved;
    // resolved as load_template will, from the working folder).
    bool template_folder_allowed(const std::string& written) const {
        std::error_code ec;
        const fs::path folder = fs::canonical(written, ec);
        if (ec)
            return true;  // nothing there: load_template says so
        auto inside = [&](const fs::path& root) {
            std::error_code root_ec;
            const fs::path base = fs::canonical(root, root_ec);
            if (root_ec)
                return false;
            const fs::path relative = folder.lexically_relative(base);
            return !relative.empty() && *relative.begin() != "..";
        };
        if (inside(options.cv_path.parent_path().empty() ? fs::path(".")
                                                         : options.cv_path.parent_path()))
            return true;
        for (const auto& [root, origin] : options.search.roots)
            if (origin == "--template-dir" && inside(root))
                return true;
        return false;
    }

    // The files of one page beside it (photo, thumbnails, BibTeX, PDFs) and what the
    // context links.
    bool write_page_files(const Page& page,
                          const std::vector<std::pair<std::string, fs::path>>& pdfs, SitePage& site,
                          std::vector<OutputDocument>& documents) {
        const Photo& photo = page.cv.person.photo;
        if (!photo.bytes.empty()) {
            const std::string file =
                std::string("img/photo.") + (photo.type == "png" ? "png" : "jpg");
            if (!write(page.prefix + file, photo.bytes))
                return false;
            site.photo = file;
        }
        std::set<std::string> names;  // folded to lower case: Pages may be served case-blind
        std::size_t n = 0;
        Result<std::vector<PaperBibtex>> bibtex = export_paper_bibtex(page.cv);
        if (!bibtex) {
            report.diagnostics.add(bibtex.error());
            report.invalid = true;
            return false;
        }
        for (const PaperBibtex& entry : *bibtex) {
            ++n;
            std::string name = file_name_of_key(entry.key);
            for (int i = 2; !names.insert(ascii_lower(name)).second; ++i)
                name = file_name_of_key(entry.key) + "-" + std::to_string(i);
            const std::string file = "bib/" + name + ".bib";
            const std::string& text =
                entry.paper->bibtex_file.empty() ? entry.text : entry.paper->bibtex_file;
            if (!write(page.prefix + file, text.front() == '\n' ? text.substr(1) : text))
                return false;
            site.bibtex[paper_id(*entry.paper)] = file;
            if (const Photo& thumbnail = entry.paper->thumbnail; !thumbnail.bytes.empty()) {
                const std::string picture = "img/paper-" + std::to_string(n) + "." +
                                            (thumbnail.type == "png" ? "png" : "jpg");
                if (!write(page.prefix + picture, thumbnail.bytes))
                    return false;
                site.thumbnails[paper_id(*entry.paper)] = picture;
            }
        }
        for (const auto& [name, path] : pdfs) {
            std::string bytes;
            if (!read_file(path, bytes)) {
                report.diagnostics.add(
                    io_failure(path.string(), "cannot read " + path.string()).diagnostic);
                log << "mkcv site: error: cannot read " << path.string() << '\n';
                return false;
            }
            const std::string file = path.filename().string();
            if (!write(page.prefix + file, bytes))
                return false;
            documents.push_back({name, file, "pdf"});
            if (site.cv_pdf.empty() || name == "long")
                site.cv_pdf = file;
        }
        return true;
    }

    bool run() {
        // Every language's CV first: an error in any of them stops the build before TeX.
        std::vector<Page> pages;
        DiagnosticsOnce once(report.diagnostics);
        LoadedLanguages loaded = load_languages(options.cv_path, options.languages, once);
        report.sources.insert(loaded.sources.begin(), loaded.sources.end());
        cv_files = std::move(loaded.cv_files);
        add_inputs(cv_files);
        const std::string default_language = loaded.default_language;
        if (loaded.cvs.empty()) {
            report.invalid = true;
            return false;
        }
        for (LoadedLanguage& these : loaded.cvs)
            pages.push_back({these.language, "", std::move(these.cv)});
        // The first language is the root page; the others are <tag>/index.html.
        for (std::size_t i = 1; i < pages.size(); ++i)
            pages[i].prefix =
                (pages[i].language.empty() ? default_language : pages[i].language) + "/";

        Diagnostics found;
        theme = load_template(options.theme, options.search, found);
        if (theme && theme->manifest.format != TextFormat::Html)
            found.error(theme->main.path.string(), {}, "template",
                        "the theme `" + theme->manifest.name + "` is not an HTML template",
                        "mkcv site takes an HTML template: academic or homepage");
        report.diagnostics.append(found);
        if (!theme || found.has_errors()) {
            report.invalid = true;
            return false;
        }
        // What each page is made from, known before it is rendered: a failed build still
        // rebuilds when the file that broke it is fixed.
        for (const Page& page : pages) {
            RenderedTemplate page_output;
            page_output.tmpl = *theme;
            page_output.made_from = made_from(page.cv, cv_files, *theme, options.search);
            add_inputs(input_files(page_output));
        }

        if (const auto problem = site_folder_problem(options.out_dir, options.force)) {
            report.diagnostics.error(
                problem->path.string(), {}, "unsafe-output",
                problem->path.string() + " " + problem->why + "; mkcv site will not replace it",
                "name another folder with -o, or remove it; --force "
                "replaces a folder mkcv did not make");
            report.invalid = true;
            return false;
        }

        // The PDFs, every language's, before the site folder is made.
        std::vector<std::vector<std::pair<std::string, fs::path>>> pdfs;
        for (const Page& page : pages) {
            auto built = build_pdfs(page);
            if (!built)
                return false;
            pdfs.push_back(std::move(*built));
        }

        Result<fs::path> made = make_staging_folder(options.out_dir);
        if (!made) {
            report.diagnostics.add(made.error());
            return false;
        }
        staging = *made;
        const bool done = write_all(pages, pdfs, default_language);
        if (!done) {
            remove_staging_folder(staging);
            return false;
        }
        if (Result<> placed = put_site_in_place(staging, options.out_dir); !placed) {
            report.diagnostics.add(placed.error());
            remove_staging_folder(staging);
            return false;
        }
        report.files.assign(written.begin(), written.end());
        return true;
    }

    bool write_all(std::vector<Page>& pages,
                   const std::vector<std::vector<std::pair<std::string, fs::path>>>& pdfs,
                   const std::string& default_language) {
        if (!write(
                kSiteMarker,
                "This folder was made by mkcv site, which replaces it whole on its next run.\n") ||
            !write(".nojekyll", ""))
            return false;
        // The language links: each page's name in its own language.
        std::vector<std::pair<std::string, std::string>> names;  // tag, name
        for (Page& page : pages) {
            localize(page.cv, options.search, report.diagnostics);
            const LocaleTexts& words = texts_or_english(page.cv.locale.texts);
            const std::string tag = page.language.empty() ? default_language : page.language;
            names.emplace_back(tag, words.has("language_name") ? words.text("language_name") : tag);
        }
        Diagnostics found;
        for (std::size_t i = 0; i < pages.size(); ++i) {
            Page& page = pages[i];
            SitePage site;
            std::vector<OutputDocument> documents;
            if (!write_page_files(page, pdfs[i], site, documents))
                return false;
            if (pages.size() > 1)
                for (std::size_t j = 0; j < pages.size(); ++j)
                    site.languages.push_back(
                        {names[j].first, names[j].second,
                         href_from(page.prefix, pages[j].prefix + "index.html"), i == j});
            TemplateInput input = template_input(
                page.cv, *theme, updated_date(page.cv, outside_source_date(page.cv.source_name)),
                found);
            std::vector<SectionHeading> order =
                section_headings(input.filtered.cv, input.filtered.award_papers, input.rules);
            in_cv_order(order, input.filtered.cv, theme->manifest.name);
            input.rules.order.emplace();
            for (const SectionHeading& h : order)
                input.rules.order->push_back(h.name);
            input.options.documents = documents;
            input.options.site = site;
            const RenderResult rendered =
                render_template(*theme, template_context(input.filtered.cv, input), found);
            if (!rendered.ok || found.has_errors()) {
                report.diagnostics.append(found);
                report.invalid = true;
                return false;
            }
            if (!write(page.prefix + "index.html", rendered.tex))
                return false;
            log << "site: " << (options.out_dir / (page.prefix + "index.html")).string() << '\n';
        }
        report.diagnostics.append(found);
        return true;
    }
};

}  // namespace

SiteReport build_site(const SiteOptions& options, std::ostream& log) {
    Builder builder{options, log, {}, {}, {}, {}, {}};
    const std::string name = options.out_dir.filename().string();
    if (name.empty() || name == "." || name == "..") {
        builder.report.diagnostics.error(
            options.out_dir.string(), {}, "unsafe-output",
            "the site folder must be named: " + options.out_dir.string() + " is not",
            "write -o _site");
        builder.report.invalid = true;
        return builder.report;
    }
    // The build folder inside the site (or the other way round) would be swapped away.
    std::error_code ec;
    const fs::path site = fs::weakly_canonical(fs::absolute(options.out_dir), ec);
    const fs::path build = fs::weakly_canonical(fs::absolute(options.pdf_build.out_dir), ec);
    const auto within = [](const fs::path& inner, const fs::path& outer) {
        const fs::path rel = inner.lexically_relative(outer);
        return !rel.empty() && *rel.begin() != "..";
    };
    if (within(build, site) || within(site, build)) {
        builder.report.diagnostics.error(
            options.out_dir.string(), {}, "unsafe-output",
            "the site folder " + options.out_dir.string() + " and the build folder " +
                options.pdf_build.out_dir.string() + " must be apart, neither inside the other",
            "keep the defaults (-o _site, --build-dir out)");
        builder.report.invalid = true;
        return builder.report;
    }
    builder.report.ok = builder.run();
    return builder.report;
}

}  // namespace mkcv

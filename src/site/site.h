// `mkcv site`: one folder to publish as it is (GitHub Pages, any static host). index.html
// at its root (and <lang>/index.html for each other language of --lang, linked to each
// other), the photo, each paper's thumbnail and BibTeX (bib/<key>.bib), the PDFs it links
// built through the usual pipeline (into the build folder, out/ by default) and copied in,
// `.nojekyll` and mkcv's marker. Every link is relative; nothing is fetched from elsewhere.
// The folder is made beside the old one and swapped in whole (site_folder.h). `mkcv serve`
// calls build_site on every change.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "pipeline/compile_step.h"
#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv {

struct SiteOptions {
    std::filesystem::path cv_path = "cv.toml";
    std::string theme = "academic";  // an HTML template, by name or path
    std::filesystem::path out_dir = "_site";
    // The languages of the pages: {""} is the CV's default language alone; the first of
    // several is the root page, each other one is <tag>/index.html.
    std::vector<std::string> languages = {""};
    TemplateSearchPath search;
    // How the PDFs are built: pdf_build.out_dir is the build folder (out/), as for `build`.
    BuildOptions pdf_build;
    bool force = false;  // replace a folder mkcv did not make
};

struct SiteReport {
    bool ok = false;
    // The CV, the templates or the site folder are wrong (exit 2); else a failed build or
    // write (exit 1) when not ok.
    bool invalid = false;
    Diagnostics diagnostics;
    SourceTexts sources;  // the files read, to show offending lines
    // What the site is made from (cv.toml, .bib files, pictures, templates, locale files),
    // for `serve` and `watch` to know when to build again.
    std::vector<std::filesystem::path> inputs;
    // The site's files, relative to its folder, sorted.
    std::vector<std::string> files;
};

// Builds the site of `options.cv_path` into `options.out_dir`; progress and failures are
// said on `log` for people, and are diagnostics in the report too.
SiteReport build_site(const SiteOptions& options, std::ostream& log);

}  // namespace mkcv

// `mkcv apply`: each `[[applications]]` entry of cv.toml (docs/applications.md) built under
// <out>/applications/KEY/ as KEY-letter.pdf, KEY-cv.pdf (the tailored CV), one
// KEY-statement-KIND.pdf per statement and KEY-packet.pdf (all of them in one PDF, with
// bookmarks and page labels). Each application is a build of its own: its own folder, lock
// and build records, so an edit to one letter rebuilds that application only; each
// document goes through the compile step as a CV does (page budget, atomic placement, the
// previous PDF kept when TeX fails). The packet is compiled after the others, from the PDFs
// they left in place.
#pragma once

#include <array>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/build_report.h"
#include "pipeline/compile_step.h"
#include "render/rendered_template.h"
#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv {

struct ApplyRequest {
    std::filesystem::path cv_path = "cv.toml";
    std::vector<std::string> keys;  // the applications to build; empty: every one
    // --lang: each application in each of these (BCP 47 tags); empty: each in its own
    // `language`, else the CV's default.
    std::vector<std::string> languages;
    TemplateSearchPath search;
    std::filesystem::path date_cache;  // see render_all
};

// One application in one language, rendered.
struct ApplicationPlan {
    std::string key;
    std::filesystem::path out_dir;  // <out>/applications/KEY
    // The letter, the tailored CV, then each statement; the packet is compiled from their
    // PDFs once they are in place (its attachments are filled then).
    std::vector<RenderedTemplate> documents;
    RenderedTemplate packet;
};

struct ApplyPlan {
    std::optional<std::vector<ApplicationPlan>> applications;  // empty on any error
    Diagnostics diagnostics;
    SourceTexts sources;
    std::vector<std::filesystem::path> cv_files;
};

// The templates `mkcv apply` renders for an application: a letter, a statement and the
// packet are made from an `[[applications]]` entry, never built as a CV of their own (a
// folder of these names in templates/ replaces the built-in one for `mkcv apply`).
inline constexpr std::array<std::string_view, 3> kApplicationTemplates = {"letter", "statement",
                                                                          "packet"};
bool is_application_template(std::string_view name);

// <out>/applications/KEY: where an application's files go.
std::filesystem::path application_folder(const std::filesystem::path& out_dir,
                                         const std::string& key);

// Loads cv.toml in each language needed and renders every document of each application
// asked for; a key that names no application is an error with the keys there are.
ApplyPlan plan_applications(const ApplyRequest& request, const std::filesystem::path& out_dir);

// Builds each planned application into its folder (`options.out_dir` is the root output
// folder): its documents side by side, then its packet.
BuildReport apply_all(std::vector<ApplicationPlan>& plans, const BuildOptions& options,
                      std::ostream& log);

// As check_all, for every document and packet of `plans`, without running TeX.
BuildReport check_applications_built(std::vector<ApplicationPlan>& plans,
                                     const BuildOptions& options, std::ostream& log);

}  // namespace mkcv

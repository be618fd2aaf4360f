// What `mkcv site` and `mkcv serve` share: the options that say which site to build, and one
// build of it, with its diagnostics printed as `mkcv site` prints them.
#pragma once
#include <string>

#include "cli/common.h"
#include "site/site.h"

namespace mkcv {

struct SiteCommand {
    std::string theme = "academic";
    std::string out_dir = "_site";
    std::string build_dir = "out";
    bool force = false;
};

// -t, --template-dir, --lang, --builtin-templates-only, -o, --build-dir, -f, -q, -v.
// `out_help` says what the folder is to this command.
void add_site_options(CLI::App& command_app, CliState& state, SiteCommand& command,
                      const std::string& out_help);

struct SiteRun {
    bool languages_ok = false;  // false: --lang named no language to build (diagnosed)
    SiteReport site;
    Diagnostics shown;  // what was printed: the site's diagnostics, fallbacks summarized
};

SiteRun run_site_build(CliState& state, const SiteCommand& command);

}  // namespace mkcv

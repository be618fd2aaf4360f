// mkcv site: the folder to publish (site/site.h), with its PDFs built as `build` builds them.
#include <memory>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cli/site_run.h"

namespace mkcv {
namespace {

int run_site(CliState& state, const SiteCommand& command) {
    const SiteRun run = run_site_build(state, command);
    if (!run.languages_ok)
        return kExitInvalid;
    if (run.site.ok)
        return kExitOk;
    return run.site.invalid ? kExitInvalid : kExitBuildFailed;
}

}  // namespace

void add_site_command(CLI::App& app, CliState& state) {
    // Owned by the callback, which the app keeps: the options below write into it.
    auto owned = std::make_shared<SiteCommand>();
    SiteCommand& command = *owned;
    auto* site = app.add_subcommand(
        "site",
        "Write a folder to publish as it is (GitHub Pages): index.html, the photo, one .bib per "
        "paper, the PDFs it links");
    add_common(*site, state.common, false);
    add_site_options(*site, state, command, "The site folder");
    site->callback(
        [&state, owned] { state.run = [&state, owned] { return run_site(state, *owned); }; });
}

}  // namespace mkcv

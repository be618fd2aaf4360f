// The shape of src/ as docs/development.md describes it: folders that are pipeline stages,
// includes that only point down the stages, no include cycles, and a test file for every
// module (or a reason why integration tests cover it).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// The stages, lowest first. A file may include files of its own folder and of folders
// before it, never of a folder after it (docs/development.md, "Layout").
const std::vector<std::string> kStages = {"util", "net",      "text",   "cv",      "import",
                                          "bib",  "sync",     "select", "context", "render",
                                          "tex",  "pipeline", "site",   "serve",   "cli"};

// Headers CMake writes into build/generated from src/MODULE.h.in (configure_file).
const std::set<std::string> kGenerated = {"util/version"};

// Modules with no unit test file of their own, and what tests them instead.
const std::map<std::string, std::string> kTestedElsewhere = {
    {"bib/export", "integration/bibtex_test.sh (mkcv export bib)"},
    {"text/text_run", "types only; text/rich_text_test.cpp, text/inline_markup_test.cpp"},
    {"tex/warm_tex", "integration/watch_test.sh (a warm rebuild's PDF against mkcv build's)"},
    {"cli/build_command", "integration/incremental_build_test.sh, watch_test.sh"},
    {"cli/apply_command", "integration/apply_test.sh"},
    {"cli/cli", "integration/cli_test.sh"},
    {"cli/commands", "declarations; integration/cli_test.sh"},
    {"cli/common", "integration/cli_test.sh, build_diagnostics_test.sh"},
    {"cli/import_command", "integration/import_test.sh"},
    {"cli/new_command", "integration/new_test.sh"},
    {"cli/site_command", "integration/site_test.sh"},
    {"cli/site_run", "integration/site_test.sh, serve_test.sh (what site and serve share)"},
    {"cli/doctor_command", "integration/doctor_test.sh"},
    {"cli/init_command", "integration/init_test.sh"},
    {"cli/serve_command", "integration/serve_test.sh"},
    {"serve/preview_server",
     "integration/serve_test.sh (real browser), security/serve_paths_test.sh (traversals), "
     "security/serve_slow_clients_test.sh (bounds)"},
    {"cli/starter_cv", "integration/new_test.sh: it validates and builds both PDFs, any name"},
    {"import/source_tree", "import/json_reader_test.cpp, import/yaml_reader_test.cpp"},
    {"import/mapping", "import/jsonresume_test.cpp, import/rendercv_test.cpp"},
    {"cli/cv_commands", "integration/cli_test.sh, bad_inputs_test.sh"},
    {"cli/exit_code", "constants; integration/cli_test.sh, security/exit_codes_test.sh"},
    {"cli/template_commands", "integration/templates_test.sh"},
    {"cli/sync_command", "integration/sync_test.sh, security/sync_titles_test.sh"},
    {"sync/fetch", "types only; sync/online_test.cpp serves it recorded bodies"},
    {"sync/work", "types only; every sync parser's test"},
    {"sync/json_input", "sync/orcid_json_test.cpp and the other JSON parsers' tests"},
    {"sync/xml_input", "sync/dblp_xml_test.cpp, sync/arxiv_atom_test.cpp"},
    {"sync/bibtex_works", "sync/offline_file_test.cpp (DBLP and Google Scholar BibTeX)"},
    {"sync/summary", "integration/sync_test.sh (its lines are checked there)"},
    {"context/publication_groups", "context/context_builder_test.cpp, render/golden_test.cpp"},
    {"cv/content_rules", "select/content_filter_test.cpp, render/template_manifest_test.cpp"},
    {"cv/model", "plain structs; cv/loader_test.cpp"},
    {"cv/option_settings", "a struct; render/template_options_test.cpp"},
    {"cv/option_reader", "render/template_options_test.cpp, cv/loader_test.cpp"},
    {"cv/validate",
     "cv/loader_test.cpp (test_support.h validates), integration/bad_inputs_test.sh"},
    {"render/rendered_template", "a struct; pipeline/build_state_test.cpp, render/golden_test.cpp"},
    {"render/template_scaffold", "integration/templates_test.sh (mkcv template new)"},
    {"render/template_set", "render/template_manifest_test.cpp, render/renderer_test.cpp"},
    {"render/template_variant", "render/golden_test.cpp, integration/templates_test.sh"},
    {"tex/machine_probe", "integration/doctor_test.sh (kpsewhich and fc-list, found and not)"},
    {"tex/format_driver", "tex/format_test.cpp, integration/tex_format_test.sh"},
    {"util/source_location", "a struct; util/diagnostics_test.cpp"},
    {"util/text_similarity", "the did-you-mean hints of integration/bad_inputs_test.sh"},
};

const fs::path kSource = fs::path(MKCV_TEST_SOURCE_DIR) / "src";

// "cv/loader" for src/cv/loader.cpp and src/cv/loader.h.
std::string module_of(const fs::path& file) {
    return fs::relative(file, kSource).replace_extension().generic_string();
}

std::string folder_of(const std::string& module) {
    const auto slash = module.find('/');
    return slash == std::string::npos ? "" : module.substr(0, slash);
}

// What each module includes of mkcv's own headers (`#include "x/y.h"`).
std::map<std::string, std::set<std::string>> include_graph() {
    std::map<std::string, std::set<std::string>> graph;
    for (const auto& entry : fs::recursive_directory_iterator(kSource)) {
        const auto ext = entry.path().extension();
        if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp"))
            continue;
        const std::string module = module_of(entry.path());
        auto& edges = graph[module];
        std::ifstream in(entry.path());
        for (std::string line; std::getline(in, line);) {
            const std::string directive = "#include \"";
            if (line.rfind(directive, 0) != 0)
                continue;
            const auto end = line.find('"', directive.size());
            std::string target = line.substr(directive.size(), end - directive.size());
            target = fs::path(target).replace_extension().generic_string();
            if (target != module)
                edges.insert(target);
        }
    }
    return graph;
}

}  // namespace

TEST_CASE("every module of src/ is in a stage folder, and includes only point down", "[layout]") {
    const auto graph = include_graph();
    REQUIRE(graph.size() > 30);
    auto rank = [](const std::string& folder) {
        return std::find(kStages.begin(), kStages.end(), folder) - kStages.begin();
    };
    for (const auto& [module, edges] : graph) {
        if (module == "main")
            continue;  // src/main.cpp: only calls the command line
        INFO(module);
        const std::string folder = folder_of(module);
        CHECK(rank(folder) < static_cast<long>(kStages.size()));
        for (const auto& target : edges) {
            INFO("includes " << target);
            CHECK((graph.count(target) == 1 || kGenerated.count(target) == 1));
            CHECK(rank(folder_of(target)) <= rank(folder));
        }
    }
}

TEST_CASE("every generated header has its template in src/", "[layout]") {
    for (const auto& module : kGenerated) {
        INFO(module);
        CHECK(fs::exists(kSource / (module + ".h.in")));
    }
}

TEST_CASE("no include cycles between modules", "[layout]") {
    const auto graph = include_graph();
    std::map<std::string, int> state;  // 1: on the current path, 2: done
    std::vector<std::string> path;
    std::vector<std::string> cycles;
    // Depth-first; the module graph is small (about 50 nodes), so recursion is fine here.
    std::function<void(const std::string&)> visit = [&](const std::string& module) {
        state[module] = 1;
        path.push_back(module);
        const auto found = graph.find(module);
        if (found != graph.end())
            for (const auto& next : found->second) {
                if (state[next] == 1) {
                    std::string cycle;
                    for (auto it = std::find(path.begin(), path.end(), next); it != path.end();
                         ++it)
                        cycle += *it + " → ";
                    cycles.push_back(cycle + next);
                } else if (state[next] == 0) {
                    visit(next);
                }
            }
        path.pop_back();
        state[module] = 2;
    };
    for (const auto& [module, edges] : graph)
        if (state[module] == 0)
            visit(module);
    for (const auto& cycle : cycles)
        UNSCOPED_INFO(cycle);
    CHECK(cycles.empty());
}

TEST_CASE("every module has a unit test file, or says what tests it", "[layout]") {
    const fs::path tests = fs::path(MKCV_TEST_SOURCE_DIR) / "tests" / "unit";
    for (const auto& [module, edges] : include_graph()) {
        if (module == "main")
            continue;
        INFO(module);
        const bool has_test = fs::exists(tests / (module + "_test.cpp"));
        const bool listed = kTestedElsewhere.count(module) == 1;
        CHECK(has_test != listed);  // one or the other: a listed module that gains a test leaves
    }
    for (const auto& [module, why] : kTestedElsewhere) {
        INFO(module << " is listed but not in src/");
        CHECK((fs::exists(kSource / (module + ".h")) || fs::exists(kSource / (module + ".cpp"))));
    }
}

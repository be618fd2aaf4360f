// The shape of src/ as docs/development.md describes it: folders of a core and features on it,
// includes only where a folder's map entry allows them, no include cycles, and a test file for
// every module (or a reason why integration tests cover it).
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

// What each folder of src/ may include besides itself (docs/development.md, "Layout"): a map
// of dependencies, not a line, so that the core can never reach a feature. The core is util,
// text, cv, bib, select, context, render, tex and pipeline, each above the ones it needs;
// import, net with sync, and site with serve are features on top of it, which no core folder
// and no other feature includes; cli includes everything and main.cpp only cli.
const std::set<std::string> kCore = {"util",    "text",   "cv",  "bib",     "select",
                                     "context", "render", "tex", "pipeline"};
const std::map<std::string, std::set<std::string>> kMayInclude = {
    {"util", {}},
    {"text", {"util"}},
    {"cv", {"util", "text"}},
    {"bib", {"util", "text", "cv"}},
    {"select", {"util", "text", "cv", "bib"}},
    {"context", {"util", "text", "cv", "bib", "select"}},
    {"render", {"util", "text", "cv", "bib", "select", "context"}},
    {"tex", {"util", "text", "cv", "bib", "select", "context", "render"}},
    {"pipeline", {"util", "text", "cv", "bib", "select", "context", "render", "tex"}},
    {"import", {"util", "text", "cv", "bib"}},
    {"net", {"util"}},
    {"sync", {"util", "text", "cv", "bib", "net"}},
    {"site", {"util", "text", "cv", "bib", "select", "context", "render", "tex", "pipeline"}},
    {"serve", {"util", "text"}},
    {"cli",
     {"util", "text", "cv", "bib", "select", "context", "render", "tex", "pipeline", "import",
      "net", "sync", "site", "serve"}},
};

// Headers CMake writes into build/generated from src/MODULE.h.in (configure_file).
const std::set<std::string> kGenerated = {"util/version"};

// Modules with no unit test file of their own, and what tests them instead.
const std::map<std::string, std::string> kTestedElsewhere = {
    {"text/text_run", "types only; text/rich_text_test.cpp, text/inline_markup_test.cpp"},
    {"cli/commands", "declarations; integration/cli_test.sh"},
    {"cli/doctor_command", "integration/doctor_test.sh"},
    {"cli/serve_command", "integration/serve_test.sh"},
    {"cli/site_run",
     "cli/site_command_test.cpp (what site and serve share), integration/serve_test.sh"},
    {"serve/preview_server",
     "integration/serve_test.sh (real browser), security/serve_paths_test.sh (traversals), "
     "security/serve_slow_clients_test.sh (bounds)"},
    {"import/source_tree", "import/json_reader_test.cpp, import/yaml_reader_test.cpp"},
    {"cli/exit_code", "constants; integration/cli_test.sh, security/exit_codes_test.sh"},
    {"sync/fetch", "types only; sync/online_test.cpp serves it recorded bodies"},
    {"sync/work", "types only; every sync parser's test"},
    {"sync/json_input", "sync/orcid_json_test.cpp and the other JSON parsers' tests"},
    {"sync/xml_input", "sync/dblp_xml_test.cpp, sync/arxiv_atom_test.cpp"},
    {"sync/bibtex_works", "sync/offline_file_test.cpp (DBLP and Google Scholar BibTeX)"},
    {"context/publication_groups", "context/context_builder_test.cpp, render/golden_test.cpp"},
    {"context/context_options", "a struct; context/context_builder_test.cpp"},
    {"context/person_context",
     "context/context_builder_test.cpp (person, contacts, profiles, photo)"},
    {"context/publication_context",
     "context/context_builder_test.cpp (groups, marks, awards), render/golden_test.cpp"},
    {"cv/content_rules", "select/content_filter_test.cpp, render/template_manifest_test.cpp"},
    {"cv/model", "plain structs; cv/loader_test.cpp"},
    {"cv/entry_reader",
     "cv/loader_test.cpp, cv/sections_test.cpp (load_cv reads each section with it)"},
    {"cv/person_reader", "cv/loader_test.cpp (load_cv reads [person] with it)"},
    {"cv/settings_reader",
     "cv/loader_test.cpp (load_cv reads [build], [sync], [locale], [templates.NAME] with it)"},
    {"cv/section_rows_career",
     "data: its rows are in cv/section_rows_test.cpp, each key against docs/cv-format.md in "
     "docs_test.cpp"},
    {"cv/section_rows_honours",
     "data: its rows are in cv/section_rows_test.cpp, each key against docs/cv-format.md in "
     "docs_test.cpp"},
    {"cv/section_rows_skills",
     "data: its rows are in cv/section_rows_test.cpp, each key against docs/cv-format.md in "
     "docs_test.cpp"},
    {"cv/section_rows_text",
     "data: its rows are in cv/section_rows_test.cpp, each key against docs/cv-format.md in "
     "docs_test.cpp"},
    {"cv/section_rows_works",
     "data: its rows are in cv/section_rows_test.cpp, each key against docs/cv-format.md in "
     "docs_test.cpp"},
    {"cv/option_settings", "a struct; render/template_options_test.cpp"},
    {"cv/option_reader", "render/template_options_test.cpp, cv/loader_test.cpp"},
    {"cv/validate",
     "cv/loader_test.cpp (test_support.h validates), integration/bad_inputs_test.sh"},
    {"render/rendered_template", "a struct; pipeline/build_state_test.cpp, render/golden_test.cpp"},
    {"render/template_scaffold", "integration/templates_test.sh (mkcv template new)"},
    {"render/template_set", "render/template_manifest_test.cpp, render/renderer_test.cpp"},
    {"render/template_input", "render/golden_test.cpp, integration/templates_test.sh"},
    {"tex/machine_probe", "integration/doctor_test.sh (kpsewhich and fc-list, found and not)"},
    {"tex/format_driver", "tex/format_test.cpp, integration/tex_format_test.sh"},
    {"util/source_location", "a struct; util/diagnostics_test.cpp"},
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

TEST_CASE("every module of src/ is in a known folder, and includes only what its folder may",
          "[layout]") {
    const auto graph = include_graph();
    REQUIRE(graph.size() > 30);
    for (const auto& [module, edges] : graph) {
        if (module == "main")
            continue;  // src/main.cpp: only calls the command line
        INFO(module);
        const std::string folder = folder_of(module);
        const auto allowed = kMayInclude.find(folder);
        REQUIRE(allowed != kMayInclude.end());
        for (const auto& target : edges) {
            INFO("includes " << target);
            CHECK((graph.count(target) == 1 || kGenerated.count(target) == 1));
            const std::string target_folder = folder_of(target);
            CHECK((target_folder == folder || allowed->second.count(target_folder) == 1));
        }
    }
}

TEST_CASE("the map of folders keeps the core free of features, and has no circle", "[layout]") {
    for (const auto& [folder, allowed] : kMayInclude) {
        INFO(folder);
        CHECK(allowed.count(folder) == 0);
        for (const auto& target : allowed) {
            INFO("may include " << target);
            REQUIRE(kMayInclude.count(target) == 1);
            // A folder may include only what is itself allowed fewer folders: no circle.
            CHECK(kMayInclude.at(target).size() < allowed.size());
            if (kCore.count(folder) == 1)
                CHECK(kCore.count(target) == 1);
        }
    }
    // Every folder of src/ is in the map.
    for (const auto& entry : fs::directory_iterator(kSource))
        if (entry.is_directory())
            CHECK(kMayInclude.count(entry.path().filename().string()) == 1);
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

// The CI files `mkcv init` writes: what reaches them from cv.toml or the command line is
// allow-listed, and every action is pinned. tests/integration/init_pipeline_test.sh parses
// them as YAML and runs what they name.
#include <algorithm>

#include <catch2/catch.hpp>

#include "cli/starter_workflow.h"

using namespace mkcv;

namespace {

CiChoice choice(std::vector<std::string> languages = {}, bool pages = false) {
    return {"owner/mkcv", "1.2.3", std::move(languages), pages};
}

}  // namespace

TEST_CASE("a language tag in a workflow is letters, digits and hyphens") {
    for (const char* tag : {"en", "zh", "zh-Hant", "de-CH", "x-private1"})
        CHECK(is_workflow_safe_language(tag));
    for (const char* tag : {"", "-en", "1en", "en zh", "en,zh", "en\nrun: x", "zh'", "en$", "é",
                            "en_US", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"})
        CHECK_FALSE(is_workflow_safe_language(tag));
}

TEST_CASE("a path on init's git add line holds nothing a shell or YAML would read") {
    for (const char* path : {"cv.bib", "pubs/main.bib", "photo.jpg", "templates", "a b.png"})
        CHECK(is_workflow_safe_path(path));
    for (const char* path : {"", "-n.bib", "/etc/passwd", "../x.bib", "a/../../x", "a\nb", "a\rb",
                             "it's.bib", "\"q\".bib", "$(id).bib", "`id`.bib", "a\\b", "tab\t.bib"})
        CHECK_FALSE(is_workflow_safe_path(path));
}

TEST_CASE("every action the workflows use is pinned to a commit, mkcv's own to its version's tag") {
    for (const std::string& text :
         {starter_workflow(choice()), starter_workflow(choice({"en", "zh"}, true)),
          sync_workflow(choice())}) {
        std::size_t at = 0;
        int uses = 0;
        while ((at = text.find("uses: ", at)) != std::string::npos) {
            const std::size_t end = text.find_first_of(" \n", at + 6);
            const std::string action = text.substr(at + 6, end - at - 6);
            INFO(action);
            const std::string ref = action.substr(action.find('@') + 1);
            if (action.starts_with("owner/mkcv@")) {
                CHECK(ref == "v1.2.3");
            } else {
                // A commit: any tag, v4.2.2 too, can be moved to other code.
                CHECK(ref.size() == 40);
                CHECK(ref.find_first_not_of("0123456789abcdef") == std::string::npos);
                // The tag it is, for the reader.
                CHECK(text.compare(end, 4, "  # ") == 0);
                CHECK(text[end + 4] == 'v');
            }
            ++uses;
            at = end;
        }
        CHECK(uses >= 3);
    }
    CHECK(starter_workflow(choice()).find("uses: owner/mkcv@v1.2.3") != std::string::npos);
}

TEST_CASE("languages reach the action as an input, and pages adds the site and a deploy job") {
    const std::string plain = starter_workflow(choice());
    CHECK(plain.find("languages:") == std::string::npos);
    CHECK(plain.find("deploy-pages") == std::string::npos);
    const std::string pages = starter_workflow(choice({"en", "zh"}, true));
    CHECK(pages.find("          languages: en,zh\n") != std::string::npos);
    CHECK(pages.find("          site: _site\n") != std::string::npos);
    CHECK(pages.find("deploy-pages") != std::string::npos);
    CHECK(pages.find("group: pages") != std::string::npos);
    CHECK(gitlab_ci(choice({"en", "zh"})).find("mkcv build --lang en,zh\n") != std::string::npos);
    CHECK_THROWS(starter_workflow(choice({"en\n  evil: x"})));
    CHECK_THROWS(gitlab_ci(choice({"$(id)"})));
}

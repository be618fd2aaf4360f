#include "bib/bibliography.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include <unistd.h>

#include "bib/export.h"
#include "context/context_builder.h"
#include "pipeline/pipeline.h"
#include "test_support.h"
#include "util/file_io.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const char* kBib = R"(@inproceedings{zhao2020aclgan,
  title = {Unpaired Image-to-Image Translation using Adversarial Consistency Loss},
  author = {Zhao, Yihao and Wu, Ruihai and Dong, Hao},
  booktitle = {European Conference on Computer Vision (ECCV)},
  year = {2020},
  eprint = {2003.04858}, archivePrefix = {arXiv}
}
@article{gu2024greenflow,
  title = {{GreenFlow}: A Carbon Efficient Scheduler for Deep Learning Workloads},
  author = {Gu, Diandian and Zhao, Yihao and Sun, Peng and Liu, Xuanzhe and Jin, Xin},
  journal = {IEEE Transactions on Parallel and Distributed Systems}, shortvenue = {TPDS},
  year = 2024
}
)";

struct Loaded {
    std::optional<Cv> cv;
    Diagnostics diagnostics;
};

// cv.toml and the files beside it (name → text), loaded. Each call gets a folder of its own:
// ctest runs the test cases of this file side by side.
Loaded load_with_files(const std::string& toml,
                       const std::vector<std::pair<std::string, std::string>>& files) {
    static int calls = 0;
    const fs::path dir =
        fs::temp_directory_path() /
        ("mkcv-merge-test-" + std::to_string(getpid()) + "-" + std::to_string(++calls));
    fs::create_directories(dir);
    for (const auto& [name, text] : files)
        REQUIRE(write_file_atomically(dir / name, text));
    REQUIRE(write_file_atomically(dir / "cv.toml", toml));
    Loaded out;
    out.cv = load_and_validate(dir / "cv.toml", out.diagnostics).cv;
    std::error_code ignored;
    fs::remove_all(dir, ignored);
    return out;
}

Loaded load(const std::string& toml) {
    return load_with_files(toml, {{"pubs.bib", kBib}});
}

const Publication& by_key(const Cv& cv, const std::string& key) {
    for (const auto& p : cv.publications)
        if (p.key.value == key)
            return p;
    throw std::runtime_error("no " + key);
}

const std::string kHead =
    "bibliography = [\"pubs.bib\"]\n[person]\nname = \"Yihao Zhao\"\n"
    "aliases = [\"Zhao, Yihao\"]\n";

}  // namespace

TEST_CASE("BibTeX entries become publications, and cv.toml-only ones stay") {
    auto loaded = load(kHead +
                       "[[publications]]\ntitle = \"Only in TOML\"\nauthors = [\"Yihao Zhao\"]\n"
                       "venue = \"Somewhere\"\nyear = 2021\n");
    REQUIRE(loaded.cv);
    CHECK(loaded.cv->publications.size() == 3);
    const auto& acl = by_key(*loaded.cv, "zhao2020aclgan");
    CHECK(acl.kind == PublicationKind::Conference);
    CHECK(acl.authors[0].value == "Yihao Zhao");
    CHECK(by_key(*loaded.cv, "gu2024greenflow").title.value.rfind("GreenFlow: A", 0) == 0);
}

TEST_CASE("a keyed [[publications]] table overrides and adds to its BibTeX entry") {
    auto loaded = load(kHead +
                       "[[publications]]\nkey = \"zhao2020aclgan\"\naward = \"Oral\"\n"
                       "selected = true\nkind = \"workshop\"\ntags = [\"gan\"]\n"
                       "title = \"ACL-GAN\"\nequal = [\"Ruihai Wu\", \"Zhao, Yihao\"]\n"
                       "corresponding = [\"Hao Dong\"]\n"
                       "links = { code = \"https://github.com/hyperplane-lab/ACL-GAN\" }\n");
    REQUIRE(loaded.cv);
    CHECK_FALSE(loaded.diagnostics.has_errors());
    const auto& p = by_key(*loaded.cv, "zhao2020aclgan");
    CHECK(p.title.value == "ACL-GAN");
    CHECK(p.award.value == "Oral");
    CHECK(p.selected);
    CHECK(p.kind == PublicationKind::Workshop);
    CHECK(p.venue.value == "European Conference on Computer Vision (ECCV)");
    CHECK(p.year == 2020);
    REQUIRE(p.authors.size() == 3);
    CHECK(p.authors[0].value == "Yihao Zhao*");
    CHECK(p.authors[1].value == "Ruihai Wu*");
    CHECK(p.authors[2].value == "Hao Dong†");
    REQUIRE(p.links.size() == 2);
    CHECK(p.links[1].label.value == "code");
    CHECK(loaded.cv->publications.size() == 2);  // merged, not added
}

TEST_CASE("an unknown citekey is an error with did-you-mean, and so is an unknown author") {
    auto loaded = load(kHead + "[[publications]]\nkey = \"zhao2020aclgn\"\n");
    CHECK_FALSE(loaded.cv);
    REQUIRE(loaded.diagnostics.has_errors());
    const auto& d = loaded.diagnostics.items().back();
    CHECK(d.file.find("cv.toml") != std::string::npos);
    CHECK(d.pos.line == 6);
    CHECK(d.hint == "did you mean `zhao2020aclgan`?");

    auto author =
        load(kHead + "[[publications]]\nkey = \"gu2024greenflow\"\nequal = [\"Peng Sn\"]\n");
    CHECK_FALSE(author.cv);
    CHECK(author.diagnostics.items().back().hint == "did you mean \"Peng Sun\"?");
}

TEST_CASE("a keyed table needs no title, authors, venue or year, but an unkeyed one does") {
    auto keyed = load(kHead + "[[publications]]\nkey = \"gu2024greenflow\"\n");
    CHECK(keyed.cv);
    auto bare = load(kHead + "[[publications]]\naward = \"x\"\n");
    CHECK_FALSE(bare.cv);
    CHECK(bare.diagnostics.error_count() == 4);
}

TEST_CASE("groups carry numbers counting down and the counts sentence") {
    auto loaded = load(kHead +
                       "[[publications]]\ntitle = \"T\"\nauthors = [\"Yihao Zhao\"]\n"
                       "venue = \"V\"\nyear = 2021\nkind = \"conference\"\n");
    REQUIRE(loaded.cv);
    const auto context = to_json(build_context(*loaded.cv, {}));
    const auto& pubs = context["publications"];
    CHECK(pubs["counts_text"] == "2 conference papers, 1 journal article");
    CHECK(pubs["groups"][0]["number_prefix"] == "C");
    CHECK(pubs["groups"][0]["items"][0]["number"] == "C2");
    CHECK(pubs["groups"][0]["items"][0]["year"] == "2021");
    CHECK(pubs["groups"][0]["items"][1]["number"] == "C1");
    CHECK(pubs["groups"][1]["items"][0]["number"] == "J1");
    CHECK(pubs["groups"][1]["items"][0]["venue_short"] == "TPDS");
    CHECK(pubs["groups"][0]["items"][1]["authors"][0]["owner"] == true);

    ContextOptions options;
    options.publication_order = {"journal"};
    options.publication_headings = {{"journal", "Refereed Journal Articles"}};
    const auto reordered = to_json(build_context(*loaded.cv, options));
    CHECK(reordered["publications"]["groups"][0]["heading"] == "Refereed Journal Articles");
    CHECK(reordered["publications"]["groups"][1]["kind"] == "conference");
}

TEST_CASE("export bib writes every publication and reads back the same") {
    auto loaded = load(kHead +
                       "[[publications]]\ntitle = \"Costs & 100% {braces}_x\"\n"
                       "authors = [\"Yihao Zhao*\", \"Ann Lee (Advisor)\"]\n"
                       "venue = \"Blog\"\nyear = 2021\nkind = \"workshop\"\n");
    REQUIRE(loaded.cv);
    const Result<std::string> written = export_bibtex(*loaded.cv);
    REQUIRE(written);
    const std::string& bib = *written;
    CHECK(bib.find("@inproceedings{zhao2020aclgan,") != std::string::npos);
    CHECK(bib.find("@inproceedings{zhao2021costs,") != std::string::npos);
    CHECK(bib.find("{{Costs \\& 100\\% \\textbraceleft{}braces\\textbraceright{}\\_x}}") !=
          std::string::npos);
    CHECK(bib.find("Yihao Zhao and Ann Lee") != std::string::npos);

    Diagnostics d;
    reset_bibtex_macros();
    const auto entries = read_bibtex(bib, "export.bib", d);
    CHECK_FALSE(d.has_errors());
    REQUIRE(entries.size() == 3);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto p = publication_from_bibtex(entries[i], "export.bib", d);
        REQUIRE(p);
        const Publication& original = loaded.cv->publications[i];
        CHECK(p->title.value == original.title.value);
        CHECK(p->year == original.year);
        CHECK(p->kind == original.kind);
        CHECK(p->venue.value == original.venue.value);
    }
}

TEST_CASE("a paper in both the .bib and cv.toml is a warning pointing at both") {
    auto loaded = load(kHead +
                       "[[publications]]\ntitle = \"GreenFlow: A Carbon Efficient Scheduler for "
                       "Deep Learning Workloads\"\nauthors = [\"Yihao Zhao\"]\nvenue = \"TPDS\"\n"
                       "year = 2024\n");
    REQUIRE(loaded.cv);
    REQUIRE(loaded.diagnostics.warning_count() == 1);
    const auto& d = loaded.diagnostics.items().back();
    CHECK(d.code == "duplicate");
    CHECK(d.file.find("cv.toml") != std::string::npos);
    CHECK(d.pos.line == 5);
    CHECK(d.hint.find("pubs.bib:8") != std::string::npos);
}

TEST_CASE("overriding an entry that was left out points at its problem") {
    const test::TempDir scratch("mkcv-merge-test-left-out");
    const fs::path& dir = scratch.path;
    REQUIRE(write_file_atomically(dir / "pubs.bib",
                                  "@article{notitle, author = {A, B}, year = 2020}\n"));
    REQUIRE(
        write_file_atomically(dir / "cv.toml", kHead + "[[publications]]\nkey = \"notitle\"\n"));
    Diagnostics diagnostics;
    CHECK_FALSE(load_and_validate(dir / "cv.toml", diagnostics).cv);
    REQUIRE(diagnostics.error_count() == 1);
    CHECK(diagnostics.items().back().message == "the BibTeX entry `notitle` was left out");
    CHECK(diagnostics.items().back().hint.find("pubs.bib:1") != std::string::npos);
}

TEST_CASE("a bibliography outside cv.toml's folder is refused, links resolved", "[security]") {
    // The site publishes what a .bib holds: a cloned CV must not make mkcv read a file
    // elsewhere on the machine. The photo and thumbnails were confined; these were not.
    test::TempDir dir("mkcv-merge-outside");
    fs::create_directories(dir.path / "cv" / "refs");
    REQUIRE(write_file_atomically(dir.path / "private.bib", kBib));
    REQUIRE(write_file_atomically(dir.path / "cv" / "refs" / "inside.bib", kBib));
    fs::create_symlink(dir.path / "private.bib", dir.path / "cv" / "link.bib");
    const std::string absolute = (dir.path / "private.bib").string();
    for (const std::string& name :
         {std::string("../private.bib"), absolute, std::string("link.bib"),
          std::string("refs/../../private.bib")}) {
        CAPTURE(name);
        REQUIRE(write_file_atomically(
            dir.path / "cv" / "cv.toml",
            "bibliography = [\"" + name + "\"]\n[person]\nname = \"Yihao Zhao\"\n"));
        Diagnostics diagnostics;
        CHECK_FALSE(load_and_validate(dir.path / "cv" / "cv.toml", diagnostics).cv);
        REQUIRE(diagnostics.error_count() == 1);
        CHECK(diagnostics.items().front().code == "path");
        CHECK(diagnostics.items().front().pos.line == 1);
    }
    REQUIRE(write_file_atomically(dir.path / "cv" / "cv.toml",
                                  "bibliography = [\"refs/inside.bib\"]\n[person]\nname = "
                                  "\"Yihao Zhao\"\n"));
    Diagnostics diagnostics;
    const auto inside = load_and_validate(dir.path / "cv" / "cv.toml", diagnostics).cv;
    REQUIRE(inside);
    CHECK(inside->publications.size() == 2);
}

TEST_CASE("[sync] file may not be one of the user's own bibliography files", "[sync]") {
    for (const std::string& toml :
         {kHead + "[sync]\ndblp = \"d/X\"\nfile = \"./pubs.bib\"\n",
          std::string("bibliography = [\"publications.sync.bib\"]\n[person]\nname = \"A B\"\n"
                      "[sync]\ndblp = \"d/X\"\n")}) {
        CAPTURE(toml);
        auto loaded = load(toml);
        CHECK_FALSE(loaded.cv);
        bool said = false;
        for (const auto& d : loaded.diagnostics.items())
            said = said ||
                   (d.code == "sync" && d.message.find("lose its comments") != std::string::npos);
        CHECK(said);
    }
}

namespace {

// cv.toml, the user's .bib and the synced list in a folder of their own, loaded.
Loaded load_with_synced_list(const std::string& toml, const std::string& bib,
                             const std::string& synced) {
    return load_with_files(toml, {{"pubs.bib", bib}, {"publications.sync.bib", synced}});
}

}  // namespace

TEST_CASE("a synced entry that is one of the user's papers by mkcv sync's rule is left out",
          "[sync]") {
    // The user added "Fast Sorting Revisited" by its DBLP key, and GreenFlow with another
    // hyphen, after the last sync. A build knew a paper only by DOI and arXiv id and printed
    // both twice until the next sync; it now judges by bib/paper_identity.h, as sync does.
    const std::string bib = std::string(kBib) + R"(
@inproceedings{zhao2021fast,
  title = {Fast Sorting Revisited}, author = {Zhao, Yihao}, booktitle = {SIGMOD},
  year = {2021}, dblp = {https://dblp.org/rec/conf/sigmod/ZhaoR21}
}
)";
    const std::string synced = R"(
@inproceedings{zhao2021sorting,
  title = {Sorting, Fast}, author = {Zhao, Yihao}, booktitle = {SIGMOD Conference},
  year = {2021}, dblp = {https://dblp.org/rec/conf/sigmod/ZhaoR21}
}
@article{gu2024green,
  title = {GreenFlow: A Carbon-Efficient Scheduler for Deep Learning Workloads},
  author = {Gu, Diandian and Zhao, Yihao}, journal = {TPDS}, year = {2024}
}
@article{zhao2019other,
  title = {Another Paper Entirely}, author = {Zhao, Yihao}, journal = {TPDS}, year = {2019}
}
)";
    auto loaded = load_with_synced_list(kHead + "[sync]\ndblp = \"d/X\"\n", bib, synced);
    REQUIRE(loaded.cv);
    std::vector<std::string> keys;
    for (const auto& p : loaded.cv->publications)
        keys.push_back(p.key.value);
    std::sort(keys.begin(), keys.end());
    CHECK(keys == std::vector<std::string>{"gu2024greenflow", "zhao2019other", "zhao2020aclgan",
                                           "zhao2021fast"});
}

TEST_CASE("[sync] same_as names one of the user's own entries, which stands for the work",
          "[sync]") {
    const std::string synced = R"(
@article{zhao2021unpaired,
  title = {Unpaired Image-to-Image Translation: The Journal Version},
  author = {Zhao, Yihao}, journal = {TPAMI}, year = {2021},
  dblp = {https://dblp.org/rec/journals/pami/Zhao21}
}
@article{zhao2019other,
  title = {Another Paper Entirely}, author = {Zhao, Yihao}, journal = {TPDS}, year = {2019}
}
)";
    auto keys_of = [](const Cv& cv) {
        std::vector<std::string> keys;
        for (const auto& p : cv.publications)
            keys.push_back(p.key.value);
        std::sort(keys.begin(), keys.end());
        return keys;
    };
    // A list written before the user said so prints the work once: their entry stands for
    // it, named by the work's citekey or its DBLP key.
    for (const std::string work : {"zhao2021unpaired", "DBLP:journals/pami/Zhao21"}) {
        auto loaded = load_with_synced_list(
            kHead + "[sync]\ndblp = \"d/X\"\nsame_as = { \"" + work + "\" = \"zhao2020aclgan\" }\n",
            kBib, synced);
        REQUIRE(loaded.cv);
        CHECK(keys_of(*loaded.cv) ==
              std::vector<std::string>{"gu2024greenflow", "zhao2019other", "zhao2020aclgan"});
    }

    // A KEY that is none of the user's entries is an error at it, with a hint.
    auto typo = load_with_synced_list(kHead +
                                          "[sync]\ndblp = \"d/X\"\n\n[sync.same_as]\n"
                                          "\"zhao2021unpaired\" = \"zhao2020aclgn\"\n",
                                      kBib, synced);
    CHECK_FALSE(typo.cv);
    REQUIRE(typo.diagnostics.has_errors());
    const Diagnostic& d = typo.diagnostics.items().back();
    CHECK(d.code == "unknown-citekey");
    CHECK(d.message == "`same_as` names `zhao2020aclgn`, which is none of your own entries");
    CHECK(d.pos.line == 9);
    CHECK(d.pos.column == 22);
    CHECK(d.hint == "did you mean `zhao2020aclgan`?");
    // An entry of the synced list is not the user's own.
    auto listed = load_with_synced_list(
        kHead + "[sync]\nsame_as = { \"zhao2021unpaired\" = \"zhao2019other\" }\n", kBib, synced);
    CHECK_FALSE(listed.cv);
    CHECK(listed.diagnostics.items().back().hint ==
          "`zhao2019other` is an entry of the synced list; name the citekey of your own entry "
          "that the work is");
    // A cv.toml entry without a key is named by its title, as sync's report names it.
    auto titled = load_with_synced_list(
        kHead +
            "[sync]\nsame_as = { \"zhao2021unpaired\" = \"A Paper of cv.toml\" }\n"
            "[[publications]]\ntitle = \"A Paper of cv.toml\"\nauthors = [\"Yihao Zhao\"]\n"
            "venue = \"X\"\nyear = 2021\n",
        kBib, synced);
    CHECK(titled.cv);
}

TEST_CASE("a build leaves out the synced entries [sync] ignore names, by key, id or title",
          "[sync]") {
    const std::string synced = R"(
@article{zhao2021erratum,
  title = {Erratum: Unpaired Image-to-Image Translation},
  author = {Zhao, Yihao}, journal = {TPAMI}, year = {2021}, doi = {10.1/ERR}
}
@article{zhao2019other,
  title = {Another Paper Entirely}, author = {Zhao, Yihao}, journal = {TPDS}, year = {2019}
}
)";
    for (const std::string name : {"zhao2021erratum", "https://doi.org/10.1/err",
                                   "erratum: unpaired image-to-image "
                                   "translation"}) {
        INFO(name);
        auto loaded = load_with_synced_list(
            kHead + "[sync]\ndblp = \"d/X\"\nignore = [\"" + name + "\"]\n", kBib, synced);
        REQUIRE(loaded.cv);
        std::vector<std::string> keys;
        for (const auto& p : loaded.cv->publications)
            keys.push_back(p.key.value);
        std::sort(keys.begin(), keys.end());
        CHECK(keys ==
              std::vector<std::string>{"gu2024greenflow", "zhao2019other", "zhao2020aclgan"});
    }
}

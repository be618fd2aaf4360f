#include "context/application_context.h"

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

Cv applying_cv() {
    Cv cv;
    cv.person.name = {"Ada"};
    Application a;
    a.key = {"mit"};
    a.organisation = {"MIT"};
    a.position = {"Professor"};
    a.recipient_name = {"Grace"};
    a.body.push_back({{"Hello."}, "l.md", 1});
    a.statements.push_back({{"research"}, {}, {"r.md"}, {}, {}});
    a.statements.push_back({{"open_science"}, {"Open Science"}, {"o.md"}, {}, {}});
    cv.applications.push_back(a);
    cv.applying = 0;
    return cv;
}

std::string text_at(const ContextTree& t, ContextTree::Id object, std::string_view key) {
    const ContextTree::Id id = t.find(object, key);
    REQUIRE(id != ContextTree::kNone);
    return std::string(t.text(id));
}

}  // namespace

TEST_CASE("the packet is the letter, the CV, then each statement, under mkcv's names") {
    const Cv cv = applying_cv();
    const auto documents = packet_documents(cv.applications[0], texts_or_english({}));
    REQUIRE(documents.size() == 4);
    CHECK(documents[0].file == "mkcv-letter.pdf");
    CHECK(documents[1].title == "Curriculum Vitae");
    CHECK(documents[2].title == "Research statement");
    CHECK(documents[2].file == "mkcv-statement-research.pdf");
    CHECK(documents[3].title == "Open Science");
    CHECK(documents[3].part == "statement-open_science");
}

TEST_CASE("an application's context: a named recipient, or none when masked") {
    Cv cv = applying_cv();
    const LocaleTexts& words = texts_or_english({});
    ContextTree t;
    add_application(t, ContextTree::root(), cv, words, std::nullopt);
    const ContextTree::Id app = t.find(ContextTree::root(), "application");
    REQUIRE(app != ContextTree::kNone);
    CHECK(text_at(t, app, "salutation") == "Dear Grace,");
    CHECK(text_at(t, app, "closing") == "Sincerely,");
    CHECK(t.kind(t.find(app, "recipient")) == ContextTree::Kind::Object);
    CHECK(t.child_count(t.find(app, "enclosures")) == 3);

    cv.applications[0].mask_recipient = true;
    ContextTree masked;
    add_application(masked, ContextTree::root(), cv, words, std::nullopt);
    const ContextTree::Id m = masked.find(ContextTree::root(), "application");
    CHECK(masked.kind(masked.find(m, "recipient")) == ContextTree::Kind::Null);
    CHECK(text_at(masked, m, "salutation") == "Dear Members of the Search Committee,");

    cv.applying.reset();
    ContextTree none;
    add_application(none, ContextTree::root(), cv, words, std::nullopt);
    CHECK(none.find(ContextTree::root(), "application") == ContextTree::kNone);
}

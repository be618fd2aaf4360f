#include "context/application_context.h"

#include "cv/applications.h"
#include "cv/photo.h"

namespace mkcv {
namespace {

using Id = ContextTree::Id;

void add_paragraphs(ContextTree& t, Id parent, const std::vector<BodyParagraph>& body) {
    const Id list = t.add_list(parent, "paragraphs");
    for (const BodyParagraph& p : body) {
        const Id item = t.add_object(list);
        t.add_text(item, "text", p.text.value, p.text.marks);
    }
}

}  // namespace

std::string statement_title(const Statement& s, const LocaleTexts& words) {
    if (!s.title.empty())
        return s.title.value;
    // Only the allow-listed kinds have a locale key; any other kind is printed as written.
    for (const char* known : {"research", "teaching", "diversity"})
        if (s.kind.value == known)
            return words.text(s.kind.value + "_statement");
    return default_statement_title(s.kind.value);
}

std::vector<PacketDocument> packet_documents(const Application& a, const LocaleTexts& words) {
    std::vector<PacketDocument> documents{{words.text("cover_letter"), "mkcv-letter.pdf", "letter"},
                                          {words.text("curriculum_vitae"), "mkcv-cv.pdf", "cv"}};
    for (const Statement& s : a.statements)
        documents.push_back({statement_title(s, words), "mkcv-statement-" + s.kind.value + ".pdf",
                             "statement-" + s.kind.value});
    return documents;
}

std::string signature_file_name(const Photo& signature) {
    return signature.type == "png" ? "mkcv-signature.png" : "mkcv-signature.jpg";
}

void add_application(ContextTree& t, Id root, const Cv& cv, const LocaleTexts& words,
                     const std::optional<PartialDate>& updated) {
    if (!cv.applying || *cv.applying >= cv.applications.size())
        return;
    const Application& a = cv.applications[*cv.applying];
    const Id app = t.add_object(root, "application");
    t.add_string(app, "key", a.key.value);
    t.add_text(app, "organisation", a.organisation.value);
    t.add_text(app, "position", a.position.value);
    const std::optional<PartialDate> date = a.date ? a.date : updated;
    t.add_text(app, "date", date ? words.date(*date) : "");
    const bool named = !a.mask_recipient && !a.recipient_name.empty();
    if (a.mask_recipient ||
        (a.recipient_name.empty() && a.recipient_title.empty() && a.recipient_address.empty())) {
        t.add_null(app, "recipient");
    } else {
        const Id recipient = t.add_object(app, "recipient");
        t.add_text(recipient, "name", a.recipient_name.value);
        t.add_text(recipient, "title", a.recipient_title.value);
        const Id lines = t.add_list(recipient, "address");
        for (const Text& line : a.recipient_address)
            t.add_string(t.add_object(lines), "line", line.value);
    }
    t.add_string(app, "salutation",
                 !a.salutation.empty() ? a.salutation.value
                 : named ? words.fill("letter_salutation", {{"name", a.recipient_name.value}})
                         : words.text("letter_salutation_committee"));
    t.add_string(app, "closing",
                 !a.closing.empty() ? a.closing.value : words.text("letter_closing"));
    add_paragraphs(t, app, a.body);
    if (a.signature_image.bytes.empty())
        t.add_null(app, "signature");
    else
        t.add_string(t.add_object(app, "signature"), "file",
                     signature_file_name(a.signature_image));
    // What the packet holds after the letter: the letter's enclosure list and the packet's
    // contents come from this one list, so they cannot disagree.
    const std::vector<PacketDocument> documents = packet_documents(a, words);
    t.add_string(app, "enclosures_heading", words.text("enclosures"));
    const Id enclosures = t.add_list(app, "enclosures");
    for (std::size_t i = 1; i < documents.size(); ++i) {
        const Id item = t.add_object(enclosures);
        t.add_string(item, "title", documents[i].title);
        t.add_bool(item, "last", i + 1 == documents.size());
    }
    const Id packet = t.add_list(app, "documents");
    for (std::size_t i = 0; i < documents.size(); ++i) {
        const Id item = t.add_object(packet);
        t.add_string(item, "title", documents[i].title);
        t.add_string(item, "file", documents[i].file);
        t.add_string(item, "part", documents[i].part);
        t.add_bool(item, "first", i == 0);
    }
    if (cv.applying_statement && *cv.applying_statement < a.statements.size()) {
        const Statement& s = a.statements[*cv.applying_statement];
        const Id statement = t.add_object(root, "statement");
        t.add_string(statement, "kind", s.kind.value);
        t.add_string(statement, "title", statement_title(s, words));
        add_paragraphs(t, statement, s.body);
    }
}

}  // namespace mkcv

#include "sync/dblp_xml.h"

#include "bib/paper_identity.h"
#include "sync/json_input.h"
#include "sync/title_text.h"
#include "sync/xml_input.h"
#include "util/ascii.h"

namespace mkcv::sync {
namespace {

bool contains_folded(std::string_view text, std::string_view needle) {
    return ascii_lower(text).find(needle) != std::string::npos;
}

// DBLP's booktitle is mostly the conference's short name, with the volume of proceedings in
// several volumes or a word after it: "ASPLOS (2)", "SIGMOD Conference" → "ASPLOS",
// "SIGMOD". A booktitle of several words ("USENIX Annual Technical Conference") is no short
// name: "" (the venue's own text is looked at when the CV is built).
std::string short_booktitle(std::string booktitle) {
    const std::size_t open = booktitle.rfind(" (");
    if (open != std::string::npos && booktitle.back() == ')' &&
        booktitle.find_first_not_of("0123456789", open + 2) == booktitle.size() - 1)
        booktitle.erase(open);
    constexpr std::string_view kConference = " Conference";
    if (booktitle.size() > kConference.size() &&
        booktitle.compare(booktitle.size() - kConference.size(), kConference.size(), kConference) ==
            0)
        booktitle.erase(booktitle.size() - kConference.size());
    return booktitle.find(' ') == std::string::npos ? booktitle : std::string();
}

}  // namespace

Result<WorksPage> parse_dblp_xml(std::string_view text, const std::string& source,
                                 const OwnerIds& owner) {
    pugi::xml_document doc;
    if (Result<> parsed = parse_xml(text, source, doc); !parsed)
        return fail(parsed.error());
    const pugi::xml_node person = doc.child("dblpperson");
    if (!person)
        return response_failure(source, "is not a DBLP person page (no <dblpperson>)");
    const std::string page_pid = person.attribute("pid").value();
    const std::string owner_pid = owner.dblp.empty() ? page_pid : owner.dblp;
    // The page lists its person's works: theirs when it is the owner's page.
    const bool owners_page = owner.dblp.empty() || page_pid == owner.dblp;
    WorksPage page;
    for (const pugi::xml_node& r : person.children("r")) {
        if (page.works.size() >= kMaxWorksPerResponse)
            break;
        const pugi::xml_node rec = r.first_child();
        if (rec.type() != pugi::node_element)
            continue;
        const std::string type = rec.name();
        Work w;
        w.source = "dblp";
        w.listed_for_owner = owners_page;
        w.dblp_key = dblp_key_of(rec.attribute("key").value());
        w.title = text_of_xml(rec.child("title"));
        drop_final_period(w.title);
        for (const pugi::xml_node& a : rec.children()) {
            if (std::string_view(a.name()) != "author" || w.authors.size() >= kMaxAuthorsPerWork)
                continue;
            if (!owner_pid.empty() && a.attribute("pid").value() == owner_pid)
                w.owner_author = w.authors.size();
            w.authors.push_back(without_dblp_number(a.text().get()));
        }
        w.year = year_in_text(rec.child_value("year"));
        w.kind_known = true;
        const std::string journal = plain_field(rec.child_value("journal"));
        const std::string booktitle = plain_field(rec.child_value("booktitle"));
        const bool informal =
            std::string_view(rec.attribute("publtype").value()) == "informal" || journal == "CoRR";
        if (type == "article") {
            w.kind = informal ? PublicationKind::Preprint : PublicationKind::Journal;
            w.venue = journal;
        } else if (type == "inproceedings") {
            w.kind = contains_folded(booktitle, "workshop") ? PublicationKind::Workshop
                                                            : PublicationKind::Conference;
            w.venue = booktitle;
            w.venue_short = short_booktitle(booktitle);
        } else if (type == "phdthesis" || type == "mastersthesis") {
            w.kind = PublicationKind::Thesis;
            w.venue = plain_field(rec.child_value("school"));
        } else {
            w.kind = PublicationKind::Other;
            w.kind_known = false;
            w.venue = !booktitle.empty() ? booktitle : plain_field(rec.child_value("publisher"));
        }
        for (const pugi::xml_node& ee : rec.children("ee")) {
            const std::string url = plain_field(ee.text().get());
            if (w.doi.empty() && !normal_doi(url).empty() && url.find("doi.org/") != url.npos)
                w.doi = normal_doi(url);
            else if (w.arxiv.empty() && !arxiv_base_id(url).empty())
                w.arxiv = arxiv_base_id(url);
            else if (w.url.empty() &&
                     (url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0))
                w.url = url;
        }
        // CoRR's DOIs are arXiv's own (10.48550/arXiv.X): the id, not a publisher's DOI.
        arxiv_doi_as_id(w.doi, w.arxiv);
        if (w.kind == PublicationKind::Preprint && !w.arxiv.empty())
            w.venue = "arXiv:" + w.arxiv;
        page.works.push_back(std::move(w));
    }
    return page;
}

}  // namespace mkcv::sync

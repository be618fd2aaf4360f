// Rows of what the owner made and presented: publications (also merged with the .bib
// files), talks, patents, press and projects.
#include "cv/section_rows.h"

namespace mkcv::section_rows {
namespace {

void set_publication_kind(Record& record, const Text& kind) {
    auto& p = static_cast<Publication&>(record);
    p.kind = kind.empty()
                 ? PublicationKind::Other
                 : publication_kind_from_string(kind.value).value_or(PublicationKind::Other);
    p.kind_given = !kind.empty();
}

// A picture's path (a Photo's `path`), read and checked later (cv/photo.h).
template <auto M>
TextField text_of_photo() {
    return {{[](Record& r) -> Text& {
        using Traits = MemberTraits<M>;
        return (static_cast<typename Traits::Class&>(r).*M).path;
    }}};
}

}  // namespace

Section publications_row() {
    TextListField authors = texts<&Publication::authors>(ListForm::People);
    authors.list_pos = member<&Publication::authors_pos>();
    return {
        .key = kPublicationsSection,
        .doc = "Papers.",
        .filter_doc = "Publications.",
        .heading = "Publications",
        .print_rank = 2,
        .entry_doc =
            "A paper, in any order: the CV sorts them. With `key`, an entry of the "
            "bibliography that this table adds to or overrides.",
        .fields =
            {
                {"key",
                 "Citekey of a BibTeX entry in `bibliography`; the other keys then override or "
                 "add to it.",
                 false, text<&Publication::key>()},
                {"title",
                 "Title as it should print.",
                 true,
                 text<&Publication::title>(),
                 {},
                 "key"},
                {"authors",
                 "Authors in order; a trailing * marks equal contribution, † a corresponding "
                 "author. Required unless `key` is given or `kind` is thesis or other.",
                 false, authors},
                {"venue",
                 "Conference, journal or \"Preprint\".",
                 true,
                 text<&Publication::venue>(),
                 {},
                 "key"},
                {"venue_short",
                 "Short name of the venue, e.g. SIGCOMM; BibTeX field `shortvenue` or "
                 "`venue_short`.",
                 false, text<&Publication::venue_short>()},
                {"year",
                 "Year of publication; or `date` with the month or day. One of the two is "
                 "required unless `key` is given.",
                 false,
                 YearField{member<&Publication::year>(), member<&Publication::year_pos>(),
                           member<&Publication::month>(), member<&Publication::day>(),
                           member<&Publication::date_pos>(), true, "key"}},
                {"kind",
                 "Group the paper is listed under.",
                 false,
                 ChoiceField{set_publication_kind},
                 {"conference", "journal", "workshop", "preprint", "thesis", "other"}},
                {"award", "An award the paper received; also listed under Awards.", false,
                 text<&Publication::award>()},
                {"selected", "Print in the short CV.", false, flag<&Publication::selected>(true)},
                {"ignore",
                 "With `key`: leave this entry of the bibliography or the synced list out "
                 "(a homonym's paper, an erratum).",
                 false, flag<&Publication::ignored>(false)},
                {"note", "A remark printed after the entry.", false, prose<&Publication::note>()},
                {"links",
                 "Links by label, e.g. { paper = \"...\", code = \"...\" }; `bibtex` may name "
                 "a .bib file beside cv.toml.",
                 false, LinksField{member<&Publication::links>()}},
                {"abstract", "The abstract, folded under the paper on a homepage.", false,
                 prose<&Publication::abstract>()},
                {"thumbnail",
                 "A PNG or JPEG beside cv.toml (as `photo`) shown beside the paper on a homepage.",
                 false, text_of_photo<&Publication::thumbnail>()},
                {"equal", "Authors (by name, any spelling) marked * for equal contribution.", false,
                 texts<&Publication::equal>(ListForm::Hidden)},
                {"corresponding",
                 "Authors (by name, any spelling) marked † as corresponding authors.", false,
                 texts<&Publication::corresponding>(ListForm::Hidden)},
                tags<Publication>(),
            },
        .entries = store<Publication, &Cv::publications>(),
        .name_field = member<&Publication::title>(),
        .label = quoted<&Publication::title>,
        .companion = FieldSpec{"bibliography",
                               FieldType::StringList,
                               false,
                               "BibTeX files (relative to cv.toml) whose entries are "
                               "publications too.",
                               nullptr,
                               {},
                               {},
                               false},
    };
}

Section talks_row() {
    return {
        .key = "talks",
        .doc = "Talks and presentations.",
        .filter_doc = "Talks.",
        .heading = "Talks",
        .print_rank = 5,
        .entry_doc = "A talk.",
        .fields =
            {
                {"title", "Title of the talk.", true, text<&Talk::title>(true)},
                {"event", "Conference, seminar or institution.", true, text<&Talk::event>(true)},
                {"location", "City.", false, text<&Talk::location>()},
                {"date", "When: \"2024\", \"2024-05\" or \"2024-05-14\".", true,
                 date_field<&Talk::date, &Talk::date_pos>()},
                {"invited", "An invited talk.", false, flag<&Talk::invited>(true)},
                {"links", "Links by label, e.g. { slides = \"...\", video = \"...\" }.", false,
                 LinksField{member<&Talk::links>()}},
                {"selected", kSelectedDoc, false, flag<&Talk::selected>(true)},
                tags<Talk>(),
            },
        .entries = store<Talk, &Cv::talks>(),
        .name_field = member<&Talk::title>(),
        .label = quoted<&Talk::title>,
    };
}

Section patents_row() {
    return {
        .key = "patents",
        .doc = "Patents.",
        .filter_doc = "Patents.",
        .heading = "Patents",
        .print_rank = 5,
        .entry_doc = "A patent or patent application.",
        .fields =
            {
                {"title", "Title of the patent.", true, text<&Patent::title>(true)},
                {"number", "Patent or application number.", false, text<&Patent::number>()},
                {"inventors", "Inventors in order; the CV's owner prints in bold.", false,
                 texts<&Patent::inventors>(ListForm::Owners)},
                {"status", "e.g. granted, pending.", false, text<&Patent::status>()},
                {"date", "Filed or granted: \"2024\", \"2024-05\" or \"2024-05-14\".", false,
                 date_field<&Patent::date, &Patent::date_pos>()},
                {"links", "Links by label, e.g. { patent = \"...\" }.", false,
                 LinksField{member<&Patent::links>()}},
                {"selected", kSelectedDoc, false, flag<&Patent::selected>(true)},
                tags<Patent>(),
            },
        .entries = store<Patent, &Cv::patents>(),
        .name_field = member<&Patent::title>(),
        .label = quoted<&Patent::title>,
    };
}

Section press_row() {
    return {
        .key = "press",
        .doc = "Press coverage and media.",
        .filter_doc = "Press.",
        .heading = "Press",
        .print_rank = 5,
        .entry_doc = "An article, interview or broadcast about your work.",
        .fields =
            {
                {"title", "Headline.", true, text<&Press::title>(true)},
                {"outlet", "Newspaper, magazine, site or broadcaster.", true,
                 text<&Press::outlet>(true)},
                {"date", "When: \"2024\", \"2024-05\" or \"2024-05-14\".", false,
                 date_field<&Press::date, &Press::date_pos>()},
                {"url", "Where to read it.", false, url_text<&Press::url>()},
                {"selected", kSelectedDoc, false, flag<&Press::selected>(true)},
                tags<Press>(),
            },
        .entries = store<Press, &Cv::press>(),
        .name_field = member<&Press::title>(),
        .label = quoted<&Press::title>,
    };
}

Section projects_row() {
    return {
        .key = "projects",
        .doc = "Projects.",
        .filter_doc = "Projects.",
        .heading = "Projects",
        .print_rank = 5,
        .entry_doc = "A project.",
        .fields =
            {
                {"name", "Name of the project.", true, text<&Project::name>(true)},
                {"description", "What it is, in a sentence.", false,
                 prose<&Project::description>()},
                {"url", "Where to see it.", false, url_text<&Project::url>()},
                {"roles", "Your roles, e.g. [\"Maintainer\"].", false,
                 texts<&Project::roles>(ListForm::Keywords)},
                {"entity", "Organisation it was done at or for.", false, text<&Project::entity>()},
                {"type", "e.g. application, library, talk.", false, text<&Project::type>()},
                {"dates", "", false, DatesField{member<&Project::dates>()}},
                {"highlights", "Bullet points.", false,
                 texts<&Project::highlights>(ListForm::Bullets)},
                {"keywords", "Technologies or topics, e.g. [\"C++\", \"TeX\"].", false,
                 texts<&Project::keywords>(ListForm::Keywords)},
                {"selected", kSelectedDoc, false, flag<&Project::selected>(true)},
                tags<Project>(),
            },
        .entries = store<Project, &Cv::projects>(),
        .name_field = member<&Project::name>(),
        .label = joined<&Project::name>,
    };
}

}  // namespace mkcv::section_rows

// Rows of recognition from others: awards, grants, certificates and references.
#include "cv/section_rows.h"

namespace mkcv::section_rows {

Section awards_row() {
    return {
        .key = "awards",
        .doc = "Honours and awards.",
        .filter_doc = "Honours and awards.",
        .heading = "Honors and Awards",
        .print_rank = 5,
        .entry_doc = "An honour or award.",
        .fields =
            {
                {"title", "Name of the award.", true, text<&Award::title>(true)},
                {"year", "Year received; leave out (and `date`) for an undated award.", false,
                 YearField{member<&Award::year>(), member<&Award::year_pos>(),
                           member<&Award::month>(), member<&Award::day>(),
                           member<&Award::date_pos>()}},
                {"issuer", "Who gave it.", false, text<&Award::issuer>()},
                {"note", "A remark.", false, prose<&Award::note>()},
                {"selected", kSelectedDoc, false, flag<&Award::selected>(true)},
                tags<Award>(),
            },
        .entries = store<Award, &Cv::awards>(),
        .name_field = member<&Award::title>(),
        .label = joined<&Award::title>,
    };
}

Section grants_row() {
    return {
        .key = "grants",
        .doc = "Grants and funding.",
        .filter_doc = "Grants.",
        .heading = "Grants and Funding",
        .print_rank = 5,
        .entry_doc = "A grant, fellowship or other funding.",
        .fields =
            {
                {"title", "Name of the grant or project.", true, text<&Grant::title>(true)},
                {"funder", "Who funds it.", true, text<&Grant::funder>(true)},
                {"amount", "Amount as it should print, e.g. \"EUR 150,000\".", false,
                 text<&Grant::amount>()},
                {"role", "Your role, e.g. PI, co-PI.", false, text<&Grant::role>()},
                {"dates", "", false, DatesField{member<&Grant::dates>()}},
                {"note", "A remark.", false, prose<&Grant::note>()},
                {"selected", kSelectedDoc, false, flag<&Grant::selected>(true)},
                tags<Grant>(),
            },
        .entries = store<Grant, &Cv::grants>(),
        .name_field = member<&Grant::title>(),
        .label = joined<&Grant::title, &Grant::funder>,
    };
}

Section certificates_row() {
    return {
        .key = "certificates",
        .doc = "Certificates and licences.",
        .filter_doc = "Certificates.",
        .heading = "Certificates",
        .print_rank = 5,
        .entry_doc = "A certificate or licence.",
        .fields =
            {
                {"name", "Name of the certificate.", true, text<&Certificate::name>(true)},
                {"issuer", "Who issued it.", false, text<&Certificate::issuer>()},
                {"date", "When: \"2024\", \"2024-05\" or \"2024-05-14\".", false,
                 date_field<&Certificate::date, &Certificate::date_pos>()},
                {"url", "Where to verify it.", false, url_text<&Certificate::url>()},
                {"selected", kSelectedDoc, false, flag<&Certificate::selected>(true)},
                tags<Certificate>(),
            },
        .entries = store<Certificate, &Cv::certificates>(),
        .name_field = member<&Certificate::name>(),
        .label = joined<&Certificate::name>,
    };
}

Section references_row() {
    return {
        .key = "references",
        .doc = "References: what others say of you.",
        .filter_doc = "References.",
        .heading = "References",
        .print_rank = 5,
        .entry_doc = "A reference.",
        .fields =
            {
                {"name", "Who gives it, e.g. Prof. Ada Lovelace, University of X.", true,
                 text<&Reference::name>(true)},
                {"reference", "What they say.", true,
                 TextField{member<&Reference::reference>(), true, true}},
                {"selected", kSelectedDoc, false, flag<&Reference::selected>(true)},
                tags<Reference>(),
            },
        .entries = store<Reference, &Cv::references>(),
        .name_field = member<&Reference::name>(),
        .label = joined<&Reference::name>,
    };
}

}  // namespace mkcv::section_rows

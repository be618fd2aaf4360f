// Rows of what the owner knows: skills, languages and interests, each a name with
// keywords.
#include "cv/section_rows.h"

namespace mkcv::section_rows {

Section skills_row() {
    return {
        .key = "skills",
        .doc = "Skills.",
        .filter_doc = "Skills.",
        .heading = "Skills",
        .print_rank = 5,
        .entry_doc = "A skill or a group of them.",
        .fields =
            {
                {"name", "The skill or group, e.g. Programming.", true, text<&Skill::name>(true)},
                {"level", "e.g. Advanced, Expert.", false, text<&Skill::level>()},
                {"keywords", "What it covers, e.g. [\"C++\", \"Python\"].", false,
                 texts<&Skill::keywords>(ListForm::Keywords)},
                {"selected", kShortSelectedDoc, false, flag<&Skill::selected>(true)},
                tags<Skill>(),
            },
        .entries = store<Skill, &Cv::skills>(),
        .name_field = member<&Skill::name>(),
        .label = joined<&Skill::name>,
    };
}

Section languages_row() {
    return {
        .key = "languages",
        .doc = "Languages spoken.",
        .filter_doc = "Languages.",
        .heading = "Languages",
        .print_rank = 5,
        .entry_doc = "A language.",
        .fields =
            {
                {"language", "e.g. English.", true, text<&Language::language>(true)},
                {"fluency", "e.g. Native speaker, C1.", false, text<&Language::fluency>()},
                {"selected", kShortSelectedDoc, false, flag<&Language::selected>(true)},
                tags<Language>(),
            },
        .entries = store<Language, &Cv::languages>(),
        .name_field = member<&Language::language>(),
        .label = joined<&Language::language>,
    };
}

Section interests_row() {
    return {
        .key = "interests",
        .doc = "Interests outside work.",
        .filter_doc = "Interests.",
        .heading = "Interests",
        .print_rank = 5,
        .entry_doc = "An interest.",
        .fields =
            {
                {"name", "e.g. Music.", true, text<&Interest::name>(true)},
                {"keywords", "Details, e.g. [\"Piano\", \"Choir\"].", false,
                 texts<&Interest::keywords>(ListForm::Keywords)},
                {"selected", kSelectedDoc, false, flag<&Interest::selected>(true)},
                tags<Interest>(),
            },
        .entries = store<Interest, &Cv::interests>(),
        .name_field = member<&Interest::name>(),
        .label = joined<&Interest::name>,
    };
}

}  // namespace mkcv::section_rows

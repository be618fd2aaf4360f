#include "cv/section_rows.h"

namespace mkcv {

// The rows, each made in its family's file (section_rows.h), in cv.toml's order: the schema's
// and, within a print rank, the print order. After the news come the academic sections
// (issue 13), then the résumé ones, named and shaped as JSON Resume's: what was done, then
// what one knows, then who vouches for it; the custom sections last.
std::vector<Section> builtin_section_rows() {
    using namespace section_rows;
    return {
        summary_row(),      research_interests_row(),
        education_row(),    experience_row(),
        publications_row(), teaching_row(),
        awards_row(),       news_row(),
        talks_row(),        service_row(),
        grants_row(),       students_row(),
        patents_row(),      press_row(),
        projects_row(),     volunteer_row(),
        certificates_row(), skills_row(),
        languages_row(),    interests_row(),
        references_row(),   custom_sections_row(),
    };
}

}  // namespace mkcv

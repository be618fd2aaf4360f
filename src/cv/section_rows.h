// The built-in rows of the sections table (cv/sections.h), one function per row, in files
// by what the sections are about (section_rows_*.cpp); builtin_section_rows()
// (section_rows.cpp) puts them in cv.toml's order. Also the small makers of fields the rows
// share. Only those files include this.
#pragma once

#include <string>
#include <string_view>

#include "cv/sections.h"

namespace mkcv::section_rows {

// An entry's label in the page budget's report: the texts of `M...`, joined by ", ".
template <auto... M>
std::string joined(const Entry& e) {
    std::string out;
    bool first = true;
    ((out += (first ? "" : ", ") + member<M>()(e).value, first = false), ...);
    return out;
}

template <auto M>
std::string quoted(const Entry& e) {
    return "“" + member<M>()(e).value + "”";
}

template <auto M>
TextField text(bool check_blank = false) {
    return {member<M>(), check_blank};
}

// A text that holds inline Markdown (notes, thesis, a section's text).
template <auto M>
TextField prose() {
    return {member<M>(), false, true};
}

// A URL the entry links to (checked like links; the context adds `href`).
template <auto M>
TextField url_text() {
    return {member<M>(), false, false, true};
}

template <auto D, auto P>
DateField date_field() {
    return {member<D>(), member<P>()};
}

template <auto M>
TextListField texts(ListForm form) {
    return {member<M>(), form};
}

template <auto M>
FlagField flag(bool in_context) {
    return {member<M>(), in_context};
}

template <typename E>
Field tags() {
    return {"tags", "Free tags that templates can filter on.", false,
            texts<&E::tags>(ListForm::Hidden)};
}

inline constexpr std::string_view kSelectedDoc = "Keep in CVs that print selected entries only.";
inline constexpr std::string_view kShortSelectedDoc =
    "Keep in short CVs that print selected entries only.";

// section_rows_text.cpp: what the owner writes as text.
Section summary_row();
Section research_interests_row();
Section news_row();
Section custom_sections_row();

// section_rows_career.cpp: positions held, dated by ranges or terms.
Section education_row();
Section experience_row();
Section teaching_row();
Section service_row();
Section students_row();
Section volunteer_row();

// section_rows_works.cpp: what the owner made and presented.
Section publications_row();
Section talks_row();
Section patents_row();
Section press_row();
Section projects_row();

// section_rows_honours.cpp: recognition from others.
Section awards_row();
Section grants_row();
Section certificates_row();
Section references_row();

// section_rows_skills.cpp: what the owner knows, each a name with keywords.
Section skills_row();
Section languages_row();
Section interests_row();

}  // namespace mkcv::section_rows

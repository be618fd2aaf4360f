// Rows of positions held, dated by ranges or terms: education, experience, teaching,
// service, students supervised and volunteering.
#include "cv/section_rows.h"

namespace mkcv::section_rows {
namespace {

// Education's degree, joined with its field as the locale says (degree_in_field).
TextField degree_text() {
    TextField f = text<&Education::degree>(true);
    f.join_pattern = "degree_in_field";
    f.joined_key = "field";
    f.joined_with = member<&Education::field>();
    return f;
}

}  // namespace

Section education_row() {
    return {
        .key = "education",
        .doc = "Degrees.",
        .filter_doc = "Education.",
        .heading = "Education",
        .print_rank = 1,
        .entry_doc = "A degree, newest first.",
        .fields =
            {
                {"degree", "Degree, e.g. Ph.D. in Computer Science, or Ph.D. with the field apart.",
                 true, degree_text()},
                {"field",
                 "Field of study, e.g. Computer Science: printed after the degree "
                 "as the locale joins them (degree_in_field).",
                 false, text<&Education::field>()},
                {"institution", "University or school.", true, text<&Education::institution>(true)},
                {"department", "Department, school or programme.", false,
                 text<&Education::department>()},
                {"location", "City.", false, text<&Education::location>()},
                {"dates", "", false, DatesField{member<&Education::dates>()}},
                {"advisors", "Advisors' names.", false,
                 texts<&Education::advisors>(ListForm::People)},
                {"thesis", "Thesis title.", false, prose<&Education::thesis>()},
                {"note", "A remark printed under the entry.", false, prose<&Education::note>()},
                {"highlights", "Bullet points.", false,
                 texts<&Education::highlights>(ListForm::Bullets)},
                {"selected", kShortSelectedDoc, false, flag<&Education::selected>(true)},
                tags<Education>(),
            },
        .entries = store<Education, &Cv::education>(),
        .name_field = member<&Education::degree>(),
        .label = joined<&Education::degree, &Education::institution>,
    };
}

Section experience_row() {
    return {
        .key = "experience",
        .doc = "Positions and internships.",
        .filter_doc = "Experience.",
        .heading = "Experience",
        .print_rank = 3,
        .entry_doc = "A position, newest first.",
        .fields =
            {
                {"role", "Job title, e.g. Research Intern.", true, text<&Experience::role>(true)},
                {"organization", "Company, lab or institution.", true,
                 text<&Experience::organization>(true)},
                {"location", "City.", false, text<&Experience::location>()},
                {"dates", "", false, PeriodsField{member<&Experience::periods>()}},
                {"mentors", "Mentors' names.", false,
                 texts<&Experience::mentors>(ListForm::People)},
                {"note", "A remark printed under the entry.", false, prose<&Experience::note>()},
                {"highlights", "Bullet points.", false,
                 texts<&Experience::highlights>(ListForm::Bullets)},
                {"selected", kShortSelectedDoc, false, flag<&Experience::selected>(true)},
                tags<Experience>(),
            },
        .entries = store<Experience, &Cv::experience>(),
        .name_field = member<&Experience::role>(),
        .label = joined<&Experience::role, &Experience::organization>,
    };
}

Section teaching_row() {
    TextListField terms = texts<&Teaching::terms>(ListForm::Terms);
    terms.empty_hint = "list the terms taught, e.g. [\"Fall 2023\"]";
    return {
        .key = "teaching",
        .doc = "Teaching.",
        .filter_doc = "Teaching.",
        .heading = "Teaching",
        .print_rank = 4,
        .entry_doc = "A course taught or assisted.",
        .fields =
            {
                {"role", "e.g. Teaching Assistant.", true, text<&Teaching::role>(true)},
                {"course", "Course name.", true, text<&Teaching::course>(true)},
                {"institution", "Where it was taught.", true, text<&Teaching::institution>(true)},
                {"terms", "Terms, e.g. [\"Fall 2022\", \"Fall 2023\"].", true, terms},
                {"selected", kSelectedDoc, false, flag<&Teaching::selected>(false)},
                tags<Teaching>(),
            },
        .entries = store<Teaching, &Cv::teaching>(),
        .name_field = member<&Teaching::course>(),
        .label = joined<&Teaching::role, &Teaching::course>,
    };
}

Section service_row() {
    return {
        .key = "service",
        .doc = "Professional service: reviewing, committees, organising.",
        .filter_doc = "Service.",
        .heading = "Service",
        .print_rank = 5,
        .entry_doc = "A role in service of a community.",
        .fields =
            {
                {"role", "e.g. Reviewer, Program Committee Member, General Chair.", true,
                 text<&Service::role>(true)},
                {"organization", "Journal, conference, venue or organisation.", true,
                 text<&Service::organization>(true)},
                {"kind",
                 "Group it is printed under.",
                 false,
                 text<&Service::kind>(),
                 {"reviewer", "committee", "organiser", "other"}},
                {"dates", "", false, DatesField{member<&Service::dates>()}},
                {"note", "A remark.", false, prose<&Service::note>()},
                {"selected", kSelectedDoc, false, flag<&Service::selected>(true)},
                tags<Service>(),
            },
        .entries = store<Service, &Cv::service>(),
        .name_field = member<&Service::role>(),
        .label = joined<&Service::role, &Service::organization>,
    };
}

Section students_row() {
    return {
        .key = "students",
        .doc = "Students supervised or mentored.",
        .filter_doc = "Students.",
        .heading = "Students Mentored",
        .print_rank = 5,
        .entry_doc = "A student.",
        .fields =
            {
                {"name", "The student's name.", true, text<&Student::name>(true)},
                {"level", "e.g. PhD, MSc, undergraduate.", false, text<&Student::level>()},
                {"dates", "", false, DatesField{member<&Student::dates>()}},
                {"topic", "Project or thesis topic.", false, prose<&Student::topic>()},
                {"now", "Where they are now.", false, text<&Student::now>()},
                {"selected", kSelectedDoc, false, flag<&Student::selected>(true)},
                tags<Student>(),
            },
        .entries = store<Student, &Cv::students>(),
        .name_field = member<&Student::name>(),
        .label = joined<&Student::name>,
    };
}

Section volunteer_row() {
    return {
        .key = "volunteer",
        .doc = "Volunteering.",
        .filter_doc = "Volunteering.",
        .heading = "Volunteering",
        .print_rank = 5,
        .entry_doc = "Unpaid work for an organisation.",
        .fields =
            {
                {"organization", "Organisation volunteered for.", true,
                 text<&Volunteer::organization>(true)},
                {"position", "Your role, e.g. Mentor.", false, text<&Volunteer::position>()},
                {"url", "The organisation's site.", false, url_text<&Volunteer::url>()},
                {"dates", "", false, DatesField{member<&Volunteer::dates>()}},
                {"summary", "What you did, in a sentence.", false, prose<&Volunteer::summary>()},
                {"highlights", "Bullet points.", false,
                 texts<&Volunteer::highlights>(ListForm::Bullets)},
                {"selected", kSelectedDoc, false, flag<&Volunteer::selected>(true)},
                tags<Volunteer>(),
            },
        .entries = store<Volunteer, &Cv::volunteer>(),
        .name_field = member<&Volunteer::organization>(),
        .label = joined<&Volunteer::organization>,
    };
}

}  // namespace mkcv::section_rows

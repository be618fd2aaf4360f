#include "cli/starter_cv.h"

#include "import/toml_writer.h"

namespace mkcv {
namespace {

// {NAME} is replaced by the name as a TOML string. Example entries say they are examples, so
// a forgotten one shows in the PDF as what it is; dates are strings ("2019-09"), as TOML has
// no year-month value.
constexpr std::string_view kStarter = R"toml(#:schema ./schema/cv.schema.json
# A starter cv.toml from `mkcv new`. Edit it, then run `mkcv` to build the PDFs in out/.
# Every key is documented in docs/cv-format.md; `mkcv validate` checks the file and points
# at mistakes. For completion in your editor (Taplo), write the schema beside this file:
#   mkdir -p schema && mkcv schema > schema/cv.schema.json
# Prose fields (research_interests, note, highlights, thesis, text, items) take a little
# Markdown: *emphasis*, **strong**, `code`, [a link](https://example.org).

# One paragraph; top-level keys come before the first [table].
research_interests = "Your research interests, in a sentence or two."
# bibliography = ["papers.bib"]           # papers from BibTeX too (docs/publications.md)

[person]
name = {NAME}
# native_name = "名前"                      # your name in another script
position = "Your position, e.g. Ph.D. Candidate"
affiliation = "Your department and institution"
email = "you@example.org"
# phone = "+1 555 0100"
homepage = "https://example.org"
# github = "your-user-name"
# location = "City, Country"

# Further links, printed with the contacts.
[[person.links]]
label = "Google Scholar"
url = "https://scholar.google.com/citations?user=EXAMPLE"

# Degrees, newest first.
[[education]]
degree = "Ph.D. in Your Field (example)"
institution = "Your University"
department = "Department of Your Field"
start = "2021-09"
end = "present"                             # or a date: "2026-06"
advisors = ["Your Advisor"]
# thesis = "The title of your thesis"
# note = "A remark printed under the entry"
# highlights = ["A bullet point"]

# Positions, newest first. Several stints at one place: periods = [{ start = "...", end = "..." }, ...]
[[experience]]
role = "Research Intern (example)"
organization = "A Lab"
location = "City"
start = "2023-06"
end = "2023-09"
# mentors = ["Your Mentor"]
highlights = ["What you did, and what came of it"]

# Papers. Mark yourself as you sign your papers (your name above, or aliases in
# [person] aliases); a trailing * marks equal contribution, † a corresponding author.
# Or keep them in BibTeX: see `bibliography` at the top.
[[publications]]
title = "The Title of Your Paper (example)"
authors = [{NAME_AUTHOR}, "A Coauthor"]
venue = "A Conference"
year = 2024
kind = "conference"                         # conference, journal, workshop, preprint, thesis, other
selected = true                             # printed in the short CV
links = { paper = "https://example.org/paper.pdf", code = "https://github.com/you/project" }

[[teaching]]
role = "Teaching Assistant (example)"
course = "A Course"
institution = "Your University"
terms = ["Fall 2024"]

[[awards]]
title = "An Award (example)"
year = 2024
# issuer = "Who gave it"

# Talks, service, grants, students, patents and press: remove the # to use them.
# [[talks]]
# title = "The Title of Your Talk"
# event = "A Seminar at A University"
# location = "City"
# date = "2024-05"                          # or "2024" or "2024-05-16"
# invited = true
# links = { slides = "https://example.org/slides.pdf" }

# [[service]]
# role = "Reviewer"
# organization = "A Journal"
# kind = "reviewer"                         # reviewer, committee, organiser or other
# start = "2023"
# end = "present"

# [[grants]]
# title = "The Title of the Grant"
# funder = "A Foundation"
# amount = "EUR 100,000"
# role = "Co-PI"
# start = "2024-01"
# end = "2026-12"

# [[students]]
# name = "A Student"
# level = "MSc"
# start = "2023"
# end = "2024"
# topic = "The topic of the thesis"
# now = "Ph.D. student at A University"

# [[patents]]
# title = "A Method for Something"
# number = "US 11,000,000 B2"
# inventors = [{NAME_AUTHOR}, "A Coinventor"]
# status = "granted"
# date = "2024-01-16"

# [[press]]
# title = "An Article About Your Work"
# outlet = "A Newspaper"
# date = "2024-03-02"
# url = "https://example.org/article"

# News, for the homepage of `mkcv site` (no PDF prints it), newest first.
# [[news]]
# date = "2025-05"
# text = "Our paper was accepted at *A Conference*."

# Projects, skills and languages, as in a résumé.
[[projects]]
name = "A Project (example)"
description = "What it is, in a sentence."
url = "https://github.com/you/project"
roles = ["Author"]
start = "2022-01"
end = "present"
# highlights = ["What came of it"]
# keywords = ["C++", "Python"]

[[skills]]
name = "Programming (example)"
keywords = ["C++", "Python"]
# level = "Expert"

[[languages]]
language = "English (example)"
fluency = "Native speaker"

# [[volunteer]]
# organization = "A Club"
# position = "Mentor"
# start = "2019-09"
# end = "2020-06"
# summary = "What you did there."

# [[certificates]]
# name = "A Certificate"
# issuer = "Who issued it"
# date = "2023-11"
# url = "https://example.org/certificate"

# [[interests]]
# name = "Music"
# keywords = ["Piano", "Choir"]

# [[references]]
# name = "A Referee, A University"
# reference = "Available on request."

# Sections of your own, printed after the others: a paragraph (text), a list (items) or
# entries with a title, subtitle, date, location, text and highlights.
[[sections]]
title = "Other Activities (example)"
items = ["Something that fits no section above"]

# A typed section under a heading of your own (as many as you like, each with its own key):
# [section.industry]
# kind = "experience"                       # any section above: experience, talks, ...
# heading = "Industry Experience"
# [[industry]]
# role = "Engineer"
# organization = "A Company"
# start = "2021-06"

# Your papers kept current from public databases by `mkcv sync` (docs/sync.md):
# [sync]
# dblp = "l/MichaelLey"                     # your DBLP pid
# orcid = "0000-0002-1825-0097"

# A job application, built by `mkcv apply` into out/applications/KEY/: a one-page cover
# letter, the statements, a CV tailored to it and one packet PDF (docs/applications.md):
# [[applications]]
# key = "mit-2027"                          # lowercase letters, digits, - and _
# organisation = "A University"
# position = "Assistant Professor"
# recipient = { name = "Prof. A. Chair", address = ["77 Some Avenue", "A City"] }
# letter_file = "letters/mit.md"            # paragraphs; <<position>>, <<organisation>>
# template = "short"                        # the tailored CV and the letter's theme
# tags = ["research"]                       # keep only entries with one of these tags
# omit_phone = true                         # a copy to share: no phone, no address
# [[applications.statements]]
# kind = "research"
# file = "statements/research.md"

# Per template: which sections, in which order, and on how many pages, e.g.
# [templates.short]
# max_pages = 1

# [build]
# date = 2025-01-31                         # "Last updated"; else the last git commit's date
)toml";

std::string replace_all(std::string text, std::string_view from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

}  // namespace

std::string starter_cv(std::string_view name) {
    const std::string quoted = toml_basic_string(name);
    std::string text = replace_all(std::string(kStarter), "{NAME_AUTHOR}", quoted);
    return replace_all(std::move(text), "{NAME}", quoted);
}

}  // namespace mkcv

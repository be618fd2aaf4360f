// The `application` (and `statement`) a letter, statement and packet template of `mkcv
// apply` sees (docs/applications.md#template-variables): the position, the recipient (null
// when masked), the letter's paragraphs with their marks, the words around them in the CV's
// language, what the packet encloses. Only for a Cv whose `applying` is set.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "context/context_tree.h"
#include "cv/locale_texts.h"
#include "cv/model.h"

namespace mkcv {

// One document of an application's packet, in order: its title (the bookmark) and the
// name of its PDF in the packet's TeX build folder, which mkcv gives (never a user's text).
struct PacketDocument {
    std::string title;
    std::string file;
    std::string part;  // "letter", "cv" or "statement-KIND": its output's name
};

// The letter, the tailored CV, then each statement.
std::vector<PacketDocument> packet_documents(const Application& a, const LocaleTexts& words);

// A statement's title: its own, else the locale's for its kind, else "Kind statement".
std::string statement_title(const Statement& s, const LocaleTexts& words);

// The signature picture's fixed name in the letter's TeX build folder.
std::string signature_file_name(const Photo& signature);

// Adds `application` (and `statement`) under `root` when cv.applying is set.
void add_application(ContextTree& t, ContextTree::Id root, const Cv& cv, const LocaleTexts& words,
                     const std::optional<PartialDate>& updated);

}  // namespace mkcv

// Every string of a CV with where the user wrote it: for the length check of cv/validate, and
// for tex/values_on_line, which traces a line of generated LaTeX back to cv.toml.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cv/model.h"

namespace mkcv {

struct ValueOrigin {
    std::string text;  // as the user wrote it (plain text)
    std::string file;  // cv.toml, as the user named it
    SourcePos pos;
    RichText marks;  // its marks, when it has any: the LaTeX printed is made from them
};

// Every non-blank string of the CV and of `also` (publications printed beside it, such as
// the papers whose awards are listed), with where it was written.
std::vector<ValueOrigin> value_origins(const Cv& cv, const std::vector<Publication>& also = {});

}  // namespace mkcv

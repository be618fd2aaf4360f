// The TeX side of precompiled preambles (tex/format.h), kept in the binary so the format
// never depends on files that could change under it. Both files read the preamble from
// \mkcvdocument (defined on the command line) up to \csname endofdump\endcsname.
#pragma once

namespace mkcv {

// A normal XeLaTeX run that stops at the marker, having written to \jobname.fonts the
// parameters (\fontdimen 1-8) of each native font the preamble loaded until then: the
// class's \normalsize already selects Latin Modern OpenType.
extern const char* const kFormatProbeTex;

// Read by mylatexformat.ltx in place of the document, in `xelatex -ini`: dumps the preamble
// with TFM stand-ins for those fonts (XeTeX cannot dump native fonts), which the format
// replaces by the real fonts, checked against the recorded parameters, when it starts.
extern const char* const kFormatDumpTex;

}  // namespace mkcv

#include "tex/format_driver.h"

namespace mkcv {

const char* const kFormatProbeTex =
    R"TEX(% mkcv: the native fonts a preamble loads, and their parameters.
\makeatletter
\newwrite\mkcv@out
\immediate\openout\mkcv@out=\jobname.fonts
\def\mkcv@name#1{\expandafter\@gobble\string#1}
\let\mkcv@define@newfont\define@newfont
\def\define@newfont{%
  \mkcv@define@newfont
  \ifnum\XeTeXfonttype\font@name>\z@
    \immediate\write\mkcv@out{\noexpand\mkcvfont{\expandafter\mkcv@name\font@name}%
      {\the\fontdimen1\font@name}{\the\fontdimen2\font@name}{\the\fontdimen3\font@name}%
      {\the\fontdimen4\font@name}{\the\fontdimen5\font@name}{\the\fontdimen6\font@name}%
      {\the\fontdimen7\font@name}{\the\fontdimen8\font@name}}%
  \fi}
\def\endofdump{\immediate\write\mkcv@out{\noexpand\endinput}\immediate\closeout\mkcv@out\@@end}
\makeatother
\input{\mkcvdocument}
)TEX";

const char* const kFormatDumpTex =
    R"TEX(% mkcv: dumps a preamble up to \csname endofdump\endcsname as a XeLaTeX format.
\makeatletter
% XeTeX cannot dump native (OpenType) fonts, and mylatexformat would preload some.
\let\MYLATEX@fontpreloading\relax
\def\mkcv@name#1{\expandafter\@gobble\string#1}
% \mkcvfont{NAME}{fontdimen 1}...{fontdimen 8}: a native font the preamble loads as NAME,
% with its parameters in a normal run (from the probe).
\def\mkcvfont#1#2#3#4#5#6#7#8#9{\@namedef{mkcv@params@#1}{{#2}{#3}{#4}{#5}{#6}{#7}{#8}{#9}}}
\input{\mkcvfonts}
% Until the dump such a font is a stand-in: a TFM at a size nothing else uses, given the
% native font's parameters, so that lengths the preamble sets in em or ex come out as in a
% normal run. Any other native font stops the dump (XeTeX refuses it): no format.
\newcount\mkcv@size \mkcv@size=1000
\def\mkcv@fakes{}
\let\mkcv@define@newfont\define@newfont
\def\define@newfont{%
  \ifcsname mkcv@params@\expandafter\mkcv@name\font@name\endcsname
    \expandafter\mkcv@fake
  \else
    \expandafter\mkcv@define@newfont
  \fi}
\def\mkcv@fake{%
  \global\advance\mkcv@size\@ne
  \global\expandafter\font\font@name=cmr10 at \mkcv@size sp\relax
  \expandafter\expandafter\expandafter\mkcv@setparams
    \csname mkcv@params@\expandafter\mkcv@name\font@name\endcsname
  \edef\mkcv@tmp{\noexpand\mkcv@fake@font{\expandafter\mkcv@name\font@name}}%
  \expandafter\g@addto@macro\expandafter\mkcv@fakes\expandafter{\mkcv@tmp}}
\def\mkcv@setparams#1#2#3#4#5#6#7#8{%
  \fontdimen1\font@name=#1\fontdimen2\font@name=#2\fontdimen3\font@name=#3%
  \fontdimen4\font@name=#4\fontdimen5\font@name=#5\fontdimen6\font@name=#6%
  \fontdimen7\font@name=#7\fontdimen8\font@name=#8\relax}
% When the format starts: fonts load for real again, each stand-in's name is freed, the
% current font is loaded as a normal run has it here, and each real font must have the
% parameters its stand-in had, else the format is stale and TeX stops.
\def\mkcv@restore{%
  \let\define@newfont\mkcv@define@newfont
  \def\mkcv@fake@font##1{\global\expandafter\let\csname##1\endcsname\relax}%
  \mkcv@fakes
  \selectfont
  \let\mkcv@fake@font\mkcv@check
  \mkcv@fakes}
\def\mkcv@check#1{%
  \begingroup
    \escapechar\m@ne
    \expandafter\split@name\string#1\@nil
    \selectfont
    \expandafter\expandafter\expandafter\mkcv@compare\csname mkcv@params@#1\endcsname
  \endgroup}
\def\mkcv@compare#1#2#3#4#5#6#7#8{%
  \ifdim\fontdimen1\font=#1\relax\else\mkcv@stale\fi
  \ifdim\fontdimen2\font=#2\relax\else\mkcv@stale\fi
  \ifdim\fontdimen3\font=#3\relax\else\mkcv@stale\fi
  \ifdim\fontdimen4\font=#4\relax\else\mkcv@stale\fi
  \ifdim\fontdimen5\font=#5\relax\else\mkcv@stale\fi
  \ifdim\fontdimen6\font=#6\relax\else\mkcv@stale\fi
  \ifdim\fontdimen7\font=#7\relax\else\mkcv@stale\fi
  \ifdim\fontdimen8\font=#8\relax\else\mkcv@stale\fi}
\def\mkcv@stale{\errmessage{mkcv: stale format (a font changed since it was made)}}
% What the preamble put on the main vertical list (hyperref's and the colour stack's
% \specials, which a normal run ships on page 1) is held by the page builder, which a
% format does not keep. A box on the page lets \output take it; the box and the \topskip
% glue above it are dropped, the rest is kept in a box register and put back at the start.
\newbox\mkcv@page
\def\mkcv@keep@page{%
  \begingroup
    \output{\global\setbox\mkcv@page\vbox{\unvbox\@cclv\setbox\z@\lastbox\unskip}}%
    \hbox{}\penalty-\@M
  \endgroup}
\let\mkcv@endofdump\endofdump
\def\endofdump{\mkcv@keep@page\mkcv@endofdump}
\everyjob\expandafter{\the\everyjob\mkcv@restore\unvbox\mkcv@page}
\makeatother
\input{\mkcvdocument}
)TEX";

}  // namespace mkcv

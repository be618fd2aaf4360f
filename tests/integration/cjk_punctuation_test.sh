# Chinese punctuation, one rule everywhere (issue 39): inside Chinese text the locale's
# full-width separator and full stop, after a Latin-script run (an English title, a venue, an
# author list) the Latin ones. Read back from the real PDF of every built-in LaTeX theme and
# from the HTML page, for a Chinese CV with English papers, and for its English twin.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

cat > cv.toml <<'EOF2'
[person]
name = { en = "Yihao Zhao", zh = "赵怡浩" }
position = { en = "Ph.D. Candidate", zh = "博士研究生" }
email = "a@example.org"

[[experience]]
role = { en = "Research Intern", zh = "研究实习生" }
organization = { en = "ByteDance", zh = "字节跳动" }
start = "2021-01"

[[experience]]
role = "Research Intern"
organization = "Hyperplane Lab"
start = "2019-07"
end = "2020-09"

[[education]]
degree = { en = "Ph.D.", zh = "博士" }
institution = { en = "Peking University", zh = "北京大学" }
end = "present"

[[publications]]
title = "Resource Scheduling for Networks"
authors = ["Yihao Zhao", "Xuanzhe Liu", "Xin Jin"]
venue = "Workshop on Mobile Network Technologies (MoNeTec)"
year = 2024
kind = "workshop"
selected = true
award = { en = "Best Paper Award", zh = "最佳论文奖" }

[[publications]]
title = "面向大模型的调度系统"
authors = ["赵怡浩", "刘譞哲", "金鑫"]
venue = "计算机学报"
year = 2023
kind = "journal"
selected = true

[[awards]]
title = { en = "Best Paper Award", zh = "最佳论文奖" }
issuer = "MoNeTec"
date = "2024"
EOF2

themes=(long short modern ats classic banking sidebar awesome)
args=()
for t in "${themes[@]}"; do args+=(-t "$t"); done
"$MKCV" build "${args[@]}" -t homepage --lang zh,en -o out > build.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "every theme in zh and en"
[[ $status == 0 ]] || cat build.log >&2

for t in "${themes[@]}"; do
  zh="$(pdf_text "out/cv-$t.zh.pdf")"
  # An English venue ends in Latin letters and a bracket: a Latin comma follows it (modern
  # sets the year apart, in the margin; short cites the venue's short name, "MoNeTec ’24").
  case $t in
    modern) ;;
    short) contains "$zh" "MoNeTec ’24." "$t.zh: a Latin full stop after a short venue" ;;
    *) contains "$zh" "(MoNeTec), 2024" "$t.zh: a Latin comma after an English venue" ;;
  esac
  lacks "$zh" "(MoNeTec)，" "$t.zh: no full-width comma after an English venue"
  lacks "$zh" "最佳论文奖." "$t.zh: no Latin full stop after Chinese text"
  contains "$zh" "Yihao Zhao, Xuanzhe Liu" "$t.zh: English authors joined by ', '"
  lacks "$zh" "Yihao Zhao、" "$t.zh: not by '、'"
  contains "$(sed 's/[ ,]//g; s/、//g' <<< "$zh")" "赵怡浩刘譞哲金鑫" "$t.zh: the Chinese authors, whole"
  lacks "$zh" "赵怡浩, 刘譞哲" "$t.zh: Chinese authors not joined by ', '"
  en="$(pdf_text "out/cv-$t.pdf")"
  [[ $t == modern || $t == short ]] || contains "$en" "(MoNeTec), 2024" "$t.en: unchanged in English"
  lacks "$en" "，" "$t.en: no full-width comma in the English CV"
done
# Where the themes print them, Chinese text takes the full-width forms.
long="$(pdf_text out/cv-long.zh.pdf)"
contains "$long" "最佳论文奖。" "long.zh: a Chinese award ends with 。"
contains "$long" "赵怡浩、刘譞哲、金鑫" "long.zh: Chinese authors joined by 、"
contains "$long" "研究实习生，字节跳动" "long.zh: Chinese role and organisation joined by ，"
contains "$long" "Research Intern, Hyperplane Lab" "long.zh: English ones by ', '"

# The page, as a browser shows it: the same rule.
page="$(python3 - out/cv-homepage.zh.html <<'PY'
import html, re, sys
text = re.sub(r"<script.*?</script>|<style.*?</style>", "", open(sys.argv[1], encoding="utf-8").read(), flags=re.S)
print(re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", text))))
PY
)"
contains "$page" "Yihao Zhao, Xuanzhe Liu, Xin Jin" "homepage.zh: English authors joined by ', ' as in the PDF"
contains "$page" "赵怡浩、刘譞哲、金鑫" "homepage.zh: Chinese authors by 、"
contains "$page" "(MoNeTec), 2024" "homepage.zh: a Latin comma after an English venue"
contains "$page" "研究实习生，字节跳动" "homepage.zh: Chinese role and organisation joined by ，"
finish

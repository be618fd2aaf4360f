#include "cv/authors.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("marks and remarks are split from author names") {
    auto a = parse_author("Yihao Zhao*");
    CHECK(a.name == "Yihao Zhao");
    CHECK(a.equal);
    CHECK_FALSE(a.corresponding);
    a = parse_author("Xin Jin†");
    CHECK(a.name == "Xin Jin");
    CHECK(a.corresponding);
    a = parse_author(" Xin Jin *† ");
    CHECK(a.name == "Xin Jin");
    CHECK(a.equal);
    CHECK(a.corresponding);
    a = parse_author("Xuanzhe Liu (Advisor)");
    CHECK(a.name == "Xuanzhe Liu");
    CHECK(a.suffix == " (Advisor)");
    a = parse_author("Yihao Zhao* (Intern)");
    CHECK(a.name == "Yihao Zhao");
    CHECK(a.equal);
    CHECK(a.suffix == " (Intern)");
    CHECK(parse_author("(Anonymous)").name == "(Anonymous)");
}

TEST_CASE("the owner is found whatever the marks, case or spacing") {
    const std::vector<std::string> aliases{"Y. Zhao", "赵怡浩"};
    CHECK(is_owner(parse_author("Yihao Zhao*"), "Yihao Zhao", {}));
    CHECK(is_owner(parse_author("yihao  zhao"), "Yihao Zhao", {}));
    CHECK(is_owner(parse_author("Y. Zhao"), "Yihao Zhao", aliases));
    CHECK(is_owner(parse_author("赵怡浩†"), "Yihao Zhao", aliases));
    CHECK_FALSE(is_owner(parse_author("Yihao Zhang"), "Yihao Zhao", aliases));
    CHECK_FALSE(is_owner(parse_author("Zhao"), "Yihao Zhao", aliases));
}

#include <catch2/catch.hpp>

#include <string>
#include <type_traits>

#include "util/result.h"

using namespace mkcv;

namespace {

Result<int> half(int n) {
    if (n % 2 != 0)
        return fail({Severity::Error, "in.txt", {3, 1}, "odd", "odd number", "give an even one"});
    return n / 2;
}

Result<> write(bool ok) {
    if (!ok)
        return io_failure("out/cv.tex", "cannot write out/cv.tex: No space left on device");
    return {};
}

}  // namespace

TEST_CASE("a Result holds the value or the diagnostic that says why not", "[result]") {
    const Result<int> good = half(8);
    REQUIRE(good);
    CHECK(good.has_value());
    CHECK(*good == 4);
    CHECK(good.value() == 4);

    const Result<int> bad = half(3);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().code == "odd");
    CHECK(bad.error().file == "in.txt");
    CHECK(bad.error().pos.line == 3);
    CHECK(bad.error().hint == "give an even one");
}

TEST_CASE("Result<> is success or an io diagnostic", "[result]") {
    CHECK(write(true));
    const Result<> failed = write(false);
    REQUIRE_FALSE(failed);
    CHECK(failed.error().severity == Severity::Error);
    CHECK(failed.error().code == "io");
    CHECK(failed.error().file == "out/cv.tex");
    CHECK(failed.error().message == "cannot write out/cv.tex: No space left on device");
}

TEST_CASE("a Result moves its value out", "[result]") {
    Result<std::string> text = std::string(100, 'x');
    const std::string taken = std::move(text).value();
    CHECK(taken.size() == 100);
    // Neither converts to bool implicitly: `int n = result;` must not compile.
    CHECK_FALSE((std::is_convertible_v<Result<int>, bool>));
    CHECK_FALSE((std::is_convertible_v<Result<>, bool>));
}

// The recorded responses of tests/data/sync, read for the sync unit tests.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

inline std::string sync_fixture(const std::string& name) {
    std::ifstream in(std::string(MKCV_TEST_SOURCE_DIR) + "/tests/data/sync/" + name,
                     std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

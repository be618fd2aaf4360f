#include "net/curl_library.h"

#include <dlfcn.h>

#include <stdexcept>

#ifndef MKCV_CURL_SONAME
#define MKCV_CURL_SONAME "libcurl.so.4"
#endif

namespace mkcv::net {
namespace {

// The function NAME of the opened library, into SLOT; false when it has none.
template <typename Function>
bool resolve(void* library, const char* name, Function& slot) {
    void* symbol = ::dlsym(library, name);
    if (symbol == nullptr)
        return false;
    slot = reinterpret_cast<Function>(symbol);
    return true;
}

std::string install_hint() {
    return std::string("mkcv sync needs libcurl (") + MKCV_CURL_SONAME +
           "); on Debian, install the libcurl4 package";
}

}  // namespace

std::optional<CurlLibrary> open_curl_library(const char* soname, std::string* why) {
    // RTLD_LOCAL: its symbols serve only the lookups below, never another library's.
    void* library = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        if (why != nullptr) {
            const char* error = ::dlerror();
            *why = std::string(soname) + " could not be opened" +
                   (error != nullptr ? std::string(" (") + error + ")" : std::string());
        }
        return std::nullopt;
    }
    CurlLibrary curl{};
    const char* missing = nullptr;
    auto need = [&](const char* name, auto& slot) {
        if (missing == nullptr && !resolve(library, name, slot))
            missing = name;
    };
    need("curl_global_init", curl.global_init);
    need("curl_easy_init", curl.easy_init);
    need("curl_easy_cleanup", curl.easy_cleanup);
    need("curl_easy_setopt", curl.easy_setopt);
    need("curl_easy_perform", curl.easy_perform);
    need("curl_easy_getinfo", curl.easy_getinfo);
    need("curl_easy_strerror", curl.easy_strerror);
    need("curl_slist_append", curl.slist_append);
    need("curl_slist_free_all", curl.slist_free_all);
    need("curl_url", curl.url);
    need("curl_url_cleanup", curl.url_cleanup);
    need("curl_url_get", curl.url_get);
    need("curl_url_set", curl.url_set);
    need("curl_free", curl.free);
    need("curl_getdate", curl.getdate);
    if (missing != nullptr) {
        ::dlclose(library);
        if (why != nullptr)
            *why = std::string(soname) + " has no " + missing + " (a libcurl older than 7.62?)";
        return std::nullopt;
    }
    return curl;
}

const CurlLibrary* load_curl(std::string* why) {
    // Opened once; a function-local static is initialised by one thread while others wait.
    struct Loaded {
        std::optional<CurlLibrary> library;
        std::string why;
    };
    static const Loaded loaded = [] {
        Loaded result;
        result.library = open_curl_library(MKCV_CURL_SONAME, &result.why);
        if (result.library && result.library->global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
            result.library.reset();
            result.why = std::string(MKCV_CURL_SONAME) + " could not be initialised";
        }
        if (!result.library)
            result.why += ": " + install_hint();
        return result;
    }();
    if (!loaded.library && why != nullptr)
        *why = loaded.why;
    return loaded.library ? &*loaded.library : nullptr;
}

const CurlLibrary& curl() {
    std::string why;
    if (const CurlLibrary* library = load_curl(&why))
        return *library;
    throw std::runtime_error(why);
}

}  // namespace mkcv::net

// The folder `mkcv site` writes (_site/), made whole beside it and swapped in at once: a
// reader (GitHub Pages' upload, `mkcv serve`) sees the old site or the new one, never half
// of one. mkcv replaces only a folder it made (its marker file says so) unless forced, and
// follows no symbolic link: the folder itself may not be one, and everything in the new
// folder is made by mkcv, in a folder only it can write while it is made.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "util/result.h"
#include "util/state_folder.h"

namespace mkcv {

// The file in every site folder mkcv made: what allows mkcv to replace the folder.
inline constexpr const char* kSiteMarker = ".mkcv-site";

// Why `out` may not be replaced by a new site: nothing when it is absent, an empty folder, or
// a folder with mkcv's marker (a regular file); with `force`, any folder. Never: a symbolic
// link (whatever it points to), or anything but a folder.
std::optional<UnsafePath> site_folder_problem(const std::filesystem::path& out, bool force);

// A new folder beside `out` (<parent>/.<name>.mkcv-XXXXXX), which only mkcv can write, to
// build the site in; removed by remove_staging_folder or put in place by put_site_in_place.
Result<std::filesystem::path> make_staging_folder(const std::filesystem::path& out);

// Writes `bytes` to `relative` (a path mkcv chose: no "..", no absolute path) inside the
// staging folder, making its folders. The file must not exist yet (O_EXCL, O_NOFOLLOW).
Result<> write_site_file(const std::filesystem::path& staging, const std::string& relative,
                         const std::string& bytes);

// Makes `staging` the site at `out`: swapped with the old folder in one rename
// (renameat2 RENAME_EXCHANGE) when there is one, which is then removed; renamed into place
// when there is none. The folders become readable by all (0755), as a static host needs.
Result<> put_site_in_place(const std::filesystem::path& staging, const std::filesystem::path& out);

// Removes a staging folder after a failure (nothing in it was followed: remove_all removes
// links, not their targets).
void remove_staging_folder(const std::filesystem::path& staging);

}  // namespace mkcv

// The proven values' cache across runs (docs/protocol.md, "Proven values across runs"):
// $XDG_CACHE_HOME/qubic/proven-values (default ~/.cache/qubic/proven-values), written by
// engine/play/proven_store's serialize. A file that is damaged, another version's or holds
// anything that is not a value is ignored whole and replaced at the next save. Saves merge
// with the file under a lock (flock on proven-values.lock) and write through a new file
// renamed over it, so that two engines saving at once lose nothing and never leave half
// a file.
#pragma once

#include <string>

#include "engine/play/proven_store.hpp"

namespace qubic {

std::string provenCachePath();
// The version text in the file: a file of another version is ignored.
std::string provenCacheVersion();
// Adds the file's values to `store`; "" when there is no file or it was read, else why it
// was ignored.
std::string loadProvenCache(ProvenStore& store, const std::string& path = provenCachePath());
// Merges `store` into the file; "" or what went wrong (the file is then as it was).
std::string saveProvenCache(const ProvenStore& store, const std::string& path = provenCachePath());

}  // namespace qubic

// The proven values' cache across runs (config/proven_cache, engine/play/proven_store's
// bytes): what is saved comes back; a damaged file, another version's, or one holding a
// single entry that is not a value is ignored whole and replaced; a full store keeps what
// fits; two processes saving at once lose nothing and leave a whole file.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "config/proven_cache.hpp"
#include "config/read_file.hpp"
#include "engine/book/opening_table.hpp"

using namespace qubic;
namespace fs = std::filesystem;

namespace {

std::string freshPath(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("qubic-cache-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(dir);
  return (dir / "proven-values").string();
}

std::vector<std::uint8_t> fileBytes(const std::string& path) {
  const std::string text = readRegularFile(path, 1 << 26).value();
  return {text.begin(), text.end()};
}
void writeBytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

// The file's checksum recomputed (FNV-1a over all but its last 8 bytes), as a forger would.
void resign(std::vector<std::uint8_t>& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i + 8 < bytes.size(); ++i) h = (h ^ bytes[i]) * 0x100000001b3ULL;
  for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = static_cast<std::uint8_t>(h >> (8 * i));
}

// `count` values of three-stone positions (O to move): X wins within 20 + i % 9 plies.
ProvenStore storeOf(std::size_t first, std::size_t count, std::size_t capacity = 1 << 12) {
  ProvenStore store(capacity);
  const std::vector<Position> positions = canonicalPositions(3);
  for (std::size_t i = first; i < first + count; ++i)
    store.add(positions[i], {Side::X, 20 + static_cast<int>(i % 9)});
  return store;
}

bool holds(const ProvenStore& store, std::size_t first, std::size_t count) {
  const std::vector<Position> positions = canonicalPositions(3);
  for (std::size_t i = first; i < first + count; ++i) {
    const auto v = store.find(positions[i]);
    if (!v || v->winner != Side::X || v->plies != 20 + static_cast<int>(i % 9)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("saved proven values come back in the next run") {
  const std::string path = freshPath("round");
  REQUIRE(saveProvenCache(storeOf(0, 100), path).empty());
  ProvenStore again(1 << 12);
  CHECK(loadProvenCache(again, path).empty());
  CHECK(again.size() == 100);
  CHECK(holds(again, 0, 100));
  // A second save merges: the file keeps both runs' values.
  REQUIRE(saveProvenCache(storeOf(100, 50), path).empty());
  ProvenStore both(1 << 12);
  CHECK(loadProvenCache(both, path).empty());
  CHECK(holds(both, 0, 150));
  fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("a damaged or foreign cache is ignored whole and replaced at the next save") {
  const std::string path = freshPath("damaged");
  REQUIRE(saveProvenCache(storeOf(0, 40), path).empty());
  std::vector<std::uint8_t> bytes = fileBytes(path);
  bytes[bytes.size() / 2] ^= 0x10;  // one bit
  writeBytes(path, bytes);
  ProvenStore store(1 << 12);
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("checksum"));
  CHECK(store.size() == 0);
  // The next save replaces it with a whole file of this run's values.
  REQUIRE(saveProvenCache(storeOf(40, 10), path).empty());
  ProvenStore after(1 << 12);
  CHECK(loadProvenCache(after, path).empty());
  CHECK(after.size() == 10);

  // Another version's file, and a file that is not one at all.
  std::vector<std::uint8_t> other = storeOf(0, 5).serialize("qubic 0.0.1, values format 1");
  writeBytes(path, other);
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("another version"));
  writeBytes(path, {'h', 'e', 'l', 'l', 'o'});
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("not a file of proven values"));
  CHECK(store.size() == 0);
  fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("a value that is not one is never trusted, even with a right checksum") {
  const std::string path = freshPath("forged");
  REQUIRE(saveProvenCache(storeOf(0, 20), path).empty());
  const std::vector<std::uint8_t> good = fileBytes(path);
  const std::size_t firstEntry = 8 + 1 + good[8] + 4;
  // O on X's cell; a win longer than the board allows; a position not in canonical form.
  for (const auto& [offset, value] : std::vector<std::pair<std::size_t, std::uint8_t>>{
           {8, good[firstEntry]}, {17, 200}, {16, 7}}) {
    std::vector<std::uint8_t> forged = good;
    forged[firstEntry + offset] = value;
    resign(forged);
    writeBytes(path, forged);
    ProvenStore store(1 << 12);
    INFO("offset " << offset);
    CHECK_THAT(loadProvenCache(store, path), Catch::Contains("entry 1 is not a value"));
    CHECK(store.size() == 0);
  }
  fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("a full store keeps what fits of a cache and nothing wrong") {
  const std::string path = freshPath("full");
  REQUIRE(saveProvenCache(storeOf(0, 300), path).empty());
  ProvenStore small(8);
  CHECK(loadProvenCache(small, path).empty());
  CHECK(small.size() <= 8);
  CHECK(small.size() >= 1);
  const std::vector<Position> positions = canonicalPositions(3);
  int found = 0;
  for (std::size_t i = 0; i < 300; ++i)
    if (const auto v = small.find(positions[i])) {
      ++found;
      CHECK(v->plies == 20 + static_cast<int>(i % 9));
    }
  CHECK(found == static_cast<int>(small.size()));
  fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("two processes saving at once lose nothing and leave a whole file") {
  const std::string path = freshPath("two");
  std::vector<pid_t> children;
  for (int k = 0; k < 2; ++k) {
    const pid_t pid = fork();
    if (pid == 0) {
      const ProvenStore mine = storeOf(200 * static_cast<std::size_t>(k), 200);
      for (int round = 0; round < 25; ++round)
        if (!saveProvenCache(mine, path).empty()) _exit(1);
      _exit(0);
    }
    children.push_back(pid);
  }
  for (const pid_t pid : children) {
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  }
  ProvenStore both(1 << 16);  // room enough that no bucket of two overflows
  CHECK(loadProvenCache(both, path).empty());
  CHECK(holds(both, 0, 400));
  fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("something else at the cache's name is left as it is, neither read nor replaced") {
  const std::string path = freshPath("strange");
  fs::create_directories(fs::path(path).parent_path());
  REQUIRE(mkfifo(path.c_str(), 0600) == 0);
  ProvenStore store(1 << 12);
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("ignored"));  // no hang on a FIFO
  CHECK_THAT(saveProvenCache(storeOf(0, 10), path), Catch::Contains("not a regular file"));
  CHECK(fs::is_fifo(path));
  fs::remove(path);
  fs::create_directory(path);
  CHECK_THAT(saveProvenCache(storeOf(0, 10), path), Catch::Contains("not a regular file"));
  CHECK(fs::is_directory(path));
  fs::remove_all(fs::path(path).parent_path());
}

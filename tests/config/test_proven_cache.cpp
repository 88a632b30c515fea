// The proven values' cache across runs (config/proven_cache, engine/play/proven_store's
// bytes): what is saved comes back; a damaged file, another version's, or one holding a
// single entry that is not a value is ignored whole and replaced; a full store keeps what
// fits; two processes saving at once lose nothing and leave a whole file.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "config/proven_cache.hpp"
#include "config/read_file.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/core/checksum.hpp"
#include "engine/core/siphash.hpp"

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

// The key the saves made beside the store.
SipKey keyOf(const std::string& path) {
  const std::vector<std::uint8_t> bytes = fileBytes(path + ".key");
  REQUIRE(bytes.size() == 16);
  SipKey key{};
  std::copy(bytes.begin(), bytes.end(), key.begin());
  return key;
}

// The file's MAC recomputed with `key` over all but its last 8 bytes.
void resign(std::vector<std::uint8_t>& bytes, const SipKey& key) {
  bytes.resize(bytes.size() - 8);
  putLittleEndian(bytes, siphash24(key, bytes), 8);
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
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("MAC does not match"));
  CHECK(store.size() == 0);
  // The next save replaces it with a whole file of this run's values.
  REQUIRE(saveProvenCache(storeOf(40, 10), path).empty());
  ProvenStore after(1 << 12);
  CHECK(loadProvenCache(after, path).empty());
  CHECK(after.size() == 10);

  // Another version's file, and a file that is not one at all.
  std::vector<std::uint8_t> other =
      storeOf(0, 5).serialize("qubic 0.0.1, values format 1", keyOf(path));
  writeBytes(path, other);
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("another version"));
  writeBytes(path, {'h', 'e', 'l', 'l', 'o'});
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("not a file of proven values"));
  CHECK(store.size() == 0);
  fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("values forged without the key are never trusted (issue 68, 2)") {
  // Two X wins changed to O wins in 3 and 5, the file's checksum recomputed as the old
  // format had it (FNV-1a) and as any other key would: the store is ignored whole.
  const std::string path = freshPath("unkeyed");
  REQUIRE(saveProvenCache(storeOf(0, 20), path).empty());
  std::vector<std::uint8_t> forged = fileBytes(path);
  const std::size_t firstEntry = 8 + 1 + forged[8] + 4;
  for (const auto& [entry, plies] : {std::pair{0, 3}, std::pair{1, 5}}) {
    forged[firstEntry + 18 * entry + 16] = 1;  // O
    forged[firstEntry + 18 * entry + 17] = static_cast<std::uint8_t>(plies);
  }
  forged.resize(forged.size() - 8);
  std::vector<std::uint8_t> withFnv = forged;
  putLittleEndian(withFnv, fnv1a64(forged), 8);
  std::vector<std::uint8_t> otherKey = forged;
  putLittleEndian(otherKey, siphash24(SipKey{}, forged), 8);
  for (const auto& bytes : {withFnv, otherKey}) {
    writeBytes(path, bytes);
    ProvenStore store(1 << 12);
    CHECK_THAT(loadProvenCache(store, path), Catch::Contains("not written here"));
    CHECK(store.size() == 0);
  }
  // With the key gone, even the store this installation wrote is not trusted.
  REQUIRE(saveProvenCache(storeOf(0, 20), path).empty());
  fs::remove(path + ".key");
  ProvenStore store(1 << 12);
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("no key"));
  CHECK(store.size() == 0);
  // A key others may read is no key; the save says so and keeps the file as it is.
  REQUIRE(saveProvenCache(storeOf(0, 20), path).empty());
  fs::permissions(path + ".key", fs::perms::group_read, fs::perm_options::add);
  CHECK_THAT(loadProvenCache(store, path), Catch::Contains("not a private file"));
  const std::vector<std::uint8_t> before = fileBytes(path);
  CHECK_THAT(saveProvenCache(storeOf(20, 5), path), Catch::Contains("not saved"));
  CHECK(fileBytes(path) == before);
  fs::remove_all(fs::path(path).parent_path());
}

TEST_CASE("a value that is not one is never trusted, even with a right MAC") {
  const std::string path = freshPath("forged");
  REQUIRE(saveProvenCache(storeOf(0, 20), path).empty());
  const std::vector<std::uint8_t> good = fileBytes(path);
  const std::size_t firstEntry = 8 + 1 + good[8] + 4;
  // O on X's cell; a win longer than the board allows; a position not in canonical form.
  for (const auto& [offset, value] : std::vector<std::pair<std::size_t, std::uint8_t>>{
           {8, good[firstEntry]}, {17, 200}, {16, 7}}) {
    std::vector<std::uint8_t> forged = good;
    forged[firstEntry + offset] = value;
    resign(forged, keyOf(path));
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
      // A save skipped after the bounded wait for the lock (a very loaded machine) says
      // so; it is tried again, as a later run would.
      for (int round = 0; round < 25; ++round)
        for (int attempt = 0;; ++attempt) {
          const std::string e = saveProvenCache(mine, path);
          if (e.empty()) break;
          if (e.find("held by another process") == std::string::npos || attempt == 5) _exit(1);
        }
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

TEST_CASE("the store writes through no link and cleans what killed saves left (issue 68, 5, 8)") {
  const std::string path = freshPath("links");
  const fs::path dir = fs::path(path).parent_path();
  fs::create_directories(dir);
  const fs::path notes = dir / "notes.txt";
  std::ofstream(notes) << "my notes\n";
  // A link where this process writes its new file, and a dangling link as the lock.
  fs::create_symlink(notes, path + ".new." + std::to_string(getpid()));
  fs::create_symlink(dir / "nowhere", path + ".lock");
  CHECK_THAT(saveProvenCache(storeOf(0, 10), path), Catch::Contains("lock"));
  CHECK_FALSE(fs::exists(dir / "nowhere"));
  fs::remove(path + ".lock");
  REQUIRE(saveProvenCache(storeOf(0, 10), path).empty());
  CHECK(readRegularFile(notes.string(), 100).value() == "my notes\n");
  CHECK(fs::is_regular_file(fs::symlink_status(path)));
  // The store itself a link: neither read nor written through.
  const std::string linked = path + "-linked";
  fs::create_symlink(path, linked);
  ProvenStore through(1 << 12);
  CHECK_THAT(loadProvenCache(through, linked), Catch::Contains("a link"));
  CHECK(through.size() == 0);
  CHECK_THAT(saveProvenCache(storeOf(0, 10), linked), Catch::Contains("not a regular file"));
  // A leftover of a process that is gone is removed by the next save; a live one's stays.
  const pid_t gone = fork();
  if (gone == 0) _exit(0);
  waitpid(gone, nullptr, 0);
  const std::string stale = path + ".new." + std::to_string(gone);
  const std::string live = path + ".new." + std::to_string(getppid());
  std::ofstream(stale) << "half";
  std::ofstream(live) << "busy";
  REQUIRE(saveProvenCache(storeOf(10, 10), path).empty());
  CHECK_FALSE(fs::exists(stale));
  CHECK(fs::exists(live));
  ProvenStore store(1 << 12);
  CHECK(loadProvenCache(store, path).empty());
  CHECK(holds(store, 0, 20));
  fs::remove_all(dir);
}

TEST_CASE("a store that cannot be read or locked is never replaced (issue 68, 6, 7, 9)") {
  const std::string path = freshPath("locked");
  const fs::path dir = fs::path(path).parent_path();
  REQUIRE(saveProvenCache(storeOf(0, 30), path).empty());
  const std::vector<std::uint8_t> before = fileBytes(path);
  // The lock held by another process: the save gives up within seconds and says so.
  const pid_t holder = fork();
  if (holder == 0) {
    const int mine = open((path + ".lock").c_str(), O_RDWR);
    flock(mine, LOCK_EX);
    sleep(60);
    _exit(0);
  }
  // Until the holder has it (an open file of our own sees the lock taken).
  const int fd = open((path + ".lock").c_str(), O_RDWR);
  REQUIRE(fd >= 0);
  while (flock(fd, LOCK_EX | LOCK_NB) == 0) flock(fd, LOCK_UN), usleep(10000);
  const auto began = std::chrono::steady_clock::now();
  CHECK_THAT(saveProvenCache(storeOf(30, 10), path), Catch::Contains("held by another process"));
  CHECK(std::chrono::steady_clock::now() - began < std::chrono::seconds(30));
  kill(holder, SIGKILL);
  waitpid(holder, nullptr, 0);
  close(fd);
  CHECK(fileBytes(path) == before);
  // The lock's name a directory: no save without the lock.
  fs::remove(path + ".lock");
  fs::create_directory(path + ".lock");
  CHECK_THAT(saveProvenCache(storeOf(30, 10), path), Catch::Contains("not saved"));
  CHECK(fileBytes(path) == before);
  fs::remove(path + ".lock");
  // Run by a user who cannot read it (nobody, when the test runs as root).
  fs::permissions(dir, fs::perms::all);
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
  const pid_t other = fork();
  if (other == 0) {
    if (geteuid() == 0 && setuid(65534) != 0) _exit(3);
    if (geteuid() != 0) chmod(path.c_str(), 0);
    const std::string e = saveProvenCache(storeOf(30, 10), path);
    _exit(e.find("left as it is") != std::string::npos ? 0 : 1);
  }
  int status = 0;
  REQUIRE(waitpid(other, &status, 0) == other);
  CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
  CHECK(fileBytes(path) == before);
  fs::remove_all(dir);
}

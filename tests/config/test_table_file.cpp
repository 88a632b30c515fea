// The table's files as the programs find them (config/table_file): whether a certificates
// file holds a position's certificate, read from its entries' heads alone, agrees with the
// file loaded whole and checked, and a file cut short or not a certificates file is refused.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "config/read_file.hpp"
#include "config/table_file.hpp"
#include "engine/core/random_game.hpp"
#include "engine/core/symmetry.hpp"

using namespace qubic;
namespace fs = std::filesystem;

namespace {

const std::string kShipped = std::string(QUBIC_SOURCE_DIR) + "/data/qubic.cert";

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("qubic-table-file-" + std::to_string(getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() { fs::remove_all(dir); }
  std::string write(const char* name, const std::string& bytes) const {
    const std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
};

}  // namespace

TEST_CASE("a certificate is found from the heads alone where the whole file holds it") {
  const Parsed<TableCertificates> whole = loadCertificatesFile(kShipped);
  REQUIRE(whole);
  REQUIRE(whole.value().entries().size() > 100);
  std::mt19937_64 rng(7);
  for (const TableCertificate& c : whole.value().entries()) {
    const Position image = transform(static_cast<int>(rng() % kSymmetries), c.position);
    const Parsed<bool> held = certificateHeld(kShipped, image);
    REQUIRE(held);
    CHECK(held.value());
  }
  // Positions of four stones at random: most are X wins without a certificate.
  int found = 0;
  for (int i = 0; i < 300; ++i) {
    const Position p = randomPosition(rng, 4);
    const Parsed<bool> held = certificateHeld(kShipped, p);
    REQUIRE(held);
    CHECK(held.value() == (whole.value().find(p) != nullptr));
    found += held.value();
  }
  CHECK(found < 300);
}

TEST_CASE("a certificates file cut short, padded or of another kind is refused by name") {
  const Parsed<std::string> bytes = readRegularFile(kShipped, std::size_t{1} << 30);
  REQUIRE(bytes);
  const std::string& full = bytes.value();
  const Position any = loadCertificatesFile(kShipped).value().entries().front().position;
  Scratch scratch;
  for (const std::size_t length :
       {std::size_t{0}, std::size_t{11}, std::size_t{12}, std::size_t{40}, std::size_t{1000},
        full.size() / 2, full.size() - 9, full.size() - 1}) {
    INFO("cut to " << length << " bytes");
    const std::string path = scratch.write("cut.cert", full.substr(0, length));
    const Parsed<bool> held = certificateHeld(path, any);
    REQUIRE_FALSE(held);
    CHECK_THAT(held.error(), Catch::StartsWith(path + ": "));
    CHECK_FALSE(loadCertificatesFile(path));  // as loading it whole
  }
  const std::string padded = scratch.write("padded.cert", full + "!");
  CHECK_THAT(certificateHeld(padded, any).error(), Catch::Contains("damaged"));
  const std::string text = scratch.write("text.cert", "QUBIC certificates? no, a note\n");
  CHECK_THAT(certificateHeld(text, any).error(), Catch::Contains("not a certificates file"));
  const std::string fifo = (scratch.dir / "fifo").string();
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THAT(certificateHeld(fifo, any).error(), Catch::Contains("a FIFO"));
  CHECK_THAT(certificateHeld((scratch.dir / "none").string(), any).error(),
             Catch::Contains("no such file"));
}

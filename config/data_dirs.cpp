#include "data_dirs.hpp"

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace qubic {

namespace {

// The directory of the running program, "" when the system does not say.
std::string programDir() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string() : self.parent_path().string();
}

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

bool isRegularFile(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

}  // namespace

std::vector<std::string> dataDirs() {
  std::vector<std::string> dirs;
  if (const std::string self = programDir(); !self.empty())
    dirs.push_back(std::filesystem::path(self + "/../share/qubic").lexically_normal().string());
  // The XDG base directory spec: relative paths are invalid and ignored.
  std::string home = env("XDG_DATA_HOME");
  if (home.empty() || home[0] != '/')
    home = env("HOME").empty() ? "" : env("HOME") + "/.local/share";
  if (!home.empty()) dirs.push_back(home + "/qubic");
  std::string shared = env("XDG_DATA_DIRS");
  if (shared.empty()) shared = "/usr/local/share:/usr/share";
  std::istringstream parts(shared);
  for (std::string dir; std::getline(parts, dir, ':');) {
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    if (!dir.empty() && dir[0] == '/') dirs.push_back(dir + "/qubic");
  }
  return dirs;
}

std::string findDataFile(const std::string& name) {
  for (const std::string& dir : dataDirs())
    if (isRegularFile(dir + "/" + name)) return dir + "/" + name;
  return "";
}

std::string dataSearchReport(const std::string& name) {
  const std::string used = findDataFile(name);
  std::string report = name + " is looked for in:\n";
  for (const std::string& dir : dataDirs())
    report += "    " + dir + "/" + name + (dir + "/" + name == used ? "  (used)" : "") + "\n";
  if (used.empty()) report += "    (not found)\n";
  return report;
}

}  // namespace qubic

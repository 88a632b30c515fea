// The positions table runs left unknown, with the largest budget each resisted in each
// course, kept in a file across runs (data/table-resisted.txt; docs/table.md, "Resisted"):
// a run's directory may not outlive its machine, and a new run should take first the
// positions no run has tried rather than those many have.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "engine/core/parsed.hpp"
#include "table_results.hpp"

namespace qubic {

struct ResistedBudget {
  std::uint64_t budget = 0, otherBudget = 0;  // the side to move's, the other side's
};

// By position string and course.
using ResistedRecord = std::map<std::pair<std::string, int>, ResistedBudget>;

// A resisted file read; an empty record when there is no file at `path`.
Parsed<ResistedRecord> readResisted(const std::string& path);
// Adds an unknown result, keeping the larger budgets of a position and course.
void addResisted(ResistedRecord& record, const JobResult& unknown);
// Writes the record (an error message, "" on success); only a resisted file or an empty
// one is replaced.
std::string writeResisted(const std::string& path, const ResistedRecord& record);
// Whether the record may be written at `path` (checked before long work): "" when it may.
std::string checkResistedOutput(const std::string& path);

}  // namespace qubic

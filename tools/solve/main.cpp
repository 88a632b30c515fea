// qubic-solve: `qubic-solve COMMAND ...`. Each command declares itself in its own file
// (cli.hpp); this is the list, in the order of the overview.
#include "cli.hpp"

int main(int argc, char** argv) {
  using namespace qubic;
  const std::vector<const Command*> commands{
      &kProve,       &kVerify,    &kExplain,    &kReview,     &kPuzzles,      &kBookMake,
      &kBookShrink,  &kBookInfo,  &kBookCheck,  &kTableList,  &kTableJob,     &kTableJoin,
      &kTableStatus, &kTableInfo, &kTableCheck, &kTableKnown, &kTableCertify, &kTableVerify};
  return runCommandLine(commands, Args(argv + 1, argv + argc));
}

// A mode that reaches back to what holds the round: the cycle tests/layers.cmake refuses.
#include "tui/modes/loops_back.hpp"

#include "tui/holds_round.hpp"

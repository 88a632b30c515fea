// A header of the game that includes one of qubic-match's: the layer check must refuse it
// (the test "layers: a program's folder is not included by another").
#pragma once

#include "tools/match/game_runner.hpp"

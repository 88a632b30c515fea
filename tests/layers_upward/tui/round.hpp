// The fixture's round: it holds a mode, as tui/round.hpp holds the modes.
#pragma once

#include "modes/loops_back.hpp"

// A header that holds the round, as tui/game_context.hpp does.
#pragma once

#include "round.hpp"

// The fixture's way from the view to a controller: one header between them.
#pragma once

#include "engine_turns.hpp"

// A core header that includes a header of a higher layer: the layer check must refuse it
// (the test "layers: an upward include is refused").
#pragma once

#include "engine/play/player.hpp"

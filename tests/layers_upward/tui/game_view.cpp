// A unit of the view that includes a header leading to a controller: the layer check must
// refuse it (the test "layers: the view asks no controller").
#include "asks_engine.hpp"

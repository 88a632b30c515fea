// A part of the game that only speaks to the player, yet takes the whole shared context:
// the layer check must refuse it (the test "layers: a part that takes the whole game
// context is refused"). A comment naming GameContext is not read.
#pragma once

struct GameContext;
void sayWelcome(GameContext& context);

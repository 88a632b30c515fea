// The fixture's controller: the engine's turns of the game.
#pragma once

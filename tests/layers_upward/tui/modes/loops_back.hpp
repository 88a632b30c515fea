// A mode of the fixture's round.
#pragma once

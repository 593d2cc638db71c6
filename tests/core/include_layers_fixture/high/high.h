#pragma once
#include "low/low.h" // downward: allowed
#include <QString>

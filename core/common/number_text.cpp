#include "common/number_text.h"

#include <cstdio>
#include <cstdlib>

namespace fl {

std::string formatNumber(double value)
{
    char buffer[32];
    for (int precision = 6; precision <= 17; ++precision) {
        std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
        if (std::strtod(buffer, nullptr) == value)
            break;
    }
    return buffer;
}

} // namespace fl

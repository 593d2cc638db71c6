#pragma once
// The approximant constants (b, m) that the plane-contact laws take by default: the fit of the
// approximants to the integral model for a uniform and a Hertz pressure (contact/approximant_fit.h
// computes the fit and keeps its record; test_contact_fit reproduces these numbers). They are kept
// here, below the contact mechanics, because the laws' parameter defaults are made from them.

namespace fl::plane_contact_fit {

struct BM {
    double b;
    double m;
};

inline constexpr BM kI00Uniform{0.673486, 1.744269};
inline constexpr BM kI11Uniform{0.451956, 0.764818};
inline constexpr BM kI00Hertz{0.597714, 1.777816};
inline constexpr BM kI11Hertz{0.337278, 0.754729};

} // namespace fl::plane_contact_fit

#pragma once
// Approximants of the integral model for fully developed sliding: I(0,0) (JTAM (3.4)-(3.5),
// Acta Mech (2)) and I(1,1) (Acta Mech (3)).
#include "contact/contact_model.h"
#include "contact/contact_moments.h"

namespace fl::contact {

enum class ApproximantKind { I00, I11 };

/// Free constants of the common denominator D = (|v_s|^(n m) + b^m |omega_s|^(n m))^(1/m) of
/// JTAM (3.3): n = 1 for I(0,0), n = 3 for I(1,1). They do not affect the matching conditions
/// (JTAM (3.2), Acta (4)); they are fitted (approximant_fit.h) or identified experimentally.
struct ApproximantParams {
    double b = 1.0;
    double m = 2.0;
};

/// Numerator coefficients of I(0,0), JTAM (3.4):
/// T_sx = (v_sx - b c011 w)/D, T_sy = (v_sy + b c101 w)/D, M_s = (b c00m1 w - c010 v_sx + c100 v_sy)/D.
/// Exact at pure translation and pure spin for any contact.
struct I00Coefficients {
    double c011 = 0.0;
    double c101 = 0.0;
    double c00m1 = 2.0 / 3.0;
    double c010 = 0.0;
    double c100 = 0.0;
    static I00Coefficients fromMoments(const ContactMoments& c) { return {c.c011, c.c101, c.c00m1, c.c010, c.c100}; }
    /// Circularly symmetric pressure, JTAM (3.5) / Acta Mech (2): only c = c_{0,0,-1} remains.
    static I00Coefficients circular(double c00m1) { return {0.0, 0.0, c00m1, 0.0, 0.0}; }
};

/// Numerator coefficients of I(1,1) for circularly symmetric pressure (Acta Mech (3) generalised):
/// T_s = (v^2 + b kT w^2) v_s / D,  M_s = (c b w^3 + c2 w v^2) / D,  D = (v^(3m) + b^m |w|^(3m))^(1/m).
/// Matching conditions (Acta (4), n1 = n2 = 1) fix them from the pressure: at pure spin
/// dT_s/dv_s = c001 / (2|w|) gives kT = c001/2; M_s = c00m1 gives c = c00m1; at pure translation
/// dM_s/dw = c200 / v_s gives c2 = c200 (and dT_s/dw = 0, dM_s/dv_s = 0 hold by the form).
/// Uniform pressure: (kT, c, c2) = (1, 2/3, 1/4), exactly Acta (3); Hertz: (3 pi/8, 3 pi/16, 1/5).
/// The derivative conditions need 3m > 1.
struct I11Coefficients {
    double kT = 1.0;
    double c = 2.0 / 3.0;
    double c2 = 0.25;
    static I11Coefficients fromMoments(const ContactMoments& m) { return {0.5 * m.c001, m.c00m1, m.c200}; }
};

/// I(0,0) approximant, JTAM (3.4) (general contact) and (3.5) / Acta (2) (circular symmetry).
class ApproximantI00 : public ContactModel {
public:
    ApproximantI00(const I00Coefficients& coefficients, ApproximantParams params);
    FrictionLoad load(double vsx, double vsy, double omegaS) const override;

    const I00Coefficients& coefficients() const { return m_c; }
    const ApproximantParams& params() const { return m_p; }

private:
    I00Coefficients m_c;
    ApproximantParams m_p;
};

/// I(1,1) approximant, Acta Mech (3), for circularly symmetric pressure.
class ApproximantI11 : public ContactModel {
public:
    ApproximantI11(const I11Coefficients& coefficients, ApproximantParams params);
    FrictionLoad load(double vsx, double vsy, double omegaS) const override;

    const I11Coefficients& coefficients() const { return m_c; }
    const ApproximantParams& params() const { return m_p; }

private:
    I11Coefficients m_c;
    ApproximantParams m_p;
};

/// Numerators of JTAM (3.4) and Acta (3) (the parts above the common denominator).
FrictionLoad numeratorI00(const I00Coefficients& c, double b, double vsx, double vsy, double omegaS);
FrictionLoad numeratorI11(const I11Coefficients& c, double b, double vsx, double vsy, double omegaS);

/// D^2 with D = (|v|^(n m) + b^m |w|^(n m))^(1/m) (n = 1: I(0,0), n = 3: I(1,1)), evaluated as
/// s^(2n) ((|v|/s)^(nm) + (b^(1/n)|w|/s)^(nm))^(2/m), s = max(|v|, b^(1/n)|w|): no overflow.
/// Also the weights wv = |v|^(nm)/P and ww = b^m |w|^(nm)/P (P the inner sum, wv + ww = 1), from
/// which grad D^2 = 2 n D^2 (wv v_sx/v^2, wv v_sy/v^2, ww/w) (see regularized_models.h).
struct DenominatorSquared {
    double value = 0.0;
    double wv = 0.0;
    double ww = 0.0;
};
DenominatorSquared denominatorSquared(int n, ApproximantParams p, double v, double omegaS);
/// The same with b^(1/n) precomputed (bRoot).
DenominatorSquared denominatorSquared(int n, double m, double bRoot, double v, double omegaS);

} // namespace fl::contact

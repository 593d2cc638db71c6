#pragma once
/// The figures: the forced Coulomb belt's missed breakaway, stick samples above mu_s over a
/// long run, and lambda_1 over `periods` forcing periods at four re-orthonormalisation intervals
/// against the exact reference (tests/core/coulomb_belt_reference.h).
void benchEventLocation(double periods);

#pragma once
/// JTAM Fig. 4a: one period of the attractor, event-driven vs regularized (prints a table).
void benchDiskPeriod();
/// Acta Fig. 5a: the bifurcation sweep over omega0, 1 and 2 threads (prints a table).
void benchPendulumSweep(int steps);

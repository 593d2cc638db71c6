#pragma once
/// the laws with memory on the belt (LuGre along sigma0 v_s^2 = 0.1, the presets, Karnopp),
/// with BDF, Rosenbrock4 and the explicit method: accepted steps and median wall time.
void benchMemoryLaws();

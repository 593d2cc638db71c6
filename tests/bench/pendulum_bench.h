#pragma once
/// The Acta Fig. 5a pendulum (S3) at omega0 = 40, 45 s: steps, time per step and per right-hand
/// side, steps per simulated second, for each explicit pair (the right-hand-side target).
void benchPendulum();

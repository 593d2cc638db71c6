#pragma once
/// S5: the Burridge-Knopoff chain. n = 100 event-driven over 1000 time units (switches
/// per second); event-driven against regularized at matched accuracy (n = 100, 50 time units,
/// against an event-driven reference at tol 1e-12); n = 1000 regularized with the band Jacobian
/// (time per time unit).
void benchChain();

#!/usr/bin/python3
"""SciPy reference for the Acta Mech 2016 pendulum (S3) bifurcation throughput benchmark.

The same equations as core/systems/pendulum_on_disk.cpp (Acta Mech (6)-(9), regularized I(1,1),
uniform pressure) with the acta2016-fig5a parameters, integrated by scipy.integrate.solve_ivp:
for each omega0, a transient of 20 s is discarded, then the maxima of X_C are recorded (up to
40, at most 10 s), like `frictionlab-cli sweep --preset acta2016-fig5a --fixed-ic`.
Usage: python3 scipy_pendulum.py [METHOD ...]   (default: LSODA BDF Radau)
Prints seconds per parameter value for each solver at rtol = atol = 1e-8.
Needs Debian's python3-scipy (not installed by setup.sh: a benchmark, not a dependency).
"""
import sys
import time

import numpy as np
from scipy.integrate import solve_ivp

M, B, e, kX, kY, cX, cY, cphi = 1.2, 0.01, 0.1, 1000.0, 1000.0, 0.1, 0.1, 0.1
XS, YS, R, N, mu, g = 0.0, 0.0, 0.02, 25.0, 1.0, 9.81
b, m, eps, eta_prime = 0.452, 0.765, 1e-3, 0.0  # eta = 1 -> eta' = 0 (exact, see regularization.cpp)


def contact(vx, vy, w):
    """Acta Mech (6): regularized I(1,1) for uniform pressure."""
    v2 = vx * vx + vy * vy
    d = (v2 ** (1.5 * m) + b ** m * abs(w) ** (3 * m)) ** (1.0 / m)
    q = d * d + eps ** 6
    lam = 1.0 / np.sqrt(q) + eta_prime * eps ** 9 / (q * q)
    k = (v2 + b * w * w) * lam
    return k * vx, k * vy, ((2.0 / 3.0) * b * w ** 3 + 0.25 * w * v2) * lam


def rhs(t, y, omega0):
    X, Y, phi, U, V, W = y
    s, c = np.sin(phi), np.cos(phi)
    vx = (U + e * W * s + omega0 * (Y - e * s - YS)) / R
    vy = (V - e * W * c - omega0 * (X - e * c - XS)) / R
    tx, ty, ms = contact(vx, vy, W - omega0)
    fx = kX * (X - e * c) + cX * (U + e * W * s) + mu * N * tx
    fy = kY * (Y - e * s) + cY * (V - e * W * c) + mu * N * ty
    return [U, V, W, -fx / M, -fy / M, -(e * (M * g + fx) * s - e * fy * c + cphi * W + mu * N * R * ms) / B]


def one_value(omega0, method):
    y0 = [e, 0.0, 0.0, 0.0, 0.0, 0.0]
    tr = solve_ivp(rhs, (0.0, 20.0), y0, method=method, rtol=1e-8, atol=1e-8, args=(omega0,))
    # Maxima of X_C: downward zero crossings of dX_C/dt, located by solve_ivp's event finder.
    event = lambda t, y, w: y[3]
    event.direction = -1
    rec = solve_ivp(rhs, (20.0, 30.0), tr.y[:, -1], method=method, rtol=1e-8, atol=1e-8, args=(omega0,), events=event)
    return rec.t_events[0][:40]


def main():
    methods = sys.argv[1:] or ["LSODA", "BDF", "Radau"]
    values = list(np.linspace(20.0, 80.0, 13))
    for method in methods:
        start = time.perf_counter()
        counts = [len(one_value(w, method)) for w in values]
        per_value = (time.perf_counter() - start) / len(values)
        print(f"{method}: {per_value:.3f} s per omega0 value ({1.0 / per_value:.3f} values/s), maxima found {counts}", flush=True)


if __name__ == "__main__":
    main()

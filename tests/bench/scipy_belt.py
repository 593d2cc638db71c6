#!/usr/bin/python3
"""SciPy reference for the forced belt (S1) with Kudra's regularization.

The same equations as core/systems/belt_system.cpp with the regularized Coulomb law of
core/solvers/smooth_friction.h (Kudra, JTAM (4.2)), integrated by scipy.integrate.solve_ivp with
the analytic Jacobian and rtol = atol = TOL, like
  frictionlab-cli run --system belt --law coulomb --method regularized --eps 1e-3 --set zeta=0.02
      --set A=1 --set w=1.75 --set v_b=0.2 --t-end 1149 --dt 1 --tol TOL
  x'' + 2 zeta x' + x = A cos(w t) + F(v_r),  v_r = x' - v_b,  x(0) = x'(0) = 0 (forcing phase 0 at t = 0),
  F = -mu_k s(v_r/eps),  s(u) = u (1/sqrt(u^2+1) + eta'/(u^2+1)^2),  max s = eta = mu_s/mu_k = 2.
Usage: python3 scipy_belt.py [METHOD ...] [--tol T ...] [--max-step H] [--t-end T] [--repeat N]
  (default: LSODA BDF Radau, tol 1e-6 1e-8 1e-10, max step inf = SciPy's default (the issue names none);
  --max-step frictionlab uses FrictionLab's min(0.25, 2 pi / w / 20) = 0.1795.)
Prints for each method and tol: accepted steps (len(sol.t) - 1), nfev/njev/nlu, wall time (best of
--repeat, default 3) and the state (x, v) at t = 20 and t = t_end (a separate, untimed run to t = 20).
--check CSV compares x, v with a FrictionLab CSV (t,x,v,...) at its sample times instead.
Needs Debian's python3-scipy (not installed by setup.sh: a benchmark, not a dependency).
"""
import argparse
import math
import time

import numpy as np
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

ZETA, A, W, VB, MU_S, MU_K, EPS = 0.02, 1.0, 1.75, 0.2, 2.0, 1.0, 1e-3
Y0 = [0.0, 0.0]


def kudra_peak_location(etap):
    """u* of the interior maximum of s: (w + 1)^{3/2} = eta' (3w - 1), w = u^2 in (1/3, 3)."""
    return math.sqrt(brentq(lambda w: (w + 1.0) ** 1.5 - etap * (3.0 * w - 1.0), 1.0 / 3.0, 3.0, xtol=1e-16))


def kudra_sign(u, etap):
    q = u * u + 1.0
    return u * (1.0 / math.sqrt(q) + etap / (q * q))


def kudra_eta_prime(eta):
    """Exact inverse of the peak, as kudraEtaPrime in core/friction/regularization.cpp."""
    f = lambda etap: kudra_sign(kudra_peak_location(etap), etap) - eta
    hi = 2.0
    while f(hi) < 0.0:
        hi *= 2.0
    return brentq(f, 1.0 + 1e-12, hi, xtol=1e-15)


ETAP = kudra_eta_prime(MU_S / MU_K)  # 4.52155... for eta = 2


def rhs(t, y):
    x, v = y
    u = (v - VB) / EPS
    q = u * u + 1.0
    return [v, -2.0 * ZETA * v - x + A * math.cos(W * t) - MU_K * u * (1.0 / math.sqrt(q) + ETAP / (q * q))]


def jac(t, y):
    u = (y[1] - VB) / EPS
    q = u * u + 1.0
    dF = -MU_K * (1.0 / (q * math.sqrt(q)) + ETAP * (1.0 - 3.0 * u * u) / (q * q * q)) / EPS
    return np.array([[0.0, 1.0], [-1.0, -2.0 * ZETA + dF]])


def solve(method, tol, t_end, max_step, **kw):
    return solve_ivp(rhs, (0.0, t_end), Y0, method=method, rtol=tol, atol=tol, jac=jac, max_step=max_step, **kw)


def check(path, method, max_step):
    with open(path) as f:  # '#' comment lines, then the header t,x,v,v_r,F
        rows = [line.split(",")[:3] for line in f if line[:1] not in ("#", "t", "\n")]
    data = np.array(rows, dtype=float)
    ts = data[:, 0]
    sol = solve(method, 1e-12, ts[-1], max_step, t_eval=ts)
    dx, dv = np.abs(sol.y[0] - data[:, 1]), np.abs(sol.y[1] - data[:, 2])
    i = int(np.argmax(np.maximum(dx, dv)))
    print(f"{method} tol 1e-12 vs {path}: {len(ts)} samples, max |dx| = {dx.max():.2e}, max |dv| = {dv.max():.2e}"
          f" (worst at t = {ts[i]:g})", flush=True)


def main():
    ap = argparse.ArgumentParser(description="SciPy reference for the forced belt")
    ap.add_argument("methods", nargs="*", default=["LSODA", "BDF", "Radau"])
    ap.add_argument("--tol", type=float, nargs="+", default=[1e-6, 1e-8, 1e-10])
    ap.add_argument("--max-step", default="inf", help="a number, inf (SciPy's default) or frictionlab")
    ap.add_argument("--t-end", type=float, default=1149.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--check", metavar="CSV", help="compare with a FrictionLab CSV (tol 1e-12) instead")
    a = ap.parse_args()
    max_step = min(0.25, 2.0 * math.pi / W / 20.0) if a.max_step == "frictionlab" else float(a.max_step)
    print(f"eta = {MU_S / MU_K:g}, eta' = {ETAP!r}, eps = {EPS:g}, max_step = {max_step:g}", flush=True)
    if a.check:
        for method in a.methods:
            check(a.check, method, max_step)
        return
    for method in a.methods:
        for tol in a.tol:
            best = math.inf
            for _ in range(a.repeat):
                start = time.perf_counter()
                sol = solve(method, tol, a.t_end, max_step)
                best = min(best, time.perf_counter() - start)
            if not sol.success:
                print(f"{method} tol {tol:g}: FAILED: {sol.message}", flush=True)
                continue
            y20 = solve(method, tol, 20.0, max_step).y[:, -1]
            yend = sol.y[:, -1]
            print(f"{method:5s} tol {tol:g}: steps {len(sol.t) - 1}, nfev {sol.nfev}, njev {sol.njev}, nlu {sol.nlu},"
                  f" {best:.3f} s; x,v(20) = {y20[0]:.10f} {y20[1]:.10f};"
                  f" x,v({a.t_end:g}) = {yend[0]:.6f} {yend[1]:.6f}", flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""SciPy peer of one pendulum run as a whole process: Acta Mech 2016 Fig. 5a at
omega0 = 40 rad/s, 45 s, rtol = atol = 1e-9, output every 0.001 s (45 001 rows) with the same 15
columns as `frictionlab-cli run --preset acta2016-fig5a --set omega0=40 --t-end 45 --tol 1e-9`,
written to a CSV. The equations are those of scipy_pendulum.py (Acta Mech (6)-(9), regularized
I(1,1), uniform pressure, eps = 1e-3).
Usage: python3 scipy_pendulum_run.py OUT.csv [METHOD]   (default LSODA)
Compare: perf stat -r 5 python3 tests/bench/scipy_pendulum_run.py /tmp/s.csv
         perf stat -r 20 build/app/frictionlab-cli run --preset acta2016-fig5a --set omega0=40 \
             --t-end 45 --tol 1e-9 --out /tmp/f.csv --quiet
"""
import sys

import numpy as np
from scipy.integrate import solve_ivp

from scipy_pendulum import M, B, e, kX, kY, cX, cY, cphi, XS, YS, R, N, mu, g, contact, rhs

OMEGA0 = 40.0


def main():
    out = sys.argv[1]
    method = sys.argv[2] if len(sys.argv) > 2 else "LSODA"
    t = np.linspace(0.0, 45.0, 45001)
    sol = solve_ivp(rhs, (0.0, 45.0), [e, 0.0, 0.0, 0.0, 0.0, 0.0], method=method, rtol=1e-9, atol=1e-9,
                    t_eval=t, args=(OMEGA0,))
    X, Y, phi, U, V, W = sol.y
    s, c = np.sin(phi), np.cos(phi)
    XA, YA = X - e * c, Y - e * s
    vx = (U + e * W * s + OMEGA0 * (Y - e * s - YS)) / R
    vy = (V - e * W * c - OMEGA0 * (X - e * c - XS)) / R
    ws = W - OMEGA0
    tx, ty, ms = contact(vx, vy, ws)
    table = np.column_stack([t, X, Y, phi, U, V, W, XA, YA, vx, vy, ws, tx, ty, ms])
    np.savetxt(out, table, fmt="%.17g", delimiter=",",
               header="t,X_C,Y_C,phi,dX_C,dY_C,dphi,X_A,Y_A,v_sx,v_sy,omega_s,T_sx,T_sy,M_s", comments="")
    print(f"{method}: {sol.nfev} right-hand sides, {len(t)} rows", file=sys.stderr)


if __name__ == "__main__":
    main()

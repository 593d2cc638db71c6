#!/usr/bin/python3
"""SciPy peer of `frictionlab-cli run --t-end 1000 --dt 0.01 --out FILE`: the default
belt (S1, Coulomb mu_s = 2, mu_k = 1, v_b = 0.5, no damping), event-driven like FrictionLab:
slip  x'' + x = -mu_k sgn(v - v_b) until v = v_b (then stick if |x| <= mu_s),
stick x' = v_b until |x| = mu_s (then slip), integrated by solve_ivp (DOP853, rtol = atol = 1e-10)
with events, samples at t = 0.01 k from each phase's dense output, and the same CSV columns
(t,x,v,v_r,F,mode) written with repr() (shortest round trip), like FrictionLab's std::to_chars.
Usage: python3 scipy_belt_events.py OUT.csv [--t-end T] [--dt DT]; prints the switch count and
the time. Needs Debian's python3-scipy (a benchmark, not a dependency).
"""
import argparse
import time

import numpy as np
from scipy.integrate import solve_ivp

MU_S, MU_K, VB = 2.0, 1.0, 0.5


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--t-end", type=float, default=1000.0)
    p.add_argument("--dt", type=float, default=0.01)
    a = p.parse_args()
    start = time.perf_counter()
    n = int(np.floor(a.t_end / a.dt + 1e-9)) + 1
    grid = np.arange(n) * a.dt
    xs, vs, fs, modes = np.empty(n), np.empty(n), np.empty(n), np.empty(n, dtype=object)
    t, x, v, k, switches = 0.0, 0.0, 0.0, 0, 0
    stick = False
    while t < a.t_end and k < n:
        if stick:
            # x = x0 + v_b (t - t0) until |x| = mu_s: closed form, as FrictionLab's stick phase.
            t_end = min(a.t_end, t + (MU_S - x) / VB)
            while k < n and grid[k] <= t_end + 1e-12:
                xk = x + VB * (grid[k] - t)  # stuck: the friction force balances the spring, F = x
                xs[k], vs[k], fs[k], modes[k] = xk, VB, xk, "stick"
                k += 1
            x, v, t = x + VB * (t_end - t), VB, t_end
            stick = False
            switches += 1
            continue
        sign = 1.0 if v - VB > 0 else -1.0
        if v == VB:
            sign = 1.0 if -x > 0 else -1.0  # leaving stick: the spring decides the direction
        f = -MU_K * sign

        def rhs(_t, y):
            return [y[1], -y[0] + f]

        def reach(_t, y):
            return y[1] - VB
        reach.terminal = True
        reach.direction = -sign
        sol = solve_ivp(rhs, (t, a.t_end), [x, v], method="DOP853", rtol=1e-10, atol=1e-10, events=reach, dense_output=True)
        t1 = sol.t[-1]
        j = k
        while k < n and grid[k] <= t1:
            k += 1
        if k > j:
            y = sol.sol(grid[j:k])
            xs[j:k], vs[j:k], fs[j:k], modes[j:k] = y[0], y[1], f, "slip"
        x, v, t = sol.y[0, -1], VB, t1
        if sol.status == 1:
            switches += 1
            stick = abs(x) <= MU_S
            if not stick:
                v = VB
    with open(a.out, "w") as out:
        out.write("t,x,v,v_r,F,mode\n")
        out.writelines(f"{repr(float(grid[i]))},{repr(float(xs[i]))},{repr(float(vs[i]))},{repr(float(vs[i] - VB))},"
                       f"{repr(float(fs[i]))},{modes[i]}\n" for i in range(n))
    print(f"{n} samples, {switches} stick/slip switches, {1e3 * (time.perf_counter() - start):.0f} ms in-process")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# Draws resources/help/sketches/continuation.svg (run in this folder: python3 bifurcations.py): one
# small picture of each bifurcation the continuation locates (help page continuation.html), in the
# window's style: stable solid, unstable dashed, the located point a ring.
import math

W, H = 170, 150           # one panel
COLS, ROWS = 4, 2
PAD = 12
GREEN, GREY, INK, RED = '#2ca02c', '#888888', '#222222', '#d62728'

def polyline(points, dashed=False, color=GREEN, width=2.4):
    d = ' '.join(f'{x:.1f},{y:.1f}' for x, y in points)
    dash = ' stroke-dasharray="7,5"' if dashed else ''
    return f'<polyline points="{d}" fill="none" stroke="{color}" stroke-width="{width}"{dash}/>'

def ring(x, y):
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="#ffffff" stroke="{INK}" stroke-width="1.8"/>'

def text(x, y, s, size=14, bold=False, anchor='middle', color=INK):
    weight = ' font-weight="bold"' if bold else ''
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{weight} text-anchor="{anchor}" fill="{color}">{s}</text>'

def axes(x0, y0, xlabel, ylabel):
    # the panel's plot box: x in [x0 + 22, x0 + W - 10], y in [y0 + 30, y0 + H - 26]
    l, r, t, b = x0 + 22, x0 + W - 10, y0 + 30, y0 + H - 26
    out = [f'<line x1="{l}" y1="{b}" x2="{r}" y2="{b}" stroke="{GREY}" stroke-width="1.2"/>',
           f'<line x1="{l}" y1="{t}" x2="{l}" y2="{b}" stroke="{GREY}" stroke-width="1.2"/>',
           text((l + r) / 2, b + 18, xlabel, 13), text(l - 8, (t + b) / 2 + 4, ylabel, 13, anchor='end')]
    return out, (l, r, t, b)

def curve(f, a, b, n=60):
    return [f(a + (b - a) * i / n) for i in range(n + 1)]

def panel(i, title, body):
    col, row = i % COLS, i // COLS
    x0, y0 = PAD + col * (W + PAD), PAD + row * (H + PAD)
    out = [f'<rect x="{x0}" y="{y0}" width="{W}" height="{H}" rx="6" fill="#fbfbfb" stroke="#dddddd"/>',
           text(x0 + W / 2, y0 + 19, title, 14, bold=True)]
    out += body(x0, y0)
    return out

def fold(x0, y0):
    out, (l, r, t, b) = axes(x0, y0, 'parameter', 'x')
    cx, cy, s = r - 30, (t + b) / 2, (b - t) / 2 - 6
    upper = curve(lambda u: (cx - (u * u) * (cx - l - 4), cy - u * s), 1.0, 0.0)
    lower = curve(lambda u: (cx - (u * u) * (cx - l - 4), cy + u * s), 0.0, 1.0)
    return out + [polyline(upper), polyline(lower, dashed=True), ring(cx, cy), text(cx + 14, cy + 5, 'F', 13, True, 'start')]

def period_doubling(x0, y0):
    out, (l, r, t, b) = axes(x0, y0, 'parameter', 'x')
    mx, my = (l + r) / 2, (t + b) / 2
    s = (b - t) / 2 - 6
    pair = [curve(lambda u, k=k: (mx + u * (r - mx - 4), my + k * s * math.sqrt(u)), 0.0, 1.0) for k in (-1, 1)]
    return out + [polyline([(l + 4, my), (mx, my)]), polyline([(mx, my), (r - 4, my)], dashed=True),
                  polyline(pair[0]), polyline(pair[1]), ring(mx, my), text(mx, my - 10, 'PD', 13, True),
                  text(r - 6, t + 12, 'period 2', 11, anchor='end', color=GREY)]

def neimark_sacker(x0, y0):
    l, r, t, b = x0 + 10, x0 + W - 10, y0 + 28, y0 + H - 10
    cx, cy, R = (l + r) / 2, (t + b) / 2 + 2, (b - t) / 2 - 8
    out = [f'<circle cx="{cx}" cy="{cy}" r="{R}" fill="none" stroke="{GREY}" stroke-width="1.2"/>',
           f'<line x1="{cx - R - 8}" y1="{cy}" x2="{cx + R + 8}" y2="{cy}" stroke="#cccccc"/>',
           f'<line x1="{cx}" y1="{cy - R - 6}" x2="{cx}" y2="{cy + R + 6}" stroke="#cccccc"/>',
           text(cx + R + 6, cy + 15, '1', 11, anchor='start', color=GREY)]
    for k in (-1, 1):
        a = k * math.radians(50)
        inner = (cx + 0.6 * R * math.cos(a), cy - 0.6 * R * math.sin(a))
        outer = (cx + 1.25 * R * math.cos(a), cy - 1.25 * R * math.sin(a))
        on = (cx + R * math.cos(a), cy - R * math.sin(a))
        out += [f'<line x1="{inner[0]:.1f}" y1="{inner[1]:.1f}" x2="{outer[0]:.1f}" y2="{outer[1]:.1f}" stroke="{RED}" stroke-width="1.8"/>',
                f'<circle cx="{inner[0]:.1f}" cy="{inner[1]:.1f}" r="3" fill="{RED}"/>', ring(*on)]
    return out + [text(cx - R + 2, cy + R + 2, 'μ', 12, anchor='end', color=GREY)]

def hopf(x0, y0):
    out, (l, r, t, b) = axes(x0, y0, 'parameter', 'x')
    hx, hy = l + 0.45 * (r - l), b - 22
    orbit = curve(lambda u: (hx + (r - 6 - hx) * u * u, hy - u * (hy - t - 6)), 0.0, 1.0)
    return out + [polyline([(l + 4, hy), (hx, hy)], dashed=True), polyline([(hx, hy), (r - 4, hy)]),
                  polyline(orbit, dashed=True), ring(hx, hy), text(hx, hy + 19, 'H', 13, True),
                  text(r - 6, t + 12, 'orbits', 11, anchor='end', color=GREY), text(l + 6, hy - 8, 'sliding', 11, anchor='start', color=GREY)]

def grazing(x0, y0):
    out, (l, r, t, b) = axes(x0, y0, 'x', 'v')
    cx, cy = (l + r) / 2 + 6, (t + b) / 2 + 10
    ax, ay = (r - l) / 2 - 14, (b - t) / 2 - 14
    vb = cy - ay
    ellipse = curve(lambda u: (cx + ax * math.cos(u), cy - ay * math.sin(u)), 0.0, 2 * math.pi, 90)
    return out + [f'<line x1="{l}" y1="{vb:.1f}" x2="{r}" y2="{vb:.1f}" stroke="{RED}" stroke-width="1.4" stroke-dasharray="4,3"/>',
                  text(r - 2, vb - 5, 'v = v_b', 11, anchor='end', color=RED), polyline(ellipse), ring(cx, vb), text(cx - 10, vb - 6, 'G', 13, True, 'end')]

def stick_onset(x0, y0):
    out, (l, r, t, b) = axes(x0, y0, 't', 'v')
    vb = t + 16
    mid = (t + b) / 2 + 8
    amp = mid - vb
    pts, stick = [], []
    for i in range(121):
        u = i / 120
        x = l + 4 + u * (r - l - 8)
        y = mid - amp * math.sin(2 * math.pi * (u * 1.6 - 0.25)) * 1.08
        pts.append((x, max(vb, y)))
    top = [i for i, (x, y) in enumerate(pts) if y <= vb + 0.01]
    return out + [f'<line x1="{l}" y1="{vb}" x2="{r}" y2="{vb}" stroke="{RED}" stroke-width="1.4" stroke-dasharray="4,3"/>',
                  text(r - 2, vb - 5, 'v_b', 11, anchor='end', color=RED), polyline(pts),
                  ring(pts[top[0]][0], vb), text(pts[top[0]][0] - 8, vb + 18, 'SO', 13, True, 'end'),
                  text((pts[top[0]][0] + pts[top[-1]][0]) / 2 + 2, vb + 18, 'stick', 11, anchor='start', color=GREY)]

def holding_tangency(x0, y0):
    out, (l, r, t, b) = axes(x0, y0, 't', 'F')
    limit = t + 14
    lower = b - 10
    mid = (limit + lower) / 2
    amp = mid - limit
    pts = curve(lambda u: (l + 4 + u * (r - l - 8), mid - amp * math.sin(math.pi * u)), 0.0, 1.0)
    peak = pts[len(pts) // 2]
    return out + [f'<line x1="{l}" y1="{limit}" x2="{r}" y2="{limit}" stroke="{RED}" stroke-width="1.4" stroke-dasharray="4,3"/>',
                  text(r - 2, limit - 4, 'μ_s N', 11, anchor='end', color=RED), polyline(pts), ring(*peak),
                  text(peak[0], peak[1] + 20, 'HT', 13, True), text(l + 6, b - 14, 'holding force in stick', 10, anchor='start', color=GREY)]

def legend(x0, y0):
    l = x0 + 14
    return [polyline([(l, y0 + 44), (l + 40, y0 + 44)]), text(l + 48, y0 + 49, 'stable', 13, anchor='start'),
            polyline([(l, y0 + 72), (l + 40, y0 + 72)], dashed=True), text(l + 48, y0 + 77, 'unstable', 13, anchor='start'),
            ring(l + 20, y0 + 100), text(l + 48, y0 + 105, 'located point', 13, anchor='start'),
            text(l, y0 + 132, 'red: the line touched', 11, anchor='start', color=RED)]

panels = [('Fold', fold), ('Period doubling', period_doubling), ('Neimark-Sacker', neimark_sacker), ('Hopf', hopf),
          ('Grazing', grazing), ('Stick onset', stick_onset), ('Holding tangency', holding_tangency), ('Key', legend)]
width, height = PAD + COLS * (W + PAD), PAD + ROWS * (H + PAD)
out = ['<?xml version="1.0" encoding="UTF-8"?>',
       '<!-- The bifurcations the continuation locates, one sketch each (help page continuation.html; drawn by bifurcations.py). -->',
       f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">',
       f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="10" fill="#ffffff" stroke="#b8b8b8"/>']
for i, (title, body) in enumerate(panels):
    out += panel(i, title, body)
out.append('</svg>')
open('continuation.svg', 'w').write('\n'.join(out) + '\n')

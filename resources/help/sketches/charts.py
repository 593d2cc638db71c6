#!/usr/bin/env python3
# Computes the help charts resources/help/sketches/{laws,regularizations,contact}.svg (run in that folder:
# python3 charts.py). laws: g(|v_r|) of the 1-D laws at their defaults; regularizations: s(u) with
# Kudra's eta = 2 (eta' = 4.52155, exact); contact: element velocities for v_s = (1, 0), omega_s = 1.5.
import math
def arrow(x1,y1,x2,y2,color,w=2.5,head=9):
    dx,dy=x2-x1,y2-y1; L=math.hypot(dx,dy)
    if L<1e-9: return ''
    ux,uy=dx/L,dy/L; bx,by=x2-ux*head,y2-uy*head; px,py=-uy*head*0.5,ux*head*0.5
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{color}" stroke-width="{w}"/>'
            f'<polygon points="{x2:.1f},{y2:.1f} {bx+px:.1f},{by+py:.1f} {bx-px:.1f},{by-py:.1f}" fill="{color}"/>')
def head(w,h,comment):
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<!-- {comment} -->\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="15">\n'
            f'<rect x="1" y="1" width="{w-2}" height="{h-2}" rx="10" fill="#ffffff" stroke="#b8b8b8"/>\n')
def chart(fn, xr, yr, box, curves, xlabel, ylabel, xticks, yticks, legend, extra=''):
    X0,Y0,W,H=box
    sx=lambda x: X0+(x-xr[0])/(xr[1]-xr[0])*W
    sy=lambda y: Y0+H-(y-yr[0])/(yr[1]-yr[0])*H
    out=[]
    for t in xticks:
        out.append(f'<line x1="{sx(t):.1f}" y1="{Y0}" x2="{sx(t):.1f}" y2="{Y0+H}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{sx(t)-5:.1f}" y="{Y0+H+18}" fill="#333">{t:g}</text>'.replace('-','−'))
    for t in yticks:
        out.append(f'<line x1="{X0}" y1="{sy(t):.1f}" x2="{X0+W}" y2="{sy(t):.1f}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{X0-30}" y="{sy(t)+5:.1f}" fill="#333">{t:g}</text>'.replace('-','−'))
    # axes through zero if inside
    ax0 = sy(0) if yr[0]<=0<=yr[1] else Y0+H
    out.append(f'<line x1="{X0}" y1="{ax0:.1f}" x2="{X0+W}" y2="{ax0:.1f}" stroke="#333" stroke-width="1.5"/>')
    ay0 = sx(0) if xr[0]<=0<=xr[1] else X0
    out.append(f'<line x1="{ay0:.1f}" y1="{Y0}" x2="{ay0:.1f}" y2="{Y0+H}" stroke="#333" stroke-width="1.5"/>')
    for (pts,color,dash,width) in curves:
        segs=[]; cur=[]
        for p in pts:
            if p is None:
                if cur: segs.append(cur); cur=[]
                continue
            cur.append(f'{sx(p[0]):.1f},{sy(p[1]):.1f}')
        if cur: segs.append(cur)
        for seg in segs:
            d=f' stroke-dasharray="{dash}"' if dash else ''
            out.append(f'<polyline points="{" ".join(seg)}" fill="none" stroke="{color}" stroke-width="{width}"{d}/>')
    out.append(extra(sx,sy) if callable(extra) else extra)
    out.append(f'<text x="{X0+W-60}" y="{ax0-8 if ax0<Y0+H else Y0+H+36:.1f}" fill="#333" font-style="italic">{xlabel}</text>')
    out.append(f'<text x="{ay0+8:.1f}" y="{Y0+4}" fill="#333" font-style="italic">{ylabel}</text>')
    ly=Y0+6
    for (name,color,dash) in legend:
        d=f' stroke-dasharray="{dash}"' if dash else ''
        lx=legend_x
        out.append(f'<line x1="{lx}" y1="{ly}" x2="{lx+26}" y2="{ly}" stroke="{color}" stroke-width="3"{d}/>')
        out.append(f'<text x="{lx+32}" y="{ly+5}" fill="#333">{name}</text>')
        ly+=21
    return '\n'.join(out)

# (1) slip laws g(|v_r|)
S=[i*0.01 for i in range(0,301)]
laws=[
 ('Coulomb', '#1f4e79','',lambda s:1.0),
 ('Coulomb + viscous','#7d3c98','8,4',lambda s:1+0.2*s),
 ('exponential Stribeck','#c0392b','',lambda s:math.exp(-3*s)+1),
 ('rational decay','#1e8449','',lambda s:2/(1+3*s)),
 ('rational + quadratic (8)','#d68910','6,3',lambda s:1/(1+3*s)+1+0.05*s*s),
]
curves=[([(s,f(s)) for s in S],c,d,2.5) for (n,c,d,f) in laws]
legend_x=430
def extra1(sx,sy):
    o=[f'<circle cx="{sx(0):.1f}" cy="{sy(2):.1f}" r="6" fill="#1f4e79"/>',
       f'<text x="{sx(0)+10:.1f}" y="{sy(2)-8:.1f}" fill="#1f4e79">static limit <tspan font-style="italic">F</tspan><tspan font-size="11" dy="3">s</tspan><tspan dy="-3">&#160;= 2</tspan></text>']
    return '\n'.join(o)
svg=head(660,318,'Slip laws g(|v_r|) of FrictionLab with their default parameters (help sketch, computed).')
svg+=chart(None,(0,3),(0,2.4),(50,24,360,240),curves,'|v<tspan font-size="11" dy="3">r</tspan><tspan dy="-3">|</tspan>','g',[0,0.5,1,1.5,2,2.5,3],[0,0.5,1,1.5,2],[(n,c,d) for (n,c,d,f) in laws],extra1)
svg+='\n</svg>\n'
open('laws.svg','w').write(svg)

# (2) regularizations s(u), eta = 2
ep=4.52155
U=[-6+i*0.02 for i in range(601)]
regs=[('tanh u','#1e8449','',lambda u:math.tanh(u)),
      ('(2/π) arctan u','#7d3c98','6,3',lambda u:2/math.pi*math.atan(u)),
      ('u/√(u²+1)','#d68910','',lambda u:u/math.sqrt(u*u+1)),
      ('Kudra, η = 2','#c0392b','',lambda u:u*(1/math.sqrt(u*u+1)+ep/(u*u+1)**2))]
curves=[([(u,f(u)) for u in U],c,d,2.5) for (n,c,d,f) in regs]
curves.append(([(-6,-1),(0,-1),None,(0,-2),(0,2),None,(0,1),(6,1)],'#555','3,4',2))
legend_x=70
def extra2(sx,sy):
    return (f'<text x="{sx(1.6):.1f}" y="{sy(2.0)+5:.1f}" fill="#c0392b">peak η = μ<tspan font-size="11" dy="3">s</tspan><tspan dy="-3">/μ</tspan><tspan font-size="11" dy="3">k</tspan></text>'
            f'<text x="{sx(1.4):.1f}" y="{sy(0.3):.1f}" fill="#555">tanh, arctan, √ stay below 1</text>'
            f'<text x="{sx(-5.8):.1f}" y="{sy(-1)+20:.1f}" fill="#555">dashed: sgn with its stick segment</text>')
svg=head(600,340,'Smooth replacements s(u) of sgn, u = v_r/eps; Kudra with eta = 2, eta prime = 4.52155 (help sketch, computed).')
svg+=chart(None,(-6,6),(-2.3,2.3),(60,20,510,280),curves,'u = v<tspan font-size="11" dy="3">r</tspan><tspan dy="-3">/ε</tspan>','s(u)',[-6,-4,-2,2,4,6],[-2,-1,1,2],[(n,c,d) for (n,c,d,f) in regs],extra2)
svg+='\n</svg>\n'
open('regularizations.svg','w').write(svg)

# (3) contact: element velocities for v_s = (1, 0), omega = 1.5 on the unit circle
R=120; cx,cy=300,175; vs=1.0; om=1.5
o=[head(600,350,'A circular contact sliding (v_s) and spinning (omega_s): velocities of its elements and the instantaneous centre P (help sketch, computed).')]
o.append(f'<circle cx="{cx}" cy="{cy}" r="{R}" fill="#f5b041" fill-opacity="0.35" stroke="#333" stroke-width="2"/>')
n=5
for i in range(-n,n+1):
    for j in range(-n,n+1):
        x,y=i/n*0.9,j/n*0.9
        if x*x+y*y>0.85: continue
        vx,vy=vs-om*y, om*x
        # screen: y up -> minus
        X,Y=cx+x*R, cy-y*R
        sc=22
        o.append(arrow(X,Y,X+vx*sc,Y-vy*sc,'#5a6b7d',1.5,6))
# instantaneous centre: v=0 at x=0,y=vs/om
px,py=cx, cy-(vs/om)*R
o.append(f'<circle cx="{px}" cy="{py:.1f}" r="5" fill="#c0392b"/>')
o.append(f'<text x="{px+8}" y="{py-8:.1f}" fill="#c0392b" font-style="italic">P</text>')
o.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="#333"/>')
o.append(f'<text x="{cx-18}" y="{cy+20}" fill="#333" font-style="italic">A</text>')
o.append(arrow(cx-R-110,cy+R-10,cx-R-40,cy+R-10,'#1e8449',3,11))
o.append(f'<text x="{cx-R-110}" y="{cy+R+14}" fill="#1e8449"><tspan font-style="italic">v</tspan><tspan font-size="11" dy="3">s</tspan></text>')
o.append(f'<path d="M {cx+R+40} {cy+40} A 50 50 0 0 0 {cx+R+40} {cy-40}" fill="none" stroke="#1e8449" stroke-width="3"/>')
o.append(f'<polygon points="{cx+R+40},{cy-46} {cx+R+33},{cy-33} {cx+R+47},{cy-33}" fill="#1e8449"/>')
o.append(f'<text x="{cx+R+52}" y="{cy+5}" fill="#1e8449"><tspan font-style="italic">ω</tspan><tspan font-size="11" dy="3">s</tspan></text>')
o.append(f'<text x="20" y="30" fill="#333">Element velocity <tspan font-style="italic">v</tspan><tspan font-size="11" dy="3">s</tspan><tspan dy="-3">&#160;+&#160;</tspan><tspan font-style="italic">ω</tspan><tspan font-size="11" dy="3">s</tspan><tspan dy="-3">&#160;×&#160;</tspan><tspan font-style="italic">r</tspan>: friction on each element opposes it</text>')
o.append(f'<text x="20" y="335" fill="#333">P: instantaneous centre, <tspan font-style="italic">v</tspan><tspan font-size="11" dy="3">s</tspan><tspan dy="-3">/</tspan><tspan font-style="italic">ω</tspan><tspan font-size="11" dy="3">s</tspan><tspan dy="-3">&#160;= 2/3 of the radius from A</tspan></text>')
o.append('</svg>\n')
open('contact.svg','w').write('\n'.join(o))

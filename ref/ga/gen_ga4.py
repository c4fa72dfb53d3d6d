#!/usr/bin/env python3
"""Derives the expanded component formulas of the hand-written 4D kernels in ga4.c.

Run: python3 ref/ga/gen_ga4.py C  (needs sympy). It multiplies symbolic multivectors blade by blade
with e_A e_B = s(A,B) e_{A xor B} (Euclidean: every basis vector squares to +1; s(A,B) counts the
pairs i in A, j in B with i > j) and prints, for each kernel, the component expressions that
ga4.c contains (in its comments and code). Sections: MUL (rotor*rotor), COMM (commutator),
BB (bivector*bivector), WEDGE, CONTRACT, APPLY (matrix of x -> R x R~), SAND ([R]_2),
and ODD (the mixed products of T-A.1, T-A.3, T-A.4, T-A.6: a^b, ab, ba, ar, ra, br).
Other arguments print single products for inspection: mul, apply, sand, comm, bb, contract, vb.
"""
import sympy as sp
def rs(a,b):
    s=0
    for i in range(4):
        if a>>i&1:
            for j in range(i):
                if b>>j&1: s+=1
    return -1 if s%2 else 1
def gp(A,B):
    out={}
    for a,ca in A.items():
        for b,cb in B.items():
            out[a^b]=out.get(a^b,0)+rs(a,b)*ca*cb
    return {k:sp.expand(v) for k,v in out.items()}
X,Y,Z,W=1,2,4,8
vm=[X,Y,Z,W]; vn=['x','y','z','w']
bm=[X|Y,X|Z,X|W,Y|Z,Y|W,Z|W]; bn=['xy','xz','xw','yz','yw','zw']
rm=[0]+bm+[15]; rn=['s']+bn+['xyzw']
def vec(p): return {m:sp.Symbol(p+'.'+n) for m,n in zip(vm,vn)}
def biv(p): return {m:sp.Symbol(p+'.'+n) for m,n in zip(bm,bn)}
def rot(p): return {m:sp.Symbol(p+'.'+n) for m,n in zip(rm,rn)}
def rev(A):
    return {k:(-v if bin(k).count('1')%4 in (2,3) else v) for k,v in A.items()}
def fmt(e):
    s=sp.sstr(e)
    return s
import sys
what=sys.argv[1]
if what=='mul':
    P=gp(rot('a'),rot('b'))
    for m,n in zip(rm,rn): print(n,'=',fmt(P.get(m,0)))
if what=='apply':
    P=gp(gp(rot('R'),vec('x')),rev(rot('R')))
    for m,n in zip(vm,vn):
        e=sp.expand(P.get(m,0))
        row=[sp.factor(e.coeff(sp.Symbol('x.'+c))) for c in vn]
        print(n,[sp.expand(r) for r in row])
    for k,v in P.items():
        if bin(k).count('1')!=1 and sp.expand(v)!=0: print('grade',bin(k).count('1'),'part nonzero')
if what=='sand':
    P=gp(gp(rot('R'),biv('B')),rev(rot('R')))
    for m,n in zip(bm,bn):
        e=sp.expand(P.get(m,0))
        row=[sp.expand(e.coeff(sp.Symbol('B.'+c))) for c in bn]
        print(n,row)
if what=='comm':
    A=biv('a');B=biv('b');P=gp(A,B);Q=gp(B,A)
    for m,n in zip(bm,bn): print(n,'=',sp.expand((P.get(m,0)-Q.get(m,0))/2))
if what=='bb':
    P=gp(biv('a'),biv('b'))
    for m,n in zip(rm,rn): print(n,'=',P.get(m,0))
if what=='contract':
    P=gp(vec('r'),biv('w'))
    for m,n in zip(vm,vn): print(n,'=',P.get(m,0))
if what=='vb':
    P=gp(vec('a'),biv('b'))
    for k in sorted(P): print(k,P[k])
def cexpr(e, rename):
    import re
    s=sp.sstr(sp.expand(e))
    s=re.sub(r'([A-Za-z]+\.[a-z]+)\*\*2', r'\1*\1', s)  # C has no power operator
    for a,b in rename: s=s.replace(a,b)
    return s
if what=='C':
    # rotor mul
    P=gp(rot('a'),rot('b'))
    print('MUL')
    for m,n in zip(rm,rn): print(f'    out.{n} = {cexpr(P.get(m,0),[("a.","a."),("b.","b.")])};')
    print('COMM')
    A=biv('a');B=biv('b');P=gp(A,B);Q=gp(B,A)
    for m,n in zip(bm,bn): print(f'    out.{n} = {cexpr((P.get(m,0)-Q.get(m,0))/2,[])};')
    print('BB')
    P=gp(biv('a'),biv('b'))
    for m,n in zip(rm,rn): print(f'    out.{n} = {cexpr(P.get(m,0),[])};')
    print('WEDGE')
    P=gp(vec('a'),vec('b'))
    for m,n in zip(bm,bn): print(f'    out.{n} = {cexpr(P.get(m,0),[])};')
    print('CONTRACT')
    P=gp(vec('r'),biv('w'))
    for m,n in zip(vm,vn): print(f'    out.{n} = {cexpr(P.get(m,0),[])};')
    print('APPLY')
    P=gp(gp(rot('R'),vec('x')),rev(rot('R')))
    for i,(m,n) in enumerate(zip(vm,vn)):
        e=sp.expand(P.get(m,0))
        for j,c in enumerate(vn):
            print(f'    M[{4*i+j}] = {cexpr(e.coeff(sp.Symbol("x."+c)),[])};')
    print('SAND')
    P=gp(gp(rot('R'),biv('B')),rev(rot('R')))
    for i,(m,n) in enumerate(zip(bm,bn)):
        e=sp.expand(P.get(m,0))
        for j,c in enumerate(bn):
            print(f'    M2[{6*i+j}] = {cexpr(e.coeff(sp.Symbol("B."+c)),[])};')
    print('ODD')
    om=[X,Y,Z,W,X|Y|Z,X|Y|W,X|Z|W,Y|Z|W]; on=['x','y','z','w','xyz','xyw','xzw','yzw']
    def opart(P, grade):
        return {k:v for k,v in P.items() if bin(k).count('1')==grade}
    P=gp(vec('a'),biv('b'))
    print('VB_WEDGE')
    for m,n in zip(om[4:],on[4:]): print(f'    out.{n} = {cexpr(P.get(m,0),[])};')
    for name,P,names in (('VB',gp(vec('a'),biv('b')),on),('BV',gp(biv('b'),vec('a')),on),
                         ('VR',gp(vec('a'),rot('r')),on),('RV',gp(rot('r'),vec('a')),on)):
        print(name)
        for m,n in zip(om,names): print(f'    out.{n} = {cexpr(P.get(m,0),[])};')
    P=gp(biv('b'),rot('r'))
    print('BR')
    for m,n in zip(rm,rn): print(f'    out.{n} = {cexpr(P.get(m,0),[])};')

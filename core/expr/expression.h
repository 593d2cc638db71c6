#pragma once
// The expression engine beneath user-written models (*.flmodel): one expression of parameters,
// coordinates, velocities and time, parsed to a tree (parser.h), printed back (print.h),
// differentiated symbolically (derivative.h), checked and split for affinity in the velocities
// (affine.h) and compiled to a flat tape for the integrators (tape.h). Model files are untrusted
// input: parsing reports errors with their file positions and never throws, and its limits bound
// the text, the nesting, the nodes and the tree's height.
//
// Why an engine of our own: user-written oscillators need (1) fast repeated evaluation inside the
// integrators, (2) exact derivatives for the regularized method's Jacobian and the event-driven
// method's velocity gradient, and (3) a proof that a contact's relative velocity is affine in the
// velocities. muParser evaluates fast but keeps its parsed form to itself, so it gives neither
// symbolic derivatives nor an exact affinity test; GiNaC is a complete computer-algebra system, a
// heavy dependency that evaluates slowly unless it generates and compiles code. A small tree with
// symbolic derivatives and a flat tape does all three, with nothing below it but the standard
// library (the `expr` layer sits just above `common`).
#include "expr/affine.h"
#include "expr/build.h"
#include "expr/derivative.h"
#include "expr/functions.h"
#include "expr/node.h"
#include "expr/parser.h"
#include "expr/print.h"
#include "expr/symbols.h"
#include "expr/tape.h"

#pragma once
// The expression parser of user-written models (core/expr) under fuzzing: what every case must
// satisfy, and the corpus its mutations start from.
#include <QByteArray>
#include <QList>
#include <QString>

namespace fuzz {

/// Expressions as a model file holds them: forces, normal forces, contact velocities, over lines.
QList<QByteArray> expressionCorpus();

/// Parses bytes with the variables x, v, t, k. Nothing may throw. A refusal has a one-line reason
/// of printable ASCII and a position inside the text (or just after it). An accepted expression
/// prints to text that parses to the same tree and prints the same again; its tape and its tree
/// walk agree to the bit at a few points, for the expression and its derivatives; the affinity
/// check runs. Returns "" when the case passed, else what was wrong.
QString checkExpression(const QByteArray& bytes);

} // namespace fuzz
